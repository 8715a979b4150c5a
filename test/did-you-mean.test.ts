// didYouMean: the guesses (a swap of two adjacent letters is one edit), agreement of the banded edit distance
// with a plain full-table one, and the work bound: cells counted, never time measured.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, didYouMean, editDistance, LONGEST_NAME, type WorkMeter } from '../src/did-you-mean.js';
import { fuzzHarness } from './support/fuzz.js';

const { check } = fuzzHarness('test/did-you-mean.test.ts', 0x5a1d);

const guesses: [string, string, string[], string | null][] = [
  ['a swapped pair is one edit', 'pgae', ['section', 'page'], 'page'],
  ['a swapped pair in a longer name', 'sectoin', ['section', 'page'], 'section'],
  ['a missing letter', 'sction', ['section', 'page'], 'section'],
  ['a prefix', 'pag', ['section', 'page'], 'page'],
  ['case is ignored', 'PGAE', ['page'], 'page'],
  ['a longer word a name starts with', 'integer', ['int', 'long'], 'int'],
  ['a name under a group\'s name prefix', 'user', ['home', 'v1.user'], 'v1.user'],
  ['a closer name first', 'user', ['v1.user', 'users'], 'users'],
  ['too far: a quarter of the length', 'area', ['year'], null],
  ['two swaps in a short name are two edits', 'gpea', ['page'], null],
  ['the same name is no guess', 'page', ['page'], null],
  ['the same name in another case is the guess (an options key compares with its case)', 'lowerCaseUrls', ['strategy', 'lowercaseUrls'], 'lowercaseUrls'],
  ['a key beyond the longest name is not compared', 'page' + 'x'.repeat(LONGEST_NAME), ['page'], null],
  ['a name beyond the longest name is not offered', 'p'.repeat(LONGEST_NAME), ['p'.repeat(LONGEST_NAME + 1)], null],
];

describe('didYouMean', () => {
  it.each(guesses)('%s: %s among %j → %s', (_title, word, candidates, expected) => {
    expect(didYouMean(word, candidates)).toBe(expected);
  });
});

/** The optimal string alignment distance over the whole table: the oracle for the banded one. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('editDistance', () => {
  it.each([
    ['pgae', 'page', 1],
    ['sectoin', 'section', 1],
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['ca', 'abc', 3], // optimal string alignment: no edit of a swapped pair
  ])('%s → %s is %i', (a, b, expected) => {
    expect(editDistance(a, b, 10)).toBe(expected);
    expect(fullDistance(a, b)).toBe(expected);
  });

  it('agrees with the full table up to its bound, and says "more" beyond it (fast-check)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 });
    check(
      'banded ≡ full table',
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(fullDistance(a, b), max + 1));
      }),
      2000,
    );
  });

  // The work is counted: a full table is length² cells (4,002,000 for 2,000 characters), the band is
  // length × (2 × max + 1).
  it.each([100, 2000, 16000])('a %i-character pair one edit apart costs at most length × (2 × max + 1) cells', (n) => {
    const meter: WorkMeter = { cells: 0 };
    const a = 'x'.repeat(n);
    expect(editDistance(a, a + 'y', 4, meter)).toBe(1);
    expect(meter.cells).toBeGreaterThan(0);
    expect(meter.cells).toBeLessThanOrEqual(n * 9);
  });

  it.each([
    ['a 16,000-character key beside a long name', 'x'.repeat(16000), ['x'.repeat(15999)], 0],
    ['a 64-character key beside a 64-character name', 'x'.repeat(64), ['x'.repeat(63) + 'y'], 64 * 33],
  ])('didYouMean does bounded work: %s', (_title, word, candidates, most) => {
    const meter: WorkMeter = { cells: 0 };
    closestName(word, candidates, meter);
    expect(meter.cells).toBeLessThanOrEqual(most);
  });
});

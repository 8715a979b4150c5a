// Where bad JSON goes wrong: the scan that gives the command line a line and a column agrees with JSON.parse
// on what is JSON, and on the position wherever JSON.parse names one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxErrorOffset, lineAndColumn } from '../src/cli/json-syntax.js';
import { fuzzHarness } from './support/fuzz.js';

const { check } = fuzzHarness('test/cli-json-syntax.test.ts', 0x150);

/** JSON.parse's verdict: null when valid, the position it names (or -1 when it names none). */
function parseVerdict(text: string): number | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return Number(/at position (\d+)/.exec((error as Error).message)?.[1] ?? -1);
  }
}

describe('jsonSyntaxErrorOffset', () => {
  it.each([
    ['[1,]', 3],
    ['[\n  {"a": 1},\n]', 14],
    ['{"a":1 "b":2}', 7],
    ['[{"a":tru}]', 9],
    ['', 0],
    ['[1', 2],
    ['[1] x', 4],
    ['["a\nb"]', 3],
    ['{"a":"\\q"}', 7],
    ['[01]', 2],
    ['[-]', 2],
    ['{"a":{"b":[1,{"c":null}]}}', null],
    [' [true, false, null, -1.5e+3, "\\u00e9\\n"] ', null],
  ])('%j → %s', (text, offset) => {
    expect(jsonSyntaxErrorOffset(text)).toBe(offset);
    expect(parseVerdict(text) === null).toBe(offset === null);
  });

  it('a deeply nested text is scanned without recursion', () => {
    expect(jsonSyntaxErrorOffset('['.repeat(100000) + ']'.repeat(100000))).toBe(null);
    expect(jsonSyntaxErrorOffset('['.repeat(100000))).toBe(100000);
  });

  // Valid JSON, and JSON with one character replaced, dropped or added: the same verdict as JSON.parse.
  const json = fc.json({ maxDepth: 3 });
  const mutated = fc.tuple(json, fc.nat(), fc.constantFrom(',', ']', '}', '"', ':', ' ', 'x', '1', '[', '{', '\\', '\n'), fc.constantFrom('replace', 'drop', 'add')).map(([text, at, c, how]) => {
    const i = at % (text.length + 1);
    return how === 'replace' ? text.slice(0, i) + c + text.slice(i + 1) : how === 'drop' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + c + text.slice(i);
  });
  it('agrees with JSON.parse on validity, and on the position when it names one (fast-check)', () => {
    check(
      'JSON.parse agrees',
      fc.property(fc.oneof(json, mutated), (text) => {
        const verdict = parseVerdict(text);
        const offset = jsonSyntaxErrorOffset(text);
        expect(offset === null).toBe(verdict === null);
        if (verdict !== null && verdict >= 0) expect(offset).toBe(verdict);
      }),
      3000,
    );
  });
});

describe('lineAndColumn', () => {
  it.each([
    ['abc', 0, 1, 1, 'abc'],
    ['a\nbc\nd', 3, 2, 2, 'bc'],
    ['a\r\nbc', 4, 2, 2, 'bc'],
    ['a\n', 2, 2, 1, ''],
  ])('%j at %i → line %i, column %i', (text, offset, line, column, lineText) => {
    expect(lineAndColumn(text, offset)).toEqual({ line, column, lineText });
  });
});

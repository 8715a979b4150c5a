// The reference matcher's building blocks (src/compile/reference/) against the production ones they are
// written independently of: the same tables run on both, then random inputs must give equal answers. The
// route-level comparison is test/differential.test.ts; this pins the pieces on inputs its paths rarely hold
// (any code point for case folding, long runs of escapes for decoding).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase } from '../src/compile/case-fold.js';
import { compileComplexSegment, matchComplexSegment as productionComplex } from '../src/compile/complex-segment.js';
import { foldForComparison } from '../src/compile/reference/comparison-key.js';
import { matchComplexSegment as referenceComplex } from '../src/compile/reference/match-complex-segment.js';
import { percentDecode } from '../src/compile/reference/percent-decode.js';
import { splitPath } from '../src/compile/reference/split-path.js';
import { RequestPath } from '../src/compile/match/request-path.js';
import { decodeSegment } from '../src/compile/match/url-decoder.js';
import { parseTemplate } from '../src/template/parser.js';
import { fuzzHarness } from './support/fuzz.js';

const { check } = fuzzHarness('test/reference.test.ts', 0x4ef);

const decoders = [
  ['reference percentDecode', percentDecode],
  ['production decodeSegment', decodeSegment],
] as const;

const decodeCases: [string, string][] = [
  ['abc', 'abc'],
  ['caf%C3%A9', 'café'],
  ['%F0%9F%98%80', '😀'],
  ['a%2Fb', 'a/b'],
  ['%2525', '%25'],
  ['%zz', '%zz'],
  ['%', '%'],
  ['100%', '100%'],
  ['%4', '%4'],
  ['%%41', '%A'],
  ['%4%41', '%4A'],
  ['%C3', '%C3'],
  ['%C3%28', '%C3('],
  ['%E0%A4', '%E0%A4'],
  ['%E0%A4%zz', '%E0%A4%zz'],
  ['%C0%AF', '%C0%AF'],
  ['%E0%80%AF', '%E0%80%AF'],
  ['%ED%A0%80', '%ED%A0%80'],
  ['%F4%8F%BF%BF', '\u{10FFFF}'],
  ['%F4%90%80%80', '%F4%90%80%80'],
  ['%F5%80%80%80', '%F5%80%80%80'],
  ['%FF%41', '%FFA'],
  ['%A9', '%A9'],
  ['%c3%a9', 'é'],
];

describe.each(decoders)('%s', (_name, decode) => {
  it.each(decodeCases)('%j → %j', (input, expected) => {
    expect(decode(input)).toBe(expected);
  });
});

const folders = [
  ['reference foldForComparison', foldForComparison],
  ['production foldCase', foldCase],
] as const;

// [a, b, equal ignoring case]: ASP.NET's OrdinalIgnoreCase, each UTF-16 unit's simple upper case.
const foldPairs: [string, string, boolean][] = [
  ['ABC', 'abc', true],
  ['ΟΔΟΣ', 'οδοσ', true],
  ['οδος', 'οδοσ', true],
  ['İx', 'ix', false],
  ['\u212A', 'k', false],
  ['\u212B', 'å', false],
  ['\u2126', 'ω', false],
  ['\u1E9E', 'ß', false],
  ['\u03F4', 'θ', false],
  ['\u00B5', 'μ', true],
  ['\u03D0', 'β', true],
  ['\u03F0', 'κ', true],
  ['\u0131', 'i', false],
  ['\u017F', 's', false],
  ['\u1F80', '\u1F88', true],
  ['ÉCOLE', 'école', true],
  ['STRASSE', 'straße', false],
  ['\u{10400}', '\u{10428}', true],
  ['\u{10570}', '\u{10597}', false],
  ['\uD801', '\uD801', true],
];

describe.each(folders)('%s', (_name, fold) => {
  it.each(foldPairs)('%j ~ %j: %s', (a, b, equal) => {
    expect(fold(a) === fold(b)).toBe(equal);
    expect([fold(a).length, fold(b).length]).toEqual([a.length, b.length]);
  });
});

describe('reference ≡ production on random inputs', () => {
  const escapeToken = fc.oneof(
    fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
    fc.constantFrom('%', '%z', '%4', 'a', '/', '%C3', '%E2%82', '%F0%9F%98', '%80', '%BF', 'é', '%%'),
  );
  it('percent-decoding', () => {
    check('decode', fc.property(fc.array(escapeToken, { maxLength: 12 }).map((t) => t.join('')), (text) => {
      expect(percentDecode(text)).toBe(decodeSegment(text));
    }), 5000);
  });

  it('case folding, on any code points: the same texts compare equal', () => {
    const codePoint = (max: number) => fc.integer({ min: 0, max }).map((c) => String.fromCodePoint(c)); // lone surrogates too
    const unit = fc.oneof(fc.constantFrom('Σ', 'ς', 'İ', 'ẞ', 'ß', '\u212A', 'Å', 'ǅ', 'Ω', '\u2126', 'µ', 'μ', 'ϐ', 'ϑ', 'ϴ', 'ı', 'ſ', 'ᾀ', 'ᾈ', '\u{10400}', '\u{10428}'), codePoint(0x2fff), codePoint(0x10ffff));
    const text = fc.string({ unit, maxLength: 8 });
    // A text and the same text with some code points in the other case; or two texts drawn apart.
    const flip = (ch: string): string => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase());
    const respelt = fc.tuple(text, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 })).map(([t, flips]) => [t, [...t].map((ch, i) => (flips[i] && flip(ch).length === ch.length ? flip(ch) : ch)).join('')]);
    check('fold', fc.property(fc.oneof(respelt, fc.tuple(text, text)), ([a, b]) => {
      expect(foldForComparison(a) === foldForComparison(b)).toBe(foldCase(a) === foldCase(b));
    }), 5000);
  });

  it('path splitting: the same segments, decoded segments and catch-all remainders', () => {
    const piece = fc.constantFrom('a', 'B', '', '%41', '%2F', '%zz', 'é', '.', '~');
    const target = fc.tuple(fc.constantFrom('', '/'), fc.array(piece, { maxLength: 5 }), fc.constantFrom('', '/', '//'), fc.constantFrom('', '?q=/a', '#f/b', '?x#y'))
      .map(([lead, parts, trail, tail]) => lead + parts.join('/') + trail + tail);
    check('split', fc.property(target, (t) => {
      const reference = splitPath(t, foldForComparison);
      const production = new RequestPath(t, false, foldCase);
      expect(reference.segments).toEqual(Array.from({ length: production.length }, (_, i) => production.segment(i)));
      reference.segments.forEach((_, i) => {
        expect(reference.decoded(i)).toBe(production.decoded(i));
        expect(reference.remainderFrom(i)).toBe(production.remainder(i));
      });
    }), 3000);
  });

  it('complex segments', () => {
    const templates = ['{a}-{b}', 'x{a}', '{a}.{b?}', '{a}-{b}.{c?}', '.{b?}', '{a}a{b}a{c}', 'a{a}--{b}', '{a}x', '{a}Σ.{b}', '{a}İ{b}'];
    const text = fc.array(fc.constantFrom('a', 'A', '-', '.', 'x', 'X', '1', 'Σ', 'ς', 'İ', 'i'), { maxLength: 8 }).map((t) => t.join(''));
    check('complex', fc.property(fc.constantFrom(...templates), text, (template, t) => {
      const segment = parseTemplate(template).segments[0];
      const pattern = compileComplexSegment(segment, foldCase);
      const production = productionComplex(pattern, t);
      const expected = production === null ? null : Object.fromEntries(production.flatMap((v, slot) => (v === undefined ? [] : [[pattern.names[slot], v]])));
      const reference = referenceComplex(segment, t, foldForComparison);
      expect(reference === null ? null : Object.fromEntries(reference)).toEqual(expected);
    }), 5000);
  });
});

// The test that the path segment at `s` equals a (case-folded) literal, written out as char-code comparisons:
// no slice, no indexOf, no allocation. An ASCII unit compares with the units that fold to it (case-fold.ts's
// asciiFoldClass: a letter's two cases, which `| 32` folds); a literal with non-ASCII text goes through full case
// folding (H.foldedEquals). In a case-sensitive table every char code compares as it is.
import { asciiFoldClass } from '../../../case-fold.js';

/**
 * Literals up to this length are compared char by char in the source; longer ones by one helper call (H.literalAt,
 * or startsWith in a case-sensitive table). Each charCodeAt in optimized code is a loop over string representations
 * that TurboFan compiles at every site, so unrolling costs start-up in proportion to the chars unrolled; the call
 * costs each lookup that reaches it (docs/benchmarks.md, "Why these thresholds").
 */
export const UNROLL_MAX = 16;

/**
 * The condition for `text` at segment start `s`; `ref` turns a value into its constants-array expression. With
 * `asData`, the text is read from the constants, so that units that differ only in their literals have the same
 * source (emitSubtree). `first`, when given, is the variable that holds the segment's first unit (read once per
 * node), compared first: most candidates fail there. `unrollMax` 0 is a built module's `compact` code: every
 * literal by the helper call alone.
 */
export function literalTest(text: string, s: string, ref: (value: unknown) => string, asData = false, caseSensitive = false, unrollMax = UNROLL_MAX, first: string | null = null): string {
  // The segment ends right after the literal: a "/" there, or the end of the path (end is at most length).
  // (Every read stays inside the string: V8 deoptimizes optimized code on an out-of-bounds charCodeAt.)
  const after = `${s} + ${literalLength(text, ref, asData)}`;
  const length = `(${after} < length ? path.charCodeAt(${after}) === 47 : ${after} === length)`;
  if (caseSensitive) return exactTest(text, s, ref, asData || text.length > unrollMax, length);
  if (!/^[\x00-\x7f]*$/.test(text)) return `${length} && H.foldedEquals(path, ${s}, ${ref(text)})`;
  // Made only where it is written: a literal compared char by char in place is no constant.
  const call = (): string => `H.literalAt(path, ${s}, ${ref(text)})`;
  if (asData || unrollMax === 0 || first === null) return call();
  if (text.length > unrollMax) return `${unitTest(text.charCodeAt(0), first)} && ${call()}`;
  const chars = [...text].map((ch, i) => unitTest(ch.charCodeAt(0), i === 0 ? first : `path.charCodeAt(${s} + ${i})`));
  return [chars[0], length, ...chars.slice(1)].join(' && ');
}

/** The test that the unit `unit` (an expression) folds to the ASCII unit `code` (a folded literal's). */
function unitTest(code: number, unit: string): string {
  // A letter's two cases differ in bit 5 alone, and no other unit folds to them (asciiFoldClass): `| 32` lower-cases both.
  return asciiFoldClass(code).length === 1 ? `${unit} === ${code}` : `(${unit} | 32) === ${code}`;
}

/** The case-sensitive test: each UTF-16 unit compared as it is (a long literal, or one read as data, by startsWith). */
function exactTest(text: string, s: string, ref: (value: unknown) => string, looped: boolean, length: string): string {
  if (looped) return `${length} && path.startsWith(${ref(text)}, ${s})`;
  const chars = Array.from({ length: text.length }, (_, i) => `path.charCodeAt(${i === 0 ? s : `${s} + ${i}`}) === ${text.charCodeAt(i)}`);
  return [chars[0], length, ...chars.slice(1)].join(' && ');
}

/** The literal's length in the source: a number, or with `asData` read from the constants. */
export function literalLength(text: string, ref: (value: unknown) => string, asData: boolean): string {
  return asData ? `${ref(text)}.length` : String(text.length);
}

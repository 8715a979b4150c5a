// The case rule (src/compile/case-fold.ts) on every UTF-16 unit and every code point of the plane where the
// cased scripts beyond the BMP are: the production fold and the reference's comparison key, written apart
// (src/compile/reference/comparison-key.ts), put exactly the same texts together; the fold keeps the length, is its
// own fold, and leaves lower-case ASCII as it is; and what the generated code is written from (asciiFoldClass,
// foldUnit) agrees with it. The pairs ASP.NET's OrdinalIgnoreCase does and does not equate are in
// test/cases/case-sensitive-cases.ts (every strategy) and test/reference.test.ts (both folds).
import { describe, expect, it } from 'vitest';
import { asciiFoldClass, foldCase, foldUnit } from '../src/compile/case-fold.js';
import { foldForComparison } from '../src/compile/reference/comparison-key.js';

/** The texts that disagree: two texts one fold puts together and the other keeps apart (at most a few). */
function disagreements(texts: Iterable<string>): string[] {
  const referenceOf = new Map<string, string>(); // production fold → reference key
  const productionOf = new Map<string, string>(); // reference key → production fold
  const found: string[] = [];
  for (const text of texts) {
    const folded = foldCase(text);
    const key = foldForComparison(text);
    if ((referenceOf.get(folded) ?? key) !== key || (productionOf.get(key) ?? folded) !== folded) found.push(text);
    referenceOf.set(folded, key);
    productionOf.set(key, folded);
    if (found.length > 4) break;
  }
  return found;
}

function* range(first: number, last: number, text: (n: number) => string): Generator<string> {
  for (let n = first; n <= last; n++) yield text(n);
}

const hex = (text: string): string[] => [...text].map((ch) => ch.codePointAt(0)!.toString(16));

describe('the case rule', () => {
  it('puts the same UTF-16 units together in production and in the reference', () => {
    expect(disagreements(range(0, 0xffff, (n) => String.fromCharCode(n))).map(hex)).toEqual([]);
  });

  it('puts the same code points together beyond the BMP (plane 1, where every cased script beyond it is)', () => {
    expect(disagreements(range(0x10000, 0x1ffff, (n) => String.fromCodePoint(n))).map(hex)).toEqual([]);
  });

  it('keeps the length, is its own fold, and is foldUnit unit by unit', () => {
    const wrong: string[] = [];
    for (let n = 0; n <= 0xffff; n++) {
      const unit = String.fromCharCode(n);
      const folded = foldCase(unit);
      if (folded.length !== 1 || foldCase(folded) !== folded || folded.charCodeAt(0) !== foldUnit(n)) wrong.push(n.toString(16));
    }
    for (let n = 0x10000; n <= 0x1ffff; n++) {
      const folded = foldCase(String.fromCodePoint(n));
      if (folded.length !== 2 || foldCase(folded) !== folded) wrong.push(n.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('leaves lower-case ASCII as it is, and folds no unit beyond ASCII to ASCII', () => {
    const ascii = [...range(0, 127, (n) => String.fromCharCode(n))].join('');
    expect(foldCase(ascii)).toBe(ascii.toLowerCase());
    expect(foldCase(ascii.toLowerCase())).toBe(ascii.toLowerCase());
    const intoAscii = [...range(128, 0xffff, (n) => String.fromCharCode(n))].filter((unit) => foldUnit(unit.charCodeAt(0)) < 128);
    expect(intoAscii.map(hex)).toEqual([]);
  });

  it('gives the generated code, for each ASCII unit, the units that fold to it: a letter\'s two cases, else itself', () => {
    for (let code = 0; code < 128; code++) {
      const letter = /[a-z]/i.test(String.fromCharCode(code));
      expect(asciiFoldClass(code)).toEqual(letter ? [code, code ^ 32] : [code]);
    }
  });
});

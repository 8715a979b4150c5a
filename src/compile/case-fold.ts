// Case-insensitive comparison of literals, as ASP.NET Core compares them: StringComparison.OrdinalIgnoreCase,
// which upper-cases each UTF-16 unit by its simple (one-to-one) mapping and compares the units (.NET's
// OrdinalCasing, a page of ICU's u_toupper at a time). The mapping is read from this runtime's own Unicode data:
// - a unit's upper case is toUpperCase of it where that is one unit. Where it is longer (a special casing: "ß" →
//   "SS", "ᾳ" → "ΑΙ"), the simple mapping is the unit's base letter upper-cased and composed again with its marks
//   ("ᾳ" = "α" + U+0345 → "Α" + U+0345 = "ᾼ") where that is one unit, else there is none ("ß" stays "ß");
// - .NET's exceptions: "ı" (U+0131) and "ſ" (U+017F) stay as they are (ICU gives "I" and "S"); a surrogate on
//   its own stays; a surrogate pair is upper-cased only in the six scripts .NET's ToUpperSurrogate lists, every
//   other pair stays as it is.
// So the Kelvin sign, the Ångström sign, the Ohm sign, "ẞ" and "ϴ" are their own upper case and equal only
// themselves, while "µ" and "μ" (both "Μ"), "ϐ" and "β", "ϰ" and "κ", "ς" and "σ" are equal. No unit beyond ASCII
// folds to ASCII, which lets the generated code compare an ASCII letter with `| 32` (asciiFoldClass).
//
// The text literals are compared by is the fold: each unit's upper case, written as its lower case where that
// goes back to the same upper case ("Σ" → "σ", "K" → "k"), else as the upper case itself (the Kelvin sign stays).
// Two texts fold equal exactly when their upper cases are equal; lower-case text (the usual request) is its own
// fold; and the fold keeps the text's length, so positions found in it are valid in the original.

/**
 * .NET's ToUpperSurrogate: the small letters beyond the BMP it upper-cases, as [first, last] code points
 * (Deseret, Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam).
 */
const CASED_PAIRS = [0x10428, 0x1044f, 0x104d8, 0x104fb, 0x10cc0, 0x10cf2, 0x118c0, 0x118df, 0x16e60, 0x16e7f, 0x1e922, 0x1e943];

/** The simple upper case of a code point, as .NET's ordinal casing gives it (a unit, or a pair's code point). */
function upperOf(codePoint: number): number {
  // .NET's exceptions: "ı" and "ſ" stay (InitOrdinalCasingPage); a pair outside the listed scripts stays.
  if (codePoint === 0x131 || codePoint === 0x17f) return codePoint;
  if (codePoint > 0xffff) {
    let listed = false;
    for (let i = 0; i < CASED_PAIRS.length; i += 2) listed ||= codePoint >= CASED_PAIRS[i] && codePoint <= CASED_PAIRS[i + 1];
    if (!listed) return codePoint;
  }
  const text = String.fromCodePoint(codePoint);
  let upper = text.toUpperCase();
  if (upper.length !== text.length) {
    // A special casing ("ᾳ" → "ΑΙ"): the base letter upper-cased and composed again with its marks, if that is one unit.
    const parts = text.normalize('NFD');
    upper = (parts[0].toUpperCase() + parts.slice(1)).normalize('NFC');
  }
  return upper.length === text.length ? upper.codePointAt(0)! : codePoint;
}

/** The fold of a code point: its upper case, written in lower case where that goes back to it. */
function foldOf(codePoint: number): number {
  const upper = upperOf(codePoint);
  const lower = String.fromCodePoint(upper).toLowerCase();
  const back = lower.codePointAt(0)!;
  return lower.length === (upper > 0xffff ? 2 : 1) && upperOf(back) === upper ? back : upper;
}

/** The folds of 256 units at a time, made on first need (as .NET fills its casing table). */
const foldPages: Uint16Array[] = [];

/** The fold of one UTF-16 unit (a surrogate on its own is its own fold; foldCase folds pairs). */
export function foldUnit(unit: number): number {
  if (unit < 128) return unit >= 65 && unit <= 90 ? unit | 32 : unit;
  let page = foldPages[unit >> 8];
  if (page === undefined) {
    page = foldPages[unit >> 8] = new Uint16Array(256);
    for (let i = 0; i < 256; i++) page[i] = foldOf((unit & ~255) | i);
  }
  return page[unit & 255];
}

/** Text of ASCII and Latin-1 alone, the micro sign aside: its fold is its toLowerCase (test/case-fold.test.ts). */
const LOWER_CASE_FOLDS = /[^\x00-\xb4\xb6-\xff]/;

/** Folds `text` for case-insensitive comparison (see above): the same text when nothing in it changes. */
export function foldCase(text: string): string {
  // The usual request is lower-cased natively; one regular expression finds other text, for fewer instructions
  // than a char-code loop (docs/benchmarks.md, "Why these thresholds").
  if (!LOWER_CASE_FOLDS.test(text)) return text.toLowerCase();
  let folded = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const codePoint = text.codePointAt(i)!;
    const size = codePoint > 0xffff ? 2 : 1;
    const to = size === 2 ? foldOf(codePoint) : foldUnit(codePoint);
    if (to !== codePoint) {
      folded += text.slice(from, i) + String.fromCodePoint(to);
      from = i + size;
    }
    i += size - 1;
  }
  return from === 0 ? text : folded + text.slice(from);
}

/**
 * The UTF-16 units that fold to what the ASCII unit `code` folds to, itself first: a letter's two cases (bit 5
 * apart), any other ASCII unit alone; no unit beyond ASCII folds to ASCII (test/case-fold.test.ts checks every
 * unit). What the generated code's char-code tests and switch labels are written from.
 */
export function asciiFoldClass(code: number): readonly number[] {
  return code !== (code ^ 32) && foldUnit(code ^ 32) === foldUnit(code) ? [code, code ^ 32] : [code];
}

/**
 * The text a table compares literals by: two texts are the same literal when their folds are equal. ASP.NET's
 * default ignores case (foldCase); a case-sensitive table (compile option caseSensitive) compares texts as
 * they are, so its fold is the identity and every "fold, then compare" in the strategies stays as written.
 */
export type Fold = (text: string) => string;

/** The fold of a case-sensitive table: every text as it is. */
export const keepCase: Fold = (text) => text;

/**
 * The fold of a table whose literals are all ASCII, ignoring case: ASCII letters lower-cased, every other unit as it
 * is. Against such literals it compares as foldCase does (no unit beyond ASCII folds to ASCII), without foldCase's
 * casing tables: what a built module's runtime uses unless the module gives it foldCase (a literal beyond ASCII).
 */
export const foldAscii: Fold = (text) => (/[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text);

/** The fold of a table: foldCase by default, the identity with caseSensitive. */
export function foldFor(caseSensitive: boolean | null | undefined): Fold {
  return caseSensitive === true ? keepCase : foldCase;
}

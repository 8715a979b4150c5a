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

/** .NET's ToUpperSurrogate: the small letters it upper-cases, [first, last] code points (Deseret, Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam). */
const CASED_PAIRS: readonly (readonly [number, number])[] = [
  [0x10428, 0x1044f],
  [0x104d8, 0x104fb],
  [0x10cc0, 0x10cf2],
  [0x118c0, 0x118df],
  [0x16e60, 0x16e7f],
  [0x1e922, 0x1e943],
];

/** .NET's InitOrdinalCasingPage: the units ICU upper-cases that ordinal comparison keeps as they are. */
const KEPT_UNITS: ReadonlySet<number> = new Set([0x0131, 0x017f]);

/** A UTF-16 unit's simple upper case, as .NET's OrdinalCasing.ToUpper gives it. */
function upperUnit(unit: number): number {
  if ((unit >= 0xd800 && unit <= 0xdfff) || KEPT_UNITS.has(unit)) return unit;
  const text = String.fromCharCode(unit);
  const upper = text.toUpperCase();
  if (upper.length === 1) return upper.charCodeAt(0);
  const parts = text.normalize('NFD');
  const base = parts[0].toUpperCase();
  const composed = base.length === 1 ? (base + parts.slice(1)).normalize('NFC') : '';
  return composed.length === 1 ? composed.charCodeAt(0) : unit;
}

/** The fold of a unit beyond ASCII (see above). */
function foldUnitSlowly(unit: number): number {
  const upper = upperUnit(unit);
  const lower = String.fromCharCode(upper).toLowerCase();
  return lower.length === 1 && upperUnit(lower.charCodeAt(0)) === upper ? lower.charCodeAt(0) : upper;
}

/** The folds of 256 units at a time, made on first need (as .NET fills its casing table). */
const foldPages: (Uint16Array | undefined)[] = [];

function foldPage(page: number): Uint16Array {
  const folds = new Uint16Array(256);
  for (let i = 0; i < 256; i++) folds[i] = foldUnitSlowly((page << 8) | i);
  return (foldPages[page] = folds);
}

/** The fold of one UTF-16 unit (a surrogate on its own is its own fold; pairs are folded by foldCase). */
export function foldUnit(unit: number): number {
  if (unit < 128) return unit >= 65 && unit <= 90 ? unit | 32 : unit;
  return (foldPages[unit >> 8] ?? foldPage(unit >> 8))[unit & 255];
}

/** The fold of a supplementary code point (given as a surrogate pair). */
function foldCodePoint(codePoint: number): number {
  const upper = upperCodePoint(codePoint);
  const lower = String.fromCodePoint(upper).toLowerCase();
  const back = lower.codePointAt(0)!;
  return lower.length === 2 && upperCodePoint(back) === upper ? back : upper;
}

function upperCodePoint(codePoint: number): number {
  if (!CASED_PAIRS.some(([first, last]) => codePoint >= first && codePoint <= last)) return codePoint;
  const upper = String.fromCodePoint(codePoint).toUpperCase();
  return upper.length === 2 ? upper.codePointAt(0)! : codePoint;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Folds `text` for case-insensitive comparison (see above): the same text when nothing in it changes. */
export function foldCase(text: string): string {
  // ASCII text, the usual request, is lower-cased natively; only its letters change.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let folded = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        const codePoint = ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
        const to = foldCodePoint(codePoint);
        if (to !== codePoint) {
          folded += text.slice(from, i) + String.fromCodePoint(to);
          from = i + 2;
        }
        i++;
        continue;
      }
    }
    const to = foldUnit(unit);
    if (to !== unit) {
      folded += text.slice(from, i) + String.fromCharCode(to);
      from = i + 1;
    }
  }
  return from === 0 ? text : folded + text.slice(from);
}

let asciiClasses: (readonly number[])[] | null = null;

/**
 * The UTF-16 units that fold to what the ASCII unit `code` folds to, itself first: a letter's two cases, any other
 * ASCII unit alone (no unit beyond ASCII folds to ASCII: test/case-fold.test.ts checks every unit). What the
 * generated code's char-code tests and switch labels are written from.
 */
export function asciiFoldClass(code: number): readonly number[] {
  asciiClasses ??= Array.from({ length: 128 }, (_, c) => [c, ...Array.from({ length: 128 }, (_, o) => o).filter((o) => o !== c && foldUnit(o) === foldUnit(c))]);
  return asciiClasses[code];
}

/**
 * The text a table compares literals by: two texts are the same literal when their folds are equal. ASP.NET's
 * default ignores case (foldCase); a case-sensitive table (compile option caseSensitive) compares texts as
 * they are, so its fold is the identity and every "fold, then compare" in the strategies stays as written.
 */
export type Fold = (text: string) => string;

const keepCase: Fold = (text) => text;

/** The fold of a table: foldCase by default, the identity with caseSensitive. */
export function foldFor(caseSensitive: boolean | null | undefined): Fold {
  return caseSensitive === true ? keepCase : foldCase;
}

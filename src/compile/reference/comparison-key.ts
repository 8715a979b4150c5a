// Case-insensitive comparison of literals, as the router defines it: ASP.NET's StringComparison.OrdinalIgnoreCase,
// which compares the simple upper case of each UTF-16 unit. Here the comparison key is that upper case itself:
// - a unit whose toUpperCase is one unit takes it; one whose toUpperCase is longer (special casing: "ß" → "SS",
//   "ᾀ" → "ἈΙ") takes the titlecase letter that lower-cases to it ("ᾀ" → "ᾈ"), or stays as it is ("ß");
// - "ı" and "ſ" stay as they are (.NET's exception to ICU, which gives "I" and "S"); so does a lone surrogate;
// - a surrogate pair is upper-cased only in the scripts .NET lists (Deseret, Osage, Old Hungarian, Warang Citi,
//   Medefaidrin, Adlam); every other one stays.
// The same rule as the production fold (compile/case-fold.ts), written again, plainly and from the other side
// (the production fold writes the upper case back in lower case, and finds the simple mapping of a special casing
// by recomposing), so that the oracle shares no code with the matchers it checks (test/reference.test.ts and
// test/case-fold.test.ts hold the two to the same answers).

/** Beyond the BMP, the small letters whose pairs .NET upper-cases: Deseret, Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam. */
const PAIR_SCRIPTS = [
  [0x10428, 0x1044f],
  [0x104d8, 0x104fb],
  [0x10cc0, 0x10cf2],
  [0x118c0, 0x118df],
  [0x16e60, 0x16e7f],
  [0x1e922, 0x1e943],
];

/** Every titlecase letter ("ǅ", "ᾈ") by its lower case, found on first need. */
let titlecase: Map<string, string> | null = null;

function upperOfUnit(unit: string): string {
  if (unit === '\u0131' || unit === '\u017f') return unit;
  const upper = unit.toUpperCase();
  if (upper.length === 1) return upper;
  titlecase ??= new Map(
    Array.from({ length: 0x10000 }, (_, n) => String.fromCharCode(n))
      .filter((letter) => /\p{Lt}/u.test(letter))
      .map((letter) => [letter.toLowerCase(), letter]),
  );
  return titlecase.get(unit) ?? unit;
}

/** The text two literals are compared by: equal keys mean equal ignoring case. */
export function foldForComparison(text: string): string {
  let out = '';
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    if (ch.length === 1) out += upperOfUnit(ch);
    else out += PAIR_SCRIPTS.some(([first, last]) => codePoint >= first && codePoint <= last) ? ch.toUpperCase() : ch;
  }
  return out;
}

/** The comparison key of a table: the fold above, or, for a case-sensitive table, the text as it is. */
export type ComparisonKey = (text: string) => string;

export function comparisonKeyFor(caseSensitive: boolean): ComparisonKey {
  return caseSensitive ? (text) => text : foldForComparison;
}

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

/** Code point ranges of small letters whose pairs .NET upper-cases. */
const PAIR_SCRIPTS: [number, number][] = [
  [0x10428, 0x1044f], // Deseret
  [0x104d8, 0x104fb], // Osage
  [0x10cc0, 0x10cf2], // Old Hungarian
  [0x118c0, 0x118df], // Warang Citi
  [0x16e60, 0x16e7f], // Medefaidrin
  [0x1e922, 0x1e943], // Adlam
];

let titlecaseByLower: Map<string, string> | null = null;

/** Every titlecase letter ("ǅ", "ᾈ"), by its lower case. */
function titlecaseLetters(): Map<string, string> {
  if (titlecaseByLower === null) {
    titlecaseByLower = new Map();
    for (let unit = 0; unit < 0x10000; unit++) {
      const letter = String.fromCharCode(unit);
      if (/\p{Lt}/u.test(letter)) titlecaseByLower.set(letter.toLowerCase(), letter);
    }
  }
  return titlecaseByLower;
}

function upperOfUnit(unit: string): string {
  if (unit === '\u0131' || unit === '\u017f') return unit;
  const upper = unit.toUpperCase();
  if (upper.length === 1) return upper;
  return titlecaseLetters().get(unit) ?? unit;
}

/** The text two literals are compared by: equal keys mean equal ignoring case. */
export function foldForComparison(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const codePoint = text.codePointAt(i)!;
    if (codePoint > 0xffff) {
      const pair = text.slice(i, i + 2);
      out += PAIR_SCRIPTS.some(([first, last]) => codePoint >= first && codePoint <= last) ? pair.toUpperCase() : pair;
      i++;
    } else {
      out += upperOfUnit(text[i]);
    }
  }
  return out;
}

/** The comparison key of a table: the fold above, or, for a case-sensitive table, the text as it is. */
export type ComparisonKey = (text: string) => string;

export function comparisonKeyFor(caseSensitive: boolean): ComparisonKey {
  return caseSensitive ? (text) => text : foldForComparison;
}

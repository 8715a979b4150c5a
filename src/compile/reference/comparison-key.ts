// Case-insensitive comparison of literals, as the router defines it: every code point is lower-cased on its
// own (so the result never depends on its neighbours), except that a code point whose lower case has a
// different length ("İ" → "i̇") is kept as it is; then every final sigma "ς" is read as "σ", so "ΟΔΟΣ",
// "οδος" and "οδοσ" all compare equal. The same rule as the production fold (compile/case-fold.ts), written
// again, plainly, so that the oracle shares no code with the matchers it checks (test/reference.test.ts holds
// the two to the same answers).

/** The text two literals are compared by: equal folds mean equal ignoring case. */
export function foldForComparison(text: string): string {
  let out = '';
  for (const codePoint of text) {
    const lower = codePoint.toLowerCase();
    out += lower.length === codePoint.length ? lower : codePoint;
  }
  return out.replaceAll('ς', 'σ');
}

/** The comparison key of a table: the fold above, or, for a case-sensitive table, the text as it is. */
export type ComparisonKey = (text: string) => string;

export function comparisonKeyFor(caseSensitive: boolean): ComparisonKey {
  return caseSensitive ? (text) => text : foldForComparison;
}

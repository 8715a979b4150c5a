// Case-insensitive comparison of literals with toLowerCase semantics, made context-free: toLowerCase writes
// a word-final Σ as ς, so after lowering every ς is read as σ — otherwise "ΟΔΟΣ/x" and a template literal
// folded on its own would disagree. A character whose lower case is longer ("İ" → "i̇") is kept as it is, so
// the folded text always has the original's length and positions found in it are valid in the original.
// For the usual lower-case ASCII path, toLowerCase returns an equal string and the raw segments serve as the
// folded ones.

/** Folds `text` for case-insensitive comparison (lower-cases it unit by unit, keeping its length). */
export function foldCase(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    lower = '';
    for (const ch of text) {
      const l = ch.toLowerCase();
      lower += l.length === ch.length ? l : ch;
    }
  }
  return lower.indexOf('ς') < 0 ? lower : lower.replace(/ς/g, 'σ');
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

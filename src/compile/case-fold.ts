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

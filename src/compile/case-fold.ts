// Case-insensitive comparison of literals with toLowerCase semantics (the spec asks for no more than that:
// no full Unicode case folding, so "σ" and a word-final "ς" stay different). A character whose lower case is
// longer ("İ" → "i̇") is kept as it is, so the folded text always has the original's length and positions
// found in it are valid in the original. For the usual, already lower-case path, toLowerCase returns an
// equal string and the raw segments serve as the folded ones: nothing more is allocated.

/** Folds `text` for case-insensitive comparison (lower-cases it unit by unit, keeping its length). */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

// Case-insensitive comparison of literals: toLowerCase semantics, but never changing a string's length
// ("İ".toLowerCase() is two code units), so positions found in folded text are valid in the original.

/** Lower-cases `text` unit by unit, keeping its length. */
export function foldCase(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    lower = '';
    for (const ch of text) {
      const l = ch.toLowerCase();
      lower += l.length === ch.length ? l : ch;
    }
  }
  // toLowerCase writes a word-final Σ as ς; "ΟΔΟΣ" and "οδοσ" are the same word (as .NET's OrdinalIgnoreCase).
  return lower.indexOf('ς') < 0 ? lower : lower.replace(/ς/g, 'σ');
}

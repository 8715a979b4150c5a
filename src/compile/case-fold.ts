// Case-insensitive comparison of literals: toLowerCase semantics, but never changing a string's length
// ("İ".toLowerCase() is two code units), so positions found in folded text are valid in the original.

/** Lower-cases `text` unit by unit, keeping its length. */
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

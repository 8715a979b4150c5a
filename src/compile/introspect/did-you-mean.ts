// "Did you mean …?": the candidate a misspelt name most likely meant, for diagnostics() (a defaults or
// constraints key that names no parameter) and the command line (an unknown key in a route file).

/**
 * The candidate `word` most likely meant, ignoring case, or null: one within an edit distance of a quarter of
 * its length (at least 1, so "postitle" finds "posttitle" but the idiomatic "area" does not find "year"), or,
 * from three characters on, one that starts with the other.
 */
export function didYouMean(word: string, candidates: readonly string[]): string | null {
  const lower = word.toLowerCase();
  const allowed = Math.max(1, Math.floor(lower.length / 4));
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    if (other === lower) continue;
    const distance = editDistance(lower, other);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  if (best !== null) return best;
  if (lower.length < 3) return null;
  return candidates.find((c) => c.length >= 3 && (c.toLowerCase().startsWith(lower) || lower.startsWith(c.toLowerCase()))) ?? null;
}

/** Levenshtein distance; the inputs are short names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

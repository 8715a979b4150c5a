// "Did you mean …?": the candidate a misspelt name most likely meant, for diagnostics() (a defaults or
// constraints key that names no parameter, a regex constraint that spells a constraint name), an unknown
// inline constraint name, and the command line (an unknown key in a route file, an unknown route name).
import { nameKey } from './name-key.js';

/**
 * Names longer than this are not compared: no one mistypes a 65-character name, and comparing a huge key (a
 * defaults key of thousands of characters) with a long name is quadratic work for nothing.
 */
export const LONGEST_NAME = 64;

/** Counts the edit-distance cells computed, for tests that hold the work to linear. */
export interface WorkMeter {
  cells: number;
}

/**
 * The candidate `word` most likely meant, ignoring case, or null: the same name in another case (a key of an
 * object compares with its case: "lowerCaseUrls" finds "lowercaseUrls"), else one within an edit distance of a quarter of
 * its length (at least 1, so "postitle" finds "posttitle" but the idiomatic "area" does not find "year"; a
 * transposition, "pgae" for "page", is one edit), or the name under a name prefix ("user" finds "v1.user"), or,
 * from three characters on, one that starts with the other.
 */
export function didYouMean(word: string, candidates: readonly string[]): string | null {
  return closestName(word, candidates);
}

/** ` (did you mean "…"?)`, the guess as an error message puts it after what it names; "" without one. */
export function didYouMeanSuffix(word: string, candidates: readonly string[]): string {
  const guess = didYouMean(word, candidates);
  return guess === null ? '' : ` (did you mean "${guess}"?)`;
}

/** didYouMean, with the work counted. */
export function closestName(word: string, candidates: readonly string[], meter?: WorkMeter): string | null {
  if (word.length > LONGEST_NAME) return null;
  const lower = nameKey(word);
  const allowed = Math.max(1, Math.floor(lower.length / 4));
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    if (candidate.length > LONGEST_NAME) continue;
    const other = nameKey(candidate);
    // Spelt with another case: the guess itself (a names lookup ignores case, so only a key asks about it).
    if (other === lower) {
      if (candidate !== word) return candidate;
      continue;
    }
    const distance = editDistance(lower, other, bestDistance - 1, meter);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  if (best !== null) return best;
  // A name under a group's name prefix: "user" finds "v1.user".
  const grouped = candidates.find((c) => c.length <= LONGEST_NAME && nameKey(c).endsWith(`.${lower}`));
  if (grouped !== undefined) return grouped;
  if (lower.length < 3) return null;
  const prefixed = (c: string): boolean => {
    const other = nameKey(c);
    return c.length >= 3 && c.length <= LONGEST_NAME && other !== lower && (other.startsWith(lower) || lower.startsWith(other));
  };
  return candidates.find(prefixed) ?? null;
}

/**
 * The optimal string alignment distance of `a` and `b` (an insertion, a deletion, a substitution or a swap of
 * two adjacent characters is one edit), or max + 1 when it is more than `max`. Only the cells within `max` of
 * the diagonal can hold a distance up to `max`, so only those are computed: length × (2 × max + 1) cells.
 */
export function editDistance(a: string, b: string, max: number, meter?: WorkMeter): number {
  const over = max + 1;
  if (Math.abs(a.length - b.length) > max) return over;
  const m = b.length;
  // Three rows, reused: the one before the previous (for swaps), the previous, the current.
  let before = new Array<number>(m + 1).fill(over);
  let previous = new Array<number>(m + 1).fill(over);
  let row = new Array<number>(m + 1).fill(over);
  for (let j = 0; j <= Math.min(m, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    row[0] = i <= max ? i : over;
    if (from > 1) row[from - 1] = over; // left of the band: stale from an earlier row
    if (to < m) row[to + 1] = over; // right of the band: read by the next row
    let smallest = row[0];
    for (let j = from; j <= to; j++) {
      if (meter) meter.cells++;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < smallest) smallest = d;
    }
    if (smallest > max) return over; // every later row only grows
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[m], over);
}

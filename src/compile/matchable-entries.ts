// Generation-only routes (generationOnly: true) make links and never take a request: the matchers do not see
// them, and the routes they do see keep their indexes (a route's index is its place in the whole table).
import type { RouteEntry } from './route-entry.js';

/** The entries a matcher is built from: all but the generation-only ones. */
export function matchableEntries(entries: readonly RouteEntry[]): readonly RouteEntry[] {
  return entries.filter((entry) => !entry.route.generationOnly);
}

// The answer a matcher gives for a route that accepted a request: every strategy that answers from route
// entries (the trie walk, the trie matcher's matches(), live tables) makes it here.
import type { RouteValues } from '../../route-values.js';
import { freshMatch, type RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';

/** The answer of `entry` with its values: a static route's one (frozen) answer, else a fresh one. */
export function answerOf(entry: RouteEntry, values: RouteValues): RouteMatch {
  return entry.staticAnswer ?? freshMatch(entry.route, values);
}

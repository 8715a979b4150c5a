// The method filter: when every route has a verb limit, a request whose method none of them names matches no
// route, whatever its path (constraints only ever refuse more), so match() answers null before walking the path.
// A router keyed by path first otherwise walks the whole path to learn that (PATCH on a table with no PATCH
// route, the usual 405), where routers keyed by method first fail at once.
import type { Matcher } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { standardSlot } from '../verb.js';

/** The bit of a standard method in a mask of methods (1 << its slot), or 0 for any other method. */
const standardBit = (method: string): number => {
  const slot = standardSlot(method);
  return slot < 0 ? 0 : 1 << slot;
};

/**
 * The matcher with the method filter in front of match(), or the matcher itself when some route takes every
 * method (then no method can be ruled out). matches() and allowedMethods() are the matcher's own.
 */
export function withMethodFilter(matcher: Matcher, entries: readonly RouteEntry[]): Matcher {
  if (entries.length === 0 || entries.some((entry) => entry.methodSet === null)) return matcher;
  let standard = 0; // the standard methods some route names, as bits
  const others = new Set<string>(); // the other methods some route names (PURGE, REPORT…)
  for (const entry of entries) {
    for (const method of entry.methodSet!) {
      const bit = standardBit(method);
      if (bit === 0) others.add(method);
      else standard |= bit;
    }
  }
  const inner = matcher.match;
  return {
    // Named one by one, not spread: a spread would read `source`, which makes the generated matcher emit now.
    strategy: matcher.strategy,
    matches: matcher.matches,
    allowedMethods: matcher.allowedMethods,
    describe: matcher.describe,
    get source() {
      return matcher.source;
    },
    match(target, method, httpContext) {
      const bit = standardBit(method);
      if (bit === 0 ? !others.has(method) : (standard & bit) === 0) return null;
      return inner(target, method, httpContext);
    },
  };
}

// The method filter: when every route has a verb limit, a request whose method none of them names matches no
// route, whatever its path (constraints only ever refuse more), so match() answers null before walking the path.
// A router keyed by path first otherwise walks the whole path to learn that (PATCH on a table with no PATCH
// route, the usual 405), where routers keyed by method first fail at once. matches() and allowedMethods() are
// not filtered: the 405 and its Allow header still list every route the path fits.
import type { RouteEntry } from '../route-entry.js';
import { standardSlot } from '../verb.js';

/** Whether some route names the method (upper case, with its slot: -1 for a method that is not standard). */
export type MethodFilter = (method: string, slot: number) => boolean;

/** The method filter of `entries`, or null when some route takes every method (then no method can be ruled out). */
export function methodFilter(entries: readonly RouteEntry[]): MethodFilter | null {
  if (entries.length === 0 || entries.some((entry) => entry.plan.methodSet === null)) return null;
  let standard = 0; // the standard methods some route names, as bits (1 << slot)
  const others = new Set<string>(); // the other methods some route names (PURGE, REPORT…)
  for (const entry of entries) {
    for (const method of entry.plan.methodSet!) {
      const slot = standardSlot(method);
      if (slot < 0) others.add(method);
      else standard |= 1 << slot;
    }
  }
  return (method, slot) => (slot < 0 ? others.has(method) : (standard & (1 << slot)) !== 0);
}

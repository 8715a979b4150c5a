// The objects an ahead-of-time module's constants refer to (routes, constraint objects, complex patterns, object
// defaults), listed in one deterministic order over the route entries. The module is written with `O(n)` where
// the emitted code read the n-th object; the same walk over the entries the module rebuilds at load time finds
// the same object at n. Trie nodes (read only below EMIT_DEPTH_MAX) are listed by nodesOf() in the same way.
import type { RouteEntry } from '../route-entry.js';

/** The objects of the entries, in a fixed order: per route its route object, a static route's answer and its values, constraints, patterns, object defaults. */
export function catalogOf(entries: readonly RouteEntry[]): unknown[] {
  const catalog: unknown[] = [];
  for (const entry of entries) {
    catalog.push(entry.route);
    if (entry.staticAnswer !== null) catalog.push(entry.staticAnswer, entry.staticAnswer.values);
    for (const constraint of entry.plan.constraintList) catalog.push(constraint);
    for (const { plan } of entry.plan.captures) if (plan.kind === 'complex') catalog.push(plan.pattern);
    for (const value of Object.values(entry.plan.defaults)) if (isObject(value)) catalog.push(value);
  }
  return catalog;
}

export const isObject = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';

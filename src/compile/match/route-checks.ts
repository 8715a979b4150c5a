// What a route checks, one route at a time: its template's shape (what the trie's structure checks for a whole
// table at once), the verb limit, before values are bound (the cheapest reason to skip a route), and the
// constraints, after tokenizing. The walk, the scan of a built module without a trie and explain() check with
// these, so each rule is written here once.
import { constraintContext } from '../../constraint-context.js';
import type { RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import type { RequestPath } from './request-path.js';

/**
 * The first segment of `path` at which the template shape of `entry` does not take it, its constraints not yet
 * run; -1 when it takes the path. Literals compare by the table's fold, a parameter takes any segment, a complex
 * segment its pattern's, a catch-all the rest; no template segment takes an empty one; the path may end where the
 * rest of the template may be absent (else the miss is at path.length). explain() says why from the segment.
 */
export function shapeMissAt(entry: RouteEntry, path: RequestPath): number {
  const segments = entry.plan.segments;
  for (let depth = 0; ; depth++) {
    if (depth === path.length) return depth >= entry.plan.omittableFrom ? -1 : depth;
    if (depth === segments.length || path.isEmpty(depth)) return depth;
    const plan = segments[depth];
    if (plan.kind === 'catchAll') return -1;
    if (plan.kind === 'literal' ? path.decoded(depth) !== plan.folded && path.folded(depth) !== plan.folded : plan.kind === 'complex' && plan.pattern.match(path.decoded(depth)) === null) return depth;
  }
}

/** The route's verb limit (checked before binding values: the cheapest reason to skip a route). */
export function acceptsMethod(entry: RouteEntry, method: string): boolean {
  const methods = entry.plan.methodSet;
  return methods === null || methods.has(method);
}

/** The constraints, in the incoming direction, on the values tokenizing produced: they run only after the template matched. */
export function passesConstraints(entry: RouteEntry, values: RouteValues, method: string, httpContext: unknown): boolean {
  return entry.plan.constraintKeys.length === 0 || failingConstraint(entry, values, method, httpContext) < 0;
}

/** The index (in constraintKeys) of the first constraint that rejects the values, in the matcher's order; -1: none. */
export function failingConstraint(entry: RouteEntry, values: RouteValues, method: string, httpContext: unknown): number {
  const { constraintKeys: keys, constraintList: list } = entry.plan;
  const context = constraintContext(httpContext, method);
  for (let i = 0; i < keys.length; i++) {
    if (!list[i].match(context, entry.route, keys[i], values, 'incoming')) return i;
  }
  return -1;
}

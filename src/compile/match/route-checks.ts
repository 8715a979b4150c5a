// What a route checks beyond its template: the verb limit, before values are bound (the cheapest reason to skip
// a route), and the constraints, after tokenizing.
import { constraintContext } from '../../constraint-context.js';
import type { RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';

/** The route's verb limit (checked before binding values: the cheapest reason to skip a route). */
export function acceptsMethod(entry: RouteEntry, method: string): boolean {
  return entry.methodSet === null || entry.methodSet.has(method);
}

/** The constraints, in the incoming direction, on the values tokenizing produced: they run only after the template matched. */
export function passesConstraints(
  entry: RouteEntry,
  values: RouteValues,
  method: string,
  httpContext: unknown,
): boolean {
  const keys = entry.constraintKeys;
  if (keys.length === 0) return true;
  const context = constraintContext(httpContext, method);
  const list = entry.constraintList;
  for (let i = 0; i < keys.length; i++) {
    if (!list[i].match(context, entry.route, keys[i], values, 'incoming')) return false;
  }
  return true;
}

// A route file's list as route definitions: the same reading for `switchyard` commands and for a module built
// from a route module, so both see the same table. A route may be a template string, and may give one `method`
// instead of `methods` (the benchmark route sets do).
import type { RouteDefinition } from '../route-definition.js';

/** The route list of a route file's content: an array, or an object with a `routes` array; null when neither. */
export function routeListOf(table: unknown): readonly unknown[] | null {
  const routes = Array.isArray(table) ? table : (table as { routes?: unknown } | null)?.routes;
  return Array.isArray(routes) ? routes : null;
}

/**
 * One entry of a route list as a definition (the entry is expected to be an object or a template string). A
 * `method` that is not read as `methods` stays: a key a route does not have, which compile() refuses, never
 * dropped unseen.
 */
export function normalizeRoute(route: unknown): RouteDefinition {
  if (typeof route === 'string') return { template: route };
  const { method, ...rest } = route as RouteDefinition & { method?: unknown };
  return typeof method === 'string' && rest.methods == null ? { ...rest, methods: [method] } : (route as RouteDefinition);
}

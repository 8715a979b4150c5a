// A route file's list: the same reading for `switchyard` commands and for a module built from a route module, so
// both find the same table.

/** The route list of a route file's content: an array, or an object with a `routes` array; null when neither. */
export function routeListOf(table: unknown): readonly unknown[] | null {
  const routes = Array.isArray(table) ? table : (table as { routes?: unknown } | null)?.routes;
  return Array.isArray(routes) ? routes : null;
}

// Loads the real route tables of test/fixtures/real: their constraint objects, written as data there, become
// an HttpMethodRouteConstraint or a custom constraint object (a stand-in for the application's own class).
import { readFileSync } from 'node:fs';
import { HttpMethodRouteConstraint, type RouteConstraint } from '../../src/constraints.js';
import { type RouteDefinition } from '../../src/index.js';

type DataConstraint = string | { httpMethod: string[] } | { custom: string };
type DataRoute = Omit<RouteDefinition, 'constraints'> & { constraints?: Record<string, DataConstraint> };

// Stand-ins: what the application's classes accept, near enough for sampled requests; opaque to analysis.
const CUSTOM: Record<string, RegExp> = {
  VersionRouteConstraint: /^\d+(\.\d+){1,3}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/,
  LatestVersionRouteConstraint: /^\d+(\.\d+){1,3}(-[0-9A-Za-z.-]+)?$/,
  GuidConstraint: /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i,
};

function constraintOf(data: DataConstraint): string | RouteConstraint {
  if (typeof data === 'string') return data;
  if ('httpMethod' in data) return new HttpMethodRouteConstraint(...data.httpMethod);
  const pattern = CUSTOM[data.custom];
  if (pattern === undefined) throw new Error(`no stand-in for ${data.custom}`);
  const constraint: RouteConstraint & { name: string } = {
    name: data.custom,
    match: (_ctx, _route, key, values) => values[key] == null || pattern.test(String(values[key])),
  };
  return constraint;
}

/** The names of the real tables. */
export const REAL_TABLES = ['nuget-gallery', 'nopcommerce-3.90'] as const;

/** A real table's route definitions. */
export function realTable(name: (typeof REAL_TABLES)[number]): RouteDefinition[] {
  const routes = JSON.parse(readFileSync(new URL(`../fixtures/real/${name}.json`, import.meta.url), 'utf8')) as DataRoute[];
  return routes.map((r) => (r.constraints ? { ...r, constraints: Object.fromEntries(Object.entries(r.constraints).map(([k, c]) => [k, constraintOf(c)])) } : r) as RouteDefinition);
}

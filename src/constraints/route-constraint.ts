// The RouteConstraint contract (ASP.NET IRouteConstraint) and how it is called.
import type { RouteValues } from '../route-values.js';

/** Whether a constraint runs for an incoming request or for URL generation (ASP.NET RouteDirection). */
export type RouteDirection = 'incoming' | 'generation';

/** A route constraint: accepts or rejects the value of `routeKey` (or any other request data). */
export interface RouteConstraint {
  match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean;
  /**
   * Optional: a JSON Schema (the 2020-12 dialect OpenAPI 3.1 uses) for the values this constraint accepts,
   * e.g. `{ type: 'string', pattern: '^[a-z0-9-]+$' }`. toOpenApi() puts it in the parameter's schema,
   * combined with the schemas of the parameter's other constraints. Return null (or leave the method out)
   * when no schema says what the constraint checks; the parameter is then described as a plain string.
   * Only used to describe routes, never to match them.
   */
  toOpenApiSchema?(): Readonly<Record<string, unknown>> | null;
}

/**
 * Builds a constraint from an inline reference's arguments: `range(1,10)` gives args ["1", "10"] (split on
 * "," and trimmed) and argumentText "1,10" (as written, for constraints such as regex that take it whole).
 * Called once, when the route is created; throw to reject bad arguments.
 */
export type ConstraintFactory = (args: readonly string[], argumentText: string | null) => RouteConstraint;

// req.route for a route switchyard matched: Express sets req.route to the Route its router matched ({ path,
// methods, stack }), and tools that group requests by route (APM agents, Prometheus middleware) read
// req.baseUrl + req.route.path. Behind switchyard Express matched no route, so the adapter sets one of these,
// made once per route and frozen (every request of the route shares it).
import type { CompiledRoute } from '../compile/compiled-route.js';
import { httpRoute } from '../pipeline/route-tracing.js';

/** What req.route holds for a switchyard route: its template as the path, its methods as Express lists them. */
export interface ExpressRoute {
  readonly path: string;
  readonly methods: Readonly<Record<string, boolean>>;
  readonly stack: readonly unknown[];
}

const ROUTES = new WeakMap<CompiledRoute, ExpressRoute>();

export function expressRouteOf(route: CompiledRoute): ExpressRoute {
  let made = ROUTES.get(route);
  if (made === undefined) {
    const methods = Object.fromEntries((route.methods ?? ['_all']).map((m) => [m.toLowerCase(), true]));
    made = Object.freeze({ path: httpRoute(route.template), methods: Object.freeze(methods), stack: Object.freeze([]) });
    ROUTES.set(route, made);
  }
  return made;
}

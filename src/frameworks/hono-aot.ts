// switchyard-router/hono/aot: the Hono middleware over a router built ahead of time (`switchyard build`,
// compileToModule), for Cloudflare Workers and other places where new Function is forbidden. It takes a router,
// never routes, so compile() and the code generator stay out of the bundle; the route handlers are the route
// module's, as in switchyard-router/hono. A built router carries handlers only, so a route module's middleware
// is composed into its handlers in the route module itself (defineRoutes, group), as switchyard-router/hono
// composes the routes it is given.
import type { MiddlewareHandler } from 'hono';
import { routesWithoutHandler, type AdapterOptions, type AdapterRouter } from './dispatch.js';
import { throwRouteFailures } from '../errors.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import { group as groupRoutes, type GroupOptions } from '../compile/route-group.js';
import type { HonoTypes } from './hono.js';
import { composeHono, honoMiddleware } from './hono-middleware.js';
import { withMiddleware } from './route-middleware.js';
import type { TypedAdapter } from './typed-routes.js';

/** Options of the middleware over a built router (no compile options: it compiles nothing). */
export type BuiltRouterOptions = Omit<AdapterOptions, 'compile'>;

/** The middleware, and the router it runs. */
export type SwitchyardHonoBuilt<R extends AdapterRouter> = MiddlewareHandler & { readonly router: R };

/** The routes of a built router (the default export of a module `switchyard build` wrote) as one Hono middleware. */
export function switchyard<R extends AdapterRouter>(router: R, options: BuiltRouterOptions = {}): SwitchyardHonoBuilt<R> {
  if (typeof router?.match !== 'function') {
    throw new TypeError('switchyard-router/hono/aot takes a built router (the default export of a module switchyard build wrote); for a route list use switchyard-router/hono');
  }
  // As switchyard-router/hono refuses the routes it is given (router-of.ts), with the same message.
  throwRouteFailures(routesWithoutHandler(router.routes, '(c) => …'));
  return Object.assign(honoMiddleware(router, options), { router });
}

/**
 * defineRoutes and group for the route module of a built router (`export default defineRoutes([...])`): typed as
 * switchyard-router/hono's, and each route's `middleware: [...]` (a group's too) composed into its handler once,
 * here, as switchyard-router/hono composes the routes it is given: a built router keeps only the handler. A route
 * without middleware keeps its handler; malformed middleware is a RouteCreationError naming the route.
 */
export const defineRoutes: TypedAdapter<HonoTypes>['defineRoutes'] = ((routes: readonly RouteDefinition[]) => withMiddleware(routes, composeHono)) as never;
export const group: TypedAdapter<HonoTypes>['group'] = ((options: GroupOptions, routes: readonly RouteDefinition[]) => withMiddleware(groupRoutes(options, routes), composeHono)) as never;

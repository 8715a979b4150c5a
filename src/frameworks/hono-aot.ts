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
 * A module of routes: `defineRoutes([...])` returns the routes as given, each inline handler and middleware typed from
 * its route (`c.var.switchyard.values` from its template and defaults, `c.var.switchyard.urlFor` by the module's route
 * names), and they stay typed in the route module `switchyard build` builds: `export default defineRoutes([...])`. A
 * handler links to another module's route with `urlFor(module, name, values)`. Each route's `middleware: [...]` is
 * composed into its handler here: a built router keeps only the handler; malformed middleware is a `RouteCreationError`
 * naming the route.
 *
 * @example
 * export const users = defineRoutes([{ name: 'user', template: 'users/{id:int}', handler: (c) => c.json({ id: c.var.switchyard.values.id }) }]);
 *
 * @see [Cloudflare
 * Workers](https://switchyard-router.github.io/switchyard/docs/frameworks/hono.html#cloudflare-workers); [Links between
 * route modules](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#links-between-route-modules)
 */
export const defineRoutes: TypedAdapter<HonoTypes>['defineRoutes'] = ((routes: readonly RouteDefinition[]) => withMiddleware(routes, composeHono)) as never;
/**
 * Routes under a shared prefix: `group({ prefix, name, middleware, defaults, constraints }, routes)` returns the routes
 * with `prefix` joined before each template (it may hold parameters: `tenants/{tenant:int}`), `name` before each
 * route's name, `middleware` (Hono middleware `(c, next)`) run before each route's own, and `defaults` and
 * `constraints` given to each route (a route's own win). Every option may be left out. Each handler is typed from its
 * route under the prefix: `c.var.switchyard.values` from the joined template, `c.var.switchyard.urlFor` by the group's
 * route names. Groups nest; spread the result into the route module `switchyard build` builds (`export default
 * [...admin]`). In a route module of a built router, each route's middleware, the group's too, is composed into its
 * handler here: a built router keeps only the handler.
 *
 * @example
 * export const admin = group({ prefix: 'tenants/{tenant:int}/admin', name: 'admin.', middleware: [requireAdmin] }, [{ name: 'user', template: 'users/{id}', handler: (c) => c.json(c.var.switchyard.values) }]);
 *
 * @see [Cloudflare
 * Workers](https://switchyard-router.github.io/switchyard/docs/frameworks/hono.html#cloudflare-workers);
 * [Groups](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#groups)
 */
export const group: TypedAdapter<HonoTypes>['group'] = ((options: GroupOptions, routes: readonly RouteDefinition[]) => withMiddleware(groupRoutes(options, routes), composeHono)) as never;

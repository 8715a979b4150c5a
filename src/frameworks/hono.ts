// switchyard-router/hono: the routes as one Hono 4 middleware (`app.use(switchyard(routes))`), and
// SwitchyardRouter (hono-router.ts), a Router for `new Hono({ router })`. In the middleware a route's handler
// is a Hono handler `(c, next)`; hono fills c.req.param() from its own router only, so the matched values, the
// match and urlFor are in c.var.switchyard (c.get('switchyard')). Templates match below the path the middleware
// is registered under (app.route(), basePath()). Nothing matches: next(). The middleware itself is
// hono-middleware.ts, shared with switchyard-router/hono/aot.
import type { Handler, MiddlewareHandler } from 'hono';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import type { AdapterOptions, AdapterRouter, SwitchyardRequestData } from './dispatch.js';
import { composeHono, honoMiddleware } from './hono-middleware.js';
import { didYouMeanSuffix } from '../did-you-mean.js';
import { routerOf } from './router-of.js';
import { wrongFramework } from './wrong-framework.js';
import { withMiddleware } from './route-middleware.js';
import { group as groupRoutes } from '../compile/route-group.js';
import { routesAsGiven, type AdapterEntry, type HandlerTypes, type RoutesOf, type TypedAdapter } from './typed-routes.js';

export { SwitchyardRouter } from './hono-router.js';

/** What c.var.switchyard (c.get('switchyard')) holds in a route's handler. */
export type HonoRouteData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = SwitchyardRequestData<Routes, Values>;

/** A route's handler: a Hono handler whose c.var.switchyard holds the route's values. */
export type HonoHandler<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = Handler<{
  Variables: { switchyard: HonoRouteData<Routes, Values> };
}>;

/** A route's middleware: a Hono middleware `(c, next)` whose c.var.switchyard holds the route's values. */
export type HonoMiddleware<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = MiddlewareHandler<{
  Variables: { switchyard: HonoRouteData<Routes, Values> };
}>;

/** The Hono adapter's handler and middleware types (`(c)`, `(c, next)`): what `defineRoutes`, `group` and `switchyard` type each route's handler and middleware with, its `c.var.switchyard.values` from the route's template and defaults and `c.var.switchyard.urlFor` by the route's table. */
export interface HonoTypes extends HandlerTypes<'hono'> {
  readonly handler: HonoHandler<RoutesOf<this['routes']>, this['values']>;
  readonly middleware: HonoMiddleware<RoutesOf<this['routes']>, this['values']>;
}
/**
 * A module of routes: `defineRoutes([...])` returns the routes as given, each inline handler and middleware typed from
 * its route (`c.var.switchyard.values` from its template and defaults, `c.var.switchyard.urlFor` by the module's route
 * names), and they stay typed in a table spread from modules (`app.use(switchyard([...users, ...posts]))`). A handler
 * links to another module's route with `urlFor(module, name, values)`.
 *
 * @example
 * export const users = defineRoutes([{ name: 'user', template: 'users/{id:int}', handler: (c) => c.json({ id: c.var.switchyard.values.id }) }]);
 *
 * @see [switchyard in Hono 4](https://switchyard-router.github.io/switchyard/docs/frameworks/hono.html); [Links between
 * route modules](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#links-between-route-modules)
 */
export const defineRoutes: TypedAdapter<HonoTypes>['defineRoutes'] = routesAsGiven as never;
/**
 * Routes under a shared prefix: `group({ prefix, name, middleware, defaults, constraints }, routes)` returns the routes
 * with `prefix` joined before each template (it may hold parameters: `tenants/{tenant:int}`), `name` before each
 * route's name, `middleware` (Hono middleware `(c, next)`) run before each route's own, and `defaults` and
 * `constraints` given to each route (a route's own win). Every option may be left out. Each handler is typed from its
 * route under the prefix: `c.var.switchyard.values` from the joined template, `c.var.switchyard.urlFor` by the group's
 * route names. Groups nest; spread the result into the table (`app.use(switchyard([...admin]))`).
 *
 * @example
 * export const admin = group({ prefix: 'tenants/{tenant:int}/admin', name: 'admin.', middleware: [requireAdmin] }, [{ name: 'user', template: 'users/{id}', handler: (c) => c.json(c.var.switchyard.values) }]);
 *
 * @see [switchyard in Hono 4](https://switchyard-router.github.io/switchyard/docs/frameworks/hono.html);
 * [Groups](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#groups)
 */
export const group: TypedAdapter<HonoTypes>['group'] = groupRoutes as never;

/** The middleware, and the router it runs. */
export type SwitchyardHono<R extends AdapterRouter = CompiledRouter> = MiddlewareHandler & { readonly router: R };

/**
 * `app.use(switchyard(routes))`: the routes (each handler typed from its route), or a router already made:
 * compile()'s or a built module's (kept as its type: AdapterEntry).
 */
export const switchyard: AdapterEntry<HonoTypes, MiddlewareHandler> = honoAdapter as never;

function honoAdapter(routes: readonly RouteDefinition[] | AdapterRouter, options: AdapterOptions = {}): SwitchyardHono<AdapterRouter> {
  const router = routerOf(withMiddleware(routes, composeHono), options, '(c) => …');
  const misuse = (c: unknown, next: unknown) => wrongFramework('switchyard-router/hono is Hono middleware (c, next)', [c, next]);
  return Object.assign(honoMiddleware(router, options, didYouMeanSuffix, misuse), { router });
}

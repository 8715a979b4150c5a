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

/** The Hono adapter's handler types, which typed-routes.ts fills in for each route: its defineRoutes and group. */
export interface HonoTypes extends HandlerTypes<'hono'> {
  readonly handler: HonoHandler<RoutesOf<this['routes']>, this['values']>;
  readonly middleware: HonoMiddleware<RoutesOf<this['routes']>, this['values']>;
}
export const defineRoutes: TypedAdapter<HonoTypes>['defineRoutes'] = routesAsGiven as never;
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

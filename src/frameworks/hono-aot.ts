// switchyard-router/hono/aot: the Hono middleware over a router built ahead of time (`switchyard build`,
// compileToModule), for Cloudflare Workers and other places where new Function is forbidden. It takes a router,
// never routes, so compile() and the code generator stay out of the bundle; the route handlers are the route
// module's, as in switchyard-router/hono.
import type { MiddlewareHandler } from 'hono';
import type { AdapterOptions, AdapterRouter } from './dispatch.js';
import { honoMiddleware } from './hono-middleware.js';

/** Options of the middleware over a built router (no compile options: it compiles nothing). */
export type BuiltRouterOptions = Omit<AdapterOptions, 'compile'>;

/** The middleware, and the router it runs. */
export type SwitchyardHonoBuilt<R extends AdapterRouter> = MiddlewareHandler & { readonly router: R };

/** The routes of a built router (the default export of a module `switchyard build` wrote) as one Hono middleware. */
export function switchyard<R extends AdapterRouter>(router: R, options: BuiltRouterOptions = {}): SwitchyardHonoBuilt<R> {
  if (typeof router?.match !== 'function') {
    throw new TypeError('switchyard-router/hono/aot takes a built router (the default export of a module switchyard build wrote); for a route list use switchyard-router/hono');
  }
  return Object.assign(honoMiddleware(router, options), { router });
}

// switchyard-router/hono: the routes as one Hono 4 middleware (`app.use(switchyard(routes))`), and
// SwitchyardRouter (hono-router.ts), a Router for `new Hono({ router })`. In the middleware a route's handler
// is a Hono handler `(c, next)`; hono fills c.req.param() from its own router only, so the matched values, the
// match and urlFor are in c.var.switchyard (c.get('switchyard')). Templates match below the path the middleware
// is registered under (app.route(), basePath()). Nothing matches: next().
import type { Context, Handler, MiddlewareHandler, Next } from 'hono';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';
import type { RouteValues } from '../route-values.js';
import { belowMount, decide, requestData, routerOf, type AdapterOptions, type SwitchyardRequestData } from './dispatch.js';
import { withMiddleware } from './route-middleware.js';
import { group as groupRoutes, type GroupOptions } from '../compile/route-group.js';
import type { TemplateValues } from '../template/template-types.js';
import type { AdapterRoutes, DefinedRoutes, GroupedRoutes, GroupTableOf, GroupValuesAt, RouteTableOf, ValuesAt } from './typed-routes.js';

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

/** The routes, each handler and middleware typed from its route. */
export type HonoRoutes<T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: HonoHandler<RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  { readonly [K in keyof T]: HonoMiddleware<RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  'hono'
>;

/**
 * A route's middleware and handler as one Hono handler, as Hono composes its own: each step's next() runs the
 * next one, and the Response the handler returns becomes c.res, so a step that awaited next() sees it (and may
 * change its headers); a step that returns a Response without calling next() answers. What a step throws goes
 * to app.onError.
 */
function composeHono(middleware: readonly Function[], handler: Function): MiddlewareHandler {
  const steps = [...middleware, handler] as MiddlewareHandler[];
  return (c, next) => {
    let called = -1;
    const dispatch = async (i: number): Promise<Response | void> => {
      if (i <= called) throw new Error('next() called multiple times');
      called = i;
      if (i + 1 === steps.length) return steps[i](c, next);
      return steps[i](c, async () => {
        const answer = await dispatch(i + 1);
        if (answer instanceof Response && !c.finalized) c.res = answer;
      });
    };
    return dispatch(0);
  };
}

/**
 * A module of routes (`export const users = defineRoutes([...])`): each inline handler and middleware typed
 * from its route, and kept typed in a table spread from modules (`[...users, ...posts]`). At run time the
 * routes as given.
 */
export function defineRoutes<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(
  routes: HonoRoutes<T, N, D>,
): DefinedRoutes<T, N, D, 'hono'> {
  return routes as never;
}

/** A group's routes, each handler and middleware typed from its route under the group's prefix. */
export type HonoGroupRoutes<P extends string, GN extends string, GD, T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: HonoHandler<GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  { readonly [K in keyof T]: HonoMiddleware<GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  'hono'
>;

/**
 * Routes under a prefix (`tenants/{tenant:int}`), with a name prefix, middleware run before each route's own,
 * shared defaults and constraints (group() of the main entry): the flat table written out, handlers typed with
 * the prefix's values. Groups nest.
 */
export function group<
  const T extends readonly string[],
  const N extends readonly unknown[],
  const D extends readonly unknown[],
  const P extends string = '',
  const GN extends string = '',
  const GD extends object = {},
>(
  options: GroupOptions<P, GN, GD, HonoMiddleware<readonly RouteDefinition[], TemplateValues<P, GD>>>,
  routes: HonoGroupRoutes<P, GN, GD, T, N, D>,
): GroupedRoutes<P, GN, GD, T, N, D, 'hono'> {
  return groupRoutes(options as GroupOptions, routes as readonly RouteDefinition[]) as never;
}

/** The segments of the path a middleware is registered under ('/api/*' → 1, '/*' and '*' → 0); a path without a trailing '*' is no mount. */
function mountDepth(routePath: string): number {
  if (!routePath.endsWith('*')) return 0;
  return routePath.slice(0, -1).split('/').filter((segment) => segment !== '').length;
}

/** The middleware, and the router it runs. */
export type SwitchyardHono = MiddlewareHandler & { readonly router: CompiledRouter };

export function switchyard<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(
  routes: HonoRoutes<T, N, D> | CompiledRouter,
  options?: AdapterOptions,
): SwitchyardHono;
export function switchyard(routes: readonly RouteDefinition[] | CompiledRouter, options: AdapterOptions = {}): SwitchyardHono {
  const router = routerOf(withMiddleware(routes, composeHono), options);
  const middleware = async (c: Context, next: Next): Promise<Response | void> => {
    const url = c.req.url;
    // Below the path the middleware is registered under (app.route('/api', sub), basePath('/v1'),
    // app.use('/t/:tenant/*', …)): its segments are the mount, cut from the path and put before links.
    const { base, rest: target } = belowMount(url.slice(url.indexOf('/', url.indexOf('//') + 2)), mountDepth(c.req.routePath));
    const decision = decide(router, c.req.method, target, options);
    switch (decision.kind) {
      case 'next':
        return next();
      case 'options':
        return c.body(null, 204, { allow: decision.allow });
      case 'methodNotAllowed':
        return c.body(JSON.stringify(decision.problem), 405, { allow: decision.allow, 'content-type': 'application/problem+json' });
    }
    const handler = decision.match.route.handler as MiddlewareHandler | undefined;
    if (typeof handler !== 'function') return next();
    c.set('switchyard' as never, requestData(router, decision.match, base) as never);
    return handler(c, next);
  };
  return Object.assign(middleware, { router });
}

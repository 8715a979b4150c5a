// switchyard-router/koa: the routes as one Koa 3 middleware. The matched route's values go to ctx.params, the
// match and urlFor to ctx.state.switchyard; the route's handler (a Koa middleware) runs with next, so what it
// throws reaches Koa's error handling. Nothing matches: next().
import type { Context, DefaultContext, DefaultState, Middleware, Next } from 'koa';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import { decide, pathOf, requestData, type AdapterOptions, type AdapterRouter, type SwitchyardRequestData } from './dispatch.js';
import { didYouMeanSuffix } from '../did-you-mean.js';
import { routerOf } from './router-of.js';
import { wrongFramework } from './wrong-framework.js';
import { withMiddleware } from './route-middleware.js';
import { httpRoute, traceRoute } from '../pipeline/route-tracing.js';
import { mountLink, mountOf, mountRoute, NO_MOUNT, valuesUnderMount, type Mount } from './mount.js';
import { group as groupRoutes } from '../compile/route-group.js';
import { routesAsGiven, type AdapterEntry, type HandlerTypes, type RoutesOf, type TypedAdapter } from './typed-routes.js';

/** What ctx.state.switchyard holds in a route's handler. */
export type KoaRouteData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = SwitchyardRequestData<Routes, Values>;

/** A route's handler: a Koa middleware whose ctx.params are the route's values. */
export type KoaHandler<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = Middleware<
  DefaultState & { switchyard: KoaRouteData<Routes, Values> },
  DefaultContext & { params: Values }
>;

/** The Koa adapter's handler type, its route middleware's too (`(ctx, next)`): what `defineRoutes`, `group` and `switchyard` type each route's handler and middleware with, its `ctx.params` from the route's template and defaults and `ctx.state.switchyard.urlFor` by the route's table. */
export interface KoaTypes extends HandlerTypes<'koa'> { readonly handler: KoaHandler<RoutesOf<this['routes']>, this['values']> }
/**
 * A module of routes: `defineRoutes([...])` returns the routes as given, each inline handler and middleware typed from
 * its route (`ctx.params` from its template and defaults, `ctx.state.switchyard.urlFor` by the module's route names),
 * and they stay typed in a table spread from modules (`app.use(switchyard([...users, ...posts]))`). A handler links to
 * another module's route with `urlFor(module, name, values)`.
 *
 * @example
 * export const users = defineRoutes([{ name: 'user', template: 'users/{id:int}', handler: (ctx) => void (ctx.body = { id: ctx.params.id }) }]);
 *
 * @see [switchyard in Koa 3](https://switchyard-router.github.io/switchyard/docs/frameworks/koa.html); [Links between
 * route modules](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#links-between-route-modules)
 */
export const defineRoutes: TypedAdapter<KoaTypes>['defineRoutes'] = routesAsGiven as never;
/**
 * Routes under a shared prefix: `group({ prefix, name, middleware, defaults, constraints }, routes)` returns the routes
 * with `prefix` joined before each template (it may hold parameters: `tenants/{tenant:int}`), `name` before each
 * route's name, `middleware` (Koa middleware `(ctx, next)`) run before each route's own, and `defaults` and
 * `constraints` given to each route (a route's own win). Every option may be left out. Each handler is typed from its
 * route under the prefix: `ctx.params` from the joined template, `ctx.state.switchyard.urlFor` by the group's route
 * names. Groups nest; spread the result into the table (`app.use(switchyard([...admin]))`).
 *
 * @example
 * export const admin = group({ prefix: 'tenants/{tenant:int}/admin', name: 'admin.', middleware: [requireAdmin] }, [{ name: 'user', template: 'users/{id}', handler: (ctx) => void (ctx.body = ctx.params) }]);
 *
 * @see [switchyard in Koa 3](https://switchyard-router.github.io/switchyard/docs/frameworks/koa.html);
 * [Groups](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#groups)
 */
export const group: TypedAdapter<KoaTypes>['group'] = groupRoutes as never;

/** The middleware, and the router it runs. */
export type SwitchyardKoa<R extends AdapterRouter = CompiledRouter> = Middleware & { readonly router: R };

/**
 * Where a mount put the routes (mount.ts): its text is the part of ctx.originalUrl's path before ctx.url's (a
 * mount hands the app below it ctx.url without its prefix); its pattern is koa-mount's prefix (ctx.mountPath)
 * where that is the whole text (koa-mount compares its prefix with the path as sent), and unknown otherwise: a
 * mount of the app's own, or koa-mounts nested (each sets ctx.mountPath to its own prefix).
 */
function koaMount(ctx: Context): Mount {
  if (ctx.originalUrl === ctx.url) return NO_MOUNT;
  const original = pathOf(ctx.originalUrl).split('?')[0];
  const path = pathOf(ctx.url).split('?')[0];
  const rest = path === '/' ? '' : path;
  if (!(original.length > rest.length && original.endsWith(rest))) return NO_MOUNT; // ctx.url rewritten otherwise
  const text = original.slice(0, original.length - rest.length);
  const prefix = (ctx as Context & { mountPath?: unknown }).mountPath;
  const mount = mountOf(typeof prefix === 'string' ? prefix : null, text);
  return mount.pattern === mount.text ? mount : mountOf(null, text);
}

/**
 * `app.use(switchyard(routes))`: route definitions whose `handler` is a Koa middleware `(ctx, next)`, or a router
 * already made: compile()'s or a built module's (kept as its type: AdapterEntry).
 */
export const switchyard: AdapterEntry<KoaTypes, Middleware> = koaAdapter as never;

function koaAdapter(routes: readonly RouteDefinition[] | AdapterRouter, options: AdapterOptions = {}): SwitchyardKoa<AdapterRouter> {
  const router = routerOf(withMiddleware(routes, composeKoa), options, '(ctx, next) => …');
  const middleware = async (ctx: Context, next: Next): Promise<void> => {
    // Koa gives every context its state: without it, another framework called (wrong-framework.ts).
    if (ctx?.state === undefined) throw wrongFramework('switchyard-router/koa is Koa middleware (ctx, next)', [ctx, next]);
    const decision = decide(router, ctx.method, pathOf(ctx.url), options);
    switch (decision.kind) {
      case 'next':
        return next();
      case 'options':
        ctx.status = 204;
        ctx.set('Allow', decision.allow);
        return;
      case 'methodNotAllowed':
        ctx.status = 405;
        ctx.set('Allow', decision.allow);
        ctx.type = 'application/problem+json';
        ctx.body = JSON.stringify(decision.problem);
        return;
    }
    const handler = decision.match.route.handler as Middleware | undefined;
    if (typeof handler !== 'function') return next();
    // The values an outer router left in ctx.params (@koa/router's) stay, the route's beside them.
    const withParams = ctx as Context & { params?: Record<string, unknown> };
    withParams.params = valuesUnderMount(withParams.params, decision.match.values);
    const mount = koaMount(ctx);
    ctx.state.switchyard = requestData(router, decision.match, mountLink(mount), didYouMeanSuffix);
    // The matched route where @koa/router puts it (OpenTelemetry's Koa instrumentation and APM agents read it):
    // below a koa-mount, as @koa/router's is; http.route has the mount before it.
    const matched = ctx as Context & { _matchedRoute?: string; _matchedRouteName?: string };
    matched._matchedRoute = httpRoute(decision.match.route.template);
    matched._matchedRouteName = decision.match.route.name ?? undefined;
    traceRoute(decision.match.route.template, ctx.method, mountRoute(mount));
    await handler(ctx, next);
  };
  return Object.assign(middleware as Middleware, { router });
}

/**
 * A route's middleware and handler as one Koa middleware, as koa-compose runs a stack: each step's next() runs
 * the next one (the handler's, the app's next middleware); what a step throws reaches Koa's error handling.
 */
function composeKoa(middleware: readonly Function[], handler: Function): Middleware {
  const steps = [...middleware, handler] as Middleware[];
  return (ctx, next) => {
    let called = -1;
    const dispatch = (i: number): Promise<unknown> => {
      if (i <= called) return Promise.reject(new Error('next() called multiple times'));
      called = i;
      try {
        return Promise.resolve(steps[i](ctx, i + 1 === steps.length ? next : () => dispatch(i + 1) as Promise<void>));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return dispatch(0);
  };
}

// switchyard-router/express: the routes as one Express 5 middleware. The matched route's values go to
// req.params, the match and urlFor to res.locals.switchyard; the route's handler (an Express handler) runs, and
// what it throws or rejects goes to next(error), Express's error handling. Nothing matches: next().
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';
import type { RouteValues } from '../route-values.js';
import { decide, pathOf, requestData, type AdapterOptions, type SwitchyardRequestData } from './dispatch.js';
import { routerOf } from './router-of.js';
import { withMiddleware } from './route-middleware.js';
import { traceRoute } from '../pipeline/route-tracing.js';
import { expressRouteOf } from './express-route.js';
import { group as groupRoutes, type GroupOptions } from '../compile/route-group.js';
import type { TemplateValues } from '../template/template-types.js';
import type { AdapterRoutes, DefinedRoutes, GroupedRoutes, GroupTableOf, GroupValuesAt, RouteTableOf, ValuesAt } from './typed-routes.js';

/** What res.locals.switchyard holds in a route's handler. */
export type ExpressRouteData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = SwitchyardRequestData<Routes, Values>;

/** A route's handler: an Express handler whose req.params are the route's values. */
export type ExpressHandler<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = RequestHandler<
  Values,
  any, // Express's own defaults for the response and request bodies
  any,
  Request['query'],
  { switchyard: ExpressRouteData<Routes, Values> }
>;

/** The routes, each handler and middleware typed from its route. */
export type ExpressRoutes<T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: ExpressHandler<RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  { readonly [K in keyof T]: ExpressHandler<RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  'express'
>;

/**
 * A module of routes (`export const users = defineRoutes([...])`): each inline handler and middleware typed
 * from its route, and kept typed in `switchyard([...users, ...posts])`. At run time the routes as given.
 */
export function defineRoutes<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(
  routes: ExpressRoutes<T, N, D>,
): DefinedRoutes<T, N, D, 'express'> {
  return routes as never;
}

/** A group's routes, each handler and middleware typed from its route under the group's prefix. */
export type ExpressGroupRoutes<P extends string, GN extends string, GD, T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: ExpressHandler<GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  { readonly [K in keyof T]: ExpressHandler<GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  'express',
  GN
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
  options: GroupOptions<P, GN, GD, ExpressHandler<readonly RouteDefinition[], TemplateValues<P, GD>>>,
  routes: ExpressGroupRoutes<P, GN, GD, T, N, D>,
): GroupedRoutes<P, GN, GD, T, N, D, 'express'> {
  return groupRoutes(options as GroupOptions, routes as readonly RouteDefinition[]) as never;
}

/**
 * A route's middleware and handler as one Express handler, Express's semantics: next() runs the next step,
 * next(error) (or a throw, or a rejected promise) goes to Express's error handling, next('route') and
 * next('router') leave the route: the request goes on to the app's next handler, as if no route had matched.
 */
function composeExpress(middleware: readonly Function[], handler: Function): RequestHandler {
  const steps = [...middleware, handler] as RequestHandler[];
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown): void => {
      if (error === 'route' || error === 'router') return next();
      if (error) return next(error);
      const current = steps[i++];
      const after = i === steps.length ? next : step;
      try {
        const result = current(req, res, after) as unknown;
        if (result instanceof Promise) result.catch((reason: unknown) => next(reason ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/** The middleware, and the router it runs. */
export type SwitchyardExpress = RequestHandler & { readonly router: CompiledRouter };

/**
 * `app.use(switchyard(routes))`: routes are route definitions whose `handler` is an Express handler (or a
 * compiled router whose routes carry them). Mounted under a path (`app.use('/api', …)`), templates match below it.
 */
export function switchyard<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(
  routes: ExpressRoutes<T, N, D> | CompiledRouter,
  options?: AdapterOptions,
): SwitchyardExpress;
export function switchyard(routes: readonly RouteDefinition[] | CompiledRouter, options: AdapterOptions = {}): SwitchyardExpress {
  const router = routerOf(withMiddleware(routes, composeExpress), options);
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    const decision = decide(router, req.method, pathOf(req.url), options);
    switch (decision.kind) {
      case 'next':
        return next();
      case 'options':
        res.status(204).set('Allow', decision.allow).end();
        return;
      case 'methodNotAllowed':
        res.status(405).set('Allow', decision.allow).type('application/problem+json').send(JSON.stringify(decision.problem));
        return;
    }
    const handler = decision.match.route.handler as RequestHandler | undefined;
    if (typeof handler !== 'function') return next();
    req.params = { ...(decision.match.values as Record<string, string>) };
    const mount = mountOf(req, middleware);
    res.locals.switchyard = requestData(router, decision.match, mount.link);
    req.route = expressRouteOf(decision.match.route); // the route that handles it, whatever an earlier layer left
    traceRoute(decision.match.route.template, req.method, mount.route);
    try {
      const result = handler(req, res, next) as unknown;
      if (result instanceof Promise) result.catch(next);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { router });
}

/** What the types of Express leave out: the path a layer was registered with, and a router's or app's parts. */
interface Layer {
  readonly rawPath?: unknown;
  readonly handle: unknown;
}
interface Mountable {
  readonly router?: { readonly stack?: readonly Layer[] };
  readonly mountpath?: unknown;
  readonly parent?: Mountable;
}

/**
 * Where the app mounted this middleware, for links and for http.route. Links: the mount path as the app
 * registered it, since req.baseUrl is the request's own text (`/API/todo/5` under `app.use('/api', …)` would give
 * links under `/API`), or the request's text where the registered path does not spell the same path ignoring case
 * (a parameter, '/:tenant') or cannot be found (a pattern or a regex in the way). http.route: the registered path
 * itself ('/:tenant', as Express's own instrumentation reports a mount), never a request's values.
 */
function mountOf(req: Request, middleware: unknown): { readonly link: string; readonly route: string } {
  const base = req.baseUrl;
  if (base === '') return NO_MOUNT;
  const app = req.app as unknown as Mountable;
  const registered = findMount(app.router?.stack ?? [], middleware, appPrefix(app));
  if (registered === null) return { link: base, route: base };
  return { link: registered.toLowerCase() === base.toLowerCase() ? registered : base, route: registered };
}
const NO_MOUNT = { link: '', route: '' } as const;

/** The registered path to `target` in a router's stack (routers within it searched too), or null. */
function findMount(stack: readonly Layer[], target: unknown, prefix: string): string | null {
  for (const layer of stack) {
    if (typeof layer.rawPath !== 'string') continue;
    const here = prefix + (layer.rawPath === '/' ? '' : layer.rawPath.replace(/\/$/, ''));
    if (layer.handle === target) return here;
    const inner = (layer.handle as { stack?: unknown }).stack;
    if (Array.isArray(inner)) {
      const found = findMount(inner as Layer[], target, here);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The registered mount paths of a sub-app and the apps above it. */
function appPrefix(app: Mountable): string {
  if (app.parent === undefined || typeof app.mountpath !== 'string') return '';
  return appPrefix(app.parent) + (app.mountpath === '/' ? '' : app.mountpath.replace(/\/$/, ''));
}

// switchyard-router/express: the routes as one Express 5 middleware. The matched route's values go to
// req.params, the match and urlFor to res.locals.switchyard; the route's handler (an Express handler) runs, and
// what it throws or rejects goes to next(error), Express's error handling. Nothing matches: next().
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import { decide, pathOf, requestData, type AdapterOptions, type AdapterRouter, type SwitchyardRequestData } from './dispatch.js';
import { didYouMeanSuffix } from '../did-you-mean.js';
import { routerOf } from './router-of.js';
import { withMiddleware } from './route-middleware.js';
import { isTracing, traceRoute } from '../pipeline/route-tracing.js';
import { mountLink, mountOf, mountRoute, NO_MOUNT, valuesUnderMount, withoutTrailingSlash, type Mount } from './mount.js';
import { expressRouteOf } from './express-route.js';
import { wrongFramework } from './wrong-framework.js';
import { group as groupRoutes } from '../compile/route-group.js';
import { routesAsGiven, type AdapterEntry, type HandlerTypes, type RoutesOf, type TypedAdapter } from './typed-routes.js';

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

/** The Express adapter's handler type, its route middleware's too (`(req, res, next)`): what `defineRoutes`, `group` and `switchyard` type each route's handler and middleware with, its `req.params` from the route's template and defaults and `res.locals.switchyard.urlFor` by the route's table. */
export interface ExpressTypes extends HandlerTypes<'express'> { readonly handler: ExpressHandler<RoutesOf<this['routes']>, this['values']> }
/**
 * A module of routes: `defineRoutes([...])` returns the routes as given, each inline handler and middleware typed from
 * its route (`req.params` from its template and defaults, `res.locals.switchyard.urlFor` by the module's route names),
 * and they stay typed in a table spread from modules (`app.use(switchyard([...users, ...posts]))`). A handler links to
 * another module's route with `urlFor(module, name, values)`.
 *
 * @example
 * export const users = defineRoutes([{ name: 'user', template: 'users/{id:int}', handler: (req, res) => void res.json({ id: req.params.id }) }]);
 *
 * @see [switchyard in Express 5](https://switchyard-router.github.io/switchyard/docs/frameworks/express.html); [Links
 * between route
 * modules](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#links-between-route-modules)
 */
export const defineRoutes: TypedAdapter<ExpressTypes>['defineRoutes'] = routesAsGiven as never;
/**
 * Routes under a shared prefix: `group({ prefix, name, middleware, defaults, constraints }, routes)` returns the routes
 * with `prefix` joined before each template (it may hold parameters: `tenants/{tenant:int}`), `name` before each
 * route's name, `middleware` (Express middleware `(req, res, next)`) run before each route's own, and `defaults` and
 * `constraints` given to each route (a route's own win). Every option may be left out. Each handler is typed from its
 * route under the prefix: `req.params` from the joined template, `res.locals.switchyard.urlFor` by the group's route
 * names. Groups nest; spread the result into the table (`app.use(switchyard([...admin]))`).
 *
 * @example
 * export const admin = group({ prefix: 'tenants/{tenant:int}/admin', name: 'admin.', middleware: [requireAdmin] }, [{ name: 'user', template: 'users/{id}', handler: (req, res) => void res.json(req.params) }]);
 *
 * @see [switchyard in Express 5](https://switchyard-router.github.io/switchyard/docs/frameworks/express.html);
 * [Groups](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#groups)
 */
export const group: TypedAdapter<ExpressTypes>['group'] = groupRoutes as never;

/** The middleware, and the router it runs. */
export type SwitchyardExpress<R extends AdapterRouter = CompiledRouter> = RequestHandler & { readonly router: R };

/**
 * `app.use(switchyard(routes))`: routes are route definitions whose `handler` is an Express handler, or a router
 * whose routes carry them: compile()'s or a built module's (kept as its type: AdapterEntry). Mounted under a path
 * (`app.use('/api', …)`), templates match below it.
 */
export const switchyard: AdapterEntry<ExpressTypes, RequestHandler> = expressAdapter as never;

function expressAdapter(routes: readonly RouteDefinition[] | AdapterRouter, options: AdapterOptions = {}): SwitchyardExpress<AdapterRouter> {
  const router = routerOf(withMiddleware(routes, composeExpress), options, '(req, res) => …');
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    // Express gives every response its locals: without them, another framework called (wrong-framework.ts).
    if (res?.locals === undefined) {
      const error = wrongFramework('switchyard-router/express is Express middleware (req, res, next)', [req, res, next]);
      // Fastify's plugin loader takes it through its done, as Express's next would; Koa and Hono pass no third.
      if (typeof next === 'function') return next(error);
      throw error;
    }
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
    // The mount's values (req.params as Express set them for this layer) stay, the route's beside them.
    req.params = valuesUnderMount(req.params, decision.match.values) as Record<string, string>;
    // The mount is found only when a link or a span needs it; req.baseUrl and req.app are read now, as they are
    // Express's while this middleware runs.
    const { baseUrl, app } = req;
    let mount: Mount | undefined;
    const mountNow = () => (mount ??= expressMount(baseUrl, app, middleware));
    res.locals.switchyard = requestData(router, decision.match, () => mountLink(mountNow()), didYouMeanSuffix);
    req.route = expressRouteOf(decision.match.route); // the route that handles it, whatever an earlier layer left
    if (isTracing()) traceRoute(decision.match.route.template, req.method, mountRoute(mountNow()));
    try {
      const result = handler(req, res, next) as unknown;
      if (result instanceof Promise) result.catch(next);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { router });
}

/** What the types of Express leave out: a layer's registered path and matchers, a router's or app's parts. */
interface Layer {
  /** As registered: a path, a RegExp, or a list of them (router 2.3; absent before, when no mount is known). */
  readonly rawPath?: unknown;
  /** One per registered path: the path's match against the start of a path, or false. */
  readonly matchers?: readonly ((path: string) => { readonly path: string } | false)[];
  /** Registered at '/': it takes every path and cuts nothing. */
  readonly slash?: boolean;
  readonly handle: unknown;
}
interface Mountable {
  readonly router?: { readonly stack?: readonly Layer[] };
  readonly mountpath?: unknown;
  readonly parent?: Mountable;
}

/**
 * Where the app (req.app) mounted this middleware (mount.ts): `text`, req.baseUrl, the request's text of the
 * mount, and the pattern the app registered that took it. The pattern is found by running the app's own layers again over
 * req.baseUrl: the first chain of layers (in the order Express tries them) that leads to this middleware and
 * takes exactly that text, its registered paths joined ('/:tenant' + '/v1'); a sub-app's mount path before
 * them. Unknown (null) where the app does not say: the middleware reached through a handler that wraps it, a
 * RegExp in the chain, a sub-app mounted under a list of paths or a pattern whose length varies.
 */
function expressMount(text: string, app: unknown, middleware: unknown): Mount {
  if (text === '') return NO_MOUNT;
  const prefix = appPrefix(app as Mountable);
  if (prefix === null) return mountOf(null, text);
  const start = prefix.pattern === '' ? 0 : afterSegments(text, prefix.segments);
  if (start < 0) return mountOf(null, text);
  const below = findMount((app as Mountable).router?.stack ?? [], middleware, text.slice(start), new Set());
  return mountOf(below === undefined || below === null ? null : prefix.pattern + below, text);
}

/**
 * The registered paths that lead, in `stack`, to `target` and take exactly `text` (Routers within searched too):
 * joined, or null where one is a RegExp; undefined where no chain takes the text.
 */
function findMount(stack: readonly Layer[], target: unknown, text: string, within: Set<readonly Layer[]>): string | null | undefined {
  within.add(stack);
  for (const layer of stack) {
    const taken = layerTakes(layer, text);
    if (taken === undefined) continue;
    const rest = text.slice(taken.length);
    const here = typeof taken.pattern === 'string' ? withoutTrailingSlash(taken.pattern) : null;
    if (layer.handle === target && (rest === '' || rest === '/')) return here;
    const inner = (layer.handle as { stack?: unknown }).stack;
    if (Array.isArray(inner) && !within.has(inner)) {
      const found = findMount(inner as Layer[], target, rest, within);
      if (found !== undefined) return here === null || found === null ? null : here + found;
    }
  }
  within.delete(stack);
  return undefined;
}

/** What a layer takes of the start of `text`, as Express's router matches it, and the registered path that took it. */
function layerTakes(layer: Layer, text: string): { readonly length: number; readonly pattern: unknown } | undefined {
  if (layer.slash === true) return { length: 0, pattern: '' };
  const matchers = layer.matchers ?? [];
  for (let i = 0; i < matchers.length; i++) {
    let found: { readonly path: string } | false;
    try {
      found = matchers[i](text);
    } catch {
      found = false; // a parameter that does not decode: Express did not take this layer either
    }
    // As Express's router: a match ends where a segment does.
    if (found === false || (found.path.length < text.length && text[found.path.length] !== '/')) continue;
    return { length: found.path.length, pattern: Array.isArray(layer.rawPath) ? layer.rawPath[i] : layer.rawPath };
  }
  return undefined;
}

/** The mount paths of a sub-app and the apps above it, joined, and their number of segments; null unless each is one path of fixed length. */
function appPrefix(app: Mountable): { readonly pattern: string; readonly segments: number } | null {
  if (app.parent === undefined) return { pattern: '', segments: 0 };
  const above = appPrefix(app.parent);
  const path = app.mountpath;
  // A path of fixed length: plain segments and ':name' parameters, no '*name', '{…}' or escapes.
  if (above === null || typeof path !== 'string' || /[*{}()\\]/.test(path)) return null;
  const own = withoutTrailingSlash(path);
  return { pattern: above.pattern + own, segments: above.segments + own.split('/').length - 1 };
}

/** Where `text` goes on after its first `count` segments ("/a/b/c", 2 → 4), or -1 when it has fewer. */
function afterSegments(text: string, count: number): number {
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at >= text.length) return -1;
    const next = text.indexOf('/', at + 1);
    at = next < 0 ? text.length : next;
  }
  return at;
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

// switchyard-router/express: the routes as one Express 5 middleware. The matched route's values go to
// req.params, the match and urlFor to res.locals.switchyard; the route's handler (an Express handler) runs, and
// what it throws or rejects goes to next(error), Express's error handling. Nothing matches: next().
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';
import type { RouteValues } from '../route-values.js';
import { decide, requestData, routerOf, type AdapterOptions, type SwitchyardRequestData } from './dispatch.js';
import type { AdapterRoutes, RouteTableOf, ValuesAt } from './typed-routes.js';

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

/** The routes, each handler typed from its route. */
export type ExpressRoutes<T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: ExpressHandler<RouteTableOf<T, N, D>, ValuesAt<T, D, K>> }
>;

/** The middleware, and the router it runs. */
export type SwitchyardExpress = RequestHandler & { readonly router: CompiledRouter };

/**
 * The path and query Express routes by: an absolute-form target ("http://h/items/5", which Express keeps in
 * req.url below its mount point) without its scheme and authority, as Express's router strips them.
 */
function pathOf(url: string): string {
  if (url.charCodeAt(0) === 47 /* / */) return url;
  const query = url.indexOf('?');
  const scheme = url.slice(0, query < 0 ? url.length : query).indexOf('://');
  if (scheme < 0) return url;
  const path = url.indexOf('/', scheme + 3);
  return path < 0 ? `/${url.slice(query < 0 ? url.length : query)}` : url.slice(path);
}

/**
 * `app.use(switchyard(routes))`: routes are route definitions whose `handler` is an Express handler (or a
 * compiled router whose routes carry them). Mounted under a path (`app.use('/api', …)`), templates match below it.
 */
export function switchyard<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(
  routes: ExpressRoutes<T, N, D> | CompiledRouter,
  options?: AdapterOptions,
): SwitchyardExpress;
export function switchyard(routes: readonly RouteDefinition[] | CompiledRouter, options: AdapterOptions = {}): SwitchyardExpress {
  const router = routerOf(routes, options);
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
    res.locals.switchyard = requestData(router, decision.match, req.baseUrl);
    try {
      const result = handler(req, res, next) as unknown;
      if (result instanceof Promise) result.catch(next);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { router });
}

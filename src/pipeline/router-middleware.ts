// RouterMiddleware: routes each request through a Router, invokes the handler it sets, or passes the
// request on (the third set-up step, after addRouting and a RouteBuilder); plus a Connect/Express-style adapter for apps without our pipeline.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Application } from './application.js';
import { HttpContext } from './http-context.js';
import { problem, writeProblem } from './problem-details.js';
import { RouteBuilder } from './route-builder.js';
import { RouteContext, type Middleware, type RoutedHttpContext, type Router } from './route-data.js';
import { ServiceContainer } from './service-container.js';

/** The service key under which useRouter registers the application's router (UrlHelper finds it there). */
export const ROUTER = Symbol.for('switchyard.router');

/** Routes the request; runs the handler a route set, else calls `next` (routes in order, the first that handles the request wins). */
export function routerMiddleware(router: Router): Middleware {
  return async (httpContext, next) => {
    const context = new RouteContext(httpContext);
    context.routeData.routers.push(router);
    await router.routeAsync(context);
    if (context.handler === null) {
      await next();
      return;
    }
    httpContext.routeData = context.routeData;
    await context.handler(httpContext as RoutedHttpContext); // routeData is set just above
  };
}

/** A router, or a function that configures a RouteBuilder (then built once, here). */
export type RouterSource = Router | ((builder: RouteBuilder) => void);

function resolveRouter(source: RouterSource, app: Application | null): Router {
  if (typeof source !== 'function') return source;
  const builder = new RouteBuilder(app);
  source(builder);
  return builder.build();
}

/** Adds RouterMiddleware to the app; returns the router (built from the configure function if given one). */
export function useRouter(app: Application, source: RouterSource): Router {
  const router = resolveRouter(source, app);
  if (!app.services.has(ROUTER)) app.services.addSingleton(ROUTER, router);
  app.use(routerMiddleware(router));
  return router;
}

/** Options of createNodeMiddleware. */
export interface NodeMiddlewareOptions {
  services?: ServiceContainer;
  pathBase?: string;
  onError?: (error: unknown) => void;
}

/**
 * The router as a Connect/Express middleware `(req, res, next)`, or a plain node:http listener `(req, res)`:
 * an unmatched request calls `next()` (404 problem without one); a handler's error goes to `next(error)`
 * (a 500 problem without next).
 */
export function createNodeMiddleware(
  source: RouterSource,
  options: NodeMiddlewareOptions = {},
): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void {
  const services = options.services ?? new ServiceContainer();
  // A configure function builds with these services: their addRouting options and constraint names apply.
  const router = resolveRouter(source, new Application(services));
  if (!services.has(ROUTER)) services.addSingleton(ROUTER, router);
  const route = routerMiddleware(router);
  return (req, res, next) => {
    const ctx = new HttpContext(req, res, services, options.pathBase ?? '');
    const fallThrough = async (): Promise<void> => {
      if (next) next();
      else writeProblem(res, problem(404, `No resource matches ${ctx.request.method} ${ctx.request.path}`));
    };
    Promise.resolve()
      .then(() => route(ctx, fallThrough))
      .catch((error: unknown) => {
      if (next) return next(error);
      (options.onError ?? ((e: unknown) => console.error('switchyard: unhandled error', e)))(error);
      writeProblem(res, problem(500, 'An unexpected error occurred.'));
    });
  };
}

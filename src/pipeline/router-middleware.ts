// RouterMiddleware: routes each request through a Router, invokes the handler it sets, or passes the
// request on (the third set-up step, after addRouting and a RouteBuilder); plus a Connect/Express-style adapter for apps without our pipeline.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Application } from './application.js';
import { HttpContext } from './http-context.js';
import { problem } from './problem-details.js';
import { writeProblem } from './write-problem.js';
import { answerUnmatched, routesAsGet, UNMATCHED_METHOD_KEYS, type UnmatchedMethodOptions } from './unmatched-method.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import { RouteBuilder } from './route-builder.js';
import { requireRouter } from './route-handler.js';
import { RouteCollection } from './route-collection.js';
import { Route } from './route.js';
import { isTracing, traceRoute } from './route-tracing.js';
import type { Middleware, RoutedHttpContext } from './delegates.js';
import { RouteContext, type Router } from './router.js';
import { ServiceContainer } from './service-container.js';

/** The service key under which useRouter registers the application's router (UrlHelper finds it there). */
export const ROUTER = Symbol.for('switchyard.router');

/**
 * Options of the router middleware: what it answers when no route takes a request's method (`headAsGet`,
 * `options`, `methodNotAllowed`), as every adapter does. Without them a HEAD goes again as GET, OPTIONS gets 204
 * with Allow and a method some other route of the path takes gets 405 (with a router that lists its methods, as a
 * RouteCollection does). See [Step 3: useRouter](https://switchyard-router.github.io/switchyard/docs/pipeline.html#step-3-userouterapp-router--configure).
 */
export type RouterMiddlewareOptions = UnmatchedMethodOptions;

/** A router that can say which methods the routes accepting a path allow (RouteCollection, a compiled router). */
interface MethodListingRouter extends Router {
  allowedMethods(path: string, httpContext?: unknown): string[];
}

/** A fresh RouteContext whose routers start with `router` (the caller awaits router.routeAsync on it). */
function routeContext(router: Router, httpContext: HttpContext): RouteContext {
  // An array of one, not a push onto an empty one: a push gives the array room for 16 more.
  return new RouteContext(httpContext, [router]);
}

/**
 * The options as the middleware applies them: 405 and OPTIONS need the methods a path allows, so a router that
 * cannot list them (a single Route, a Router of the application's own) answers neither unless asked, and asking is
 * an error. An unknown key is named: a misspelt option left out would change the answers in silence.
 */
function optionsFor(router: Router, options: RouterMiddlewareOptions, caller: string, keys: readonly string[]): RouterMiddlewareOptions {
  const [unknown] = unknownKeys(options, keys, 'its options object');
  if (unknown !== undefined) throw new TypeError(`${caller}: ${unknown}`);
  if (typeof (router as Partial<MethodListingRouter>).allowedMethods === 'function') return options;
  if (options.methodNotAllowed === true || options.options === true) {
    throw new TypeError(`${caller}: methodNotAllowed and options need a router with allowedMethods (a RouteCollection)`);
  }
  return { ...options, methodNotAllowed: false, options: false };
}

/** Publishes the RouteData the router made and runs the handler it set; always a promise (a handler may return none). */
function runHandler(httpContext: HttpContext, context: RouteContext): Promise<void> {
  httpContext.routeData = context.routeData;
  if (isTracing()) {
    const routers = context.routeData.routers;
    const route = routers[routers.length - 1]; // the Route that matched, after the routers that led to it
    if (route instanceof Route) traceRoute(route.template, httpContext.request.method, httpContext.request.pathBase);
  }
  const result = context.handler!(httpContext as RoutedHttpContext); // routeData is set just above
  return result instanceof Promise ? result : Promise.resolve(result);
}

/** Routes the request; runs the handler a route set, else answers per the options or calls `next`. */
function routerMiddleware(router: Router, applied: RouterMiddlewareOptions): Middleware {
  // A RouteCollection can route without a promise; any other Router is awaited.
  const routeNow = router instanceof RouteCollection ? (context: RouteContext) => router.routeNow(context) : (context: RouteContext) => router.routeAsync(context);

  /** After routing: the handler's promise, or what to do when no route took the request. */
  const afterRouting = (httpContext: HttpContext, context: RouteContext, next: () => Promise<void>): Promise<void> =>
    context.handler === null ? unhandled(httpContext, next) : runHandler(httpContext, context);

  /** No route took the request: HEAD as GET, then 405, OPTIONS or the next middleware, per the options. */
  const unhandled = async (httpContext: HttpContext, next: () => Promise<void>): Promise<void> => {
    const request = httpContext.request;
    if (routesAsGet(request.method, applied)) {
      request.routeAs('GET');
      const context = routeContext(router, httpContext);
      try {
        await router.routeAsync(context);
      } finally {
        request.routeAs(undefined); // the handler sees the client's HEAD
      }
      if (context.handler !== null) return runHandler(httpContext, context);
    }
    const answer = answerUnmatched(request.method, () => (router as MethodListingRouter).allowedMethods(request.path, httpContext), applied);
    if (answer === null) await next();
    else if (answer.kind === 'options') httpContext.response.send(204, undefined, { allow: answer.allow });
    else writeProblem(httpContext.response.raw, answer.problem, { allow: answer.allow });
  };

  // Not async: a request whose route is found at once goes straight to its handler, and the middleware returns
  // the handler's own promise (an async function here cost a promise and two awaits per request).
  return (httpContext, next) => {
    const context = routeContext(router, httpContext);
    let routing: Promise<void> | undefined;
    try {
      routing = routeNow(context);
      if (routing === undefined) return afterRouting(httpContext, context, next);
    } catch (error) {
      return Promise.reject(error); // a throwing constraint or handler: a rejection, as from an async function
    }
    return routing.then(() => afterRouting(httpContext, context, next));
  };
}

/** A router, or a function that configures a RouteBuilder (then built once, here). */
export type RouterSource = Router | ((builder: RouteBuilder) => void);

function resolveRouter(source: RouterSource, app: Application | null, where: string): Router {
  // A builder is not a router yet (a JavaScript caller is not stopped by the types): said here, not as a 500 per request.
  if (source instanceof RouteBuilder) throw new TypeError(`${where} needs a Router, got a RouteBuilder: pass builder.build() (the RouteCollection it makes), or a function that maps the routes on a builder`);
  if (typeof source !== 'function') {
    requireRouter(source, where);
    return source;
  }
  const builder = new RouteBuilder(app);
  source(builder);
  return builder.build();
}

/** Adds RouterMiddleware to the app; returns the router (built from the configure function if given one). */
export function useRouter<R extends Router>(app: Application, source: R, options?: RouterMiddlewareOptions): R;
export function useRouter(app: Application, source: RouterSource, options?: RouterMiddlewareOptions): Router;
export function useRouter(app: Application, source: RouterSource, options: RouterMiddlewareOptions = {}): Router {
  const router = resolveRouter(source, app, 'useRouter');
  if (!app.services.has(ROUTER)) app.services.addSingleton(ROUTER, router);
  app.use(routerMiddleware(router, optionsFor(router, options, 'useRouter', UNMATCHED_METHOD_KEYS)));
  return router;
}

/** Options of createNodeMiddleware. */
export interface NodeMiddlewareOptions extends RouterMiddlewareOptions {
  services?: ServiceContainer;
  pathBase?: string;
  onError?: (error: unknown) => void;
}

const NODE_MIDDLEWARE_KEYS: readonly string[] = [...UNMATCHED_METHOD_KEYS, 'services', 'pathBase', 'onError'];

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
  const router = resolveRouter(source, new Application(services), 'createNodeMiddleware');
  if (!services.has(ROUTER)) services.addSingleton(ROUTER, router);
  const middleware = routerMiddleware(router, optionsFor(router, options, 'createNodeMiddleware', NODE_MIDDLEWARE_KEYS));
  return (req, res, next) => {
    const ctx = new HttpContext(req, res, services, options.pathBase ?? '');
    const fallThrough = async (): Promise<void> => {
      if (next) next();
      else writeProblem(res, problem(404, `No resource matches ${ctx.request.method} ${ctx.request.path}`));
    };
    Promise.resolve()
      .then(() => middleware(ctx, fallThrough))
      .catch((error: unknown) => {
      if (next) return next(error);
      (options.onError ?? ((e: unknown) => console.error('switchyard: unhandled error', e)))(error);
      writeProblem(res, problem(500, 'An unexpected error occurred.'));
    });
  };
}

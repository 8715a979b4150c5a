// A route's middleware, run before its handler: each adapter composes a route's `middleware: [...]` and its
// `handler` into one handler in its framework's own way, once, when it is given the routes. A route without
// middleware keeps its handler as given, so its requests pay nothing.
import type { AdapterRouter } from './dispatch.js';
import { ROUTE_KEYS, type RouteDefinition } from '../compile/route-definition.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import { RouteCreationError } from '../errors.js';

/** A route definition as the adapters take it: with the middleware to run, in order, before its handler. */
export interface RouteWithMiddleware extends RouteDefinition {
  middleware?: readonly unknown[] | null;
}

/**
 * Composes one route's middleware and handler (both non-empty and functions) into its framework's handler;
 * `fail` refuses the route, naming it, with a reason (a middleware of a shape the framework refuses).
 */
export type ComposeRoute = (middleware: readonly Function[], handler: Function, fail: (reason: string) => never) => Function;

/**
 * The routes with each route's middleware composed into its handler (the `middleware` key gone); a router
 * (compile()'s or a built module's) as given. A key a route cannot have, a route's middleware that is not a list of functions, or middleware
 * on a route without a handler, is a RouteCreationError naming the route.
 */
export function withMiddleware(source: readonly RouteWithMiddleware[] | AdapterRouter, compose: ComposeRoute): readonly RouteDefinition[] | AdapterRouter {
  if (!Array.isArray(source)) return source as AdapterRouter;
  const routes = source as readonly RouteWithMiddleware[];
  for (const route of routes) {
    // A misspelt key (`middlewares: [auth]`) would be dropped here and the route left open: refused, with a guess.
    const [unknown] = typeof route === 'object' && route !== null ? unknownKeys(route, ROUTE_KEYS, 'a route') : [];
    if (unknown !== undefined) throw new RouteCreationError(typeof route.name === 'string' ? route.name : null, String(route.template), unknown);
    // `handler: [requireAdmin, h]` (plain JavaScript) would never run and the route would answer nothing.
    if (Array.isArray(route?.handler)) {
      throw new RouteCreationError(route.name ?? null, String(route.template), 'the handler must be one function; run others before it with middleware: [...]');
    }
  }
  if (!routes.some((route) => route?.middleware != null)) return routes;
  return routes.map((route) => {
    if (route?.middleware == null) return route;
    const { middleware, ...definition } = route;
    const fail = (reason: string): never => {
      throw new RouteCreationError(route.name ?? null, String(route.template), reason);
    };
    if (!Array.isArray(middleware)) fail(`middleware must be a list of functions, got ${typeof middleware}`);
    middleware.forEach((step, i) => {
      if (typeof step !== 'function') fail(`middleware[${i}] must be a function, got ${step === null ? 'null' : typeof step}`);
    });
    if (middleware.length === 0) return definition;
    if (typeof route.handler !== 'function') fail('middleware runs before a handler: the route has none');
    return { ...definition, handler: compose(middleware as Function[], route.handler as Function, fail) };
  });
}

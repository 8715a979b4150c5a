// The router an adapter runs: the routes given to it compiled once, or the router given. Apart from dispatch.ts,
// so that an adapter over a built router (hono-aot.ts) does not reach compile().
import { checkRoutes, compile } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import { throwRouteFailures } from '../errors.js';
import { routesWithoutHandler, type AdapterOptions, type AdapterRouter } from './dispatch.js';

/** What an adapter's options object may hold (AdapterOptions), besides a framework's own keys. */
const ADAPTER_KEYS: readonly (keyof AdapterOptions)[] = ['headAsGet', 'methodNotAllowed', 'options', 'compile'];

/**
 * The router of routes given to an adapter (compiled once), or the router given (compile()'s or a built module's). An option key the adapter
 * does not know is named (`methodNotAlowed` would leave the default in force in silence); `frameworkKeys` are the
 * ones the framework itself puts there (Fastify's register options). A route that answers requests without a
 * handler is refused (routesWithoutHandler, `handlerForm` the framework's handler for the message), in one error
 * with every route compile() would refuse: the whole table fixed in one run.
 */
export function routerOf(source: readonly RouteDefinition[] | AdapterRouter, options: AdapterOptions, handlerForm: string, frameworkKeys: readonly string[] = []): AdapterRouter {
  const [unknown] = unknownKeys(options, [...ADAPTER_KEYS, ...frameworkKeys], "the adapter's options object");
  if (unknown !== undefined) throw new TypeError(`switchyard: ${unknown}`);
  if (!Array.isArray(source)) {
    throwRouteFailures(routesWithoutHandler((source as AdapterRouter).routes, handlerForm));
    return source as AdapterRouter;
  }
  const routes = source as readonly RouteDefinition[];
  const missing = routesWithoutHandler(routes, handlerForm);
  // Sorted by index, stable: a route's compile() error before its missing handler.
  if (missing.length > 0) throwRouteFailures([...checkRoutes(routes, options.compile ?? {}), ...missing].sort((x, y) => x.routeIndex - y.routeIndex));
  return compile(routes as RouteDefinition[], options.compile);
}

// The router an adapter runs: the routes given to it compiled once, or the router given. Apart from dispatch.ts,
// so that an adapter over a built router (hono-aot.ts) does not reach compile().
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';
import type { AdapterOptions } from './dispatch.js';

/** The router of routes given to an adapter (compiled once), or the compiled router given. */
export function routerOf(source: readonly RouteDefinition[] | CompiledRouter, options: AdapterOptions): CompiledRouter {
  return Array.isArray(source) ? compile(source as RouteDefinition[], options.compile) : (source as CompiledRouter);
}

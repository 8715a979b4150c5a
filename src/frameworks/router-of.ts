// The router an adapter runs: the routes given to it compiled once, or the router given. Apart from dispatch.ts,
// so that an adapter over a built router (hono-aot.ts) does not reach compile().
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import type { AdapterOptions } from './dispatch.js';

/** What an adapter's options object may hold (AdapterOptions), besides a framework's own keys. */
const ADAPTER_KEYS: readonly (keyof AdapterOptions)[] = ['headAsGet', 'methodNotAllowed', 'options', 'compile'];

/**
 * The router of routes given to an adapter (compiled once), or the compiled router given. An option key the adapter
 * does not know is named (`methodNotAlowed` would leave the default in force in silence); `frameworkKeys` are the
 * ones the framework itself puts there (Fastify's register options).
 */
export function routerOf(source: readonly RouteDefinition[] | CompiledRouter, options: AdapterOptions, frameworkKeys: readonly string[] = []): CompiledRouter {
  const [unknown] = unknownKeys(options, [...ADAPTER_KEYS, ...frameworkKeys], "the adapter's options object");
  if (unknown !== undefined) throw new TypeError(`switchyard: ${unknown}`);
  return Array.isArray(source) ? compile(source as RouteDefinition[], options.compile) : (source as CompiledRouter);
}

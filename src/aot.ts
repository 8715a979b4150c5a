// switchyard-router/aot: the runtime of router modules built ahead of time (`switchyard build`,
// compileToModule()). A built module imports loadRouter from here and nothing else: no template parser runs, no
// code is generated from strings, so it runs where eval and new Function are forbidden (Cloudflare Workers,
// strict Content-Security-Policy pages).
export { loadRouter, type AotRouter, type ModuleTable } from './compile/aot/load-router.js';
export { normalizeRoute, routeListOf } from './compile/aot/route-source.js';
export type { RouteDefinition } from './compile/route-entry.js';

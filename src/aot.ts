// switchyard-router/aot: the runtime of router modules built ahead of time (`switchyard build`,
// compileToModule()). No template parser runs, no constraint name is resolved, no code is generated from strings,
// so a built module runs where eval and new Function are forbidden (Cloudflare Workers, strict
// Content-Security-Policy pages).
//
// loadRouter: what a built module calls with its table. protocol: everything a built module of this format imports
// (switchyard-router/aot/protocol, one namespace; protocol.FORMAT is its module format). A module imports it from
// its own subpath, not from here: a bundler keeps only the members a module names when the module imports the
// namespace itself, and every member when it goes through this re-export (docs/aot.md, "What a module imports").
export { loadRouter, type AotRouter, type ModuleTable } from './compile/aot/load-router.js';
export * as protocol from './aot-protocol.js';
export type { RouteDefinition } from './compile/route-definition.js';

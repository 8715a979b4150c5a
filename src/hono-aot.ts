// switchyard-router/hono/aot: the Hono middleware over a router built ahead of time, without compile() (Cloudflare
// Workers: no new Function in the bundle). The framework is an optional peer dependency; this entry imports
// only its types.
export * from './frameworks/hono-aot.js';
export type { AdapterRouter, SwitchyardRequestData, UrlFor } from './frameworks/dispatch.js';
export type { HandlerTypes, TypedAdapter } from './frameworks/typed-routes.js';
export type { HonoHandler, HonoRouteData, HonoTypes } from './frameworks/hono.js';

// switchyard-router/hono: the routes inside Hono 4 (middleware, and a Router). The framework is an optional peer dependency;
// this entry imports only its types (and hono's UnsupportedPathError).
export * from './frameworks/hono.js';
export type { AdapterOptions, SwitchyardRequestData, UrlFor } from './frameworks/dispatch.js';
export type { AdapterEntry, HandlerTypes, TypedAdapter } from './frameworks/typed-routes.js';

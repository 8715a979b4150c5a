// switchyard-router/koa: the routes inside Koa 3 (middleware). The framework is an optional peer dependency;
// this entry imports only its types.
export * from './frameworks/koa.js';
export type { AdapterOptions, SwitchyardRequestData, UrlFor } from './frameworks/dispatch.js';
export type { AdapterEntry, HandlerTypes, TypedAdapter } from './frameworks/typed-routes.js';

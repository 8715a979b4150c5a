// switchyard-router/express: the routes inside Express 5 (middleware). The framework is an optional peer dependency;
// this entry imports only its types.
export * from './frameworks/express.js';
export type { AdapterOptions, SwitchyardRequestData, UrlFor } from './frameworks/dispatch.js';
export type { AdapterEntry, HandlerTypes, TypedAdapter } from './frameworks/typed-routes.js';

// switchyard-router/fastify: the routes inside Fastify 5 (a plugin). The framework is an optional peer dependency;
// this entry imports only its types.
export * from './frameworks/fastify.js';
export type { AdapterOptions, SwitchyardRequestData, UrlFor } from './frameworks/dispatch.js';
export type { AdapterEntry, HandlerTypes, TypedAdapter } from './frameworks/typed-routes.js';

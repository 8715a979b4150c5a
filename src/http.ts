// switchyard-router/http: the ASP.NET-style pipeline on node:http (createApplication, addRouting, RouteBuilder,
// useRouter, UrlHelper) — re-exports only. The objects the pipeline makes for a request or an application
// (HttpContext and its request and response, RouteContext, RouteData, Application) are named as types only: a
// program receives them, it does not construct them.
export { ServiceContainer, type ServiceKey } from './pipeline/service-container.js';
export type { HttpContext, HttpRequest, HttpResponse } from './pipeline/http-context.js';
export type { RequestDelegate, RouteRequestHandler, RouteMiddleware, RoutedHttpContext, Middleware } from './pipeline/delegates.js';
export type { RouteData } from './pipeline/route-data.js';
export type { RouteContext, Router, NamedRouter } from './pipeline/router.js';
export { VirtualPathContext, VirtualPathData } from './pipeline/virtual-path.js';
export { problem, type ProblemDetails } from './pipeline/problem-details.js';
export { writeProblem } from './pipeline/write-problem.js';
export { addRouting, getRoutingServices, type RouteOptions, type RoutingServices } from './pipeline/routing-services.js';
export { RouteHandler } from './pipeline/route-handler.js';
export { Route, type RouteConstraints } from './pipeline/route.js';
export { RouteCollection } from './pipeline/route-collection.js';
export {
  RouteBuilder,
  type ConfigureBranch,
  type MapOptions,
  type GroupOptions,
  type MappedValues,
  type RouteTable,
} from './pipeline/route-builder.js';
export {
  useRouter,
  createNodeMiddleware,
  ROUTER,
  type RouterSource,
  type NodeMiddlewareOptions,
  type RouterMiddlewareOptions,
} from './pipeline/router-middleware.js';
export { UrlHelper } from './pipeline/url-helper.js';
export { createApplication, type Application, type ApplicationOptions } from './pipeline/application.js';
export { answerUnreadableRequests, type UnreadableRequestOptions } from './pipeline/unreadable-request.js';
export { MAX_UNSENT_BYTES } from './pipeline/pipelining.js';
export { routeInspector, type InspectorError, type InspectorProblem, type RouteInspector, type RouteInspectorOptions } from './pipeline/route-inspector.js';

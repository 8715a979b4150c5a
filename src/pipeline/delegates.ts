// The delegate types of the pipeline (as ASP.NET names them): a request handler, a mapped route's handler and
// the context it sees, a middleware step.
import type { RouteValues } from '../route-values.js';
import type { HttpContext } from './http-context.js';
import type { RouteData } from './route-data.js';

/** Handles a request (ASP.NET RequestDelegate). */
export type RequestDelegate = (httpContext: HttpContext) => Promise<void>;

/** An HttpContext inside a mapped handler: the route matched, so routeData is set, with typed values. */
export type RoutedHttpContext<Values extends RouteValues = RouteValues> = HttpContext<Values> & { readonly routeData: RouteData<Values> };

/** A mapped route's handler (mapGet & co.): may be synchronous; its context's route values are typed. */
export type RouteRequestHandler<Values extends RouteValues = RouteValues> = (httpContext: RoutedHttpContext<Values>) => void | Promise<void>;

/** A pipeline step: do something, and call `next` to pass the request on (or don't). */
export type Middleware = (httpContext: HttpContext, next: () => Promise<void>) => Promise<void>;

/**
 * A mapped route's middleware (MapOptions.middleware, GroupOptions.middleware): runs before the route's handler
 * with its values already set; calls `next` to go on to the next one and the handler, or answers itself.
 */
export type RouteMiddleware<Values extends RouteValues = RouteValues> = (httpContext: RoutedHttpContext<Values>, next: () => Promise<void>) => void | Promise<void>;

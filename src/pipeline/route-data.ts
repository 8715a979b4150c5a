// The routing contracts (as ASP.NET's classic routing names them): Router (IRouter), RouteContext, RouteData, VirtualPathContext,
// VirtualPathData, and the delegate types of the pipeline.
import type { RouteValues } from '../route-values.js';
import type { HttpContext } from './http-context.js';

/** Handles a request (ASP.NET RequestDelegate). */
export type RequestDelegate = (httpContext: HttpContext) => Promise<void>;

/** An HttpContext inside a mapped handler: the route matched, so routeData is set, with typed values. */
export type RoutedHttpContext<Values extends RouteValues = RouteValues> = HttpContext<Values> & { readonly routeData: RouteData<Values> };

/** A mapped route's handler (mapGet & co.): may be synchronous; its context's route values are typed. */
export type RouteRequestHandler<Values extends RouteValues = RouteValues> = (httpContext: RoutedHttpContext<Values>) => void | Promise<void>;

/** A pipeline step: do something, and call `next` to pass the request on (or don't). */
export type Middleware = (httpContext: HttpContext, next: () => Promise<void>) => Promise<void>;

/** A router (ASP.NET IRouter): routes requests and generates URLs. */
export interface Router {
  /** Sets context.handler (and context.routeData) when this router handles the request. */
  routeAsync(context: RouteContext): Promise<void>;
  /** A URL for the context's values, or null when this router cannot produce one. */
  getVirtualPath(context: VirtualPathContext): VirtualPathData | null;
}

/** A router with a name, for URL generation by route name (ASP.NET INamedRouter). */
export interface NamedRouter extends Router {
  readonly name: string | null;
}

/** The result of routing: values from the URL plus defaults, the route's data tokens, the routers on the way. */
export class RouteData<Values extends RouteValues = RouteValues> {
  constructor(
    /**
     * Route values: URL values are decoded strings; defaults as given. A plain object keyed by each name as
     * the template spells it (`u/{ID}` gives `values.ID`); getRouteValue-style lookups ignoring case are
     * the library's business (defaults, constraints, generation), not this object's.
     */
    readonly values: Values = {} as Values,
    /** Developer data of the matched route; never affects routing. */
    readonly dataTokens: Record<string, unknown> = {},
    /** The collection first, the route that matched last. */
    readonly routers: Router[] = [],
  ) {}
}

/** The input and output of Router.routeAsync. */
export class RouteContext {
  /** Set by the router that handles the request; null means "not handled" (the next one is tried). */
  handler: RouteRequestHandler<any> | null = null;
  routeData: RouteData = new RouteData();
  constructor(readonly httpContext: HttpContext) {}
}

/** The input of getVirtualPath: context, ambient values (the current request's), explicit values, route name. */
export class VirtualPathContext {
  constructor(
    readonly httpContext: HttpContext | null,
    readonly ambientValues: RouteValues | null,
    readonly values: RouteValues,
    readonly routeName: string | null = null,
  ) {}
}

/** A generated URL: the path (without the application's base path), the router that made it, its data tokens. */
export class VirtualPathData {
  constructor(
    readonly router: Router,
    readonly virtualPath: string,
    readonly dataTokens: Readonly<Record<string, unknown>> = {},
  ) {}
}

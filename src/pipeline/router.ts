// The router contract of ASP.NET's classic routing: Router (IRouter), NamedRouter (INamedRouter), and
// RouteContext, the input and output of routing one request.
import type { RouteRequestHandler } from './delegates.js';
import type { HttpContext } from './http-context.js';
import { RouteData } from './route-data.js';
import type { VirtualPathContext, VirtualPathData } from './virtual-path.js';

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

/** The input and output of Router.routeAsync. */
export class RouteContext {
  /** Set by the router that handles the request; null means "not handled" (the next one is tried). */
  handler: RouteRequestHandler<any> | null = null;
  routeData: RouteData;
  constructor(
    readonly httpContext: HttpContext,
    /** The routers on the way so far (the first router of the request; the caller's own array). */
    routers: Router[] = [],
  ) {
    this.routeData = new RouteData({}, {}, routers);
  }
}

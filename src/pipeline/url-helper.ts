// UrlHelper: URLs for handlers, built on getVirtualPath with the current request's values as ambient values.
import type { RouteValues } from '../route-values.js';
import type { HttpContext } from './http-context.js';
import { VirtualPathContext, type Router, type VirtualPathData } from './route-data.js';
import { ROUTER } from './router-middleware.js';

/** Generates URLs for the current request (the way handlers should generate URLs: the current request's values are the ambient values). */
export class UrlHelper {
  private readonly router: Router;

  constructor(
    readonly httpContext: HttpContext,
    /** The route collection; default: the one that routed this request, else the app's (useRouter). */
    router?: Router,
  ) {
    const found = router ?? httpContext.routeData?.routers[0] ?? httpContext.requestServices.get<Router>(ROUTER);
    if (!found) throw new Error('UrlHelper needs a router: none routed this request and none is registered');
    this.router = found;
  }

  /** getVirtualPath for `values` (and optionally a route name), the request's route values as ambient. */
  getVirtualPath(routeName: string | null, values: RouteValues = {}): VirtualPathData | null {
    const ambient = this.httpContext.routeData?.values ?? null;
    return this.router.getVirtualPath(new VirtualPathContext(this.httpContext, ambient, values, routeName));
  }

  /** The path (with the application's base path) for the route, or null when no route can produce it. */
  routeUrl(routeName: string | null, values: RouteValues = {}): string | null {
    const data = this.getVirtualPath(routeName, values);
    return data === null ? null : this.httpContext.request.pathBase + data.virtualPath;
  }

  /** The absolute URI (scheme and host of the request, base path, path), or null. */
  link(routeName: string | null, values: RouteValues = {}): string | null {
    const path = this.routeUrl(routeName, values);
    const request = this.httpContext.request;
    return path === null ? null : `${request.scheme}://${request.host}${path}`;
  }
}

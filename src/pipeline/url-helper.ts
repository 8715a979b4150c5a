// UrlHelper: URLs for handlers, built on getVirtualPath with the current request's values as ambient values.
import type { RouteValues } from '../route-values.js';
import type { HttpContext } from './http-context.js';
import type { RouteTable } from './route-builder.js';
import type { Router } from './router.js';
import { VirtualPathContext, type VirtualPathData } from './virtual-path.js';
import { ROUTER } from './router-middleware.js';

/** The values argument of routeUrl/link for route N: optional when the route needs none. */
type ValuesArgument<Table extends RouteTable, N extends keyof Table> = {} extends Table[N] ? [values?: Table[N]] : [values: Table[N]];

/**
 * Generates URLs for the current request (the way handlers should generate URLs: the current request's
 * values are the ambient values). Given a
 * RouteCollection built by a RouteBuilder, routeUrl and link accept only its route names and require the
 * values each route needs that have no default (ambient values aside: pass them explicitly, or use
 * getVirtualPath, which stays loose).
 */
export class UrlHelper<Table extends RouteTable = RouteTable> {
  private readonly router: Router;

  constructor(
    readonly httpContext: HttpContext,
    /** The route collection; default: the one that routed this request, else the app's (useRouter). */
    router?: Router & { readonly routeTable?: Table },
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
  routeUrl(routeName: null, values?: RouteValues): string | null;
  routeUrl<N extends keyof Table & string>(routeName: N, ...values: ValuesArgument<Table, N>): string | null;
  routeUrl(routeName: string | null, values: RouteValues = {}): string | null {
    return this.pathFor(routeName, values);
  }

  private pathFor(routeName: string | null, values: RouteValues): string | null {
    const data = this.getVirtualPath(routeName, values);
    return data === null ? null : this.httpContext.request.pathBase + data.virtualPath;
  }

  /** The absolute URI (scheme and host of the request, base path, path), or null. */
  link(routeName: null, values?: RouteValues): string | null;
  link<N extends keyof Table & string>(routeName: N, ...values: ValuesArgument<Table, N>): string | null;
  link(routeName: string | null, values: RouteValues = {}): string | null {
    const path = this.pathFor(routeName, values);
    const request = this.httpContext.request;
    return path === null ? null : `${request.scheme}://${request.host}${path}`;
  }
}

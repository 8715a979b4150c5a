// URL generation's contract with a Router (as ASP.NET's classic routing names it): VirtualPathContext in,
// VirtualPathData out.
import type { RouteValues } from '../route-values.js';
import type { HttpContext } from './http-context.js';
import type { Router } from './router.js';

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

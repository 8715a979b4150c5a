// RouteHandler: a Router that always handles the request with one RequestDelegate.
import type { RequestDelegate, RouteContext, Router, VirtualPathContext, VirtualPathData } from './route-data.js';

/** Wraps a RequestDelegate as a Router (ASP.NET RouteHandler). */
export class RouteHandler implements Router {
  constructor(readonly requestDelegate: RequestDelegate) {
    if (typeof requestDelegate !== 'function') throw new TypeError('RouteHandler needs a RequestDelegate function');
  }

  async routeAsync(context: RouteContext): Promise<void> {
    context.handler = this.requestDelegate;
  }

  getVirtualPath(_context: VirtualPathContext): VirtualPathData | null {
    return null;
  }
}

// RouteHandler: a Router that always handles the request with one RequestDelegate.
import type { RouteRequestHandler } from './delegates.js';
import type { RouteContext, Router } from './router.js';
import type { VirtualPathContext, VirtualPathData } from './virtual-path.js';

/**
 * Throws a TypeError unless `value` is a Router (has routeAsync). A plain function is the usual mistake:
 * the message says to wrap it in a RouteHandler.
 */
export function requireRouter(value: unknown, where: string): asserts value is Router {
  if (typeof (value as Router | null)?.routeAsync === 'function') return;
  if (typeof value === 'function') {
    throw new TypeError(`${where} needs a Router, got a plain function: wrap a request handler as new RouteHandler(handler)`);
  }
  throw new TypeError(`${where} needs a Router (an object with routeAsync and getVirtualPath), got ${value === null ? 'null' : typeof value}`);
}

/** Wraps a RequestDelegate (or a synchronous handler) as a Router (ASP.NET RouteHandler). */
export class RouteHandler implements Router {
  constructor(readonly requestDelegate: RouteRequestHandler<any>) {
    if (typeof requestDelegate !== 'function') throw new TypeError('RouteHandler needs a RequestDelegate function');
  }

  async routeAsync(context: RouteContext): Promise<void> {
    context.handler = this.requestDelegate;
  }

  getVirtualPath(_context: VirtualPathContext): VirtualPathData | null {
    return null;
  }
}

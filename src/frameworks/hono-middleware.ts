// The Hono middleware over a router already made: compile()'s or a built module's. No compile() here, so the
// entry for built routers (switchyard-router/hono/aot) bundles without the code generator or new Function.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { traceRoute } from '../pipeline/route-tracing.js';
import { decide, requestData, type AdapterOptions, type AdapterRouter } from './dispatch.js';

/** The middleware: the route that takes the request runs with c.var.switchyard set; nothing matches: next(). */
export function honoMiddleware(router: AdapterRouter, options: AdapterOptions): MiddlewareHandler {
  return async (c: Context, next: Next): Promise<Response | void> => {
    const url = c.req.url;
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2)); // path and query, as sent
    const decision = decide(router, c.req.method, target, options);
    switch (decision.kind) {
      case 'next':
        return next();
      case 'options':
        return c.body(null, 204, { allow: decision.allow });
      case 'methodNotAllowed':
        return c.body(JSON.stringify(decision.problem), 405, { allow: decision.allow, 'content-type': 'application/problem+json' });
    }
    const handler = decision.match.route.handler as MiddlewareHandler | undefined;
    if (typeof handler !== 'function') return next();
    c.set('switchyard' as never, requestData(router, decision.match) as never);
    // Hono's c.req.routePath stays Hono's own (this middleware's path): the route is on the span.
    traceRoute(decision.match.route.template, c.req.method);
    return handler(c, next);
  };
}

// The Hono middleware over a router already made: compile()'s or a built module's. No compile() here, so the
// entry for built routers (switchyard-router/hono/aot) bundles without the code generator or new Function.
// Templates match below the path the middleware is registered under (app.route(), basePath(), a route prefix
// with parameters): its segments are cut from the path, put before links and before http.route.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { traceRoute } from '../pipeline/route-tracing.js';
import { belowMount, decide, requestData, type AdapterOptions, type AdapterRouter, type NameGuess } from './dispatch.js';
import { mountLink, mountOf, mountRoute } from './mount.js';

/**
 * The middleware: the route that takes the request runs with c.var.switchyard set; nothing matches: next(). `guess`:
 * urlFor's guess at a name no route has, `misuse` the error when another framework calls it (wrong-framework.ts;
 * none over a built router: a Worker's bundle carries neither, and a Worker has no other framework).
 */
export function honoMiddleware(router: AdapterRouter, options: AdapterOptions, guess?: NameGuess, misuse?: (c: unknown, next: unknown) => TypeError): MiddlewareHandler {
  // The mount of the path the middleware was last reached under (one path, except for a middleware registered
  // twice): read from it once, not split and matched again on every request.
  let registeredPath: string | null = null;
  let depth = 0;
  let pattern = '';
  return async (c: Context, next: Next): Promise<Response | void> => {
    // Below the path the middleware is registered under (app.route('/api', sub), basePath('/v1'),
    // app.use('/t/:tenant/*', …)): its segments are the mount, cut from the path and put before links.
    const request = c.req;
    const registered = request?.routePath;
    if (registered !== registeredPath) {
      // Hono's requests have a routePath: without one, another framework called.
      if (registered === undefined && misuse) throw misuse(c, next);
      registeredPath = registered;
      pattern = mountPath(registered);
      depth = pattern.split('/').filter((segment) => segment !== '').length;
    }
    const { url, method } = request;
    const { base, rest: target } = belowMount(url.slice(url.indexOf('/', url.indexOf('//') + 2)), depth);
    const decision = decide(router, method, target, options);
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
    const mount = mountOf(pattern, base);
    c.set('switchyard' as never, requestData(router, decision.match, mountLink(mount), guess) as never);
    // Hono's c.req.routePath stays Hono's own (this middleware's path): the route is on the span, under the
    // mount as registered ('/t/:tenant'). The mount's values are Hono's: c.req.param('tenant').
    traceRoute(decision.match.route.template, method, mountRoute(mount));
    return handler(c, next);
  };
}

/**
 * The mount as registered, as http.route starts with it ('/api/*' → '/api/', '/*' → '/', '*' → ''; mountOf drops
 * the "/"s it ends with); a path without a trailing '*' is no mount. Its segments are the ones cut from a request's
 * path.
 */
function mountPath(routePath: string): string {
  return routePath.endsWith('*') ? routePath.slice(0, -1) : '';
}

/**
 * A route's middleware and handler as one Hono handler, as Hono composes its own: each step's next() runs the
 * next one, and the Response the handler returns becomes c.res, so a step that awaited next() sees it (and may
 * change its headers); a step that returns a Response without calling next() answers. What a step throws goes
 * to app.onError.
 */
export function composeHono(middleware: readonly Function[], handler: Function): MiddlewareHandler {
  const steps = [...middleware, handler] as MiddlewareHandler[];
  return (c, next) => {
    let called = -1;
    const dispatch = async (i: number): Promise<Response | void> => {
      if (i <= called) throw new Error('next() called multiple times');
      called = i;
      if (i + 1 === steps.length) return steps[i](c, next);
      return steps[i](c, async () => {
        const answer = await dispatch(i + 1);
        if (answer instanceof Response && !c.finalized) c.res = answer;
      });
    };
    return dispatch(0);
  };
}

// An adapter given to another framework (Express's middleware in Koa, Koa's in Express, Express's registered as a
// Fastify plugin) would fail deep inside, on a property the other framework's objects do not have ("Cannot set
// properties of undefined (setting 'switchyard')"). Each adapter checks one property of its arguments where a
// request starts (Fastify's plugin: where it is registered) and, when it is not its framework's, throws this
// error: its own framework, the one that called it, and the adapter that fits. Only that error path reads more.

/** How each framework calls what it is given, as told by its arguments, and the adapter that fits it. */
const CALLERS: readonly (readonly [is: (args: readonly any[]) => boolean, called: string, fit: string])[] = [
  // Koa's context delegates to its request and response; Hono's has neither (its c.req is a HonoRequest).
  [([ctx]) => ctx?.request !== undefined && ctx?.response !== undefined, 'Koa called it with (ctx, next)', 'koa'],
  [([c]) => typeof c?.req?.param === 'function' && typeof c?.json === 'function', 'Hono called it with (c, next)', 'hono'],
  [([instance]) => typeof instance?.decorateRequest === 'function', 'Fastify registered it as a plugin (instance, options)', 'fastify'],
  [([, reply]) => typeof reply?.code === 'function' && typeof reply?.send === 'function', 'Fastify called it as a route handler (request, reply)', 'fastify'],
  [([req, res]) => req?.app !== undefined && res?.locals !== undefined, 'Express called it with (req, res, next)', 'express'],
];

/**
 * The error of adapter `self` ("switchyard-router/koa is Koa middleware (ctx, next)") called with `args`, which are
 * not its framework's: naming the framework that called and the adapter to use, where the arguments tell.
 */
export function wrongFramework(self: string, args: readonly unknown[]): TypeError {
  const caller = CALLERS.find(([is]) => is(args));
  if (caller !== undefined) {
    const [, called, fit] = caller;
    const use = fit === 'fastify' ? 'app.register(switchyard, { routes })' : 'app.use(switchyard(routes))';
    return new TypeError(`${self}, but ${called}: use switchyard-router/${fit} there, ${use}`);
  }
  const shape = args.map((arg) => (arg === null ? 'null' : typeof arg)).join(', ');
  return new TypeError(`${self}, but it was called with (${shape}), which are not its framework's`);
}

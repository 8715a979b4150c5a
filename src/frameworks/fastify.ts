// switchyard-router/fastify: the routes as a Fastify 5 plugin, registered under a prefix like any plugin
// (`app.register(switchyard, { prefix: '/api', routes })`). It adds one fastify route for every path under the
// prefix, so fastify's hooks, reply and error handling apply; a route's handler is a fastify handler
// `(request, reply)`, with the matched values in request.params and the match and urlFor in
// request.switchyard. Nothing matches: fastify's not-found handling (reply.callNotFound()).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import { belowMount, decide, pathOf, requestData, type AdapterOptions, type AdapterRouter, type SwitchyardRequestData } from './dispatch.js';
import { didYouMeanSuffix } from '../did-you-mean.js';
import { routerOf } from './router-of.js';
import { wrongFramework } from './wrong-framework.js';
import { withMiddleware, type RouteWithMiddleware } from './route-middleware.js';
import { traceRoute } from '../pipeline/route-tracing.js';
import { mountLink, mountOf, mountRoute, valuesUnderMount } from './mount.js';
import { group as groupRoutes } from '../compile/route-group.js';
import { routesAsGiven, type HandlerTypes, type RoutesOf, type TypedAdapter, type TypedRoutes } from './typed-routes.js';

/** The plugin's options: fastify's `prefix`, the routes (or a router already made), the adapter's options. */
export interface SwitchyardFastifyOptions extends AdapterOptions {
  /** Route definitions whose handler (and middleware) are fastify's, or a router whose routes carry them: compile()'s or a built module's. */
  readonly routes: readonly RouteWithMiddleware[] | AdapterRouter;
  readonly prefix?: string;
}

/** What request.switchyard holds in a route's handler. */
export type FastifyRouteData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = SwitchyardRequestData<Routes, Values>;

/** A route's handler: a fastify handler whose request.params are the route's values. */
export type FastifyHandler<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = (
  this: FastifyInstance,
  request: FastifyRequest<{ Params: Values }> & { readonly switchyard: FastifyRouteData<Routes, Values> },
  reply: FastifyReply<{ Params: Values }>,
) => unknown;

/**
 * A route's middleware: a preHandler hook whose request.params are the route's values, async
 * `(request, reply)` or with a callback `(request, reply, done)`.
 */
export type FastifyMiddleware<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> = (
  this: FastifyInstance,
  request: FastifyRequest<{ Params: Values }> & { readonly switchyard: FastifyRouteData<Routes, Values> },
  reply: FastifyReply<{ Params: Values }>,
  done: (error?: Error) => void,
) => unknown;

/** The Fastify adapter's handler type and its route middleware's (preHandler hooks): what `defineRoutes`, `group` and `switchyard` type each route's handler and middleware with, its `request.params` from the route's template and defaults and `request.switchyard.urlFor` by the route's table. */
export interface FastifyTypes extends HandlerTypes<'fastify'> {
  readonly handler: FastifyHandler<RoutesOf<this['routes']>, this['values']>;
  readonly middleware: FastifyMiddleware<RoutesOf<this['routes']>, this['values']>;
}
/**
 * A module of routes: `defineRoutes([...])` returns the routes as given, each inline handler and middleware typed from
 * its route (`request.params` from its template and defaults, `request.switchyard.urlFor` by the module's route names),
 * and they stay typed in a table spread from modules (`app.register(switchyard, { routes: [...users, ...posts] })`). A
 * handler links to another module's route with `urlFor(module, name, values)`.
 *
 * @example
 * export const users = defineRoutes([{ name: 'user', template: 'users/{id:int}', handler: async (request) => ({ id: request.params.id }) }]);
 *
 * @see [switchyard in Fastify 5](https://switchyard-router.github.io/switchyard/docs/frameworks/fastify.html); [Links
 * between route
 * modules](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#links-between-route-modules)
 */
export const defineRoutes: TypedAdapter<FastifyTypes>['defineRoutes'] = routesAsGiven as never;
/**
 * Routes under a shared prefix: `group({ prefix, name, middleware, defaults, constraints }, routes)` returns the routes
 * with `prefix` joined before each template (it may hold parameters: `tenants/{tenant:int}`), `name` before each
 * route's name, `middleware` (preHandler hooks `async (request, reply)` or `(request, reply, done)`) run before each
 * route's own, and `defaults` and `constraints` given to each route (a route's own win). Every option may be left out.
 * Each handler is typed from its route under the prefix: `request.params` from the joined template,
 * `request.switchyard.urlFor` by the group's route names. Groups nest; spread the result into the table
 * (`app.register(switchyard, { routes: [...admin] })`).
 *
 * @example
 * export const admin = group({ prefix: 'tenants/{tenant:int}/admin', name: 'admin.', middleware: [requireAdmin] }, [{ name: 'user', template: 'users/{id}', handler: async (request) => request.params }]);
 *
 * @see [switchyard in Fastify 5](https://switchyard-router.github.io/switchyard/docs/frameworks/fastify.html);
 * [Groups](https://switchyard-router.github.io/switchyard/docs/typed-routes.html#groups)
 */
export const group: TypedAdapter<FastifyTypes>['group'] = groupRoutes as never;

/** A hook of a route's middleware: a preHandler hook, async `(request, reply)` or with a callback `(request, reply, done)`. */
type Hook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => unknown;

/** The plugin's own option and what Fastify's register() takes beside it (fastify.register(switchyard, { routes, prefix })). */
const FASTIFY_KEYS = ['routes', 'prefix', 'logLevel', 'logSerializers'];

/** The plugin. */
export async function switchyard(fastify: FastifyInstance, options: SwitchyardFastifyOptions): Promise<void> {
  // Not a Fastify instance: another framework called the plugin as its middleware (wrong-framework.ts).
  if (typeof fastify?.decorateRequest !== 'function') throw wrongFramework('switchyard-router/fastify is a Fastify plugin (app.register(switchyard, { routes }))', [fastify, options]);
  const router = routerOf(withMiddleware(options.routes, composeFastify), options, '(request, reply) => …', FASTIFY_KEYS);
  const prefix = fastify.prefix;
  // The prefix's segments (its parameters' too: `prefix: '/t/:tenant'`) are cut from the request's path.
  const depth = prefix.split('/').filter((segment) => segment !== '').length;
  fastify.decorateRequest('switchyard', null);
  const handle = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const { base, rest: target } = belowMount(pathOf(request.url), depth);
    const decision = decide(router, request.method, target, options);
    switch (decision.kind) {
      case 'next':
        return reply.callNotFound();
      case 'options':
        return reply.code(204).header('allow', decision.allow).send();
      case 'methodNotAllowed':
        return reply.code(405).header('allow', decision.allow).type('application/problem+json').send(JSON.stringify(decision.problem));
    }
    const handler = decision.match.route.handler as RouteHandlerMethod | undefined;
    if (typeof handler !== 'function') return reply.callNotFound();
    // The prefix's parameters, as fastify gave them, stay; the rest of the path ('*') was only this plugin's.
    const { '*': _rest, ...mountValues } = request.params as Record<string, unknown>;
    (request as { params: unknown }).params = valuesUnderMount(mountValues, decision.match.values);
    const mount = mountOf(prefix, base);
    (request as { switchyard?: SwitchyardRequestData }).switchyard = requestData(router, decision.match, mountLink(mount), didYouMeanSuffix);
    // routeOptions.url is fastify's own ('/*'), read-only: the route goes on the span.
    traceRoute(decision.match.route.template, request.method, mountRoute(mount));
    return handler.call(this, request, reply);
  };
  fastify.all('/', handle);
  fastify.all('/*', handle);
}

/**
 * A route's middleware and handler as one fastify handler, as fastify runs preHandler hooks: in order, each
 * given `done`; one that returns a promise is awaited, any other waited for until it calls done, whatever its
 * length (`(...args) => …` and a default parameter hide `done` from it). A hook that sends the reply ends the
 * chain (the handler does not run); what a hook throws, rejects or passes to done goes to fastify's error
 * handling. An async function that declares done is refused, as fastify's addHook refuses it: which of its
 * promise and its done would end it?
 */
function composeFastify(middleware: readonly Function[], handler: Function, fail: (reason: string) => never): RouteHandlerMethod {
  middleware.forEach((hook, i) => {
    if (hook.constructor.name === 'AsyncFunction' && hook.length >= 3) fail(`middleware[${i}] is an async function that takes done: an async hook takes (request, reply) and ends when its promise does`);
  });
  const hooks = middleware as readonly Hook[];
  const handle = handler as RouteHandlerMethod;
  return async function (this: FastifyInstance, request, reply) {
    for (const hook of hooks) {
      await new Promise<void>((resolve, reject) => {
        const result = hook.call(this, request, reply, (error) => (error ? reject(error) : resolve())) as PromiseLike<unknown> | undefined;
        if (typeof result?.then === 'function') result.then(() => resolve(), (reason: unknown) => reject(reason ?? new Error('a hook rejected with no reason')));
      });
      if (reply.sent) return reply;
    }
    return handle.call(this, request, reply);
  };
}

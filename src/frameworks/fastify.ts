// switchyard-router/fastify: the routes as a Fastify 5 plugin, registered under a prefix like any plugin
// (`app.register(switchyard, { prefix: '/api', routes })`). It adds one fastify route for every path under the
// prefix, so fastify's hooks, reply and error handling apply; a route's handler is a fastify handler
// `(request, reply)`, with the matched values in request.params and the match and urlFor in
// request.switchyard. Nothing matches: fastify's not-found handling (reply.callNotFound()).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';
import { decide, requestData, routerOf, type AdapterOptions, type SwitchyardRequestData, type UrlFor } from './dispatch.js';

/** The plugin's options: fastify's `prefix`, the routes (or a compiled router), the adapter's options. */
export interface SwitchyardFastifyOptions extends AdapterOptions {
  readonly routes: readonly RouteDefinition[] | CompiledRouter;
  readonly prefix?: string;
}

/** What request.switchyard holds in a route's handler. */
export interface FastifyRouteData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[]> extends SwitchyardRequestData {
  readonly urlFor: UrlFor<Routes>;
}

/** The plugin. */
export async function switchyard(fastify: FastifyInstance, options: SwitchyardFastifyOptions): Promise<void> {
  const router = routerOf(options.routes, options);
  const prefix = fastify.prefix;
  fastify.decorateRequest('switchyard', null);
  const handle = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const target = request.url.slice(prefix.length) || '/';
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
    (request as { params: unknown }).params = { ...decision.match.values };
    (request as { switchyard?: SwitchyardRequestData }).switchyard = requestData(router, decision.match, prefix);
    return handler.call(this, request, reply);
  };
  fastify.all('/', handle);
  fastify.all('/*', handle);
}

// Type tests for switchyard-router/fastify: a handler written inline in a route literal (in defineRoutes) is
// typed from its route with no annotation (request.params, request.switchyard), and urlFor takes the table's
// names and values.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { expectTypeOf } from 'vitest';
import { compile, type RouteDefinition } from '../../src/index.js';
import type { AotRouter } from '../../src/aot.js';
import { defineRoutes, switchyard } from '../../src/fastify.js';

const app = Fastify();
await app.register(switchyard, {
  prefix: '/api',
  routes: defineRoutes([
    {
      name: 'todo',
      template: 'todo/{id:int}',
      methods: ['GET'],
      handler: async function (request, reply) {
        expectTypeOf(this).toEqualTypeOf<FastifyInstance>();
        expectTypeOf(request).toExtend<FastifyRequest>();
        expectTypeOf(reply).toExtend<FastifyReply>();
        expectTypeOf(request.params).toEqualTypeOf<{ id: string }>();
        const { values, urlFor } = request.switchyard;
        expectTypeOf(values).toEqualTypeOf<{ id: string }>();
        // @ts-expect-error: not a parameter of the template
        void request.params.idd;
        // @ts-expect-error: not a route name
        urlFor('nope', {});
        // @ts-expect-error: "id" is required
        urlFor('todo');
        return { next: urlFor('todo', { id: 6 }) };
      },
    },
  ]),
});

defineRoutes([
  // @ts-expect-error: a key a route definition does not have
  { template: 'a', methds: ['GET'] },
]);

declare const loose: RouteDefinition[];
await app.register(switchyard, { routes: loose });
await app.register(switchyard, { routes: compile([{ template: 'a/{b}' }]) });
// A router built ahead of time (a module `switchyard build` wrote, typed by its .d.mts).
declare const built: AotRouter<readonly [{ readonly template: 'api/todo/{id:int}'; readonly name: 'todo' }]>;
await app.register(switchyard, { prefix: '/api', routes: built });
await app.register(switchyard, { routes: built, methodNotAllowed: false });
// @ts-expect-error: not a router
await app.register(switchyard, { routes: { match: 1 } });

// A route's middleware: preHandler hooks typed from the route, async or with done.
defineRoutes([
  {
    template: 'admin/{id:int}',
    middleware: [
      async (request) => {
        expectTypeOf(request.params).toEqualTypeOf<{ id: string }>();
        // @ts-expect-error: not a parameter of the template
        void request.params.idd;
      },
      (request, _reply, done) => {
        expectTypeOf(request.switchyard.values).toEqualTypeOf<{ id: string }>();
        done();
      },
    ],
    handler: async (request) => request.params.id,
  },
]);

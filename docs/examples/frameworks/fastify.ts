import Fastify, { type FastifyInstance } from 'fastify';
import { defineRoutes, group, switchyard } from 'switchyard-router/fastify';

// A module of routes (in an app, a file of its own): its handlers are typed on their own.
export const todos = defineRoutes([
  {
    name: 'todo',
    template: 'todo/{id:int}',
    methods: ['GET'],
    handler: async (request) => {
      const { urlFor } = request.switchyard;
      return { id: request.params.id, next: urlFor('todo', { id: Number(request.params.id) + 1 }) };
    },
  },
]);

// A group: a prefix with a parameter, a name prefix, and a preHandler hook run before each of its routes.
export const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [
      async (request, reply) => {
        if (request.headers['x-role'] !== 'admin') reply.code(403).send({ error: `not an admin of tenant ${request.params.tenant}` });
      },
    ],
  },
  [{ name: 'user', template: 'users/{id}', handler: async (request) => ({ self: request.switchyard.urlFor('admin.user', { tenant: request.params.tenant, id: request.params.id }) }) }],
);

export async function createApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(switchyard, { prefix: '/api', routes: defineRoutes([...todos, ...admin]) });
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"} (fastify's hooks and error handler apply)
// GET /api/tenants/7/admin/users/3 → 403; with x-role: admin → {"self":"/api/tenants/7/admin/users/3"}
// GET /api/tenants/7/ADMIN/users/3 or /api/tenants/7/%61dmin/users/3 → 403 as well: the group's middleware runs
// on every path that reaches its routes, however it is spelt

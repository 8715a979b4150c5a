import Fastify, { type FastifyInstance } from 'fastify';
import { switchyard, typedRoutes } from 'switchyard-router/fastify';

export async function createApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(switchyard, {
    prefix: '/api',
    routes: typedRoutes([
      {
        name: 'todo',
        template: 'todo/{id:int}',
        methods: ['GET'],
        handler: async (request) => {
          const { urlFor } = request.switchyard;
          return { id: request.params.id, next: urlFor('todo', { id: Number(request.params.id) + 1 }) };
        },
      },
    ]),
  });
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"} (fastify's hooks and error handler apply)

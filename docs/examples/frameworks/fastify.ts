import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { switchyard, type FastifyRouteData } from 'switchyard-router/fastify';

export async function createApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(switchyard, {
    prefix: '/api',
    routes: [
      {
        name: 'todo',
        template: 'todo/{id:int}',
        methods: ['GET'],
        handler: async (request: FastifyRequest) => {
          const { values, urlFor } = (request as FastifyRequest & { switchyard: FastifyRouteData }).switchyard;
          return { id: values.id, next: urlFor('todo', { id: Number(values.id) + 1 }) };
        },
      },
    ],
  });
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"} (fastify's hooks and error handler apply)

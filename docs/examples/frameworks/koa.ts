import Koa from 'koa';
import { switchyard } from 'switchyard-router/koa';

export function createApp(): Koa {
  const app = new Koa();
  app.use(
    switchyard([
      {
        name: 'todo',
        template: 'api/todo/{id:int}',
        methods: ['GET'],
        handler: (ctx) => {
          const { urlFor } = ctx.state.switchyard;
          ctx.body = { id: ctx.params.id, next: urlFor('todo', { id: Number(ctx.params.id) + 1 }) };
        },
      },
    ]),
  );
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}

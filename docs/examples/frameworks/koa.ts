import Koa from 'koa';
import { switchyard, type KoaRouteData } from 'switchyard-router/koa';

export function createApp(): Koa {
  const app = new Koa();
  app.use(
    switchyard([
      {
        name: 'todo',
        template: 'api/todo/{id:int}',
        methods: ['GET'],
        handler: (ctx: Koa.Context) => {
          const { values, urlFor } = ctx.state.switchyard as KoaRouteData;
          ctx.body = { id: values.id, next: urlFor('todo', { id: Number(values.id) + 1 }) };
        },
      },
    ]),
  );
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}

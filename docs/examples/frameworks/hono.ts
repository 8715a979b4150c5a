import { Hono } from 'hono';
import { SwitchyardRouter, switchyard } from 'switchyard-router/hono';

// switchyard's templates, names and URL generation, as middleware:
export function createApp(): Hono {
  const app = new Hono();
  app.use(
    switchyard([
      {
        name: 'todo',
        template: 'api/todo/{id:int}',
        methods: ['GET'],
        handler: (c) => {
          const { values, urlFor } = c.get('switchyard');
          return c.json({ id: values.id, next: urlFor('todo', { id: Number(values.id) + 1 }) });
        },
      },
    ]),
  );
  return app;
}

// Or switchyard as hono's router, with hono's own path syntax:
export function createRoutedApp(): Hono {
  const app = new Hono({ router: new SwitchyardRouter() });
  app.get('/api/todo/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id') }));
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}; with createRoutedApp → {"id":"5"}

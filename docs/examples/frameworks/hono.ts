import { Hono } from 'hono';
import { SwitchyardRouter, defineRoutes, group, switchyard } from 'switchyard-router/hono';

// A module of routes (in an app, a file of its own): its handlers are typed on their own.
export const todos = defineRoutes([
  {
    name: 'todo',
    template: 'todo/{id:int}',
    methods: ['GET'],
    handler: (c) => {
      const { values, urlFor } = c.get('switchyard');
      return c.json({ id: values.id, next: urlFor('todo', { id: Number(values.id) + 1 }) });
    },
  },
]);

// A group: a prefix with a parameter, a name prefix, and middleware run before each of its routes.
export const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [async (c, next) => (c.req.header('x-role') === 'admin' ? next() : c.json({ error: `not an admin of tenant ${c.var.switchyard.values.tenant}` }, 403))],
  },
  [{ name: 'user', template: 'users/{id}', handler: (c) => c.json({ self: c.var.switchyard.urlFor('admin.user', c.var.switchyard.values) }) }],
);

// switchyard's templates, names and URL generation, as middleware, mounted under /api:
export function createApp(): Hono {
  const app = new Hono();
  app.route('/api', new Hono().use(switchyard([...todos, ...admin])));
  return app;
}

// Or switchyard as hono's router, with hono's own path syntax:
export function createRoutedApp(): Hono {
  const app = new Hono({ router: new SwitchyardRouter() });
  app.get('/api/todo/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id') }));
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}; with createRoutedApp → {"id":"5"}
// GET /api/tenants/7/admin/users/3 → 403; with x-role: admin → {"self":"/api/tenants/7/admin/users/3"}
// GET /api/tenants/7/ADMIN/users/3 or /api/tenants/7/%61dmin/users/3 → 403 as well: the group's middleware runs
// on every path that reaches its routes, however it is spelt

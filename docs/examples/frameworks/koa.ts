import Koa from 'koa';
import { defineRoutes, group, switchyard } from 'switchyard-router/koa';

// A module of routes (in an app, a file of its own): its handlers are typed on their own.
export const todos = defineRoutes([
  {
    name: 'todo',
    template: 'todo/{id:int}',
    methods: ['GET'],
    handler: (ctx) => {
      const { urlFor } = ctx.state.switchyard;
      ctx.body = { id: ctx.params.id, next: urlFor('todo', { id: Number(ctx.params.id) + 1 }) };
    },
  },
]);

// A group: a prefix with a parameter, a name prefix, and middleware run before each of its routes.
export const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [
      async (ctx, next) => {
        if (ctx.get('x-role') !== 'admin') ctx.throw(403, `not an admin of tenant ${ctx.params.tenant}`);
        await next();
      },
    ],
  },
  [{ name: 'user', template: 'users/{id}', handler: (ctx) => void (ctx.body = { self: ctx.state.switchyard.urlFor('admin.user', { tenant: ctx.params.tenant, id: ctx.params.id }) }) }],
);

export function createApp(): Koa {
  const app = new Koa();
  // Koa has no mount of its own: a group puts the whole table under /api.
  app.use(switchyard(group({ prefix: 'api' }, [...todos, ...admin])));
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}
// GET /api/tenants/7/admin/users/3 → 403; with x-role: admin → {"self":"/api/tenants/7/admin/users/3"}
// GET /api/tenants/7/ADMIN/users/3 or /api/tenants/7/%61dmin/users/3 → 403 as well: the group's middleware runs
// on every path that reaches its routes, however it is spelt

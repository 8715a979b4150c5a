// src/routes.ts
// A Worker's routes in TypeScript: each handler typed from its route, a prefix guarded by a group's middleware.
import { defineRoutes, group } from 'switchyard-router/hono/aot';

const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [async (c, next) => (c.req.header('x-role') === 'admin' ? next() : c.json({ error: `not an admin of tenant ${c.var.switchyard.values.tenant}` }, 403))],
  },
  [{ name: 'user', template: 'users/{id}', methods: ['GET'], handler: (c) => c.json({ self: c.var.switchyard.urlFor('admin.user', c.var.switchyard.values) }) }],
);

export default defineRoutes([
  { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'], handler: (c) => c.json({ id: c.var.switchyard.values.id, next: c.var.switchyard.urlFor('todo', { id: Number(c.var.switchyard.values.id) + 1 }) }) },
  ...admin,
]);

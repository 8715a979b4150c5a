import express from 'express';
import { defineRoutes, group, switchyard } from 'switchyard-router/express';

// A module of routes (in an app, a file of its own): its handlers are typed on their own.
export const todos = defineRoutes([
  {
    name: 'todo',
    template: 'todo/{id:int}',
    methods: ['GET'],
    handler: (req, res) => {
      const { urlFor } = res.locals.switchyard;
      res.json({ id: req.params.id, next: urlFor('todo', { id: Number(req.params.id) + 1 }) });
    },
  },
  { name: 'files', template: 'files/{name}.{ext?}', handler: (req, res) => void res.json(req.params) },
]);

// A group: a prefix with a parameter, a name prefix, and middleware run before each of its routes.
export const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [(req, res, next) => (req.get('x-role') === 'admin' ? next() : void res.status(403).json({ error: `not an admin of tenant ${req.params.tenant}` }))],
  },
  [
    {
      name: 'user',
      template: 'users/{id}',
      handler: (req, res) => void res.json({ self: res.locals.switchyard.urlFor('admin.user', { tenant: req.params.tenant, id: req.params.id }) }),
    },
  ],
);

export function createApp(): express.Express {
  const app = express();
  app.use('/api', switchyard([...todos, ...admin]));
  app.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}; DELETE /api/todo/5 → 405, Allow: GET, HEAD, OPTIONS
// GET /api/tenants/7/admin/users/3 → 403 {"error":"not an admin of tenant 7"}; with x-role: admin →
// {"self":"/api/tenants/7/admin/users/3"}
// GET /api/tenants/7/ADMIN/users/3 or /api/tenants/7/%61dmin/users/3 → 403 as well: the group's middleware runs
// on every path that reaches its routes, however it is spelt

// Type tests for route modules and groups in switchyard-router/express: defineRoutes types a module's inline
// handlers on their own, group() adds its prefix's values and name prefix, and a table spread from modules
// keeps every handler and every route name typed.
import { expectTypeOf } from 'vitest';
import { defineRoutes, group, switchyard } from '../../src/express.js';

const users = defineRoutes([
  {
    name: 'user',
    template: 'users/{id:int}',
    handler: (req, res) => {
      expectTypeOf(req.params).toEqualTypeOf<{ id: string }>();
      res.locals.switchyard.urlFor('user', { id: 1 });
      // @ts-expect-error: a name of another module is not known here
      res.locals.switchyard.urlFor('tenant.post', { tenant: 1, slug: 'a' });
      // @ts-expect-error: not a parameter of the template
      void req.params.slug;
    },
  },
]);

const posts = group({ prefix: 'tenants/{tenant:int}', name: 'tenant.', defaults: { page: 1 }, middleware: [(req, _res, next) => {
  expectTypeOf(req.params).toEqualTypeOf<{ tenant: string; page: 1 }>();
  next();
}] }, [
  {
    name: 'post',
    template: 'posts/{slug}',
    middleware: [
      (req, _res, next) => {
        expectTypeOf(req.params).toEqualTypeOf<{ tenant: string; slug: string; page: 1 }>();
        next();
      },
    ],
    handler: (req, res) => {
      expectTypeOf(req.params).toEqualTypeOf<{ tenant: string; slug: string; page: 1 }>();
      res.locals.switchyard.urlFor('tenant.post', { tenant: 2, slug: 'b' });
      // @ts-expect-error: the name carries the group's prefix
      res.locals.switchyard.urlFor('post', { tenant: 2, slug: 'b' });
      // @ts-expect-error: "tenant" (the prefix's) is required
      res.locals.switchyard.urlFor('tenant.post', { slug: 'b' });
    },
  },
]);

expectTypeOf(posts[0].template).toEqualTypeOf<'tenants/{tenant:int}/posts/{slug}'>();
expectTypeOf(posts[0].name).toEqualTypeOf<'tenant.post'>();

// Nested groups: the names and templates of both.
const admin = group({ prefix: 'admin', name: 'admin.' }, [...group({ prefix: 'reports/{year:int}', name: 'reports.' }, [{ name: 'list', template: '', handler: (req, res) => void res.json(req.params.year) }])]);
expectTypeOf(admin[0].template).toEqualTypeOf<'admin/reports/{year:int}'>();
expectTypeOf(admin[0].name).toEqualTypeOf<'admin.reports.list'>();

switchyard([
  ...users,
  ...posts,
  ...admin,
  {
    name: 'home',
    template: '',
    handler: (_req, res) => {
      // The whole table's names, each with the values it needs.
      res.redirect(res.locals.switchyard.urlFor('tenant.post', { tenant: 1, slug: 'a' }));
      res.locals.switchyard.urlFor('user', { id: 3 });
      res.locals.switchyard.urlFor('admin.reports.list', { year: 2026 });
      // @ts-expect-error: not a route name of the table
      res.locals.switchyard.urlFor('post', {});
    },
  },
]);

group({ prefix: 'a' }, [
  // @ts-expect-error: a key a route definition does not have
  { template: 'b', methds: ['GET'] },
]);

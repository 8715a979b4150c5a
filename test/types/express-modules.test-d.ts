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

// Nested groups: the templates of both; the name prefix is given where the handlers are written (the inner group),
// so that the names their urlFor takes are the names the table has.
const admin = group({ prefix: 'admin' }, [
  ...group({ prefix: 'reports/{year:int}', name: 'admin.reports.' }, [
    { name: 'list', template: '', handler: (req, res) => void res.json(res.locals.switchyard.urlFor('admin.reports.list', { year: req.params.year })) },
  ]),
]);
expectTypeOf(admin[0].template).toEqualTypeOf<'admin/reports/{year:int}'>();
expectTypeOf(admin[0].name).toEqualTypeOf<'admin.reports.list'>();

// A name prefix renames routes, and a handler typed elsewhere (a module's, an inner group's) links by the names
// it was typed with: such routes take no name prefix (their urlFor('list') would find no route at run time).
// @ts-expect-error: the inner group's handler links by "reports.list"; under the outer name prefix there is none
group({ prefix: 'admin', name: 'admin.' }, [...group({ prefix: 'reports/{year:int}', name: 'reports.' }, [{ name: 'list', template: '', handler: (_req, res) => void res.json(res.locals.switchyard.urlFor('reports.list', { year: 1 })) }])]);
const v1 = defineRoutes([{ name: 'user', template: 'users/{id}', handler: (req, res) => void res.json(res.locals.switchyard.urlFor('user', { id: req.params.id })) }]);
// @ts-expect-error: v1's handler links by "user"; under the name prefix the route is "v1.user"
group({ name: 'v1.' }, v1);
// @ts-expect-error: the same, written in one expression
group({ name: 'v1.' }, defineRoutes([{ name: 'user', template: 'users/{id}', handler: (req, res) => void res.json(res.locals.switchyard.urlFor('user', { id: req.params.id })) }]));
expectTypeOf(group({ prefix: 'v1' }, v1)[0].name).toEqualTypeOf<'user'>(); // a prefix alone keeps the names
// Written in the group, a handler links by the name the table has.
group({ name: 'v1.' }, [
  {
    name: 'user',
    template: 'users/{id}',
    handler: (req, res) => {
      res.locals.switchyard.urlFor('v1.user', { id: req.params.id });
      // @ts-expect-error: the route's name is "v1.user"
      res.locals.switchyard.urlFor('user', { id: req.params.id });
    },
  },
]);

// A link to another module's route: urlFor(module, name, values), typed by that module's table (no cast).
const linking = defineRoutes([
  {
    name: 'post',
    template: 'posts/{slug}',
    handler: (_req, res) => {
      const { urlFor } = res.locals.switchyard;
      res.json({ author: urlFor(users, 'user', { id: 3 }), tenantPost: urlFor(posts, 'tenant.post', { tenant: 1, slug: 'b' }), self: urlFor('post', { slug: 'a' }) });
      // @ts-expect-error: not a route of users
      urlFor(users, 'post', { slug: 'a' });
      // @ts-expect-error: "id" is required
      urlFor(users, 'user', {});
      // @ts-expect-error: "tenant" (the group prefix's) is required
      urlFor(posts, 'tenant.post', { slug: 'b' });
    },
  },
]);

switchyard([
  ...users,
  ...posts,
  ...admin,
  ...linking,
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

// Type tests for route modules and groups in Koa, Hono and Fastify (Express: express-modules.test-d.ts) and in
// the main entry: a module's and a group's inline handlers are typed on their own, with the prefix's values, and
// a table spread from them keeps every name typed; a module of one framework does not fit another's table.
import Fastify from 'fastify';
import { expectTypeOf } from 'vitest';
import { compile, group, isRoute } from '../../src/index.js';
import * as fastify from '../../src/fastify.js';
import * as hono from '../../src/hono.js';
import * as koa from '../../src/koa.js';

// Koa
const koaUsers = koa.group({ prefix: 'tenants/{tenant:int}', name: 't.', middleware: [async (ctx, next) => {
  expectTypeOf(ctx.params).toEqualTypeOf<{ tenant: string }>();
  await next();
}] }, [
  {
    name: 'user',
    template: 'users/{id}',
    handler: (ctx) => {
      expectTypeOf(ctx.params).toEqualTypeOf<{ tenant: string; id: string }>();
      ctx.body = ctx.state.switchyard.urlFor('t.user', { tenant: 1, id: 'a' });
      // @ts-expect-error: "tenant" (the prefix's) is required
      ctx.state.switchyard.urlFor('t.user', { id: 'a' });
    },
  },
]);
const koaPosts = koa.defineRoutes([{ name: 'post', template: 'posts/{slug}', handler: (ctx) => void (ctx.body = ctx.params.slug) }]);
koa.switchyard([
  ...koaUsers,
  ...koaPosts,
  { template: '', handler: (ctx) => void (ctx.body = ctx.state.switchyard.urlFor('t.user', { tenant: 1, id: 'b' }) + ctx.state.switchyard.urlFor('post', { slug: 'x' })) },
]);

// Hono
const honoUsers = hono.group({ prefix: 'tenants/{tenant:int}', name: 't.' }, [
  {
    name: 'user',
    template: 'users/{id}',
    middleware: [async (c, next) => {
      expectTypeOf(c.var.switchyard.values).toEqualTypeOf<{ tenant: string; id: string }>();
      await next();
    }],
    handler: (c) => c.text(c.var.switchyard.urlFor('t.user', { tenant: 1, id: c.var.switchyard.values.id })),
  },
]);
hono.switchyard([...honoUsers, ...hono.defineRoutes([{ name: 'home', template: '', handler: (c) => c.text(c.var.switchyard.urlFor('home')) }])]);
// @ts-expect-error: a Koa module in a Hono table
hono.switchyard([...koaPosts]);

// Fastify: defineRoutes
const fastifyUsers = fastify.group({ prefix: 'tenants/{tenant:int}', name: 't.' }, [
  {
    name: 'user',
    template: 'users/{id}',
    middleware: [async (request) => {
      expectTypeOf(request.params).toEqualTypeOf<{ tenant: string; id: string }>();
    }],
    handler: async (request) => request.switchyard.urlFor('t.user', { tenant: 1, id: request.params.id }),
  },
]);
const app = Fastify();
await app.register(fastify.switchyard, { routes: fastify.defineRoutes([...fastifyUsers, { template: '', handler: async (request) => request.switchyard.urlFor('t.user', { tenant: 2, id: 'x' }) }]) });

// The main entry: plain definitions; compile() knows the prefixed names and templates.
const router = compile([...group({ prefix: 'shop/{lang}', name: 'shop.' }, [{ name: 'item', template: 'items/{id:int}' }]), { name: 'home', template: '' }]);
router.generate({ lang: 'en', id: 5 }, { routeName: 'shop.item' });
// @ts-expect-error: "lang" (the prefix's) is required
router.generate({ id: 5 }, { routeName: 'shop.item' });
// @ts-expect-error: the name carries the group's prefix
router.generate({ lang: 'en', id: 5 }, { routeName: 'item' });
const found = router.match('/shop/en/items/5');
if (isRoute(found, 'shop.item')) {
  expectTypeOf(found.values).toEqualTypeOf<Readonly<{ id: string; lang: string }>>();
  // @ts-expect-error: not a value of the route
  void found.values.slug;
}

// A group's default and a route's own for one name in two spellings are one default: the route's own, as at run
// time (names ignore case).
const paged = group({ defaults: { Page: '1', Area: 'admin' } }, [{ template: 'a/{page?}', defaults: { page: '2' } }]);
expectTypeOf<keyof (typeof paged)[0]['defaults']>().toEqualTypeOf<'Area' | 'page'>();
expectTypeOf(paged[0].defaults.page).toEqualTypeOf<'2'>();
const pagedRouter = compile(paged);
const pagedMatch = pagedRouter.match('/a');
if (isRoute(pagedMatch, 0)) expectTypeOf(pagedMatch.values).toEqualTypeOf<Readonly<{ page: string | '2'; Area: 'admin' }>>();
koa.group({ defaults: { Page: 1 } }, [
  { template: 'k/{page?}', defaults: { page: 2 }, handler: (ctx) => expectTypeOf(ctx.params).toEqualTypeOf<{ page: string | 2 }>() },
]);

// A link to another module's route in Koa, Hono and Fastify: urlFor(module, name, values), typed by its table.
koa.defineRoutes([{ template: 'k', handler: (ctx) => {
  ctx.body = ctx.state.switchyard.urlFor(koaUsers, 't.user', { tenant: 1, id: 'a' });
  // @ts-expect-error: "id" is required
  ctx.state.switchyard.urlFor(koaUsers, 't.user', { tenant: 1 });
} }]);
hono.defineRoutes([{ template: 'h', handler: (c) => {
  // @ts-expect-error: not a route of honoUsers (its names carry the group's name prefix)
  c.var.switchyard.urlFor(honoUsers, 'user', { tenant: 1, id: 'a' });
  return c.text(c.var.switchyard.urlFor(honoUsers, 't.user', { tenant: 1, id: 'a' }));
} }]);
fastify.defineRoutes([{ template: 'f', handler: async (request) => request.switchyard.urlFor(fastifyUsers, 't.user', { tenant: 1, id: 'a' }) }]);
// @ts-expect-error: a group's name prefix over Koa routes typed elsewhere (their handlers link by "t.user")
koa.group({ name: 'v1.' }, koaUsers);
// @ts-expect-error: the same in Hono
hono.group({ name: 'v1.' }, honoUsers);
// @ts-expect-error: the same in Fastify
fastify.group({ name: 'v1.' }, fastifyUsers);
koa.group({ prefix: 'v1' }, koaUsers); // a prefix alone keeps the names

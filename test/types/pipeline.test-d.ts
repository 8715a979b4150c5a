// Type tests for the pipeline (checked by `tsc -p tsconfig.json`, part of `npm test`): typed handler
// contexts, groups, synchronous handlers, the typed route table of a RouteBuilder chain and UrlHelper.
import { expectTypeOf } from 'vitest';
import { type RouteValues } from '../../src/index.js';
import { createApplication, RouteBuilder, UrlHelper, useRouter, type HttpContext, type RouteData, type RouterMiddlewareOptions } from '../../src/http.js';
import type { AdapterOptions } from '../../src/express.js';

const app = createApplication();
declare const someTemplate: string;
declare const ctx: HttpContext;

const routes = new RouteBuilder(app)
  .mapGet('api/todo/{id}', (c) => {
    expectTypeOf(c.routeData).toEqualTypeOf<RouteData<{ id: string }>>(); // not nullable
    expectTypeOf(c.routeData.values.id).toBeString();
  }, { name: 'GetTodo' })
  .mapPost('files/{name}.{ext?}', async (c) => {
    expectTypeOf(c.routeData.values).toEqualTypeOf<{ name: string; ext?: string }>();
  })
  .mapPut('{controller=Home}/{action=Index}', (c) => {
    expectTypeOf(c.routeData.values).toEqualTypeOf<{ controller: string; action: string; area: 'site' }>();
  }, { defaults: { area: 'site' } as const, name: 'home' })
  .mapRoute('any/{*rest}', (c) => {
    expectTypeOf(c.routeData.values).toEqualTypeOf<{ rest?: string }>();
  })
  .mapGet(someTemplate, (c) => {
    expectTypeOf(c.routeData.values).toEqualTypeOf<RouteValues>(); // not a literal: loose
  })
  .mapGroup('shop/{lang}', (shop) =>
    shop
      .mapGet('{category}/{id:int}', (c) => {
        expectTypeOf(c.routeData.values).toEqualTypeOf<{ lang: string; category: string; id: string; page: 1 }>();
      }, { name: 'product' })
      .mapGroup('admin', (admin) =>
        admin.mapDelete('{id}', (c) => {
          expectTypeOf(c.routeData.values).toEqualTypeOf<{ lang: string; id: string; page: 1 }>();
        }),
      ),
    { defaults: { page: 1 } },
  )
  .mapGroup(someTemplate, (group) =>
    group.mapGet('{id}', (c) => {
      // An unknown prefix may hold values of its own: the known ones typed, the rest loose.
      expectTypeOf(c.routeData.values).toEqualTypeOf<{ id: string } & RouteValues>();
    }),
  )
  .build();

const urls = new UrlHelper(ctx, routes);
urls.routeUrl('GetTodo', { id: 7 });
urls.link('product', { lang: 'en', category: 'tools', id: 3 });
urls.routeUrl('home'); // every value has a default
urls.routeUrl(null, { anything: 1 });
// @ts-expect-error: "id" is required
urls.routeUrl('GetTodo');
// @ts-expect-error: "lang" (from the group prefix) is required
urls.link('product', { category: 'tools', id: 3 });
// @ts-expect-error: not a route name
urls.routeUrl('Nope', {});
// @ts-expect-error: a misspelled key does not supply "id"
urls.routeUrl('GetTodo', { ID: 7 });

// Without a typed collection: any name, any values.
new UrlHelper(ctx).routeUrl('whatever', { x: 1 });

new RouteBuilder(app)
  // @ts-expect-error: a key the template does not have
  .mapGet('api/todo/{id}', (c) => c.routeData.values.idd)
  // @ts-expect-error: a "{" without its "}"
  .mapGet('api/{id', () => {});

// A mapped route's middleware sees the route's values, typed (the group's prefix included).
new RouteBuilder(app).mapGroup('tenants/{tenant:int}', (tenant) =>
  tenant.mapGet('users/{id}', (c) => c.response.send(200, c.routeData.values.id), {
    middleware: [
      async (c, next) => {
        expectTypeOf(c.routeData.values).toEqualTypeOf<{ tenant: string; id: string }>();
        // @ts-expect-error: not a value of the route
        void c.routeData.values.idd;
        await next();
      },
    ],
  }),
  { middleware: [async (_c, next) => next()] },
);

// A group's default and a route's own for one name in two spellings: the route's own, as at run time.
new RouteBuilder(app).mapGroup(
  '',
  (g) =>
    g.mapGet('p/{page?}', (c) => void expectTypeOf(c.routeData.values).toEqualTypeOf<{ page: string | 2 }>(), { defaults: { page: 2 } as const }),
  { defaults: { Page: 1 } as const },
);

// The router middleware and the adapters take one option type for a method no route takes.
expectTypeOf<RouterMiddlewareOptions>().toEqualTypeOf<Omit<AdapterOptions, 'compile'>>();
useRouter(createApplication(), new RouteBuilder(null).build(), { headAsGet: false, methodNotAllowed: false, options: false });
// @ts-expect-error: the former option head: 'get' is headAsGet
useRouter(createApplication(), new RouteBuilder(null).build(), { head: 'get' });

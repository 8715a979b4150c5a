// The pipeline a TypeScript user expects, at runtime: mapGroup, mapRoute(template, handler), synchronous
// handlers, send()'s content-type, and the router middleware's headAsGet/methodNotAllowed/options.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteCreationError } from '../src/index.js';
import { addRouting, createApplication, RouteBuilder, RouteHandler, UrlHelper, useRouter, type Application, type RouterMiddlewareOptions } from '../src/http.js';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

async function start(app: Application): Promise<string> {
  const server = await app.listen(0);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function call(base: string, method: string, path: string) {
  const res = await request(base + path, { method: method as 'GET' });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** An app whose handlers echo the route and its values as JSON; the options go to useRouter. */
function groupApp(options?: RouterMiddlewareOptions): Application {
  const app = createApplication();
  addRouting(app.services);
  const echo = (label: string) => (ctx: Parameters<Parameters<RouteBuilder['mapGet']>[1]>[0]) =>
    ctx.response.json(200, { label, values: ctx.routeData.values, method: ctx.request.method }); // synchronous
  const builder = new RouteBuilder(app);
  builder
    .mapGet('plain', (ctx) => ctx.response.send(200, 'plain text'))
    .mapGet('bytes', (ctx) => ctx.response.send(200, Buffer.from('xyz')))
    .mapGet('typed', (ctx) => ctx.response.send(200, '<p/>', { 'Content-Type': 'text/html' }))
    .mapGroup('api/v1', (v1) =>
      v1
        .mapGet('items/{id:int}', echo('get item'), { name: 'item' })
        .mapPut('items/{id:int}', echo('put item'))
        .mapGroup('admin', (admin) => admin.mapGet('{section}', echo('admin')), { defaults: { area: 'admin' } }),
    )
    .mapGroup('shop/{lang}', (shop) => shop.mapGet('{page?}', echo('shop')), { defaults: { page: 'home' }, constraints: { lang: '^(en|fr)$' } })
    .mapGroup('read', (read) => read.mapRoute('{*path}', echo('read any verb')), { methods: ['GET'] })
    .mapRoute('any/{x}', echo('any verb'))
    .mapGet('link', (ctx) => ctx.response.send(200, String(new UrlHelper(ctx).routeUrl('item', { id: 5, label: 'x' }))));
  useRouter(app, builder.build(), options);
  return app;
}

describe('mapGroup, mapRoute(template, handler), synchronous handlers', () => {
  let base: string;
  beforeAll(async () => {
    // Classic routing: a request no route takes goes on (the options' answers are the next block's).
    base = await start(groupApp({ headAsGet: false, methodNotAllowed: false, options: false }));
  });

  it.each([
    { method: 'GET', path: '/api/v1/items/7', label: 'get item', values: { id: '7' } },
    { method: 'PUT', path: '/api/v1/items/7', label: 'put item', values: { id: '7' } },
    { method: 'GET', path: '/api/v1/admin/users', label: 'admin', values: { section: 'users', area: 'admin' } },
    { method: 'GET', path: '/shop/fr', label: 'shop', values: { lang: 'fr', page: 'home' } },
    { method: 'GET', path: '/shop/en/cart', label: 'shop', values: { lang: 'en', page: 'cart' } },
    { method: 'GET', path: '/read/a/b', label: 'read any verb', values: { path: 'a/b' } },
    { method: 'DELETE', path: '/any/1', label: 'any verb', values: { x: '1' } },
  ])('$method $path → $label', async ({ method, path, label, values }) => {
    const reply = await call(base, method, path);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ label, values, method });
  });

  it.each([
    { method: 'GET', path: '/api/v1/items/x', why: 'the int constraint' },
    { method: 'GET', path: '/shop/de', why: 'the group constraint' },
    { method: 'POST', path: '/read/a', why: "the group's verb limit" },
    { method: 'GET', path: '/items/7', why: 'the prefix' },
  ])('$method $path does not match ($why)', async ({ method, path }) => {
    expect((await call(base, method, path)).status).toBe(404);
  });

  it('UrlHelper generates from a group route (its full template)', async () => {
    expect((await call(base, 'GET', '/link')).text).toBe('/api/v1/items/5?label=x');
  });

  it("a route with verbs outside the group's verb limit throws, naming the template", () => {
    const builder = new RouteBuilder(createApplication());
    expect(() => builder.mapGroup('x', (g) => g.mapPost('y', () => {}), { methods: ['GET'] })).toThrow(RouteCreationError);
    expect(() => builder.mapGroup('x', (g) => g.mapPost('y', () => {}), { methods: ['GET'] })).toThrow(/"x\/y".*POST/);
  });

  it('a group cannot be built on its own', () => {
    const builder = new RouteBuilder(createApplication());
    builder.mapGroup('x', (g) => {
      expect(() => g.build()).toThrow(/group/);
    });
  });
});

describe('send(status, body) sets a content-type', () => {
  let base: string;
  beforeAll(async () => {
    base = await start(groupApp());
  });
  it.each([
    { path: '/plain', type: 'text/plain; charset=utf-8', text: 'plain text' },
    { path: '/bytes', type: 'application/octet-stream', text: 'xyz' },
    { path: '/typed', type: 'text/html', text: '<p/>' },
  ])('$path → $type', async ({ path, type, text }) => {
    const reply = await call(base, 'GET', path);
    expect(reply.headers['content-type']).toBe(type);
    expect(reply.text).toBe(text);
  });
});

describe('router middleware options', () => {
  let classic: string;
  let all: string;
  beforeAll(async () => {
    classic = await start(groupApp({ headAsGet: false, methodNotAllowed: false, options: false }));
    all = await start(groupApp());
  });

  // classic: every option off; all: the defaults. [options, method, path, status, Allow header]
  it.each([
    { app: 'classic', method: 'HEAD', path: '/api/v1/items/7', status: 404, allow: undefined },
    { app: 'classic', method: 'DELETE', path: '/api/v1/items/7', status: 404, allow: undefined },
    { app: 'classic', method: 'OPTIONS', path: '/api/v1/items/7', status: 404, allow: undefined },
    { app: 'all', method: 'HEAD', path: '/api/v1/items/7', status: 200, allow: undefined },
    { app: 'all', method: 'DELETE', path: '/api/v1/items/7', status: 405, allow: 'GET, HEAD, OPTIONS, PUT' },
    { app: 'all', method: 'OPTIONS', path: '/api/v1/items/7', status: 204, allow: 'GET, HEAD, OPTIONS, PUT' },
    { app: 'all', method: 'DELETE', path: '/api/v1/items/x', status: 404, allow: undefined }, // constraints refuse the path
    { app: 'all', method: 'POST', path: '/nowhere', status: 404, allow: undefined },
    { app: 'all', method: 'DELETE', path: '/any/1', status: 200, allow: undefined }, // no verb limit: it matched
  ])('$app: $method $path → $status', async ({ app, method, path, status, allow }) => {
    const reply = await call(app === 'all' ? all : classic, method, path);
    expect(reply.status).toBe(status);
    expect(reply.headers.allow).toBe(allow);
    if (status === 405) expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('HEAD routed as GET: the GET headers and content-length, no body, the handler sees HEAD', async () => {
    const get = await call(all, 'GET', '/api/v1/items/7');
    const head = await call(all, 'HEAD', '/api/v1/items/7');
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    // The echo includes the method the handler saw, so the lengths differ by "HEAD" vs "GET".
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.text.replace('"GET"', '"HEAD"')));
  });

  it('methodNotAllowed needs a router that lists its methods', () => {
    const app = createApplication();
    const single = { routeAsync: async () => {}, getVirtualPath: () => null };
    expect(() => useRouter(app, single, { methodNotAllowed: true })).toThrow(/allowedMethods/);
  });
});

describe("a mapped route's middleware and a group's", () => {
  let base: string;
  beforeAll(async () => {
    const app = createApplication();
    addRouting(app.services);
    type Ctx = { items: Map<unknown, unknown>; routeData: { values: Record<string, unknown> } };
    const step = (name: string) => async (ctx: Ctx, next: () => Promise<void>) => {
      ctx.items.set('trail', [...((ctx.items.get('trail') as string[]) ?? []), `${name}:${ctx.routeData.values.id}`]);
      await next();
    };
    const builder = new RouteBuilder(app)
      .mapGroup(
        'admin/{id:int}',
        (admin) =>
          admin
            .mapGet('a', (ctx) => ctx.response.json(200, [...(ctx.items.get('trail') as string[]), 'handler']), { middleware: [step('own1'), step('own2')] })
            .mapGroup('inner', (inner) => inner.mapGet('b', (ctx) => ctx.response.json(200, [...(ctx.items.get('trail') as string[]), 'handler'])), {
              middleware: [step('inner')],
            }),
        { middleware: [step('group')] },
      )
      .mapGet('denied/{id}', (ctx) => ctx.response.send(200, 'reached'), { middleware: [(ctx) => ctx.response.send(403, 'denied')] })
      .mapGet('thrown/{id}', (ctx) => ctx.response.send(200, 'reached'), { middleware: [() => { throw new Error('in middleware'); }] })
      .mapGet('plain/{id}', (ctx) => ctx.response.send(200, 'no middleware'));
    useRouter(app, builder.build());
    base = await start(app);
  });

  it.each([
    { path: '/admin/5/a', status: 200, text: '["group:5","own1:5","own2:5","handler"]' },
    { path: '/admin/5/inner/b', status: 200, text: '["group:5","inner:5","handler"]' },
    { path: '/denied/1', status: 403, text: 'denied' },
    { path: '/plain/1', status: 200, text: 'no middleware' },
  ])('GET $path → $status $text', async ({ path, status, text }) => {
    const reply = await call(base, 'GET', path);
    expect([reply.status, reply.text]).toEqual([status, text]);
  });

  it('what a middleware throws is the pipeline error path (500 problem), the handler not run', async () => {
    const reply = await call(base, 'GET', '/thrown/1');
    expect(reply.status).toBe(500);
    expect(reply.text).not.toContain('reached');
  });

  it('middleware that is not a list of functions throws when mapped', () => {
    const builder = new RouteBuilder(createApplication());
    expect(() => builder.mapGet('x', () => {}, { middleware: ['auth' as never] })).toThrow(/middleware\[0\] must be a function, got string/);
  });
});

describe("a group's middleware runs before every route the group adds, whatever way it adds it", () => {
  type Group = RouteBuilder<any, any, any>;
  const body = 'the protected body';
  const handler = (ctx: { response: { send(status: number, body: string): void } }) => ctx.response.send(200, body);
  const branch = (app: Application) => app.run(async (ctx) => ctx.response.send(200, body));
  // Every method of RouteBuilder that adds a route, each with a request that reaches the route it adds.
  const ways: { way: string; add: (group: Group, template: string) => void; method: string }[] = [
    { way: 'mapRoute(name, template): the default handler', add: (g, t) => g.mapRoute(null, t), method: 'GET' },
    { way: 'mapRoute(template, handler)', add: (g, t) => g.mapRoute(t, handler), method: 'DELETE' },
    { way: 'mapVerb', add: (g, t) => g.mapVerb('PUT', t, handler), method: 'PUT' },
    { way: 'mapMethods', add: (g, t) => g.mapMethods(['GET', 'POST'], t, handler), method: 'POST' },
    { way: 'mapGet', add: (g, t) => g.mapGet(t, handler), method: 'GET' },
    { way: 'mapPost', add: (g, t) => g.mapPost(t, handler), method: 'POST' },
    { way: 'mapPut', add: (g, t) => g.mapPut(t, handler), method: 'PUT' },
    { way: 'mapDelete', add: (g, t) => g.mapDelete(t, handler), method: 'DELETE' },
    { way: 'mapPatch', add: (g, t) => g.mapPatch(t, handler), method: 'PATCH' },
    { way: 'mapMiddlewareRoute', add: (g, t) => g.mapMiddlewareRoute(t, branch), method: 'GET' },
    { way: 'mapMiddlewareVerb', add: (g, t) => g.mapMiddlewareVerb('PUT', t, branch), method: 'PUT' },
    { way: 'mapMiddlewareGet', add: (g, t) => g.mapMiddlewareGet(t, branch), method: 'GET' },
    { way: 'mapMiddlewarePost', add: (g, t) => g.mapMiddlewarePost(t, branch), method: 'POST' },
    { way: 'mapMiddlewarePut', add: (g, t) => g.mapMiddlewarePut(t, branch), method: 'PUT' },
    { way: 'mapMiddlewareDelete', add: (g, t) => g.mapMiddlewareDelete(t, branch), method: 'DELETE' },
    { way: 'mapMiddlewarePatch', add: (g, t) => g.mapMiddlewarePatch(t, branch), method: 'PATCH' },
  ];
  // [where the route is added, the middleware that must run first]
  const places = [
    { place: 'in a group', prefix: '/admin', middleware: ['admin'] },
    { place: 'in a group in a group', prefix: '/admin/inner', middleware: ['admin', 'inner'] },
  ];
  let base: string;
  beforeAll(async () => {
    const app = createApplication();
    addRouting(app.services);
    const requireRole = (role: string) => async (ctx: { request: { headers: Record<string, unknown> }; response: { send(status: number, body: string): void } }, next: () => Promise<void>) => {
      const roles = String(ctx.request.headers['x-roles'] ?? '').split(',');
      if (!roles.includes(role)) return ctx.response.send(403, `${role} only`);
      await next();
    };
    const builder = new RouteBuilder(app, new RouteHandler((ctx) => ctx.response.send(200, body)));
    builder.mapGroup(
      'admin',
      (admin) => {
        ways.forEach(({ add }, i) => add(admin, `${i}`));
        admin.mapGroup('inner', (inner) => ways.forEach(({ add }, i) => add(inner, `${i}`)), { middleware: [requireRole('inner')] });
      },
      { middleware: [requireRole('admin')] },
    );
    useRouter(app, builder.build());
    base = await start(app);
  });

  it('the table has every way RouteBuilder adds a route', () => {
    const adders = Object.getOwnPropertyNames(RouteBuilder.prototype).filter((name) => name.startsWith('map') && name !== 'mapGroup');
    expect(new Set(ways.map(({ way }) => way.split('(')[0]))).toEqual(new Set(adders));
  });

  describe.each(places)('$place', ({ prefix, middleware }) => {
    it.each(ways.map((row, i) => ({ ...row, path: `${prefix}/${i}` })))('$way: $method $path', async ({ method, path }) => {
      const answer = async (roles: string[]) => {
        const res = await request(base + path, { method: method as 'GET', headers: { 'x-roles': roles.join(',') } });
        return [res.statusCode, await res.body.text()];
      };
      // Each of the group's middleware refuses on its own; with every role the body comes.
      for (const missing of middleware) expect(await answer(middleware.filter((m) => m !== missing))).toEqual([403, `${missing} only`]);
      expect(await answer(middleware)).toEqual([200, body]);
    });
  });
});

// The framework adapters in the real frameworks, over real HTTP: Express 5 and Koa 3 (middleware), Fastify 5 (a
// plugin under a prefix), Hono 4 (middleware, and SwitchyardRouter inside `new Hono({ router })`). One table of
// requests and answers for all four: values where the framework puts parameters, route data, urlFor with the
// request's values as ambient values (under the mount point), 405 with Allow, HEAD as GET, OPTIONS, falling
// through to the framework's next handler, and a handler's error reaching the framework's error handling. Each
// adapter is given the routes, and a router built ahead of time from them (compileToModule, as `switchyard build`
// writes it): a built router answers as the routes do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono, type Context } from 'hono';
import Koa from 'koa';
import { request } from 'undici';
import { rawGet } from './support/raw-http.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchyard as expressRoutes, type ExpressRouteData } from '../src/express.js';
import { switchyard as fastifyRoutes, type FastifyRouteData } from '../src/fastify.js';
import { SwitchyardRouter, switchyard as honoRoutes, type HonoRouteData } from '../src/hono.js';
import { switchyard as koaRoutes, type KoaRouteData } from '../src/koa.js';
import type { RouteDefinition, RouteValues } from '../src/index.js';
import { compileToModule } from '../src/build.js';
import { evaluateBuiltModule } from './support/routers.js';
import { fastifyReady, getText, koaErrorsAs } from './support/framework-hosts.js';

/** What every framework's handlers answer, from the request data the adapter gave them. */
interface Seen {
  params: RouteValues;
  route: { name: string | null; dataTokens: Readonly<Record<string, unknown>> };
  urlFor: (name: string, values?: RouteValues) => string;
}
const answers = {
  // `elsewhere` starts the path with a value: never "//evil.com" (another host to a browser), with or without a mount base.
  todo: (s: Seen) => ({ id: s.params.id, self: s.urlFor('todo', { id: 7 }), elsewhere: s.urlFor('anywhere', { path: '//evil.com' }) }),
  item: (s: Seen) => ({ category: s.params.category, sibling: s.urlFor('item', { id: '9' }) }),
  data: (s: Seen) => ({ name: s.route.name, area: s.route.dataTokens.area }),
};
/** The table, with each route's handler made by the framework from its answer. */
function routes(handle: (answer: (s: Seen) => unknown) => unknown, boom: unknown): RouteDefinition[] {
  return [
    { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET', 'PUT'], handler: handle(answers.todo) },
    { name: 'item', template: 'shop/{category}/{id}', methods: ['GET'], handler: handle(answers.item) },
    { name: 'data', template: 'data', dataTokens: { area: 'admin' }, handler: handle(answers.data) },
    { name: 'boom', template: 'boom', handler: boom },
    { name: 'anywhere', template: '{**path}', generationOnly: true },
  ];
}

type App = { base: string; close: () => Promise<void> };
/** What an adapter is given: the routes as written, or a router built from them. */
type Source = (routes: RouteDefinition[]) => never;
const SOURCES: Record<string, Source> = {
  routes: (routes) => routes as never,
  'a built router': (routes) => evaluateBuiltModule(compileToModule(routes, { routesModule: './routes.mjs' }), { default: routes }) as never,
};
const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const closing = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));

const FRAMEWORKS: Record<string, (source: Source) => Promise<App>> = {
  async express(source) {
    const app = express();
    const handle = (answer: (s: Seen) => unknown) => (req: express.Request, res: express.Response) => {
      const data = res.locals.switchyard as ExpressRouteData;
      res.json(answer({ params: req.params, route: data.route, urlFor: data.urlFor }));
    };
    app.use('/v1', expressRoutes(source(routes(handle, () => Promise.reject(new Error('boom'))))));
    app.use((_req, res) => void res.status(404).send('fell through'));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(`handled: ${error.message}`));
    const server = createServer(app);
    return { base: `${await listen(server)}/v1`, close: closing(server) };
  },
  async koa(source) {
    const app = new Koa();
    app.use(koaErrorsAs('handled: '));
    const handle = (answer: (s: Seen) => unknown) => (ctx: Koa.Context) => {
      const data = ctx.state.switchyard as KoaRouteData;
      ctx.body = answer({ params: (ctx as Koa.Context & { params: RouteValues }).params, route: data.route, urlFor: data.urlFor });
    };
    app.use(koaRoutes(source(routes(handle, () => { throw new Error('boom'); }))));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = 'fell through';
    });
    const server = createServer(app.callback());
    return { base: await listen(server), close: closing(server) };
  },
  async fastify(source) {
    const app = Fastify();
    const handle = (answer: (s: Seen) => unknown) => async (req: { params: unknown; switchyard: FastifyRouteData }) =>
      answer({ params: req.params as RouteValues, route: req.switchyard.route, urlFor: req.switchyard.urlFor });
    app.setNotFoundHandler((_req, reply) => reply.code(404).send('fell through'));
    app.setErrorHandler((error: Error, _req, reply) => reply.code(500).send(`handled: ${error.message}`));
    await app.register(fastifyRoutes, { prefix: '/v1', routes: source(routes(handle, async () => { throw new Error('boom'); })) });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { base: `${address}/v1`, close: () => app.close() };
  },
  async hono(source) {
    const app = new Hono();
    const handle = (answer: (s: Seen) => unknown) => (c: { get: (key: string) => unknown; json: (body: unknown) => Response }) => {
      const data = c.get('switchyard') as HonoRouteData;
      return c.json(answer({ params: data.values, route: data.route, urlFor: data.urlFor }));
    };
    app.use(honoRoutes(source(routes(handle, () => { throw new Error('boom'); }))));
    app.notFound((c) => c.text('fell through', 404));
    app.onError((error, c) => c.text(`handled: ${error.message}`, 500));
    return serveFetch(app.fetch);
  },
};

/** A fetch handler (hono's app.fetch) on node:http, as @hono/node-server would serve it. */
async function serveFetch(fetch: (request: Request) => Response | Promise<Response>): Promise<App> {
  const server = createServer(async (req, res) => {
    const response = await fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers: req.headers as Record<string, string> }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
  });
  return { base: await listen(server), close: closing(server) };
}

const CASES: { request: string; status: number; body?: unknown; text?: string; allow?: string; problem?: boolean }[] = [
  { request: 'GET /api/todo/5', status: 200, body: { id: '5', self: '$base/api/todo/7', elsewhere: '$base/%2Fevil.com' } },
  { request: 'GET /shop/tools/3', status: 200, body: { category: 'tools', sibling: '$base/shop/tools/9' } },
  { request: 'GET /data', status: 200, body: { name: 'data', area: 'admin' } },
  { request: 'GET /api/todo/x', status: 404, text: 'fell through' },
  { request: 'GET /nowhere', status: 404, text: 'fell through' },
  { request: 'DELETE /api/todo/5', status: 405, allow: 'GET, HEAD, OPTIONS, PUT', problem: true },
  { request: 'HEAD /api/todo/5', status: 200, text: '' },
  { request: 'OPTIONS /api/todo/5', status: 204, allow: 'GET, HEAD, OPTIONS, PUT', text: '' },
  { request: 'GET /boom', status: 500, text: 'handled: boom' },
];

describe.each(Object.keys(FRAMEWORKS).flatMap((framework) => Object.keys(SOURCES).map((source) => [framework, source])))('%s given %s', (framework, source) => {
  let app: App;
  beforeAll(async () => {
    app = await FRAMEWORKS[framework](SOURCES[source]);
  });
  afterAll(() => app.close());

  it.each(CASES)('$request → $status', async ({ request: line, status, body, text, allow, problem }) => {
    const [method, path] = line.split(' ');
    const reply = await request(app.base + path, { method: method as 'GET' });
    const received = await reply.body.text();
    expect(reply.statusCode).toBe(status);
    const basePath = new URL(app.base).pathname.replace(/\/$/, '');
    if (body !== undefined) expect(JSON.parse(received)).toEqual(JSON.parse(JSON.stringify(body).replaceAll('$base', basePath)));
    if (text !== undefined) expect(received).toBe(text);
    if (allow !== undefined) expect(reply.headers.allow).toBe(allow);
    if (problem) {
      expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(received)).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    }
  });
});

describe.each([false, true])('an adapter given routes and compile: { caseSensitive: %s }', (caseSensitive) => {
  const app = new Hono();
  app.use(honoRoutes([{ template: 'Users', handler: (c: Context) => c.text('Users') }], { compile: { caseSensitive } }));
  it.each([
    ['/Users', 200],
    ['/users', caseSensitive ? 404 : 200],
  ])('GET %s → %s', async (path, status) => {
    expect((await app.request(path)).status).toBe(status);
  });
});

describe('SwitchyardRouter in a Hono app', () => {
  const app = new Hono({ router: new SwitchyardRouter() });
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('x-middleware', 'ran');
  });
  app.get('/api/todo/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id') }));
  app.get('/api/todo/:id/tags/:tag?', (c) => c.json({ id: c.req.param('id'), tag: c.req.param('tag') ?? null }));
  app.get('/files/*', (c) => c.text('files'));
  app.get('/raw/:name', (c) => c.json({ name: c.req.param('name') }));
  app.get('/slug/:slug{[a-z]+}', (c) => c.json({ slug: c.req.param('slug') }));
  app.use('*', async (c, next) => {
    await next();
    c.header('x-everywhere', 'ran');
  });
  it.each([
    // As in hono: literals and regex parameters compare with their case, and `*` takes empty segments.
    { path: '/API/todo/42', status: 404 },
    { path: '/slug/abc', status: 200, body: { slug: 'abc' } },
    { path: '/slug/aBc', status: 404 },
    { path: '//', status: 404, everywhere: 'ran' },
    { path: '/files//a', status: 200, text: 'files' },
    { path: '/api/todo/42', status: 200, body: { id: '42' }, middleware: 'ran' },
    { path: '/api/todo/x/tags', status: 200, body: { id: 'x', tag: null }, middleware: 'ran' },
    { path: '/api/todo/x/tags/red', status: 200, body: { id: 'x', tag: 'red' }, middleware: 'ran' },
    { path: '/files/a/b/c.txt', status: 200, text: 'files' },
    { path: '/files', status: 200, text: 'files' },
    // hono decodes parameters itself: the router hands them over as they stand in the path, so %2525 is decoded once.
    { path: '/raw/a%2520b', status: 200, body: { name: 'a%20b' } },
    { path: '/api/todo/42/', status: 404 },
  ])('GET $path → $status', async ({ path, status, body, text, middleware, everywhere }) => {
    const response = await app.request(path);
    expect(response.status).toBe(status);
    if (body) expect(await response.json()).toEqual(body);
    if (text) expect(await response.text()).toBe(text);
    if (middleware) expect(response.headers.get('x-middleware')).toBe(middleware);
    if (everywhere) expect(response.headers.get('x-everywhere')).toBe(everywhere);
  });

  it.each([
    { path: '/assets*', reason: /"\*" inside a segment/ },
    { path: '/files/:name{.+}', reason: /can match "\/"/ },
    { path: 'example.com/x', reason: /a path with a host/ },
    { path: '/x/:p{[a-z]*}', reason: /matches the empty text/ },
  ])('cannot take $path: UnsupportedPathError (hono SmartRouter then uses another router)', ({ path, reason }) => {
    expect(() => new SwitchyardRouter().add('GET', path, 'h')).toThrow(reason);
  });
});

describe('Express: request targets in absolute form (RFC 9112 §3.2.2), over a raw socket', () => {
  // The same table twice in one app: under /mnt through the adapter, under /native through Express's own router;
  // each target must be answered by the adapter as Express answers it.
  let port: number;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = express();
    const answer = (req: express.Request, res: express.Response) => void res.json({ id: req.params.id });
    app.use('/mnt', expressRoutes([{ name: 'item', template: 'items/{id:int}', methods: ['GET'], handler: answer }]));
    app.get('/native/items/:id', (req, res, next) => (/^\d+$/.test(String(req.params.id)) ? answer(req, res) : next()));
    app.use((_req, res) => void res.status(404).send('fell through'));
    const server = createServer(app);
    port = Number(new URL(await listen(server)).port);
    close = closing(server);
  });
  afterAll(() => close());

  it.each([
    { target: 'http://h/{mount}/items/5', status: 200, body: '{"id":"5"}' },
    { target: 'http://h:8080/{mount}/items/5?x=1', status: 200, body: '{"id":"5"}' },
    { target: 'HTTPS://user@H/{mount}/items/12', status: 200, body: '{"id":"12"}' },
    { target: '/{mount}/items/5', status: 200, body: '{"id":"5"}' },
    { target: 'http://h/{mount}/items/x', status: 404, body: 'fell through' },
    { target: 'http://h/{mount}/items/5/more', status: 404, body: 'fell through' },
  ])('GET $target → $status, through the adapter as through Express', async ({ target, status, body }) => {
    const [adapter, native] = await Promise.all(['mnt', 'native'].map((mount) => rawGet(port, target.replace('{mount}', mount))));
    expect([native.status, native.body]).toEqual([status, body]);
    expect([adapter.status, adapter.body]).toEqual([status, body]);
  });
});

// Express hands middleware the request's own spelling of the mount path (req.baseUrl); links keep the one the
// app registered, wherever the table is mounted.
describe('express: links under the mount path as registered', () => {
  const table = expressRoutes([
    {
      name: 'todo',
      template: 'todo/{id:int}',
      handler: (req, res) => void res.json({ next: res.locals.switchyard.urlFor('todo', { id: Number(req.params.id) + 1 }) }),
    },
  ]);
  const mounts: Record<string, () => express.Express> = {
    'app.use("/api")': () => express().use('/api', table),
    'app.use("/api/")': () => express().use('/api/', table),
    'a Router under "/v1" at "/Api"': () => express().use('/v1', express.Router().use('/Api', table)),
    'a sub-app at "/v1" using "/api"': () => express().use('/v1', express().use('/api', table)),
    'app.use("/:tenant") (a pattern: the request\'s text)': () => express().use('/:tenant', table),
  };
  it.each([
    { mount: 'app.use("/api")', path: '/API/Todo/5/', next: '/api/todo/6' },
    { mount: 'app.use("/api")', path: '/api/todo/5', next: '/api/todo/6' },
    { mount: 'app.use("/api/")', path: '/Api/todo/5', next: '/api/todo/6' },
    { mount: 'a Router under "/v1" at "/Api"', path: '/V1/API/todo/5', next: '/v1/Api/todo/6' },
    { mount: 'a sub-app at "/v1" using "/api"', path: '/V1/API/todo/5', next: '/v1/api/todo/6' },
    { mount: 'app.use("/:tenant") (a pattern: the request\'s text)', path: '/AcMe/todo/5', next: '/AcMe/todo/6' },
  ])('$mount, GET $path → $next', async ({ mount, path, next }) => {
    const server = createServer(mounts[mount]());
    const base = await listen(server);
    try {
      const reply = await request(base + path);
      expect(await reply.body.json()).toEqual({ next });
    } finally {
      await closing(server)();
    }
  });
});

// A link that cannot be made throws: a name no route has says so (with a guess: a group's name prefix is part of
// the name), other links name the route and the values; the reasons are explainGenerate's, in
// switchyard-router/introspect, which no adapter loads (the same message for a compiled and a built router).
describe('urlFor: a link that cannot be made', () => {
  const table = [
    { name: 'todo', template: 'api/todo/{id:int}' },
    { name: 'v1.user', template: 'v1/users/{id}' },
  ];
  const otherModule = [{ name: 'home', template: '' }];
  // The module as written, before a group put it under 't/{tenant}' ('tenant' is what its types do not ask for).
  const tenantModule = [{ name: 'tenant.user', template: 'users/{id}' }];
  table.push({ name: 'tenant.user', template: 't/{tenant}/users/{id}' });
  const WHY = '(explainGenerate(router, values, { routeName }) of switchyard-router/introspect says why)';
  it.each([
    { why: 'no route has the name', call: ['nope', {}], message: 'urlFor("nope"): no route named "nope"' },
    { why: "a name without its group's name prefix", call: ['user', { id: '3' }], message: 'urlFor("user"): no route named "user" (did you mean "v1.user"?)' },
    { why: 'a close name', call: ['tood', { id: 1 }], message: 'urlFor("tood"): no route named "tood" (did you mean "todo"?)' },
    { why: 'a required value is missing', call: ['todo', {}], message: `urlFor("todo"): no URL from {} ${WHY}` },
    { why: 'a name in another case is the name: its values are missing', call: ['TODO', {}], message: `urlFor("TODO"): no URL from {} ${WHY}` },
    { why: "another module's routes without the name", call: [otherModule, 'todo', { id: 1 }], message: 'urlFor("todo"): the routes given have no route named "todo"' },
    // A module the app never gave to switchyard(): the types cannot see the table, so the message says what is missing.
    {
      why: "another module's route the table does not have",
      call: [otherModule, 'home'],
      message: 'urlFor("home"): not in the app\'s table: give the routes to switchyard() with the others',
    },
    {
      why: "another module's route the app serves under a group's prefix with a parameter",
      call: [tenantModule, 'tenant.user', { id: 3 }],
      message: 'urlFor("tenant.user"): served as "t/{tenant}/users/{id}", not "users/{id}" as its module wrote it: link through what the group returned',
    },
  ])('$why: $message', async ({ call, message }) => {
    const { urlForRequest } = await import('../src/frameworks/dispatch.js');
    const { didYouMeanSuffix } = await import('../src/did-you-mean.js');
    const { compile } = await import('../src/index.js');
    // As the adapters over routes (Express, Fastify, Koa, Hono) make it: with did-you-mean's guess.
    const urlFor = urlForRequest(compile(table), null, '', didYouMeanSuffix) as (...args: unknown[]) => string;
    expect(urlFor('todo', { id: 5 })).toBe('/api/todo/5');
    expect(urlFor(table, 'v1.user', { id: 3 })).toBe('/v1/users/3');
    expect(() => urlFor(...call)).toThrow(message);
  });

  // Hono over a built router (switchyard-router/hono/aot) names the route without a guess: a Worker's bundle carries
  // no guesser (test/workers-bundle.test.ts).
  it.each([
    { call: ['user', { id: '3' }], message: 'urlFor("user"): no route named "user"' },
    { call: ['tood', { id: 1 }], message: 'urlFor("tood"): no route named "tood"' },
    { call: [otherModule, 'todo', { id: 1 }], message: 'urlFor("todo"): the routes given have no route named "todo"' },
  ])('over a built router, without a guess: $message', async ({ call, message }) => {
    const { Hono } = await import('hono');
    const { switchyard } = await import('../src/hono-aot.js');
    const { compileToModule } = await import('../src/build.js');
    const { evaluateBuiltModule } = await import('./support/routers.js');
    const link = (c: { var: { switchyard: { urlFor: (...args: unknown[]) => string } }; text: (text: string) => Response }) => {
      try {
        return c.text(c.var.switchyard.urlFor(...call));
      } catch (error) {
        return c.text((error as Error).message);
      }
    };
    const routes = table.map((route) => ({ ...route, handler: link }));
    const router = evaluateBuiltModule(compileToModule(routes, { routesModule: './routes.mjs' }), { default: routes });
    const reply = await new Hono().use(switchyard(router)).request('/api/todo/5');
    expect(await reply.text()).toBe(message);
  });
});

// Route modules in one app (Express; urlFor is the adapters' shared one): a handler written in a group with a name
// prefix links by the prefixed name, a module links to another module's route through urlFor(module, name, values),
// and the name without its group's name prefix is refused at run time as the types refuse it.
describe('urlFor across route modules and under a name prefix', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { defineRoutes, group } = await import('../src/express.js');
    const link = (make: (urlFor: (...args: unknown[]) => string, id: string) => string) => (req: express.Request, res: express.Response) => {
      try {
        res.json({ link: make(res.locals.switchyard.urlFor as (...args: unknown[]) => string, String(req.params.id)) });
      } catch (error) {
        res.status(500).json({ error: (error as Error).message });
      }
    };
    const users = group({ prefix: 'v1', name: 'v1.' }, [
      { name: 'user', template: 'users/{id}', handler: link((urlFor, id) => urlFor('v1.user', { id })) },
      { name: 'unprefixed', template: 'unprefixed/{id}', handler: link((urlFor, id) => urlFor('user', { id })) },
    ]);
    const posts = defineRoutes([{ name: 'post', template: 'posts/{id}', handler: link((urlFor, id) => urlFor(users, 'v1.user', { id })) }]);
    const server = createServer(express().use(expressRoutes([...users, ...posts])));
    base = await listen(server);
    close = closing(server);
  });
  afterAll(() => close());

  it.each([
    { path: '/v1/users/3', status: 200, body: { link: '/v1/users/3' } },
    { path: '/posts/4', status: 200, body: { link: '/v1/users/4' } },
    { path: '/v1/unprefixed/3', status: 500, body: { error: 'urlFor("user"): no route named "user" (did you mean "v1.user"?)' } },
  ])('GET $path → $status', async ({ path, status, body }) => {
    const reply = await request(base + path);
    expect([reply.statusCode, await reply.body.json()]).toEqual([status, body]);
  });
});

// A route that answers requests but has no function handler could only ever fall through (404), or answer 405 to
// the methods it does not take and 404 to the one it does: every adapter refuses it when it is given its routes,
// all such routes in one error (RouteTableError, as compile() reports a table), each named with what to write. A
// route kept only to make links (generationOnly: true) needs none.
describe('a route that answers requests without a handler is refused', () => {
  const ok = (): void => {};
  const TABLE = [
    { name: 'b', template: 'b/{id}' },
    { name: 'c', template: 'c', methods: ['POST'] },
    { name: 'a', template: 'a', handler: 'show' },
    { name: 'links', template: 'links/{id}', generationOnly: true },
    { name: 'fine', template: 'fine', handler: ok },
  ] as RouteDefinition[];
  /** Each adapter given routes (or a router whose routes these are), as an app gives them. */
  const ADAPTERS: Record<string, { form: string; make: (routes: RouteDefinition[]) => Promise<unknown> | unknown }> = {
    express: { form: '(req, res) => …', make: (routes) => expressRoutes(routes as never) },
    'express over a compiled router': { form: '(req, res) => …', make: async (routes) => expressRoutes((await import('../src/index.js')).compile(routes)) },
    koa: { form: '(ctx, next) => …', make: (routes) => koaRoutes(routes as never) },
    fastify: { form: '(request, reply) => …', make: fastifyReady },
    hono: { form: '(c) => …', make: (routes) => honoRoutes(routes as never) },
    'hono/aot over a built module': {
      form: '(c) => …',
      make: async (routes) => {
        const { switchyard } = await import('../src/hono-aot.js');
        const { compileToModule } = await import('../src/build.js');
        const { evaluateBuiltModule } = await import('./support/routers.js');
        return switchyard(evaluateBuiltModule(compileToModule(routes, { routesModule: './routes.mjs' }), { default: routes }));
      },
    },
  };
  const thrownBy = async (make: () => Promise<unknown> | unknown): Promise<unknown> => {
    try {
      await make();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  describe.each(Object.entries(ADAPTERS))('%s', (_adapter, { form, make }) => {
    it('every such route in one RouteTableError: its index, name, template and what to write', async () => {
      const { RouteTableError, RouteCreationError } = await import('../src/index.js');
      const thrown = await thrownBy(() => make(TABLE));
      expect(thrown).toBeInstanceOf(RouteTableError);
      const table = thrown as InstanceType<typeof RouteTableError>;
      expect(table.failures.map((f) => f.routeIndex)).toEqual([0, 1, 2]);
      for (const failure of table.failures) expect(failure.error).toBeInstanceOf(RouteCreationError);
      const fix = `it answers requests but has no handler function: give it handler: ${form}, or generationOnly: true if it only makes links`;
      expect(table.message.split('\n')).toEqual([
        '3 routes cannot be created:',
        `  route 0: Cannot create route "b" with template "b/{id}": ${fix}`,
        `  route 1: Cannot create route "c" with template "c": ${fix}`,
        `  route 2: Cannot create route "a" with template "a": ${fix}`,
      ]);
    });

    it('one such route alone: its RouteCreationError', async () => {
      const { RouteCreationError } = await import('../src/index.js');
      const thrown = await thrownBy(() => make([TABLE[4], { template: 'orders/{id:int}', methods: ['GET'] }]));
      expect(thrown).toBeInstanceOf(RouteCreationError);
      expect((thrown as Error).message).toBe(
        `Cannot create route with template "orders/{id:int}": it answers requests but has no handler function: give it handler: ${form}, or generationOnly: true if it only makes links`,
      );
    });

    it('a route kept only to make links needs none', async () => {
      expect(await thrownBy(() => make(TABLE.slice(3)))).toBeUndefined();
    });
  });
});

// An adapter given to another framework (Express's middleware in Koa, Koa's in Express, Express's registered as a
// Fastify plugin…) checks its arguments once where the request starts (Fastify's plugin: where it is registered)
// and throws into that framework's error handling a TypeError naming its own framework, the one that called it,
// and the adapter that fits: not a property of another framework's object read deep inside ("Cannot set
// properties of undefined (setting 'switchyard')").
describe('an adapter given to another framework names the adapter to use', () => {
  const ADAPTERS: Record<string, (handler: () => void) => unknown> = {
    express: (handler) => expressRoutes([{ template: 'users/{id}', handler }]),
    koa: (handler) => koaRoutes([{ template: 'users/{id}', handler }]),
    hono: (handler) => honoRoutes([{ template: 'users/{id}', handler }]),
    // The plugin itself: the routes are its register options.
    fastify: () => fastifyRoutes,
  };
  /** The error a host framework's error handling received for GET /users/1 (or the plugin's registration). */
  const HOSTS: Record<string, (adapter: unknown) => Promise<string>> = {
    async express(adapter) {
      const app = express();
      app.use(adapter as express.RequestHandler);
      app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(error.message));
      return getText(createServer(app), '/users/1');
    },
    async koa(adapter) {
      const app = new Koa();
      app.use(koaErrorsAs());
      app.use(adapter as Koa.Middleware);
      return getText(createServer(app.callback()), '/users/1');
    },
    async hono(adapter) {
      const app = new Hono();
      app.use(adapter as never);
      app.onError((error, c) => c.text(error.message, 500));
      return (await app.request('/users/1')).text();
    },
    async fastify(adapter) {
      const app = Fastify();
      try {
        await app.register(adapter as never);
        return 'registered';
      } catch (error) {
        return (error as Error).message;
      } finally {
        await app.close();
      }
    },
    async 'fastify as a route handler'(adapter) {
      const app = Fastify();
      app.get('/users/1', adapter as never);
      app.setErrorHandler((error: Error, _req, reply) => reply.code(500).send(error.message));
      try {
        return (await app.inject({ url: '/users/1' })).body;
      } finally {
        await app.close();
      }
    },
  };
  const EXPRESS = 'switchyard-router/express is Express middleware (req, res, next)';
  const KOA = 'switchyard-router/koa is Koa middleware (ctx, next)';
  const HONO = 'switchyard-router/hono is Hono middleware (c, next)';
  const FASTIFY = 'switchyard-router/fastify is a Fastify plugin (app.register(switchyard, { routes }))';
  const USE = {
    express: 'Express called it with (req, res, next): use switchyard-router/express there, app.use(switchyard(routes))',
    koa: 'Koa called it with (ctx, next): use switchyard-router/koa there, app.use(switchyard(routes))',
    hono: 'Hono called it with (c, next): use switchyard-router/hono there, app.use(switchyard(routes))',
    fastify: 'Fastify registered it as a plugin (instance, options): use switchyard-router/fastify there, app.register(switchyard, { routes })',
    fastifyHandler: 'Fastify called it as a route handler (request, reply): use switchyard-router/fastify there, app.register(switchyard, { routes })',
  };
  it.each([
    { adapter: 'express', host: 'koa', message: `${EXPRESS}, but ${USE.koa}` },
    { adapter: 'express', host: 'hono', message: `${EXPRESS}, but ${USE.hono}` },
    { adapter: 'express', host: 'fastify', message: `${EXPRESS}, but ${USE.fastify}` },
    { adapter: 'express', host: 'fastify as a route handler', message: `${EXPRESS}, but ${USE.fastifyHandler}` },
    { adapter: 'koa', host: 'express', message: `${KOA}, but ${USE.express}` },
    { adapter: 'koa', host: 'hono', message: `${KOA}, but ${USE.hono}` },
    { adapter: 'koa', host: 'fastify', message: `${KOA}, but ${USE.fastify}` },
    { adapter: 'koa', host: 'fastify as a route handler', message: `${KOA}, but ${USE.fastifyHandler}` },
    { adapter: 'hono', host: 'express', message: `${HONO}, but ${USE.express}` },
    { adapter: 'hono', host: 'koa', message: `${HONO}, but ${USE.koa}` },
    { adapter: 'hono', host: 'fastify', message: `${HONO}, but ${USE.fastify}` },
    { adapter: 'fastify', host: 'express', message: `${FASTIFY}, but ${USE.express}` },
    { adapter: 'fastify', host: 'koa', message: `${FASTIFY}, but ${USE.koa}` },
    { adapter: 'fastify', host: 'hono', message: `${FASTIFY}, but ${USE.hono}` },
  ])("$adapter's adapter in $host", async ({ adapter, host, message }) => {
    let ran = false;
    expect(await HOSTS[host](ADAPTERS[adapter](() => void (ran = true)))).toBe(message);
    expect(ran).toBe(false);
  });
});

// An adapter over a live router (compile()'s, changed while it serves: docs/live-tables.md) serves the routes added
// later; it checks the routes for a handler only when it is given the router, so a route added later without one
// falls through to the framework's next handler, as a route whose handler is not a function does.
describe('an adapter over a live router', async () => {
  const { compile } = await import('../src/index.js');
  type Router = ReturnType<typeof compile>;
  type Served = { get: (path: string) => Promise<[number, string]>; close: () => Promise<void> };
  const listenOn = async (server: Server): Promise<Served> => {
    const base = await listen(server);
    const get = async (path: string): Promise<[number, string]> => {
      const reply = await request(base + path);
      return [reply.statusCode, await reply.body.text()];
    };
    return { get, close: closing(server) };
  };
  /** Each framework's handler that answers `text`, and its app over the router, falling through to 404 'fell through'. */
  const SERVE: Record<string, { answer: (text: string) => unknown; serve: (router: Router) => Promise<Served> }> = {
    express: {
      answer: (text) => (_req: express.Request, res: express.Response) => void res.send(text),
      serve: (router) => listenOn(createServer(express().use(expressRoutes(router)).use((_req, res) => void res.status(404).send('fell through')))),
    },
    koa: {
      answer: (text) => (ctx: Koa.Context) => void (ctx.body = text),
      serve: (router) => listenOn(createServer(new Koa().use(koaRoutes(router)).use((ctx) => void ((ctx.status = 404), (ctx.body = 'fell through'))).callback())),
    },
    fastify: {
      answer: (text) => async () => text,
      async serve(router) {
        const app = Fastify();
        app.setNotFoundHandler((_req, reply) => reply.code(404).send('fell through'));
        await app.register(fastifyRoutes, { routes: router });
        const get = async (path: string): Promise<[number, string]> => {
          const reply = await app.inject({ url: path });
          return [reply.statusCode, reply.body];
        };
        return { get, close: () => app.close() };
      },
    },
    hono: {
      answer: (text) => (c: Context) => c.text(text),
      async serve(router) {
        const app = new Hono().use(honoRoutes(router));
        app.notFound((c) => c.text('fell through', 404));
        const get = async (path: string): Promise<[number, string]> => {
          const reply = await app.request(path);
          return [reply.status, await reply.text()];
        };
        return { get, close: async () => {} };
      },
    },
  };
  it.each(Object.keys(SERVE))('%s', async (framework) => {
    const { answer, serve } = SERVE[framework];
    const router = compile([{ name: 'home', template: '', handler: answer('home') }]);
    const app = await serve(router);
    try {
      router.add({ name: 'added', template: 'added/{id}', handler: answer('added') });
      router.insert(0, { name: 'bare', template: 'bare/{id}' });
      expect([await app.get('/added/1'), await app.get('/bare/1'), await app.get('/')]).toEqual([[200, 'added'], [404, 'fell through'], [200, 'home']]);
    } finally {
      await app.close();
    }
  });
});

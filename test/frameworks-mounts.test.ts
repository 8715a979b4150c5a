// Each adapter mounted the framework's own way — under a static prefix, a parameter prefix and two levels of
// nesting — matches the path below its mount, and its urlFor links start with the mount. A mount's parameter
// is the request's text: a link encodes it as one path segment, so none starts with "//" or "/\" (another host
// to a browser). Requests in absolute form (RFC 9112 §3.2.2) are routed as their path.
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono, type MiddlewareHandler } from 'hono';
import Koa from 'koa';
import koaMount from 'koa-mount';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchyard as expressRoutes } from '../src/express.js';
import { switchyard as fastifyRoutes } from '../src/fastify.js';
import { switchyard as honoRoutes } from '../src/hono.js';
import { switchyard as honoBuilt } from '../src/hono-aot.js';
import { compile } from '../src/index.js';
import { switchyard as koaRoutes } from '../src/koa.js';
import { koaPathMount } from './support/koa-path-mount.js';
import { rawGet } from './support/raw-http.js';

const listen = (server: Server): Promise<{ port: number; close: () => Promise<void> }> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  );

// Every table: GET items/{id:int} → {id, link to item 9}; GET go/{id} → 302 to item {id}.

type App = { port: number; close: () => Promise<void> };
const APPS: Record<string, () => Promise<App>> = {
  async express() {
    const table = () =>
      expressRoutes([
        { name: 'item', template: 'items/{id:int}', handler: (req, res) => void res.json({ id: req.params.id, link: res.locals.switchyard.urlFor('item', { id: 9 }) }) },
        { name: 'go', template: 'go/{id}', handler: (req, res) => void res.redirect(res.locals.switchyard.urlFor('item', { id: req.params.id })) },
      ]);
    const app = express();
    app.use('/api', table());
    app.use('/v1', express.Router().use('/inner', table()));
    app.use('/:tenant', table());
    app.use((_req, res) => void res.status(404).send('fell through'));
    return listen(createServer(app));
  },
  async koa() {
    const table = () =>
      koaRoutes([
        { name: 'item', template: 'items/{id:int}', handler: (ctx) => void (ctx.body = { id: ctx.params.id, link: ctx.state.switchyard.urlFor('item', { id: 9 }) }) },
        { name: 'go', template: 'go/{id}', handler: (ctx) => void ctx.redirect(ctx.state.switchyard.urlFor('item', { id: ctx.params.id })) },
      ]);
    const app = new Koa();
    // Mounts of the app's own (koa-mount takes no parameters), ":tenant" taking any one segment.
    app.use(koaPathMount('/api', table()));
    app.use(koaPathMount('/v1', koaPathMount('/inner', table())));
    app.use(koaPathMount('/:tenant', table()));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = 'fell through';
    });
    return listen(createServer(app.callback()));
  },
  async fastify() {
    const app = Fastify();
    const routes = [
      { name: 'item', template: 'items/{id:int}', handler: async (request: { params: { id?: unknown }; switchyard: { urlFor: (n: string, v?: Record<string, unknown>) => string } }) => ({ id: request.params.id, link: request.switchyard.urlFor('item', { id: 9 }) }) },
      {
        name: 'go',
        template: 'go/{id}',
        handler: async (request: { params: { id?: unknown }; switchyard: { urlFor: (n: string, v?: Record<string, unknown>) => string } }, reply: { redirect: (to: string) => unknown }) =>
          reply.redirect(request.switchyard.urlFor('item', { id: request.params.id })),
      },
    ];
    app.setNotFoundHandler((_req, reply) => reply.code(404).send('fell through'));
    await app.register(fastifyRoutes, { prefix: '/api', routes });
    await app.register(async (v1: FastifyInstance) => void (await v1.register(fastifyRoutes, { prefix: '/inner', routes })), { prefix: '/v1' });
    await app.register(fastifyRoutes, { prefix: '/:tenant', routes });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
  },
  hono: () =>
    honoApp(() =>
      honoRoutes([
        { name: 'item', template: 'items/{id:int}', handler: (c) => c.json({ id: c.var.switchyard.values.id, link: c.var.switchyard.urlFor('item', { id: 9 }) }) },
        { name: 'go', template: 'go/{id}', handler: (c) => c.redirect(c.var.switchyard.urlFor('item', { id: c.var.switchyard.values.id })) },
      ]),
    ),
  // switchyard-router/hono/aot shares the middleware (hono-middleware.ts); a compiled router stands in for a built one.
  'hono/aot': () =>
    honoApp(() =>
      honoBuilt(
        compile([
          { name: 'item', template: 'items/{id:int}', handler: (c: Context) => c.json({ id: c.var.switchyard.values.id, link: c.var.switchyard.urlFor('item', { id: 9 }) }) },
          { name: 'go', template: 'go/{id}', handler: (c: Context) => c.redirect(c.var.switchyard.urlFor('item', { id: c.var.switchyard.values.id })) },
        ]),
      ),
    ),
};

/** A Hono app with the router mounted under app.route('/api'), basePath('/v1') + route('/inner') and route('/:tenant'). */
function honoApp(middleware: () => MiddlewareHandler): Promise<App> {
  const table = () => new Hono().use(middleware());
  const app = new Hono();
  app.route('/api', table());
  app.route('/', new Hono().basePath('/v1').route('/inner', table()));
  app.route('/:tenant', table());
  app.notFound((c) => c.text('fell through', 404));
  const server = createServer(async (req, res) => {
    // As @hono/node-server: an absolute-form target is the URL itself.
    const url = req.url!.startsWith('/') ? `http://${req.headers.host}${req.url}` : req.url!;
    const response = await app.fetch(new Request(url, { method: req.method }));
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': body.length });
    res.end(body);
  });
  return listen(server);
}

/** The Hono context of a route's handler in an untyped table (the compiled router of hono/aot's case). */
type Context = { json(b: unknown): Response; redirect(to: string): Response; var: { switchyard: { values: Record<string, unknown>; urlFor(n: string, v?: Record<string, unknown>): string } } };

describe.each(Object.keys(APPS))('%s: a table mounted three ways', (framework) => {
  let app: App;
  beforeAll(async () => {
    app = await APPS[framework]();
  });
  afterAll(() => app.close());

  it.each([
    { target: '/api/items/5', status: 200, body: { id: '5', link: '/api/items/9' } },
    { target: '/v1/inner/items/5', status: 200, body: { id: '5', link: '/v1/inner/items/9' } },
    { target: '/acme/items/5', status: 200, body: { id: '5', link: '/acme/items/9' } },
    { target: '/a%20b/items/5', status: 200, body: { id: '5', link: '/a%20b/items/9' } },
    { target: '/api/items/5?x=1', status: 200, body: { id: '5', link: '/api/items/9' } },
    { target: 'http://app.example/api/items/5', status: 200, body: { id: '5', link: '/api/items/9' } },
    { target: 'http://app.example/acme/items/5', status: 200, body: { id: '5', link: '/acme/items/9' } },
    { target: '/api/items/x', status: 404 },
    { target: '/items/5', status: 404 },
    { target: '/a/b/items/5', status: 404 },
    { target: '/acme/go/7', status: 302, location: '/acme/items/7' },
    { target: '/v1/inner/go/7', status: 302, location: '/v1/inner/items/7' },
  ])('GET $target → $status', async ({ target, status, body, location }) => {
    const reply = await rawGet(app.port, target);
    expect(reply.status).toBe(status);
    if (body !== undefined) expect(JSON.parse(reply.body)).toEqual(body);
    if (location !== undefined) expect(reply.location).toBe(location);
  });

  // A mount parameter whose text a browser would read as a host: "\" (which browsers treat as "/") or an
  // escaped "/" in the tenant; the link encodes it within its segment.
  it.each(['/\\evil.example/go/5', '/%5Cevil.example/go/5', '/%2F%2Fevil.example/go/5', '/%5C%5Cevil.example/go/5'])('GET %s: no link to another host', async (target) => {
    const reply = await rawGet(app.port, target);
    if (reply.status === 302) {
      expect(reply.location).toMatch(/^\/[^/\\]/);
      expect(reply.location).toMatch(/\/items\/5$/);
      expect(new URL(reply.location, 'http://app.example').host).toBe('app.example');
    } else {
      expect(reply.status).toBe(404); // the framework does not take such a mount value
    }
  });
});

describe('express: urlFor under a pattern mount is no open redirect (app.use("/:tenant"))', () => {
  it.each([
    { target: '/\\evil.example/go/5', location: '/%5Cevil.example/items/5' },
    { target: '/%5Cevil.example/go/5', location: '/%5Cevil.example/items/5' },
    { target: '/%2F%2Fevil.example/go/5', location: '/%2F%2Fevil.example/items/5' },
  ])('GET $target → 302 $location', async ({ target, location }) => {
    const app = await APPS.express();
    try {
      const reply = await rawGet(app.port, target);
      expect([reply.status, reply.location]).toEqual([302, location]);
    } finally {
      await app.close();
    }
  });
});

// A handler under a mount sees the mount's values where its framework puts values, as Express's own routers
// keep them (mergeParams): Express's req.params, Fastify's request.params (a prefix's parameters), Koa's
// ctx.params (what an outer router left there), beside the route's; a route's value wins over a mount's of the
// same name, ignoring case, as mergeParams lets the child's win. Hono keeps the mount's in c.req.param() (hono's
// own), the route's in c.var.switchyard.values.
describe('a mount\'s values beside the route\'s', () => {
  const server = async (listener: Parameters<typeof createServer>[1]): Promise<App> => listen(createServer(listener));
  const expressApp = (mountIt: (app: express.Express, table: express.RequestHandler) => void) => () => {
    const app = express();
    mountIt(app, expressRoutes([{ template: 'items/{id}', handler: (req, res) => void res.json(req.params) }]));
    return server(app);
  };
  const fastifyApp = (prefix: string, inner?: string) => async (): Promise<App> => {
    const app = Fastify();
    const routes = [{ template: 'items/{id}', handler: async (request: { params: unknown }) => request.params }];
    if (inner === undefined) await app.register(fastifyRoutes, { prefix, routes });
    else await app.register(async (outer: FastifyInstance) => void (await outer.register(fastifyRoutes, { prefix: inner, routes })), { prefix });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
  };
  const koaApp = (mountIt: (app: Koa, table: Koa.Middleware) => void) => () => {
    const app = new Koa();
    mountIt(app, koaRoutes([{ template: 'items/{id}', handler: (ctx) => void (ctx.body = ctx.params) }]));
    return server(app.callback());
  };
  const honoApp = (at: string, adapter: 'hono' | 'hono/aot') => () => {
    const handler = (c: { req: { param(): unknown }; json(b: unknown): Response; var: { switchyard: { values: unknown } } }) => c.json({ mount: c.req.param(), route: c.var.switchyard.values });
    const table = adapter === 'hono' ? honoRoutes([{ template: 'items/{id}', handler: handler as never }]) : honoBuilt(compile([{ template: 'items/{id}', handler }]));
    const app = new Hono();
    app.route(at, new Hono().use(table));
    return server(async (req, res) => {
      const response = await app.fetch(new Request(`http://localhost${req.url}`));
      const body = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': body.length }).end(body);
    });
  };

  const ROWS: { name: string; app: () => Promise<App>; path: string; values: unknown }[] = [
    { name: "express: app.use('/:tenant')", app: expressApp((app, t) => app.use('/:tenant', t)), path: '/acme/items/5', values: { tenant: 'acme', id: '5' } },
    { name: "express: app.use('/:tenant'), a value to decode", app: expressApp((app, t) => app.use('/:tenant', t)), path: '/a%20b/items/5', values: { tenant: 'a b', id: '5' } },
    { name: "express: app.use(['/t/:tenant', '/u/:user'])", app: expressApp((app, t) => app.use(['/t/:tenant', '/u/:user'], t)), path: '/u/bob/items/5', values: { user: 'bob', id: '5' } },
    { name: "express: app.use('/:id'): the route's id wins", app: expressApp((app, t) => app.use('/:id', t)), path: '/7/items/5', values: { id: '5' } },
    { name: "express: app.use('/:ID'): the route's id wins, whatever the case", app: expressApp((app, t) => app.use('/:ID', t)), path: '/7/items/5', values: { id: '5' } },
    {
      name: "express: a Router with mergeParams at '/v1' under '/:tenant'",
      app: expressApp((app, t) => app.use('/:tenant', express.Router({ mergeParams: true }).use('/v1', t))),
      path: '/acme/v1/items/5',
      values: { tenant: 'acme', id: '5' },
    },
    {
      name: "express: a Router without mergeParams at '/v1' under '/:tenant' (Express hides the mount's values)",
      app: expressApp((app, t) => app.use('/:tenant', express.Router().use('/v1', t))),
      path: '/acme/v1/items/5',
      values: { id: '5' },
    },
    { name: "fastify: prefix '/t/:tenant'", app: fastifyApp('/t/:tenant'), path: '/t/acme/items/5', values: { tenant: 'acme', id: '5' } },
    { name: "fastify: prefix '/v1' in a register at '/:tenant'", app: fastifyApp('/:tenant', '/v1'), path: '/acme/v1/items/5', values: { tenant: 'acme', id: '5' } },
    { name: "fastify: prefix '/:id': the route's id wins", app: fastifyApp('/:id'), path: '/7/items/5', values: { id: '5' } },
    { name: "koa: koa-mount '/v1' (no values)", app: koaApp((app, t) => app.use(koaMount('/v1', t))), path: '/v1/items/5', values: { id: '5' } },
    {
      name: 'koa: ctx.params an outer router left (as @koa/router sets them)',
      app: koaApp((app, t) =>
        app.use(async (ctx, next) => {
          (ctx as Koa.Context & { params: object }).params = { tenant: 'acme', id: 'outer' };
          await next();
        }).use(t),
      ),
      path: '/items/5',
      values: { tenant: 'acme', id: '5' },
    },
    { name: "hono: app.route('/:tenant', sub)", app: honoApp('/:tenant', 'hono'), path: '/acme/items/5', values: { mount: { tenant: 'acme' }, route: { id: '5' } } },
    { name: "hono/aot: app.route('/:tenant', sub)", app: honoApp('/:tenant', 'hono/aot'), path: '/acme/items/5', values: { mount: { tenant: 'acme' }, route: { id: '5' } } },
  ];

  it.each(ROWS)('$name: GET $path → $values', async ({ app: make, path, values }) => {
    const app = await make();
    try {
      const reply = await rawGet(app.port, path);
      expect([reply.status, JSON.parse(reply.body)]).toEqual([200, values]);
    } finally {
      await app.close();
    }
  });
});

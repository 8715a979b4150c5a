// A route's middleware in every adapter, in its framework's own form: run in order before the handler with the
// route's values already set, able to answer in the handler's place, and its errors on the framework's error path.
import express from 'express';
import Fastify from 'fastify';
import { Hono, type MiddlewareHandler } from 'hono';
import Koa from 'koa';
import mount from 'koa-mount';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group as expressGroup, switchyard as expressRoutes } from '../src/express.js';
import { group as fastifyGroup, switchyard as fastifyRoutes } from '../src/fastify.js';
import { group as honoGroup, switchyard as honoRoutes } from '../src/hono.js';
import { defineRoutes as builtRoutes, switchyard as honoBuilt } from '../src/hono-aot.js';
import { compile } from '../src/index.js';
import { group as koaGroup, switchyard as koaRoutes } from '../src/koa.js';
import { koaErrorsAs } from './support/framework-hosts.js';

type App = { base: string; close: () => Promise<void> };
const listen = (server: Server): Promise<App> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  );

/**
 * Each framework's app: /guarded/{id:int} runs steps a and b (each records itself and the id it sees) before
 * its handler; /denied's middleware answers 403 itself; /thrown's throws; /passed's hands on (Express's
 * next('route'), elsewhere by not matching); /after's middleware sets a header after the handler answered.
 */
const FRAMEWORKS: Record<string, () => Promise<App>> = {
  async express() {
    const app = express();
    const trails = new WeakMap<object, string[]>();
    const step = (name: string) => (req: express.Request, _res: express.Response, next: express.NextFunction) => {
      trails.set(req, [...(trails.get(req) ?? []), `${name}:${req.params.id}`]);
      next();
    };
    app.use(
      expressRoutes([
        { template: 'guarded/{id:int}', middleware: [step('a'), step('b')], handler: (req, res) => void res.json({ trail: [...trails.get(req)!, `handler:${req.params.id}`] }) },
        ...expressGroup({ prefix: 'g/{tenant}', middleware: [step('g')] }, [
          { template: 'in/{id:int}', middleware: [step('a')], handler: (req, res) => void res.json({ trail: [...trails.get(req)!, `handler:${req.params.tenant}`] }) },
        ]),
        { template: 'denied', middleware: [(_req, res) => void res.status(403).send('denied')], handler: (_req, res) => void res.send('reached') },
        { template: 'thrown', middleware: [async () => { throw new Error('in middleware'); }], handler: (_req, res) => void res.send('reached') },
        { template: 'nexterror', middleware: [(_req, _res, next) => next(new Error('passed to next'))], handler: (_req, res) => void res.send('reached') },
        { template: 'passed', middleware: [(_req, _res, next) => next('route')], handler: (_req, res) => void res.send('reached') },
        {
          template: 'after',
          middleware: [(_req, res, next) => { res.set('x-after', 'set'); next(); }],
          handler: (_req, res) => void res.send('answered'),
        },
      ]),
    );
    app.use((_req, res) => void res.status(404).send('fell through'));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(`handled: ${error.message}`));
    return listen(createServer(app));
  },
  async koa() {
    const app = new Koa();
    app.use(koaErrorsAs('handled: '));
    const step = (name: string) => async (ctx: Koa.Context, next: Koa.Next) => {
      ctx.state.trail = [...(ctx.state.trail ?? []), `${name}:${ctx.params.id}`];
      await next();
    };
    app.use(
      koaRoutes([
        { template: 'guarded/{id:int}', middleware: [step('a'), step('b')], handler: (ctx) => void (ctx.body = { trail: [...ctx.state.trail, `handler:${ctx.params.id}`] }) },
        ...koaGroup({ prefix: 'g/{tenant}', middleware: [step('g')] }, [
          { template: 'in/{id:int}', middleware: [step('a')], handler: (ctx) => void (ctx.body = { trail: [...ctx.state.trail, `handler:${ctx.params.tenant}`] }) },
        ]),
        { template: 'denied', middleware: [(ctx) => { ctx.status = 403; ctx.body = 'denied'; }], handler: (ctx) => void (ctx.body = 'reached') },
        { template: 'thrown', middleware: [() => { throw new Error('in middleware'); }], handler: (ctx) => void (ctx.body = 'reached') },
        { template: 'nexterror', middleware: [async () => Promise.reject(new Error('passed to next'))], handler: (ctx) => void (ctx.body = 'reached') },
        { template: 'passed', middleware: [async (_ctx, next) => { await next(); await next(); }], handler: (ctx) => void (ctx.body = 'reached') },
        { template: 'after', middleware: [async (ctx, next) => { await next(); ctx.set('x-after', 'set'); }], handler: (ctx) => void (ctx.body = 'answered') },
      ]),
    );
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = 'fell through';
    });
    return listen(createServer(app.callback()));
  },
  async fastify() {
    const app = Fastify();
    app.decorateRequest('trail', null);
    type Trailed = { trail?: string[] | null; params: { id?: string; tenant?: string } };
    const step = (name: string) => async (request: Trailed) => {
      request.trail = [...(request.trail ?? []), `${name}:${request.params.id}`];
    };
    app.setNotFoundHandler((_req, reply) => reply.code(404).send('fell through'));
    app.setErrorHandler((error: Error, _req, reply) => reply.code(500).send(`handled: ${error.message}`));
    await app.register(fastifyRoutes, {
      routes: [
        {
          template: 'guarded/{id:int}',
          // The second step takes `done`, as a callback-style preHandler hook does.
          middleware: [step('a'), (request: Trailed, _reply: unknown, done: () => void) => void step('b')(request).then(() => done())],
          handler: async (request: Trailed) => ({ trail: [...request.trail!, `handler:${request.params.id}`] }),
        },
        ...fastifyGroup({ prefix: 'g/{tenant}', middleware: [step('g')] }, [
          { template: 'in/{id:int}', middleware: [step('a')], handler: async (request: Trailed) => ({ trail: [...request.trail!, `handler:${request.params.tenant}`] }) },
        ]),
        { template: 'denied', middleware: [async (_request: unknown, reply: { code: (n: number) => { send: (b: string) => void } }) => { reply.code(403).send('denied'); }], handler: async () => 'reached' },
        { template: 'thrown', middleware: [async () => { throw new Error('in middleware'); }], handler: async () => 'reached' },
        { template: 'nexterror', middleware: [(_r: unknown, _p: unknown, done: (e: Error) => void) => done(new Error('passed to next'))], handler: async () => 'reached' },
        {
          template: 'after',
          middleware: [async (_request: unknown, reply: { header: (k: string, v: string) => void }) => { reply.header('x-after', 'set'); }],
          handler: async () => 'answered',
        },
      ],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
  },
  hono: () => honoApp((routes) => honoRoutes(routes as never)),
  // A built router keeps only handlers: hono/aot's defineRoutes (the route module's) composes the middleware.
  // compile() stands in for the build (the same router interface; test/workers-bundle.test.ts builds one).
  'hono/aot': () => honoApp((routes) => honoBuilt(compile(builtRoutes(routes as never) as never))),
};

/** The Hono app, its table given to `adapter`. */
async function honoApp(adapter: (routes: readonly unknown[]) => MiddlewareHandler): Promise<App> {
  const app = new Hono<{ Variables: { trail: string[] } }>();
  type C = { get: (k: 'trail' | 'switchyard') => any; set: (k: 'trail', v: string[]) => void };
  const step = (name: string) => async (c: C, next: () => Promise<void>) => {
    c.set('trail', [...(c.get('trail') ?? []), `${name}:${c.get('switchyard').values.id}`]);
    await next();
  };
  app.use(
    adapter([
      { template: 'guarded/{id:int}', middleware: [step('a'), step('b')], handler: (c: C & { json: (b: unknown) => Response }) => c.json({ trail: [...c.get('trail'), `handler:${c.get('switchyard').values.id}`] }) },
      ...honoGroup({ prefix: 'g/{tenant}', middleware: [step('g')] }, [
        { template: 'in/{id:int}', middleware: [step('a')], handler: (c: C & { json: (b: unknown) => Response }) => c.json({ trail: [...c.get('trail'), `handler:${c.get('switchyard').values.tenant}`] }) },
      ]),
      { template: 'denied', middleware: [async (c: { text: (t: string, s: 403) => Response }) => c.text('denied', 403)], handler: (c: { text: (t: string) => Response }) => c.text('reached') },
      { template: 'thrown', middleware: [async () => { throw new Error('in middleware'); }], handler: (c: { text: (t: string) => Response }) => c.text('reached') },
      { template: 'nexterror', middleware: [() => Promise.reject(new Error('passed to next'))], handler: (c: { text: (t: string) => Response }) => c.text('reached') },
      {
        template: 'after',
        middleware: [async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => { await next(); c.header('x-after', 'set'); }],
        handler: (c: { text: (t: string) => Response }) => c.text('answered'),
      },
    ]),
  );
  app.notFound((c) => c.text('fell through', 404));
  app.onError((error, c) => c.text(`handled: ${error.message}`, 500));
  const server = createServer(async (req, res) => {
    const response = await app.fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return listen(server);
}

const CASES: { path: string; status: number; body: string; after?: string; only?: string[] }[] = [
  { path: '/guarded/5', status: 200, body: '{"trail":["a:5","b:5","handler:5"]}' },
  { path: '/guarded/x', status: 404, body: 'fell through' },
  { path: '/g/acme/in/5', status: 200, body: '{"trail":["g:5","a:5","handler:acme"]}' }, // a group's middleware first
  { path: '/denied', status: 403, body: 'denied' },
  { path: '/thrown', status: 500, body: 'handled: in middleware' },
  { path: '/nexterror', status: 500, body: 'handled: passed to next' },
  { path: '/after', status: 200, body: 'answered', after: 'set' },
  { path: '/passed', status: 404, body: 'fell through', only: ['express'] },
  { path: '/passed', status: 500, body: 'handled: next() called multiple times', only: ['koa'] },
];

describe.each(Object.keys(FRAMEWORKS))('%s: a route\'s middleware', (framework) => {
  let app: App;
  beforeAll(async () => {
    app = await FRAMEWORKS[framework]();
  });
  afterAll(() => app.close());

  it.each(CASES.filter((c) => c.only === undefined || c.only.includes(framework)))('GET $path → $status $body', async ({ path, status, body, after }) => {
    const reply = await request(app.base + path);
    expect([reply.statusCode, await reply.body.text()]).toEqual([status, body]);
    if (after !== undefined) expect(reply.headers['x-after']).toBe(after);
  });
});

describe('a route\'s middleware given wrongly: a clear error when the adapter is made', () => {
  const adapters = { express: expressRoutes, koa: koaRoutes, hono: honoRoutes, 'hono/aot defineRoutes': builtRoutes } as Record<string, (routes: unknown[]) => unknown>;
  it.each(Object.keys(adapters))('%s', (name) => {
    const make = adapters[name];
    const h = () => {};
    expect(() => make([{ name: 'admin', template: 'admin', handler: [h, h] }])).toThrow(/"admin".*the handler must be one function; run others before it with middleware/);
    expect(() => make([{ template: 'a', middleware: h, handler: h }])).toThrow(/"a".*middleware must be a list of functions, got function/);
    expect(() => make([{ template: 'a', middleware: [h, 'auth'], handler: h }])).toThrow(/middleware\[1\] must be a function, got string/);
    expect(() => make([{ template: 'a', middleware: [h] }])).toThrow(/middleware runs before a handler: the route has none/);
  });
});

describe('a route without middleware keeps its handler as given (no wrapper, nothing per request)', () => {
  const adapters = {
    express: expressRoutes,
    koa: koaRoutes,
    hono: honoRoutes,
    'hono/aot defineRoutes': (routes: unknown[]) => ({ router: compile(builtRoutes(routes as never) as never) }),
  } as Record<string, (routes: unknown[]) => { router: { match: (path: string) => { route: { handler: unknown } } | null } }>;
  it.each(Object.keys(adapters))('%s', (name) => {
    const plain = () => {};
    const guarded = () => {};
    const { router } = adapters[name]([
      { template: 'plain', handler: plain },
      { template: 'guarded', middleware: [() => {}], handler: guarded },
    ]);
    expect(router.match('/plain')?.route.handler).toBe(plain);
    expect(router.match('/guarded')?.route.handler).not.toBe(guarded); // composed once, at start-up
  });
});

// Fastify waits for a preHandler hook whatever its function's length: one that returns a promise until it settles,
// any other until it calls done (or sends the reply). A route's middleware is such a hook, in every shape it can
// be written: the test opens each hook's gate itself, after the hook started, so a handler that ran before the hook
// finished is seen in the order of events, not by timing.
describe('fastify: a route\'s middleware of any shape is waited for', () => {
  type Reply = { code: (n: number) => { send: (b: string) => unknown } };
  type Done = (error?: Error) => void;
  /** A hook: `start()` when it begins, `finish(what)` when it hands on (what it does is recorded), after `gate`. */
  interface Shape {
    name: string;
    hook: (start: () => void, gate: Promise<void>, record: (event: string) => void) => Function;
    status: number;
    body: string;
  }
  const SHAPES: Shape[] = [
    {
      name: 'function (request, reply, done): done after the gate',
      hook: (start, gate, record) =>
        function (_request: unknown, _reply: Reply, done: Done) {
          start();
          void gate.then(() => (record('done'), done()));
        },
      status: 200,
      body: 'handler',
    },
    { name: 'async (request, reply): resolves after the gate', hook: (start, gate, record) => async () => (start(), await gate, record('done')), status: 200, body: 'handler' },
    {
      name: '(...args) => …: done after the gate',
      hook: (start, gate, record) => (...args: unknown[]) => {
        start();
        void gate.then(() => (record('done'), (args[2] as Done)()));
      },
      status: 200,
      body: 'handler',
    },
    {
      name: '(request, reply, done = …) => … (length 2): done after the gate',
      hook: (start, gate, record) => (_request: unknown, _reply: Reply, done: Done = () => {}) => {
        start();
        void gate.then(() => (record('done'), done()));
      },
      status: 200,
      body: 'handler',
    },
    {
      name: '(...args) => …: done in a timer after the gate',
      hook: (start, gate, record) => (...args: unknown[]) => {
        start();
        void gate.then(() => setImmediate(() => (record('done'), (args[2] as Done)())));
      },
      status: 200,
      body: 'handler',
    },
    {
      name: '(...args) => …: done after a promise resolved after the gate',
      hook: (start, gate, record) => (...args: unknown[]) => {
        start();
        void gate.then(() => Promise.resolve()).then(() => (record('done'), (args[2] as Done)()));
      },
      status: 200,
      body: 'handler',
    },
    {
      name: '(...args) => …: 401 sent after the gate, done never called',
      hook: (start, gate, record) => (...args: unknown[]) => {
        start();
        void gate.then(() => (record('done'), (args[1] as Reply).code(401).send('denied')));
      },
      status: 401,
      body: 'denied',
    },
    {
      name: '(request, reply, done = …) => …: 401 sent after the gate',
      hook: (start, gate, record) => (_request: unknown, reply: Reply, _done: Done = () => {}) => {
        start();
        void gate.then(() => (record('done'), reply.code(401).send('denied')));
      },
      status: 401,
      body: 'denied',
    },
    {
      name: 'async (request, reply): 401 sent after the gate',
      hook: (start, gate, record) => async (_request: unknown, reply: Reply) => {
        start();
        await gate;
        record('done');
        reply.code(401).send('denied');
      },
      status: 401,
      body: 'denied',
    },
    {
      name: '(...args) => …: done(error) after the gate',
      hook: (start, gate, record) => (...args: unknown[]) => {
        start();
        void gate.then(() => (record('done'), (args[2] as Done)(new Error('refused in a hook'))));
      },
      status: 500,
      body: 'handled: refused in a hook',
    },
  ];

  it.each(SHAPES)('$name → $status', async ({ hook, status, body }) => {
    const events: string[] = [];
    let started!: () => void;
    const start = new Promise<void>((resolve) => (started = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const app = Fastify();
    app.setErrorHandler((error: Error, _req, reply) => reply.code(500).send(`handled: ${error.message}`));
    const record = (event: string) => void events.push(event);
    await app.register(fastifyRoutes, {
      routes: [
        {
          template: 'guarded',
          middleware: [hook(() => (record('start'), started()), gate, record)],
          handler: async () => (record('handler'), 'handler'),
        },
      ],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const reply = request(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/guarded`);
      await start;
      // One turn of the event loop: a handler that does not wait for the hook has run by then.
      await new Promise((resolve) => setImmediate(resolve));
      expect(events).toEqual(['start']);
      open();
      const answer = await reply;
      expect([answer.statusCode, await answer.body.text()]).toEqual([status, body]);
      expect(events).toEqual(status === 200 ? ['start', 'done', 'handler'] : ['start', 'done']);
    } finally {
      await app.close();
    }
  });
});

describe('fastify: an async hook that also takes done is refused, as fastify\'s addHook refuses it', () => {
  it('names the route and the hook', async () => {
    const app = Fastify();
    const hook = async (_request: unknown, _reply: unknown, done: () => void) => done();
    await expect(app.register(fastifyRoutes, { routes: [{ name: 'admin', template: 'admin', middleware: [async () => {}, hook], handler: async () => 'reached' }] })).rejects.toThrow(
      /"admin".*middleware\[1\] is an async function that takes done/,
    );
    await app.close();
  });
});

// The router matches a literal decoded and ignoring case ("/api/ADMIN/users/1" and "/api/%61dmin/users/1" reach
// admin/users/{id}); a framework's path middleware compares the request's own text. A prefix guarded by a group's
// middleware (the way the framework pages show) is guarded however the path is spelt: the middleware runs on
// every path that reaches the group's handlers. The framework's own path middleware is walked around, as the
// pages warn.
describe('a prefix guarded by a group\'s middleware: no spelling reaches its handlers without it', () => {
  const SPELLINGS = ['/api/admin/users/1', '/api/ADMIN/users/1', '/api/Admin/Users/1', '/api/%61dmin/users/1', '/api/%41DMIN/users/1', '/api/admin/%75sers/1'];
  const allowed = (header: string | string[] | undefined) => header === 'yes';
  const GUARDED: Record<string, () => Promise<App>> = {
    async express() {
      const app = express();
      app.use(
        '/api',
        expressRoutes([
          ...expressGroup({ prefix: 'admin', middleware: [(req, res, next) => (allowed(req.headers['x-admin']) ? next() : void res.status(401).send('denied'))] }, [
            { template: 'users/{id}', handler: (req, res) => void res.send(`user ${req.params.id}`) },
          ]),
        ]),
      );
      return listen(createServer(app));
    },
    async koa() {
      const table = koaRoutes(
        koaGroup({ prefix: 'admin', middleware: [async (ctx, next) => (allowed(ctx.get('x-admin')) ? next() : void ((ctx.status = 401), (ctx.body = 'denied')))] }, [
          { template: 'users/{id}', handler: (ctx) => void (ctx.body = `user ${ctx.params.id}`) },
        ]),
      );
      return listen(createServer(new Koa().use(mount('/api', table)).callback()));
    },
    async fastify() {
      const app = Fastify();
      await app.register(fastifyRoutes, {
        prefix: '/api',
        routes: fastifyGroup(
          { prefix: 'admin', middleware: [async (request: { headers: Record<string, string | string[] | undefined> }, reply: { code: (n: number) => { send: (b: string) => unknown } }) => void (allowed(request.headers['x-admin']) || reply.code(401).send('denied'))] },
          [{ template: 'users/{id}', handler: async (request: { params: { id: string } }) => `user ${request.params.id}` }],
        ),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
    },
    hono: () =>
      honoServer((sub) =>
        sub.use(
          honoRoutes(
            honoGroup({ prefix: 'admin', middleware: [async (c, next) => (allowed(c.req.header('x-admin')) ? next() : c.text('denied', 401))] }, [
              { template: 'users/{id}', handler: (c) => c.text(`user ${c.var.switchyard.values.id}`) },
            ]),
          ),
        ),
      ),
    'hono/aot': () =>
      honoServer((sub) =>
        sub.use(
          honoBuilt(
            compile(
              builtRoutes(
                honoGroup({ prefix: 'admin', middleware: [async (c, next) => (allowed(c.req.header('x-admin')) ? next() : c.text('denied', 401))] }, [
                  { template: 'users/{id}', handler: (c) => c.text(`user ${c.var.switchyard.values.id}`) },
                ]),
              ) as never,
            ),
          ),
        ),
      ),
  };

  describe.each(Object.keys(GUARDED))('%s', (framework) => {
    let app: App;
    beforeAll(async () => {
      app = await GUARDED[framework]();
    });
    afterAll(() => app.close());

    it.each(SPELLINGS)('GET %s → 401 without the header, the user with it', async (path) => {
      const denied = await request(app.base + path);
      expect([denied.statusCode, await denied.body.text()]).toEqual([401, 'denied']);
      const admitted = await request(app.base + path, { headers: { 'x-admin': 'yes' } });
      expect([admitted.statusCode, await admitted.body.text()]).toEqual([200, 'user 1']);
    });
  });

  // What the pages warn of: the framework compares its path with the request's text, the router does not.
  const AROUND: Record<string, { app: () => Promise<App>; walked: string[]; stopped: string[] }> = {
    "express: app.use('/api/admin', auth) before the routes": {
      app: async () => {
        const app = express();
        app.use('/api/admin', (_req, res) => void res.status(401).send('denied'));
        app.use('/api', expressRoutes([{ template: 'admin/users/{id}', handler: (req, res) => void res.send(`user ${req.params.id}`) }]));
        return listen(createServer(app));
      },
      walked: ['/api/%61dmin/users/1'],
      stopped: ['/api/admin/users/1', '/api/ADMIN/users/1'],
    },
    "hono: app.use('/api/admin/*', auth) before the routes": {
      app: () =>
        honoServer(
          (sub) => sub.use(honoRoutes([{ template: 'admin/users/{id}', handler: (c) => c.text(`user ${c.var.switchyard.values.id}`) }])),
          (app) => app.use('/api/admin/*', async (c) => c.text('denied', 401)),
        ),
      walked: ['/api/ADMIN/users/1', '/api/Admin/users/1'],
      stopped: ['/api/admin/users/1'],
    },
  };
  it.each(Object.keys(AROUND))('%s: walked around by other spellings', async (name) => {
    const { app: make, walked, stopped } = AROUND[name];
    const app = await make();
    try {
      for (const path of walked) expect([path, (await request(app.base + path)).statusCode]).toEqual([path, 200]);
      for (const path of stopped) expect([path, (await request(app.base + path)).statusCode]).toEqual([path, 401]);
    } finally {
      await app.close();
    }
  });
});

/** A Hono app with `sub` mounted by app.route('/api', sub), `before` registered first, on a node:http server. */
function honoServer(fill: (sub: Hono) => Hono, before?: (app: Hono) => void): Promise<App> {
  const app = new Hono();
  before?.(app);
  app.route('/api', fill(new Hono()));
  app.notFound((c) => c.text('fell through', 404));
  return listen(
    createServer(async (req, res) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
      const response = await app.fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    }),
  );
}

// http.route on OpenTelemetry spans: behind the pipeline and each adapter, a real tracer provider (the SDK's
// BasicTracerProvider, an in-memory exporter, the AsyncLocalStorage context manager) records a server span per
// request, started as @opentelemetry/instrumentation-http starts it; the route that took the request sets
// http.route (its template with the leading "/", under the mount path) and the span's name "{method} {route}".
// With the HTTP instrumentation's RPC metadata in the context, the route goes there too (that instrumentation
// sets the attribute, its metrics' attribute and the name at the end of the request). Express's req.route and
// @koa/router's ctx._matchedRoute are filled as well.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { RPCType, setRPCMetadata, type RPCMetadata } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import express, { type Request } from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono, type MiddlewareHandler } from 'hono';
import Koa from 'koa';
import mount from 'koa-mount';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { switchyard as expressRoutes } from '../src/express.js';
import { switchyard as fastifyRoutes } from '../src/fastify.js';
import { switchyard as honoRoutes } from '../src/hono.js';
import { switchyard as honoBuilt } from '../src/hono-aot.js';
import { createNodeMiddleware } from '../src/http.js';
import { compile } from '../src/index.js';
import { switchyard as koaRoutes } from '../src/koa.js';
import { koaPathMount } from './support/koa-path-mount.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();
const tracer = provider.getTracer('switchyard-test');

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

/** The routes every app serves. */
const TEMPLATES = [
  { template: 'api/todo/{id:int}', methods: ['GET'] },
  { template: '/health', methods: ['GET'] },
  { template: '', methods: ['GET'] },
] as const;

/** A node:http server whose requests each run in a server span, made active as the HTTP instrumentation does. */
async function traced(listener: RequestListener, rpc: boolean): Promise<{ url: string; close: () => void; metadata: RPCMetadata[] }> {
  const metadata: RPCMetadata[] = [];
  const server = createServer((req, res) => {
    tracer.startActiveSpan(req.method!, { kind: SpanKind.SERVER }, (span) => {
      res.on('finish', () => span.end());
      if (!rpc) return listener(req, res);
      const meta: RPCMetadata = { type: RPCType.HTTP, span };
      metadata.push(meta);
      context.with(setRPCMetadata(context.active(), meta), () => listener(req, res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close(), metadata };
}

/** base: where the request's path starts; mount: the mount before the template in http.route (default: base). */
const frameworks: { name: string; base: string; mount?: string; listener: () => RequestListener | Promise<RequestListener> }[] = [
  {
    name: 'pipeline',
    base: '',
    listener: () => {
      const mw = createNodeMiddleware((routes) => {
        for (const r of TEMPLATES) routes.mapGet(r.template, async (ctx) => ctx.response.send(200, 'ok'));
      });
      return (req, res) => mw(req, res, () => res.writeHead(404).end());
    },
  },
  {
    name: 'pipeline under pathBase /v1',
    base: '/v1',
    listener: () => {
      const mw = createNodeMiddleware((routes) => {
        for (const r of TEMPLATES) routes.mapGet(r.template, async (ctx) => ctx.response.send(200, 'ok'));
      }, { pathBase: '/v1' });
      return (req, res) => mw(req, res, () => res.writeHead(404).end());
    },
  },
  {
    name: 'express under /v1',
    base: '/v1',
    listener: () => {
      const app = express();
      app.use('/v1', expressRoutes(TEMPLATES.map((r) => ({ ...r, handler: (req: Request, res: ServerResponse & { json(b: unknown): void }) => res.json({ route: req.route }) }))));
      return app;
    },
  },
  {
    name: 'fastify under prefix /v1',
    base: '/v1',
    listener: async () => {
      const app = Fastify();
      await app.register(fastifyRoutes, { prefix: '/v1', routes: TEMPLATES.map((r) => ({ ...r, handler: async () => 'ok' })) });
      await app.ready();
      return (req: IncomingMessage, res: ServerResponse) => app.routing(req, res);
    },
  },
  {
    // A parameter mount: http.route has it as registered, never the request's value (one route, one http.route).
    name: 'express under a parameter mount /:tenant',
    base: '/acme',
    mount: '/:tenant',
    listener: () => {
      const app = express();
      app.use('/:tenant', expressRoutes(TEMPLATES.map((r) => ({ ...r, handler: (_req: Request, res: ServerResponse) => void res.end('ok') }))));
      return app;
    },
  },
  {
    name: 'fastify under a parameter prefix /t/:tenant',
    base: '/t/acme',
    mount: '/t/:tenant',
    listener: async () => {
      const app = Fastify();
      await app.register(fastifyRoutes, { prefix: '/t/:tenant', routes: TEMPLATES.map((r) => ({ ...r, handler: async () => 'ok' })) });
      await app.ready();
      return (req: IncomingMessage, res: ServerResponse) => app.routing(req, res);
    },
  },
  {
    name: 'koa under a koa-mount mount /v1',
    base: '/v1',
    listener: () => {
      const app = new Koa();
      const routes = koaRoutes(TEMPLATES.map((r) => ({ ...r, handler: async (ctx: Koa.Context) => void (ctx.body = { matched: (ctx as { _matchedRoute?: string })._matchedRoute }) })));
      app.use(mount('/v1', routes));
      return app.callback();
    },
  },
  {
    name: 'koa',
    base: '',
    listener: () => {
      const app = new Koa();
      app.use(koaRoutes(TEMPLATES.map((r) => ({ ...r, handler: async (ctx: Koa.Context) => void (ctx.body = { matched: (ctx as { _matchedRoute?: string })._matchedRoute }) }))));
      return app.callback();
    },
  },
  { name: 'hono', base: '', listener: () => honoListener(honoRoutes(TEMPLATES.map((r) => ({ ...r, handler: (c: { text(t: string): Response }) => c.text('ok') })))) },
  {
    name: 'hono over a router built ahead of time (hono/aot)',
    base: '',
    // A compiled router stands in for the built one here (the same middleware; test/workers-bundle.test.ts runs a built one).
    listener: () => honoListener(honoBuilt(compile(TEMPLATES.map((r) => ({ ...r, handler: (c: { text(t: string): Response }) => c.text('ok') }))))),
  },
  {
    name: "hono under app.route('/v1')",
    base: '/v1',
    listener: () => honoListener(honoRoutes(TEMPLATES.map((r) => ({ ...r, handler: (c: { text(t: string): Response }) => c.text('ok') }))), '/v1'),
  },
  {
    name: "hono/aot under app.route('/t/:tenant')",
    base: '/t/acme',
    mount: '/t/:tenant',
    listener: () => honoListener(honoBuilt(compile(TEMPLATES.map((r) => ({ ...r, handler: (c: { text(t: string): Response }) => c.text('ok') })))), '/t/:tenant'),
  },
];

/** A Hono app with the middleware (in a sub-app under `mount`: app.route(mount, sub)), as a node:http listener. */
function honoListener(middleware: MiddlewareHandler, mount?: string): RequestListener {
  const app = new Hono();
  if (mount === undefined) app.use(middleware);
  else app.route(mount, new Hono().use(middleware));
  return async (req, res) => {
    const response = await app.fetch(new Request(`http://localhost${req.url}`, { method: req.method }));
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  };
}

/** Each request, the http.route it gets (null: none) and so the span's name. */
const REQUESTS: [path: string, route: string | null][] = [
  ['/api/todo/5', '/api/todo/{id:int}'],
  ['/API/Todo/7?x=1', '/api/todo/{id:int}'],
  ['/health', '/health'],
  ['/', '/'],
  ['/api/todo/abc', null],
  ['/nope', null],
];

describe.each(frameworks)('$name', ({ base, mount = base, listener }) => {
  it.each(REQUESTS)('GET %s: http.route %s on the server span', async (path, route) => {
    const server = await traced(await listener(), false);
    try {
      const response = await fetch(server.url + base + path);
      expect(response.status).toBe(route === null ? 404 : 200);
      await response.text();
    } finally {
      server.close();
    }
    await provider.forceFlush();
    const [span, ...others] = exporter.getFinishedSpans();
    expect(others).toEqual([]);
    expect(span.attributes['http.route']).toBe(route === null ? undefined : mount + route);
    expect(span.name).toBe(route === null ? 'GET' : `GET ${mount}${route}`);
  });

  it('hands the route to the HTTP instrumentation (its RPC metadata), which names its span', async () => {
    const server = await traced(await listener(), true);
    try {
      await (await fetch(`${server.url}${base}/api/todo/5`)).text();
      await (await fetch(`${server.url}${base}/nope`)).text();
    } finally {
      server.close();
    }
    expect(server.metadata.map((m) => (m as { route?: string }).route)).toEqual([`${mount}/api/todo/{id:int}`, undefined]);
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.attributes['http.route'])).toEqual([`${mount}/api/todo/{id:int}`, undefined]);
    // The instrumentation renames its own span at the end of the request: the route is only handed over.
    expect(spans.map((s) => s.name)).toEqual(['GET', 'GET']);
  });
});

describe("the framework's own field", () => {
  it('express: req.route.path is the template (req.baseUrl + req.route.path is the route), with its methods', async () => {
    const server = await traced(await frameworks.find((f) => f.name.startsWith('express'))!.listener(), false);
    try {
      expect(await (await fetch(`${server.url}/v1/api/todo/5`)).json()).toEqual({ route: { path: '/api/todo/{id:int}', methods: { get: true }, stack: [] } });
    } finally {
      server.close();
    }
  });

  it('koa under a koa-mount mount: ctx._matchedRoute is below the mount, as @koa/router\'s is', async () => {
    const server = await traced(await frameworks.find((f) => f.name.startsWith('koa under'))!.listener(), false);
    try {
      expect(await (await fetch(`${server.url}/v1/api/todo/5`)).json()).toEqual({ matched: '/api/todo/{id:int}' });
    } finally {
      server.close();
    }
  });

  it("koa: ctx._matchedRoute, where @koa/router puts it", async () => {
    const server = await traced(await frameworks.find((f) => f.name === 'koa')!.listener(), false);
    try {
      expect(await (await fetch(`${server.url}/api/todo/5`)).json()).toEqual({ matched: '/api/todo/{id:int}' });
    } finally {
      server.close();
    }
  });
});

describe('a span that is not the server span', () => {
  it('gets http.route and keeps its name (only a server span is named after the route)', async () => {
    const mw = createNodeMiddleware((routes) => routes.mapGet('api/todo/{id:int}', async (ctx) => ctx.response.send(200, 'ok')));
    const server = await traced((req, res) => tracer.startActiveSpan('middleware', { kind: SpanKind.INTERNAL }, (span) => {
      res.on('finish', () => span.end());
      mw(req, res);
    }), false);
    try {
      await (await fetch(`${server.url}/api/todo/5`)).text();
    } finally {
      server.close();
    }
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans().map((s) => [s.name, s.attributes['http.route']]);
    expect(spans.sort()).toEqual([['GET', undefined], ['middleware', '/api/todo/{id:int}']]);
  });
});

// A fetch runtime (Workers, Deno, Bun: Hono's places) hands a handler any method token the client sent; a route
// without a verb limit takes it. The span's name holds a method OpenTelemetry knows, and "HTTP" for any other, as
// the conventions name it: else each made-up method would be a span name of its own, chosen by the client.
describe("a span's name never holds a method the client made up", () => {
  const anyVerb = [{ template: 'api/todo/{id:int}', handler: (c: { text(t: string): Response }) => c.text('ok') }];
  const HONO: [string, () => MiddlewareHandler][] = [
    ['hono', () => honoRoutes(anyVerb)],
    ['hono/aot', () => honoBuilt(compile(anyVerb))],
  ];
  const METHODS: [method: string, named: string][] = [
    ['GET', 'GET'],
    ['PATCH', 'PATCH'],
    ['EVIL-1234', 'HTTP'],
    ['patch', 'HTTP'], // methods are case-sensitive: not PATCH
    ['PROPFIND', 'HTTP'],
  ];
  describe.each(HONO)('%s', (_name, table) => {
    it.each(METHODS)('%s /api/todo/5 → span "%s /api/todo/{id:int}"', async (method, named) => {
      const app = new Hono().use(table());
      const response = await tracer.startActiveSpan('request', { kind: SpanKind.SERVER }, async (span) => {
        try {
          return await app.fetch(new Request('http://localhost/api/todo/5', { method }));
        } finally {
          span.end();
        }
      });
      expect(response.status).toBe(200);
      await provider.forceFlush();
      const [span] = exporter.getFinishedSpans();
      expect([span.name, span.attributes['http.route']]).toEqual([`${named} /api/todo/{id:int}`, '/api/todo/{id:int}']);
    });
  });
});

describe('without OpenTelemetry registered', () => {
  it('every app answers as before and nothing is recorded', async () => {
    context.disable(); // as in an app that never set up OpenTelemetry: no context manager, no active span
    try {
      for (const { base, listener } of frameworks) {
        const server = await traced(await listener(), false);
        try {
          const response = await fetch(`${server.url}${base}/api/todo/5`);
          expect(response.status).toBe(200);
          await response.text();
        } finally {
          server.close();
        }
      }
      await provider.forceFlush();
      // The spans the test's listener started (no context manager: none is active) have no route.
      expect(exporter.getFinishedSpans().map((s) => s.attributes['http.route'])).toEqual(frameworks.map(() => undefined));
    } finally {
      context.setGlobalContextManager(contextManager);
    }
  });
});

// http.route is built from the mount the app registered and the route's template, never from the request: a mount
// of any shape, however the adapter is reached, gives one http.route per route whatever the client sends (here a
// tenant it made up). Where the framework does not say what it registered (a handler that wraps the adapter, a
// RegExp mount, a mount that rewrites the path), http.route is the route's template alone.
describe('a mount of any shape: http.route never holds what the client sent', () => {
  /** Each adapter's table, with a handler answering 200. */
  const expressTable = () => expressRoutes(TEMPLATES.map((r) => ({ ...r, handler: (_req: Request, res: ServerResponse) => void res.end('ok') })));
  const koaTable = () => koaRoutes(TEMPLATES.map((r) => ({ ...r, handler: async (ctx: Koa.Context) => void (ctx.body = 'ok') })));
  const fastifyTable = TEMPLATES.map((r) => ({ ...r, handler: async () => 'ok' }));
  const honoTable = () => honoRoutes(TEMPLATES.map((r) => ({ ...r, handler: (c: { text(t: string): Response }) => c.text('ok') })));
  const express5 = (mount: (app: express.Express) => void): RequestListener => {
    const app = express();
    mount(app);
    return app;
  };
  const fastifyApp = async (mount: (app: ReturnType<typeof Fastify>) => Promise<unknown>): Promise<RequestListener> => {
    const app = Fastify();
    await mount(app);
    await app.ready();
    return (req, res) => app.routing(req, res);
  };
  const honoApp = (mount: (app: Hono) => void): RequestListener => {
    const app = new Hono();
    mount(app);
    return async (req, res) => {
      const response = await app.fetch(new Request(`http://localhost${req.url}`, { method: req.method }));
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
    };
  };
  const CLIENT = 'EVIL-1234';
  const MOUNTS: { name: string; path: string; route: string; listener: () => RequestListener | Promise<RequestListener> }[] = [
    { name: "express: app.use('/api')", path: '/API/api/todo/5', route: '/api/api/todo/{id:int}', listener: () => express5((app) => app.use('/api', expressTable())) },
    { name: "express: app.use('/:tenant')", path: `/${CLIENT}/api/todo/5`, route: '/:tenant/api/todo/{id:int}', listener: () => express5((app) => app.use('/:tenant', expressTable())) },
    {
      name: "express: app.use('/:tenant', (q, s, n) => sw(q, s, n)) (wrapped: no mount known)",
      path: `/${CLIENT}/api/todo/5`,
      route: '/api/todo/{id:int}',
      listener: () => express5((app) => {
        const sw = expressTable();
        app.use('/:tenant', (q, s, n) => sw(q, s, n));
      }),
    },
    ...(['/t', '/u'] as const).map((at) => ({
      name: `express: app.use(['/t/:tenant', '/u/:user']), under ${at}`,
      path: `${at}/${CLIENT}/api/todo/5`,
      route: `${at === '/t' ? '/t/:tenant' : '/u/:user'}/api/todo/{id:int}`,
      listener: () => express5((app) => app.use(['/t/:tenant', '/u/:user'], expressTable())),
    })),
    { name: 'express: a RegExp mount (no mount known)', path: `/r/${CLIENT}/api/todo/5`, route: '/api/todo/{id:int}', listener: () => express5((app) => app.use(/^\/r\/[^/]+/, expressTable())) },
    ...(['/a', `/b/${CLIENT}`] as const).map((at) => ({
      name: `express: one router at '/a' and at '/b/:x', under ${at}`,
      path: `${at}/api/todo/5`,
      route: `${at === '/a' ? '/a' : '/b/:x'}/api/todo/{id:int}`,
      listener: () => express5((app) => {
        const router = express.Router().use(expressTable());
        app.use('/a', router);
        app.use('/b/:x', router);
      }),
    })),
    {
      name: "express: a Router at '/v1' under '/:tenant'",
      path: `/${CLIENT}/V1/api/todo/5`,
      route: '/:tenant/v1/api/todo/{id:int}',
      listener: () => express5((app) => app.use('/:tenant', express.Router().use('/v1', expressTable()))),
    },
    {
      name: "express: a sub-app at '/:tenant' using '/v1'",
      path: `/${CLIENT}/v1/api/todo/5`,
      route: '/:tenant/v1/api/todo/{id:int}',
      listener: () => express5((app) => app.use('/:tenant', express().use('/v1', expressTable()))),
    },
    {
      name: 'koa: koa-mount /v1',
      path: '/v1/api/todo/5',
      route: '/v1/api/todo/{id:int}',
      listener: () => new Koa().use(mount('/v1', koaTable())).callback(),
    },
    {
      name: "koa: koa-mount '/inner' inside koa-mount '/v1' (each sets ctx.mountPath to its own: no mount known)",
      path: '/v1/inner/api/todo/5',
      route: '/api/todo/{id:int}',
      listener: () => new Koa().use(mount('/v1', mount('/inner', koaTable()))).callback(),
    },
    {
      name: 'koa: a mount of the app\'s own that rewrites the path (no mount known)',
      path: `/${CLIENT}/api/todo/5`,
      route: '/api/todo/{id:int}',
      listener: () => new Koa().use(koaPathMount('/:tenant', koaTable())).callback(),
    },
    {
      name: "fastify: prefix '/v1' inside a register at '/:tenant'",
      path: `/${CLIENT}/v1/api/todo/5`,
      route: '/:tenant/v1/api/todo/{id:int}',
      listener: () => fastifyApp((app) => app.register(async (tenant: FastifyInstance) => void (await tenant.register(fastifyRoutes, { prefix: '/v1', routes: fastifyTable })), { prefix: '/:tenant' })),
    },
    { name: "hono: app.route('/:tenant', sub)", path: `/${CLIENT}/api/todo/5`, route: '/:tenant/api/todo/{id:int}', listener: () => honoApp((app) => app.route('/:tenant', new Hono().use(honoTable()))) },
    {
      name: "hono: app.use('/t/:tenant/*', (c, next) => sw(c, next))",
      path: `/t/${CLIENT}/api/todo/5`,
      route: '/t/:tenant/api/todo/{id:int}',
      listener: () => honoApp((app) => {
        const sw = honoTable();
        app.use('/t/:tenant/*', (c, next) => sw(c, next));
      }),
    },
    {
      name: "hono: basePath('/b/:x') and route('/v1', sub)",
      path: `/b/${CLIENT}/v1/api/todo/5`,
      route: '/b/:x/v1/api/todo/{id:int}',
      listener: () => honoApp((app) => app.route('/', new Hono().basePath('/b/:x').route('/v1', new Hono().use(honoTable())))),
    },
  ];

  it.each(MOUNTS)('$name: GET $path → http.route $route', async ({ path, route, listener }) => {
    const server = await traced(await listener(), false);
    try {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      server.close();
    }
    await provider.forceFlush();
    const [span] = exporter.getFinishedSpans();
    expect([span.attributes['http.route'], span.name]).toEqual([route, `GET ${route}`]);
    expect(span.name).not.toContain(CLIENT);
  });
});

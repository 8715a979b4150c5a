// The routing pipeline (issue 5) end to end: real node:http servers on ephemeral ports, undici as the client.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSampleApp } from '../docs/examples/sample-app.js';
import { type RouteConstraint } from '../src/constraints.js';
import { RouteCreationError, type RouteValues } from '../src/index.js';
import { addRouting, createApplication, createNodeMiddleware, getRoutingServices, Route, RouteBuilder, RouteCollection, RouteHandler, ROUTER, ServiceContainer, UrlHelper, useRouter, VirtualPathContext, VirtualPathData, type Application, type RequestDelegate, type Router } from '../src/http.js';
// Made by the pipeline, named by programs as types only (src/http.ts): the tests construct them from their modules.
import { HttpContext } from '../src/pipeline/http-context.js';
import { RouteData } from '../src/pipeline/route-data.js';
import { RouteContext } from '../src/pipeline/router.js';

// ---------------------------------------------------------------------------------------------------------
// Servers and client

const servers: Server[] = [];

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

function origin(server: Server): string {
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * The router middleware's options off: classic routing, where a route whose verb limit refuses the request does
 * not match and the request goes on down the pipeline (the defaults answer HEAD, 405 and OPTIONS:
 * test/unmatched-method.test.ts).
 */
const CLASSIC = { headAsGet: false, methodNotAllowed: false, options: false };

/** Starts `app` on an ephemeral port; the server is closed after all tests. */
async function startApp(app: Pick<Application, 'listen'>): Promise<string> { // (structural: the docs' sample app is built from the published package)
  const server = await app.listen(0);
  servers.push(server);
  return origin(server);
}

/** Starts a plain node:http server with `listener` on an ephemeral port. */
async function startListener(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return origin(server);
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = any>(): T;
}

async function call(url: string, options: Parameters<typeof request>[1] = {}): Promise<Reply> {
  const res = await request(url, options);
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** A readable name for each router in routeData.routers. */
function describeRouter(router: Router): string {
  if (router instanceof RouteCollection) return 'collection';
  if (router instanceof Route) return `route:${router.template}`;
  return `custom:${(router as { label?: string }).label ?? '?'}`;
}

/** Responds with what routing produced: values, data tokens, routers. */
function echo(by: string): RequestDelegate {
  return async (ctx) => {
    const data = ctx.routeData!;
    ctx.response.json(200, { by, values: data.values, dataTokens: data.dataTokens, routers: data.routers.map(describeRouter) });
  };
}

/** A default handler (a Router) that declines the request when `decline(values)` is true. */
class PickyHandler implements Router {
  readonly seen: string[] = [];
  constructor(
    readonly label: string,
    private readonly decline: (values: RouteValues) => boolean,
  ) {}
  async routeAsync(context: RouteContext): Promise<void> {
    this.seen.push(String(context.routeData.values.id));
    if (this.decline(context.routeData.values)) return; // handler stays null: the next route is tried
    context.handler = echo(this.label);
  }
  getVirtualPath(): VirtualPathData | null {
    return null;
  }
}

/** A custom Router (not a template route) that handles the paths in `handles`, declines others. */
class PathRouter implements Router {
  readonly seen: string[] = [];
  constructor(
    readonly label: string,
    private readonly handles: readonly string[],
  ) {}
  async routeAsync(context: RouteContext): Promise<void> {
    const path = context.httpContext.request.path;
    this.seen.push(path);
    if (this.handles.includes(path)) context.handler = echo(this.label);
  }
  getVirtualPath(): VirtualPathData | null {
    return null;
  }
}

/** The terminal handler used by most apps: shows that the request fell through the router. */
const fellThrough: RequestDelegate = async (ctx) => {
  ctx.response.send(404, `fell through: ${ctx.request.method} ${ctx.request.path}`, { 'content-type': 'text/plain' });
};

// ---------------------------------------------------------------------------------------------------------

describe('Application and HttpContext', () => {
  let base: string;
  const errors: unknown[] = [];
  let app: Application;

  beforeAll(async () => {
    app = createApplication({ onError: (error) => errors.push(error) });
    app.services.addSingleton('greeting', 'hello from services');
    addRouting(app.services);
    const order: string[] = [];
    app.use(async (ctx, next) => {
      order.length = 0;
      order.push('first');
      ctx.items.set('seenByFirst', true);
      ctx.items.set('routeDataBeforeRouter', ctx.routeData);
      await next();
      order.push('first-after');
    });
    app.use(async (ctx, next) => {
      order.push('second');
      await next();
    });
    useRouter(app, (routes) => {
      routes.mapGet('ctx/{id}', async (ctx) => {
        const req = ctx.request;
        ctx.response.json(200, {
          method: req.method,
          path: req.path,
          pathBase: req.pathBase,
          q: req.query.get('q'),
          all: req.query.getAll('tag'),
          header: req.headers['x-test'],
          host: req.host,
          scheme: req.scheme,
          itemFromMiddleware: ctx.items.get('seenByFirst'),
          routeDataBeforeRouter: ctx.items.get('routeDataBeforeRouter'),
          routeDataIsSet: ctx.routeData instanceof RouteData,
          service: ctx.requestServices.get<string>('greeting'),
          sameServices: ctx.requestServices === app.services,
          order: [...order],
          hasStartedBefore: ctx.response.hasStarted,
        });
      });
      routes.mapGet('status', async (ctx) => {
        ctx.response.statusCode = 202;
        ctx.response.setHeader('x-custom', 'yes');
        ctx.response.raw.end('accepted');
      });
      routes.mapGet('boom/{kind}', async (ctx) => {
        const error = new Error(`secret-detail-${ctx.routeData!.values.kind}`);
        throw error;
      });
      routes.mapGet('sync-boom', ((_ctx: HttpContext) => {
        throw new Error('synchronous secret');
      }) as unknown as RequestDelegate);
      routes.mapGet('ok', async (ctx) => ctx.response.send(200, 'still serving'));
    });
    app.use(async (ctx, next) => {
      ctx.response.setHeader('x-after-router', 'ran');
      await next();
    });
    app.run(fellThrough);
    base = await startApp(app);
  });

  it('exposes method, path, pathBase, query, headers, host, scheme, items, services and routeData', async () => {
    const res = await call(`${base}/ctx/7?q=a%20b&tag=x&tag=y`, { headers: { 'x-test': 'header-value' } });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      method: 'GET',
      path: '/ctx/7',
      pathBase: '',
      q: 'a b',
      all: ['x', 'y'],
      header: 'header-value',
      host: new URL(base).host,
      scheme: 'http',
      itemFromMiddleware: true,
      routeDataBeforeRouter: null,
      routeDataIsSet: true,
      service: 'hello from services',
      sameServices: true,
      order: ['first', 'second'],
      hasStartedBefore: false,
    });
    // The router handled the request: the middleware after it did not run.
    expect(res.headers['x-after-router']).toBeUndefined();
  });

  it('lets a handler use the response helpers and the raw ServerResponse', async () => {
    const res = await call(`${base}/status`);
    expect(res.status).toBe(202);
    expect(res.headers['x-custom']).toBe('yes');
    expect(res.text).toBe('accepted');
  });

  it('falls through to the next middleware and the terminal handler when no route matches', async () => {
    const res = await call(`${base}/nothing/here`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('fell through: GET /nothing/here');
    expect(res.headers['x-after-router']).toBe('ran');
  });

  it('turns a handler exception into a 500 problem+json without the stack, and keeps serving', async () => {
    errors.length = 0;
    const res = await call(`${base}/boom/db`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ status: 500, title: 'Internal Server Error' });
    expect(typeof body.type).toBe('string');
    expect(res.text).not.toContain('secret-detail');
    expect(res.text).not.toMatch(/\bat .*\(|\.ts:\d+|stack/i);
    // The error (with its stack) went to onError instead.
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('secret-detail-db');
    expect((errors[0] as Error).stack).toContain('secret-detail-db');

    const next = await call(`${base}/ok`);
    expect(next.status).toBe(200);
    expect(next.text).toBe('still serving');
  });

  it('turns a synchronous throw into a 500 problem as well', async () => {
    errors.length = 0;
    const res = await call(`${base}/sync-boom`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.text).not.toContain('synchronous secret');
    expect(errors).toHaveLength(1);
    expect((await call(`${base}/ok`)).status).toBe(200);
  });

  it('logs the stack with console.error by default, never sending it to the client', async () => {
    const quiet = createApplication();
    useRouter(quiet, (routes) =>
      routes.mapGet('explode', async () => {
        throw new Error('hidden-message');
      }),
    );
    const url = await startApp(quiet);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await call(`${url}/explode`);
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('hidden-message');
      expect(spy).toHaveBeenCalled();
      const logged = spy.mock.calls.flat();
      expect(logged.some((arg) => arg instanceof Error && arg.message === 'hidden-message' && !!arg.stack)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 404 problem+json when there is no terminal handler', async () => {
    const bare = createApplication();
    useRouter(bare, (routes) => routes.mapGet('x', async (ctx) => ctx.response.send(200, 'x')));
    const url = await startApp(bare);
    const res = await call(`${url}/y`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('serves through app.handler mounted in a node:http server of our own', async () => {
    const own = createApplication();
    useRouter(own, (routes) => routes.mapGet('own/{n:int}', async (ctx) => ctx.response.send(200, `own ${ctx.routeData!.values.n}`)));
    own.run(fellThrough);
    const url = await startListener(own.handler);
    expect((await call(`${url}/own/3`)).text).toBe('own 3');
    expect((await call(`${url}/own/x`)).status).toBe(404);
  });

  it('completes the response when the pipeline finishes without writing (ASP.NET ends it with 200)', async () => {
    // BUG (see report): Application.handler never ends a response the pipeline left open, so the client
    // waits until node's requestTimeout (300 s). ASP.NET completes the response when the RequestDelegate's task
    // completes. Here the request is aborted after 1.5 s.
    const silent = createApplication();
    useRouter(silent, (routes) => routes.mapGet('silent', async () => {}));
    const url = await startApp(silent);
    const res = await call(`${url}/silent`, { signal: AbortSignal.timeout(1500) });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('refuses middleware and terminal changes after the pipeline is built', () => {
    const built = createApplication();
    built.build();
    expect(() => built.use(async (_c, next) => next())).toThrow(/after/);
    expect(() => built.run(fellThrough)).toThrow(/after/);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('handleError: errors the application answers itself', () => {
  class StoreDown extends Error {}
  const reported: unknown[] = [];
  let base: string;
  beforeAll(async () => {
    const app = createApplication({
      onError: (error) => reported.push(error),
      handleError: (error, ctx) => {
        if (error instanceof StoreDown) {
          ctx.response.send(503, `answered: ${error.message}`);
          return true;
        }
        if ((error as Error).message === 'handler fails') throw new Error('the error handler failed');
        return false;
      },
    });
    useRouter(app, (routes) => {
      routes.mapGet('store-down', async () => {
        throw new StoreDown('store down');
      });
      routes.mapGet('sync-store-down', ((_ctx: HttpContext) => {
        throw new StoreDown('store down at once');
      }) as unknown as RequestDelegate);
      routes.mapGet('other', async () => {
        throw new Error('something else');
      });
      routes.mapGet('handler-fails', async () => {
        throw new Error('handler fails');
      });
    });
    base = await startApp(app);
  });

  it.each([
    { path: '/store-down', status: 503, text: 'answered: store down', reportedMessage: null },
    { path: '/sync-store-down', status: 503, text: 'answered: store down at once', reportedMessage: null },
    { path: '/other', status: 500, text: null, reportedMessage: 'something else' },
    { path: '/handler-fails', status: 500, text: null, reportedMessage: 'the error handler failed' },
  ])('$path → $status, reported to onError: $reportedMessage', async ({ path, status, text, reportedMessage }) => {
    reported.length = 0;
    const res = await call(`${base}${path}`);
    expect(res.status).toBe(status);
    if (text !== null) expect(res.text).toBe(text);
    else expect(res.json()).toMatchObject({ status: 500, detail: 'An unexpected error occurred.' });
    expect(reported.map((error) => (error as Error).message)).toEqual(reportedMessage === null ? [] : [reportedMessage]);
  });
});

describe('onCompleted: told once per request, after the answer', () => {
  const completions: { path: string; status: number; elapsedMs: number }[] = [];
  const reported: string[] = [];
  let base: string;
  beforeAll(async () => {
    const app = createApplication({
      onError: (error) => reported.push((error as Error).message),
      handleError: (error, ctx) => {
        if ((error as Error).message !== 'answered') return false;
        ctx.response.send(503, 'down');
        return true;
      },
      onCompleted: (ctx, elapsedMs) => {
        if (ctx.request.path === '/completion-fails') throw new Error('the completion callback failed');
        completions.push({ path: ctx.request.path, status: ctx.response.statusCode, elapsedMs });
      },
    });
    useRouter(app, (routes) => {
      routes.mapGet('ok', (ctx) => ctx.response.send(201, 'made'));
      routes.mapGet('silent', async () => {}); // writes nothing: the pipeline ends it with 200
      routes.mapGet('answered', async () => {
        throw new Error('answered');
      });
      routes.mapGet('fails', async () => {
        throw new Error('fails');
      });
      routes.mapGet('completion-fails', (ctx) => ctx.response.send(200, 'fine'));
    });
    base = await startApp(app);
  });

  it.each([
    { path: '/ok', status: 201, reportedMessages: [] },
    { path: '/silent', status: 200, reportedMessages: [] },
    { path: '/answered', status: 503, reportedMessages: [] },
    { path: '/fails', status: 500, reportedMessages: ['fails'] },
    { path: '/nothing-here', status: 404, reportedMessages: [] },
    { path: '/completion-fails', status: 200, reportedMessages: ['the completion callback failed'] },
  ])('$path: answered $status, one completion with that status', async ({ path, status, reportedMessages }) => {
    completions.length = 0;
    reported.length = 0;
    const res = await call(`${base}${path}`);
    expect(res.status).toBe(status);
    expect(reported).toEqual(reportedMessages);
    if (path === '/completion-fails') expect(completions).toEqual([]);
    else {
      expect(completions).toEqual([{ path, status, elapsedMs: expect.any(Number) }]);
      expect(completions[0].elapsedMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("the router middleware's next() promise", () => {
  // The router middleware answers without an async function when the route is found at once (it returns the
  // handler's own promise): a middleware before it must still get a promise that rejects, never a synchronous
  // throw or a missing promise, whatever the handler or a constraint does.
  const throwingConstraint: RouteConstraint = {
    match() {
      throw new Error('constraint failed hard');
    },
  };
  let base: string;
  beforeAll(async () => {
    const app = createApplication({ onError: () => {} });
    app.use((ctx, next) => {
      const pending = next();
      if (!(pending instanceof Promise)) throw new Error('next() gave no promise');
      return pending.catch((error: Error) => ctx.response.send(503, `caught: ${error.message}`));
    });
    useRouter(app, (routes) => {
      routes.mapGet('sync-throw', ((_ctx: HttpContext) => {
        throw new Error('sync handler');
      }) as unknown as RequestDelegate);
      routes.mapGet('async-throw', async () => {
        throw new Error('async handler');
      });
      routes.mapGet('sync-send', ((ctx: HttpContext) => {
        ctx.response.send(200, 'sent synchronously');
      }) as unknown as RequestDelegate);
      routes.mapGet('constraint/{id}', async (ctx) => ctx.response.send(200, 'never'), { constraints: { id: throwingConstraint } });
    });
    base = await startApp(app);
  });

  it.each([
    ['/sync-throw', 503, 'caught: sync handler'],
    ['/async-throw', 503, 'caught: async handler'],
    ['/sync-send', 200, 'sent synchronously'],
    ['/constraint/1', 503, 'caught: constraint failed hard'],
  ])('%s → %i %s', async (path, status, text) => {
    const res = await call(`${base}${path}`);
    expect(res.status).toBe(status);
    expect(res.text).toBe(text);
  });
});

describe('routes in order, declining handlers, custom routers', () => {
  let base: string;
  let collection: RouteCollection;
  let lastRouteData: RouteData | null = null;
  const pickyA = new PickyHandler('A', (v) => String(v.id).startsWith('skip'));
  const pickyB = new PickyHandler('B', (v) => v.id === 'skip2');
  const pickyNone = new PickyHandler('none', () => true);

  beforeAll(async () => {
    const app = createApplication();
    addRouting(app.services);
    app.use(async (ctx, next) => {
      await next();
      lastRouteData = ctx.routeData;
    });
    const builder = new RouteBuilder(app, pickyA);
    builder.mapRoute('a', 'd/{id}', { kind: 'A' }, null, { from: 'A' });
    builder.defaultHandler = pickyB;
    builder.mapRoute('b', 'd/{id}', { kind: 'B' }, null, { from: 'B' });
    builder.mapGet('d/{id}', echo('C'));
    builder.defaultHandler = pickyNone;
    builder.mapRoute('declines', 'z/{id}', null, null, { from: 'Z' });
    collection = builder.build();
    useRouter(app, collection);
    app.use(async (ctx, next) => {
      if (ctx.request.path.startsWith('/z/')) {
        ctx.response.json(200, { by: 'next middleware', routeData: ctx.routeData });
        return;
      }
      await next();
    });
    app.run(fellThrough);
    base = await startApp(app);
  });

  it('the first matching route handles the request', async () => {
    const res = await call(`${base}/d/1`);
    expect(res.json()).toEqual({
      by: 'A',
      values: { id: '1', kind: 'A' },
      dataTokens: { from: 'A' },
      routers: ['collection', 'route:d/{id}'],
    });
  });

  it('a declining default handler passes the request to the next route in order, with its own RouteData', async () => {
    const res = await call(`${base}/d/skip`);
    // A declined; its values and data tokens do not leak into B's RouteData.
    expect(res.json()).toEqual({
      by: 'B',
      values: { id: 'skip', kind: 'B' },
      dataTokens: { from: 'B' },
      routers: ['collection', 'route:d/{id}'],
    });
  });

  it('when every earlier route declines, a later mapGet route handles the request', async () => {
    pickyA.seen.length = 0;
    pickyB.seen.length = 0;
    const res = await call(`${base}/d/skip2`);
    expect(res.json()).toEqual({ by: 'C', values: { id: 'skip2' }, dataTokens: {}, routers: ['collection', 'route:d/{id}'] });
    expect(pickyA.seen).toEqual(['skip2']);
    expect(pickyB.seen).toEqual(['skip2']);
  });

  it('routeData.routers holds the collection first and the matched Route last (the same objects)', async () => {
    await call(`${base}/d/skip`);
    const routers = lastRouteData!.routers;
    expect(routers[0]).toBe(collection);
    const last = routers[routers.length - 1];
    expect(last).toBeInstanceOf(Route);
    expect((last as Route).name).toBe('b');
    expect((last as Route).target).toBe(pickyB);
  });

  it('when the only matching route declines, the next middleware runs and routeData stays null', async () => {
    pickyNone.seen.length = 0;
    const res = await call(`${base}/z/5`);
    expect(res.json()).toEqual({ by: 'next middleware', routeData: null });
    expect(pickyNone.seen).toEqual(['5']);
  });

  it('a path that no template matches falls through to the terminal handler', async () => {
    const res = await call(`${base}/d`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('fell through: GET /d');
  });

  describe('custom Router objects between template routes', () => {
    let customBase: string;
    const router1 = new PathRouter('router1', ['/x/a']);
    const router3 = new PathRouter('router3', ['/other']);
    const declineAll = new PickyHandler('route0', (v) => v.id !== 'zero');
    let customCollection: RouteCollection;

    beforeAll(async () => {
      const app = createApplication();
      addRouting(app.services);
      const builder = new RouteBuilder(app, declineAll);
      builder.mapRoute('r0', 'x/{id}', null, null, { from: 'route0' });
      builder.routes.push(router1);
      builder.mapGet('x/{id}', echo('route2'));
      builder.routes.push(router3);
      customCollection = builder.build();
      useRouter(app, customCollection);
      app.run(fellThrough);
      customBase = await startApp(app);
    });

    it('the template route before the custom router still goes first', async () => {
      router1.seen.length = 0;
      const res = await call(`${customBase}/x/zero`);
      expect(res.json()).toMatchObject({ by: 'route0', dataTokens: { from: 'route0' } });
      expect(router1.seen).toEqual([]); // never asked: route0 handled it
    });

    it('route0 matches but declines, router1 handles: router1 wins over route2', async () => {
      const res = await call(`${customBase}/x/a`);
      expect(res.json()).toEqual({ by: 'router1', values: {}, dataTokens: {}, routers: ['collection', 'custom:router1'] });
    });

    it('route0 and router1 decline: route2 handles', async () => {
      router1.seen.length = 0;
      const res = await call(`${customBase}/x/b`);
      expect(res.json()).toEqual({ by: 'route2', values: { id: 'b' }, dataTokens: {}, routers: ['collection', 'route:x/{id}'] });
      expect(router1.seen).toEqual(['/x/b']);
    });

    it('a custom router after all template routes is tried when no template matches', async () => {
      const res = await call(`${customBase}/other`);
      expect(res.json()).toEqual({ by: 'router3', values: {}, dataTokens: {}, routers: ['collection', 'custom:router3'] });
      expect((await call(`${customBase}/elsewhere`)).text).toBe('fell through: GET /elsewhere');
    });

    it('a custom router placed first wins over a matching template route', async () => {
      const app = createApplication();
      const first = new PathRouter('first', ['/y/1']);
      useRouter(app, (routes) => {
        routes.routes.push(first);
        routes.mapGet('y/{id}', echo('template'));
      });
      const url = await startApp(app);
      expect((await call(`${url}/y/1`)).json().by).toBe('first');
      expect((await call(`${url}/y/2`)).json().by).toBe('template');
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('verb-limited routes', () => {
  let base: string;

  beforeAll(async () => {
    const app = createApplication();
    useRouter(app, (routes) => {
      const by = (label: string): RequestDelegate => async (ctx) => ctx.response.send(200, `${label} ${ctx.request.method} ${ctx.routeData!.values.id}`);
      routes.mapGet('v/{id}', by('get'));
      routes.mapPost('v/{id}', by('post'));
      routes.mapPut('v/{id}', by('put'));
      routes.mapDelete('v/{id}', by('delete'));
      routes.mapPatch('v/{id}', by('patch'));
      routes.mapVerb('purge', 'v/{id}', by('verb'));
      routes.mapMethods(['OPTIONS', 'TRACE'], 'v/{id}', by('methods'));
      routes.mapGet('get-only/{id}', by('get-only'));
    }, CLASSIC);
    app.run(fellThrough);
    base = await startApp(app);
  });

  it.each([
    ['GET', 'get GET 1'],
    ['POST', 'post POST 1'],
    ['PUT', 'put PUT 1'],
    ['DELETE', 'delete DELETE 1'],
    ['PATCH', 'patch PATCH 1'],
    ['PURGE', 'verb PURGE 1'],
    ['OPTIONS', 'methods OPTIONS 1'],
  ])('%s /v/1 reaches the route for that verb', async (method, expected) => {
    const res = await call(`${base}/v/1`, { method });
    expect(res.status).toBe(200);
    expect(res.text).toBe(expected);
  });

  it('mapGet does not match POST (or PUT): the request falls through', async () => {
    const post = await call(`${base}/get-only/1`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(404);
    expect(post.text).toBe('fell through: POST /get-only/1');
    expect((await call(`${base}/get-only/1`, { method: 'PUT', body: 'x' })).text).toBe('fell through: PUT /get-only/1');
    expect((await call(`${base}/get-only/1`)).text).toBe('get-only GET 1');
  });

  it('a verb no route accepts falls through', async () => {
    const res = await call(`${base}/v/1`, { method: 'HEAD' });
    expect(res.status).toBe(404);
  });
});

describe.each([false, true])('routing options caseSensitive: %s', (caseSensitive) => {
  let base: string;

  beforeAll(async () => {
    const app = createApplication();
    addRouting(app.services, { caseSensitive });
    useRouter(app, (routes) => {
      routes.mapGet('Users/{id}', echo('Users'));
      routes.mapGet('users/{id}', echo('users'));
    });
    // A Route on its own (no RouteBuilder), a second router after the collection, matches by itself, with the option given to it.
    useRouter(app, new Route(new RouteHandler(echo('Late')), null, 'Late', null, null, null, undefined, { caseSensitive }));
    app.run(fellThrough);
    base = await startApp(app);
  });

  it.each([
    ['/Users/1', 'Users'],
    ['/users/1', caseSensitive ? 'users' : 'Users'],
    ['/USERS/1', caseSensitive ? null : 'Users'],
    ['/Late', 'Late'],
    ['/late', caseSensitive ? null : 'Late'],
  ])('GET %s', async (path, expected) => {
    const res = await call(`${base}${path}`);
    if (expected === null) expect(res.text).toBe(`fell through: GET ${path}`);
    else expect(JSON.parse(res.text).by).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('RouteData values, data tokens and constraints', () => {
  let base: string;

  beforeAll(async () => {
    const app = createApplication();
    const even: RouteConstraint = {
      match: (_ctx, _route, key, values) => Number(values[key]) % 2 === 0,
    };
    addRouting(app.services, {
      constraintMap: {
        even: () => even,
        prefix: (args) => ({ match: (_c, _r, key, values) => String(values[key]).startsWith(args[0]) }),
      },
    });
    const builder = new RouteBuilder(app, new RouteHandler(echo('default')));
    builder.mapRoute('values', 'vals/{name}/{def=dflt}/{opt?}', { extra: 'xyz', num: 42 }, null, {
      section: 'values',
      object: { nested: [1, 2] },
    });
    builder.mapRoute('regex', 'ops/{operation}/{id:int}', null, { operation: 'list|get|create' }, { kind: 'ops' });
    builder.mapRoute('regexp', 'codes/{code}', null, { code: /^[A-Z]{3}$/ });
    builder.mapRoute('user', 'n/{n:even}');
    builder.mapRoute('userArgs', 'p/{word:prefix(ab)}');
    builder.mapGet('CaseTest/{Name}', echo('case'));
    useRouter(app, builder.build());
    app.run(fellThrough);
    base = await startApp(app);
  });

  it('values include decoded URL values and defaults (also for names without a parameter)', async () => {
    const res = await call(`${base}/vals/J%C3%B6e%20X`);
    const body = res.json();
    expect(body.values).toEqual({ name: 'Jöe X', def: 'dflt', extra: 'xyz', num: 42 });
    expect('opt' in body.values).toBe(false); // an absent optional parameter produces no value
    expect(body.dataTokens).toEqual({ section: 'values', object: { nested: [1, 2] } });
  });

  it('URL values override defaults and are strings', async () => {
    const res = await call(`${base}/vals/a/b/7`);
    expect(res.json().values).toEqual({ name: 'a', def: 'b', opt: '7', extra: 'xyz', num: 42 });
  });

  it('template text matches case-insensitively; values keep the URL case', async () => {
    const res = await call(`${base}/casetest/MiXeD`);
    expect(res.json().values).toEqual({ Name: 'MiXeD' });
  });

  it('a string constraint that is not a constraint name is a regular expression; int is checked', async () => {
    expect((await call(`${base}/ops/get/12`)).json()).toMatchObject({ values: { operation: 'get', id: '12' }, dataTokens: { kind: 'ops' } });
    expect((await call(`${base}/ops/delete/12`)).status).toBe(404);
    expect((await call(`${base}/ops/get/twelve`)).status).toBe(404);
    expect((await call(`${base}/codes/ABC`)).json().values).toEqual({ code: 'ABC' });
    expect((await call(`${base}/codes/ABCD`)).status).toBe(404);
  });

  it('user constraint names registered through addRouting(services, { constraintMap }) are used inline', async () => {
    expect((await call(`${base}/n/4`)).json().values).toEqual({ n: '4' });
    expect((await call(`${base}/n/3`)).text).toBe('fell through: GET /n/3');
    expect((await call(`${base}/p/abc`)).json().values).toEqual({ word: 'abc' });
    expect((await call(`${base}/p/xbc`)).status).toBe(404);
  });

  it('an unknown constraint name is rejected when the route is added (not per request)', () => {
    const builder = new RouteBuilder(createApplication(), new RouteHandler(echo('x')));
    expect(() => builder.mapRoute('bad', 'n/{n:even}')).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('URL generation', () => {
  let base: string;
  let collection: RouteCollection;
  let defaultRoute: Route;
  let productRoute: Route;
  const special = new VirtualPathData(new RouteHandler(async () => {}), '/special-path', { special: true });
  const specialRouter: Router & { label: string } = {
    label: 'special',
    async routeAsync() {},
    getVirtualPath: (context) => (context.values.special === 'yes' ? special : null),
  };

  beforeAll(async () => {
    const app = createApplication();
    addRouting(app.services);
    const links = new RouteHandler(async (ctx) => {
      const url = new UrlHelper(ctx);
      const vpd = url.getVirtualPath('product', { id: 9 });
      ctx.response.json(200, {
        values: ctx.routeData!.values,
        buy: url.routeUrl(null, { action: 'buy' }),
        explicitController: url.routeUrl(null, { controller: 'cart', action: 'add' }),
        withQuery: url.routeUrl(null, { action: 'buy', color: 'red' }),
        keepId: url.routeUrl(null, {}),
        named: url.link('product', { id: 9 }),
        namedPath: url.routeUrl('product', { id: 9 }),
        unknownLink: url.link('no-such-route', { id: 9 }),
        unknownPath: url.routeUrl('no-such-route', { id: 9 }),
        vpdPath: vpd?.virtualPath,
        vpdTokens: vpd?.dataTokens,
        vpdRouterIsProduct: vpd?.router === productRoute,
      });
    });
    const builder = new RouteBuilder(app, links);
    builder.mapRoute('default', '{controller}/{action}/{id?}', null, null, { area: 'shop' });
    builder.mapRoute('product', 'p/{id:int}', null, null, { area: 'catalog' });
    builder.routes.push(specialRouter);
    [defaultRoute, productRoute] = builder.routes as Route[];
    collection = builder.build();
    useRouter(app, collection);
    base = await startApp(app);
  });

  it('UrlHelper reuses the ambient values of the current request', async () => {
    const body = (await call(`${base}/store/list/5`)).json();
    expect(body.values).toEqual({ controller: 'store', action: 'list', id: '5' });
    expect(body.buy).toBe('/store/buy'); // ambient controller reused; ambient id dropped (action changed)
    expect(body.explicitController).toBe('/cart/add'); // explicit controller wins
    expect(body.withQuery).toBe('/store/buy?color=red'); // extra explicit value → query string
    expect(body.keepId).toBe('/store/list/5'); // nothing explicit: all ambient values reused
  });

  it('link() gives the absolute URI from the request scheme and host; routeUrl() the path', async () => {
    const body = (await call(`${base}/store/list/5`)).json();
    expect(body.named).toBe(`${base}/p/9`);
    expect(body.namedPath).toBe('/p/9');
    expect(body.unknownLink).toBeNull();
    expect(body.unknownPath).toBeNull();
    expect(body.vpdPath).toBe('/p/9');
    expect(body.vpdTokens).toEqual({ area: 'catalog' });
    expect(body.vpdRouterIsProduct).toBe(true);
  });

  it('link() uses the Host header the client sent', async () => {
    const body = (await call(`${base}/store/list/5`, { headers: { host: 'shop.example:8443' } })).json();
    expect(body.named).toBe('http://shop.example:8443/p/9');
  });

  it('VirtualPathContext takes (httpContext, ambientValues, values, routeName) in that order', () => {
    const ambient = { controller: 'store', action: 'list', id: '5' };
    const context = new VirtualPathContext(null, ambient, { action: 'buy' }, 'default');
    expect(context.httpContext).toBeNull();
    expect(context.ambientValues).toBe(ambient);
    expect(context.values).toEqual({ action: 'buy' });
    expect(context.routeName).toBe('default');
    expect(new VirtualPathContext(null, null, {}).routeName).toBeNull();
    expect(collection.getVirtualPath(context)?.virtualPath).toBe('/store/buy');
  });

  it('getVirtualPath on the collection selects a route by name (case-insensitive); an unknown name gives null', () => {
    const byName = collection.getVirtualPath(new VirtualPathContext(null, null, { id: 9 }, 'PRODUCT'))!;
    expect(byName).toBeInstanceOf(VirtualPathData);
    expect(byName.virtualPath).toBe('/p/9');
    expect(byName.router).toBe(productRoute);
    expect(byName.dataTokens).toEqual({ area: 'catalog' });
    expect(collection.getVirtualPath(new VirtualPathContext(null, null, { id: 9 }, 'nope'))).toBeNull();
    // By name, only that route is tried: the default route cannot produce /p/x from these values.
    expect(collection.getVirtualPath(new VirtualPathContext(null, null, { id: 'x' }, 'product'))).toBeNull();
  });

  it('without a name, getVirtualPath tries each route in order until one returns non-null', () => {
    // The first route that can generate wins.
    const first = collection.getVirtualPath(new VirtualPathContext(null, null, { controller: 'a', action: 'b', id: 9 }))!;
    expect(first.virtualPath).toBe('/a/b/9');
    expect(first.router).toBe(defaultRoute);
    expect(first.dataTokens).toEqual({ area: 'shop' });
    // The default route needs controller and action, so it returns null and the product route is tried.
    const second = collection.getVirtualPath(new VirtualPathContext(null, null, { id: 9 }))!;
    expect(second.virtualPath).toBe('/p/9');
    expect(second.router).toBe(productRoute);
    // A custom router later in the order is asked too.
    expect(collection.getVirtualPath(new VirtualPathContext(null, null, { special: 'yes' }))).toBe(special);
    expect(collection.getVirtualPath(new VirtualPathContext(null, null, { other: 1 }))).toBeNull();
  });

  it('addRouting options lowercaseUrls and appendTrailingSlash apply to generated paths', async () => {
    const app = createApplication();
    addRouting(app.services, { lowercaseUrls: true, appendTrailingSlash: true });
    const handler = new RouteHandler(async (ctx) => {
      const url = new UrlHelper(ctx);
      ctx.response.json(200, {
        path: url.routeUrl('Named', { controller: 'Store', action: 'Buy', Color: 'Red' }),
        link: url.link('Named', { controller: 'Store', action: 'Buy' }),
      });
    });
    const builder = new RouteBuilder(app, handler);
    builder.mapRoute('Named', 'Shop/{controller}/{action}');
    const routes = builder.build();
    useRouter(app, routes);
    const url = await startApp(app);
    const body = (await call(`${url}/shop/a/b`)).json();
    expect(body.path).toBe('/shop/store/buy/?Color=Red'); // the query keeps its case (lowercaseQueryStrings off)
    expect(body.link).toBe(`${url}/shop/store/buy/`);
    expect(routes.getVirtualPath(new VirtualPathContext(null, null, { controller: 'X', action: 'Y' }))?.virtualPath).toBe('/shop/x/y/');
  });

  it('addRouting with lowercaseQueryStrings lower-cases the query too', () => {
    const services = new ServiceContainer();
    addRouting(services, { lowercaseUrls: true, lowercaseQueryStrings: true });
    const builder = new RouteBuilder(null, new RouteHandler(async () => {}));
    // A builder without an application has its own services; give it routing options through them.
    addRouting(builder.serviceProvider, getRoutingServices(services).options);
    builder.mapRoute(null, 'A/{b}');
    const routes = builder.build();
    expect(routes.getVirtualPath(new VirtualPathContext(null, null, { b: 'B', Q: 'V' }))?.virtualPath).toBe('/a/b?q=v');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('pathBase', () => {
  let base: string;

  beforeAll(async () => {
    const app = createApplication({ pathBase: '/app/' });
    useRouter(app, (routes) => {
      routes.defaultHandler = new RouteHandler(async (ctx) => {
        const url = new UrlHelper(ctx);
        ctx.response.json(200, {
          path: ctx.request.path,
          pathBase: ctx.request.pathBase,
          name: ctx.routeData!.values.name,
          link: url.link('hello', { name: 'Ann' }),
          routeUrl: url.routeUrl('hello', { name: 'Ann' }),
          virtualPath: url.getVirtualPath('hello', { name: 'Ann' })?.virtualPath,
        });
      });
      routes.mapRoute('hello', 'hello/{name}');
    });
    app.run(fellThrough);
    base = await startApp(app);
  });

  it('a request under the base path routes without it; links include it; virtualPath does not', async () => {
    const body = (await call(`${base}/app/hello/x`)).json();
    expect(body).toEqual({
      path: '/hello/x',
      pathBase: '/app',
      name: 'x',
      link: `${base}/app/hello/Ann`,
      routeUrl: '/app/hello/Ann',
      virtualPath: '/hello/Ann',
    });
  });

  it('the base path is matched case-insensitively and only on a segment boundary', async () => {
    expect((await call(`${base}/APP/hello/y`)).json().name).toBe('y');
    const res = await call(`${base}/apple/hello/y`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('fell through: GET /apple/hello/y');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('RouteBuilder, build() and useRouter', () => {
  it('a route mapped after build() goes into the built collection (a live table: docs/live-tables.md)', () => {
    const builder = new RouteBuilder(createApplication(), new RouteHandler(async () => {}));
    builder.mapGet('a', async () => {});
    const routes = builder.build();
    builder.mapGet('b', async () => {});
    builder.mapRoute('c', 'c');
    builder.mapPost('d', async () => {});
    expect(() => builder.routes.push(new PathRouter('late', []))).toThrow(TypeError);
    routes.add(new PathRouter('late', []));
    expect(builder.routes).toHaveLength(1); // the routes as built
    expect(routes.count).toBe(5);
    expect(routes.explain('/c', 'GET').match?.route.template).toBe('c');
    expect(routes.explain('/d', 'POST').match?.route.index).toBe(3);
    expect(() => builder.mapGet('again', async () => {}, { name: 'C' })).toThrow(/the route name "C" is already used/);
    expect(routes.count).toBe(5);
  });

  it('a duplicate route name (case-insensitive) throws at build(), not when the route is added', () => {
    const builder = new RouteBuilder(createApplication(), new RouteHandler(async () => {}));
    builder.mapRoute('Dup', 'a/{x}');
    expect(() => builder.mapRoute('dup', 'b/{x}')).not.toThrow();
    expect(() => builder.build()).toThrow(RouteCreationError);
    expect(() => builder.build()).toThrow(/dup/i);
  });

  it('a custom named router clashing with a route name also throws at build()', () => {
    const builder = new RouteBuilder(createApplication(), new RouteHandler(async () => {}));
    builder.mapRoute('home', 'h');
    builder.routes.push(Object.assign(new PathRouter('named', []), { name: 'HOME' }));
    expect(() => builder.build()).toThrow(RouteCreationError);
  });

  // ASP.NET's named arguments written as one object (MapRoute(name: "default", template: "…")): the order to write.
  it.each([
    { given: { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' }, says: 'write mapRoute("default", "{controller=Home}/{action=Index}/{id?}", defaults, constraints, dataTokens)' },
    { given: { template: 'blog/{slug}' }, says: 'write mapRoute("default", "blog/{slug}", defaults, constraints, dataTokens)' },
  ])('mapRoute given one object: $says', ({ given, says }) => {
    const builder = new RouteBuilder(createApplication(), new RouteHandler(async () => {}));
    expect(() => (builder.mapRoute as (...args: unknown[]) => unknown)(given)).toThrow("mapRoute takes its arguments in order, as ASP.NET's MapRoute(name, template, defaults, constraints, dataTokens), not one object: " + says);
    expect(builder.routes).toHaveLength(0);
  });

  it('mapRoute without a default handler throws; mapGet & co. need no default handler', () => {
    const builder = new RouteBuilder(createApplication());
    expect(builder.defaultHandler).toBeNull();
    expect(() => builder.mapRoute('r', 'r/{id}')).toThrow(/defaultHandler/);
    expect(() => builder.mapGet('g', async () => {})).not.toThrow();
    builder.defaultHandler = new RouteHandler(async () => {});
    expect(() => builder.mapRoute('r', 'r/{id}')).not.toThrow();
    expect(builder.routes).toHaveLength(2);
  });

  it('mapGet & co. need a RequestDelegate: a RouteCreationError naming the route (test/config-errors.test.ts has the messages)', () => {
    const builder = new RouteBuilder(createApplication());
    expect(() => builder.mapGet('x', undefined as unknown as RequestDelegate)).toThrow(expect.objectContaining({ name: 'RouteCreationError', template: 'x' }));
  });

  it('build() compiles the routes into a RouteCollection once', () => {
    const builder = new RouteBuilder(createApplication());
    builder.mapGet('a', async () => {});
    builder.mapGet('b', async () => {});
    const routes = builder.build();
    expect(routes).toBeInstanceOf(RouteCollection);
    expect(routes.count).toBe(2);
    expect(routes.get(0)).toBe(builder.routes[0]);
    expect(routes.build()).toBe(routes);
    expect(Object.isFrozen(builder.routes)).toBe(true);
  });

  it('useRouter accepts a configure function (builder) => ..., builds it, and registers the router', async () => {
    const app = createApplication();
    let seenBuilder: RouteBuilder | null = null;
    const router = useRouter(app, (builder) => {
      seenBuilder = builder;
      builder.defaultHandler = new RouteHandler(echo('default'));
      builder.mapRoute('cfg', 'cfg/{id}', { from: 'configure' });
      builder.mapGet('get/{id}', echo('get'));
    });
    expect(seenBuilder).toBeInstanceOf(RouteBuilder);
    expect(seenBuilder!.applicationBuilder).toBe(app);
    expect(router).toBeInstanceOf(RouteCollection);
    expect(app.services.get(ROUTER)).toBe(router);
    // A UrlHelper outside any route (no routeData) finds the registered router.
    app.use(async (ctx, next) => {
      if (ctx.request.path === '/where') {
        ctx.response.send(200, new UrlHelper(ctx).routeUrl('cfg', { id: 'k' }) ?? 'null');
        return;
      }
      await next();
    });
    app.run(fellThrough);
    const url = await startApp(app);
    expect((await call(`${url}/cfg/1`)).json()).toMatchObject({ by: 'default', values: { id: '1', from: 'configure' } });
    expect((await call(`${url}/get/2`)).json()).toMatchObject({ by: 'get', values: { id: '2' } });
    expect((await call(`${url}/where`)).text).toBe('/cfg/k');
  });

  it('useRouter accepts a single Router directly (no RouteBuilder)', async () => {
    const app = createApplication();
    const single = new Route(new RouteHandler(echo('single')), 'one', 'only/{id:int}');
    useRouter(app, single);
    app.run(fellThrough);
    const url = await startApp(app);
    const body = (await call(`${url}/only/3`)).json();
    expect(body.by).toBe('single');
    expect(body.values).toEqual({ id: '3' });
    expect(body.routers[body.routers.length - 1]).toBe('route:only/{id:int}');
    expect((await call(`${url}/only/x`)).text).toBe('fell through: GET /only/x');
  });

  it('a second useRouter routes what the first did not take; the first stays the router UrlHelper finds', async () => {
    const app = createApplication();
    const first = useRouter(app, (routes) => routes.mapGet('first', echo('first')));
    useRouter(app, new PathRouter('mw', ['/mw']));
    app.run(fellThrough);
    const url = await startApp(app);
    expect(app.services.get(ROUTER)).toBe(first);
    expect((await call(`${url}/first`)).json()).toMatchObject({ by: 'first' });
    expect((await call(`${url}/mw`)).json()).toMatchObject({ by: 'mw', routers: ['custom:mw'] });
    expect((await call(`${url}/nope`)).status).toBe(404);
  });

  it('UrlHelper without any router throws', async () => {
    const app = createApplication();
    app.run(async (ctx) => {
      let message = '';
      try {
        new UrlHelper(ctx);
      } catch (error) {
        message = (error as Error).message;
      }
      ctx.response.send(200, message);
    });
    const url = await startApp(app);
    expect((await call(`${url}/`)).text).toMatch(/needs a router/);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('middleware routes (mapMiddlewareRoute, mapMiddlewareGet, ...)', () => {
  let base: string;

  beforeAll(async () => {
    const app = createApplication();
    app.services.addSingleton('shared', 'yes');
    useRouter(app, (routes) => {
      routes.mapMiddlewareRoute('admin/{*rest}', (branch) => {
        branch.use(async (ctx, next) => {
          ctx.response.setHeader('x-branch', 'admin');
          ctx.items.set('branchMiddleware', true);
          await next();
        });
        branch.run(async (ctx) =>
          ctx.response.json(200, {
            rest: ctx.routeData!.values.rest,
            method: ctx.request.method,
            item: ctx.items.get('branchMiddleware'),
            shared: ctx.requestServices.get('shared'),
          }),
        );
      });
      routes.mapMiddlewareGet('reports/{id}', (branch) => {
        branch.use(async (ctx, next) => {
          ctx.response.setHeader('x-branch', 'reports');
          await next();
        });
        branch.run(async (ctx) => ctx.response.send(200, `report ${ctx.routeData!.values.id}`));
      });
      routes.mapMiddlewarePost('inbox', (branch) => branch.run(async (ctx) => ctx.response.send(201, 'posted')));
      routes.mapMiddlewareVerb('PUT', 'store', (branch) => branch.run(async (ctx) => ctx.response.send(200, 'put')));
      routes.mapMiddlewareRoute('empty-branch', (branch) => branch.use(async (_ctx, next) => next()));
    }, CLASSIC);
    app.use(async (ctx, next) => {
      ctx.response.setHeader('x-main-after-router', 'ran');
      await next();
    });
    app.run(fellThrough);
    base = await startApp(app);
  });

  it('mapMiddlewareRoute runs its own branch pipeline for any verb', async () => {
    const get = await call(`${base}/admin/users/7`);
    expect(get.status).toBe(200);
    expect(get.headers['x-branch']).toBe('admin');
    expect(get.headers['x-main-after-router']).toBeUndefined();
    expect(get.json()).toEqual({ rest: 'users/7', method: 'GET', item: true, shared: 'yes' });
    expect((await call(`${base}/admin/x`, { method: 'DELETE' })).json().method).toBe('DELETE');
  });

  it('mapMiddlewareGet is limited to GET: POST falls through to the main pipeline', async () => {
    const get = await call(`${base}/reports/3`);
    expect(get.text).toBe('report 3');
    expect(get.headers['x-branch']).toBe('reports');
    const post = await call(`${base}/reports/3`, { method: 'POST', body: '' });
    expect(post.status).toBe(404);
    expect(post.text).toBe('fell through: POST /reports/3');
    expect(post.headers['x-branch']).toBeUndefined();
    expect(post.headers['x-main-after-router']).toBe('ran');
  });

  it('mapMiddlewarePost and mapMiddlewareVerb are verb-limited too', async () => {
    expect((await call(`${base}/inbox`, { method: 'POST', body: '' })).status).toBe(201);
    expect((await call(`${base}/inbox`)).status).toBe(404);
    expect((await call(`${base}/store`, { method: 'PUT', body: '' })).text).toBe('put');
    expect((await call(`${base}/store`)).text).toBe('fell through: GET /store');
  });

  it('a branch without a terminal handler ends with its own 404 problem', async () => {
    const res = await call(`${base}/empty-branch`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('middleware routes need an application', () => {
    const builder = new RouteBuilder(null);
    expect(() => builder.mapMiddlewareRoute('x', () => {})).toThrow(/application/);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('createNodeMiddleware', () => {
  const configure = (routes: RouteBuilder): void => {
    routes.mapGet('hello/{name}', async (ctx) =>
      ctx.response.json(200, {
        hi: ctx.routeData!.values.name,
        link: new UrlHelper(ctx).link(null, { name: 'Zed' }),
        path: ctx.request.path,
      }),
    );
    routes.mapGet('fail', async () => {
      throw new Error('node-mw-secret');
    });
  };

  it('mounts in a plain node:http server: matched → handler, unmatched → next()', async () => {
    const mw = createNodeMiddleware(configure, CLASSIC);
    const url = await startListener((req, res) =>
      mw(req, res, () => {
        res.statusCode = 418;
        res.end();
      }),
    );
    const hello = await call(`${url}/hello/Joe`);
    expect(hello.status).toBe(200);
    expect(hello.json()).toEqual({ hi: 'Joe', link: `${url}/hello/Zed`, path: '/hello/Joe' });
    const miss = await call(`${url}/nope`);
    expect(miss.status).toBe(418);
    expect(miss.text).toBe('');
    expect((await call(`${url}/hello/Joe`, { method: 'POST', body: '' })).status).toBe(418);
  });

  it('as a node:http listener without next: 404 problem when unmatched, 500 problem (no stack) on error', async () => {
    const errors: unknown[] = [];
    const mw = createNodeMiddleware(configure, { onError: (e) => errors.push(e) });
    const url = await startListener((req, res) => mw(req, res));
    const miss = await call(`${url}/nope`);
    expect(miss.status).toBe(404);
    expect(miss.headers['content-type']).toMatch(/^application\/problem\+json/);
    const fail = await call(`${url}/fail`);
    expect(fail.status).toBe(500);
    expect(fail.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fail.text).not.toContain('node-mw-secret');
    expect(errors).toHaveLength(1);
    expect((await call(`${url}/hello/A`)).status).toBe(200);
  });

  it('mounts in a Connect-style use/next chain: errors go to next(error), unmatched to the next layer', async () => {
    type Next = (error?: unknown) => void;
    type Layer =
      | ((req: IncomingMessage, res: ServerResponse, next: Next) => void)
      | ((error: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => void);
    // A minimal Connect: layers in order; 4-argument layers handle errors.
    function connect() {
      const stack: Layer[] = [];
      const handle = (req: IncomingMessage, res: ServerResponse): void => {
        let index = 0;
        const next: Next = (error) => {
          const layer = stack[index++];
          if (!layer) {
            res.statusCode = error === undefined ? 404 : 500;
            res.end(error === undefined ? 'connect: not found' : 'connect: error');
            return;
          }
          try {
            if (error !== undefined) {
              if (layer.length === 4) (layer as (e: unknown, q: IncomingMessage, s: ServerResponse, n: Next) => void)(error, req, res, next);
              else next(error);
            } else if (layer.length < 4) {
              (layer as (q: IncomingMessage, s: ServerResponse, n: Next) => void)(req, res, next);
            } else {
              next();
            }
          } catch (thrown) {
            next(thrown);
          }
        };
        next();
      };
      return Object.assign(handle, {
        use(layer: Layer) {
          stack.push(layer);
          return this;
        },
      });
    }

    const app = connect();
    app.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
      res.setHeader('x-connect-before', req.url ?? '');
      next();
    });
    app.use(createNodeMiddleware(configure, { pathBase: '/api' }));
    app.use((req: IncomingMessage, res: ServerResponse, _next: Next) => {
      res.statusCode = 404;
      res.end(`connect fallback ${req.url}`);
    });
    const caught: unknown[] = [];
    app.use((error: unknown, _req: IncomingMessage, res: ServerResponse, _next: Next) => {
      caught.push(error);
      res.statusCode = 503;
      res.end('connect error handler');
    });
    const url = await startListener(app);

    const hello = await call(`${url}/api/hello/Joe`);
    expect(hello.status).toBe(200);
    expect(hello.headers['x-connect-before']).toBe('/api/hello/Joe');
    expect(hello.json()).toEqual({ hi: 'Joe', link: `${url}/api/hello/Zed`, path: '/hello/Joe' });

    const miss = await call(`${url}/api/missing`);
    expect(miss.status).toBe(404);
    expect(miss.text).toBe('connect fallback /api/missing');

    const fail = await call(`${url}/api/fail`);
    expect(fail.status).toBe(503);
    expect(fail.text).toBe('connect error handler');
    expect((caught[0] as Error).message).toBe('node-mw-secret');
  });

  it('routes built from a configure function use the routing options of the services option', async () => {
    const services = new ServiceContainer();
    addRouting(services, { lowercaseUrls: true, constraintMap: { upper: () => ({ match: (_c, _r, k, v) => /^[A-Z]+$/.test(String(v[k])) }) } });
    let mw: ReturnType<typeof createNodeMiddleware> | undefined;
    // BUG (see report): createNodeMiddleware builds the configure function with `new RouteBuilder(null)`, whose
    // own ServiceContainer ignores options.services — so the constraintMap / lowercaseUrls registered there are
    // not used and the custom constraint name is unknown.
    expect(() => {
      mw = createNodeMiddleware(
        (routes) =>
          routes.mapGet('Code/{c:upper}', async (ctx) => ctx.response.send(200, new UrlHelper(ctx).routeUrl(null, { c: 'XY' }) ?? 'null')),
        { services },
      );
    }).not.toThrow();
    const url = await startListener((req, res) => mw!(req, res));
    expect((await call(`${url}/code/AB`)).text).toBe('/code/xy');
    expect((await call(`${url}/code/ab`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("the spec's sample application (docs/examples/sample-app.ts)", () => {
  let base: string;

  beforeAll(async () => {
    base = await startApp(createSampleApp());
  });

  it('/package/track/-3 is handled by the default handler with operation and id', async () => {
    const res = await call(`${base}/package/track/-3`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('Hello! Route values: operation=track, id=-3');
  });

  it('the regex and int constraints reject values: the request falls through to the terminal 404', async () => {
    const abc = await call(`${base}/package/track/abc`);
    expect(abc.status).toBe(404);
    expect(abc.text).toBe('No route matched.');
    const destroy = await call(`${base}/package/destroy/3`);
    expect(destroy.status).toBe(404);
    expect(destroy.text).toBe('No route matched.');
    expect((await call(`${base}/package/create/7`)).text).toBe('Hello! Route values: operation=create, id=7');
    expect((await call(`${base}/package/track/99999999999`)).status).toBe(404); // not a 32-bit int
  });

  it('GET /hello/Joe → "Hi, Joe!"; POST /hello/Joe → 405 with Allow', async () => {
    const get = await call(`${base}/hello/Joe`);
    expect(get.status).toBe(200);
    expect(get.text).toBe('Hi, Joe!');
    const post = await call(`${base}/hello/Joe`, { method: 'POST', body: '' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(post.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

// The HttpContext constructor: what the application and createNodeMiddleware build for each request.
describe('HttpContext construction', () => {
  it('wraps a request/response pair with the given services and pathBase', async () => {
    const services = new ServiceContainer();
    let seen: { path: string; pathBase: string; sameServices: boolean; routeData: unknown } | null = null;
    const url = await startListener((req, res) => {
      const ctx = new HttpContext(req, res, services, '/base');
      seen = { path: ctx.request.path, pathBase: ctx.request.pathBase, sameServices: ctx.requestServices === services, routeData: ctx.routeData };
      ctx.response.json(200, { ok: true }, { 'x-extra': '1' });
    });
    const res = await call(`${url}/base/a/b?x=1`);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-extra']).toBe('1');
    expect(seen).toEqual({ path: '/a/b', pathBase: '/base', sameServices: true, routeData: null });
  });
});

describe('RouteContext construction', () => {
  const first = new RouteHandler(async () => {});
  it.each([
    { label: 'no routers given', routers: undefined, expected: [] },
    { label: 'the first router given', routers: [first], expected: [first] },
  ])('starts with empty values and data tokens, and $label', ({ routers, expected }) => {
    const context = new RouteContext({} as HttpContext, routers);
    expect(context.handler).toBeNull();
    expect(context.routeData).toBeInstanceOf(RouteData);
    expect(context.routeData.values).toEqual({});
    expect(context.routeData.dataTokens).toEqual({});
    expect(context.routeData.routers).toEqual(expected);
  });
});

// A match is immutable and a static route's is one object for every request; RouteData's values are the
// request's own copy, which a handler may change without the change reaching the next request.
describe('RouteData values are the request\'s own', () => {
  it.each([
    ['a static route with defaults', '/about', { page: 'about' }],
    ['the same in another case, with a query', '/About?x=1', { page: 'about' }],
    ['a route with a parameter', '/item/7', { id: '7', page: 'item' }],
  ])('%s (%s): a handler changes them, the next request gets the route\'s values again', async (_what, path, expected) => {
    const app = createApplication();
    useRouter(app, (routes) => {
      const handler = (ctx: HttpContext) => {
        const values = ctx.routeData!.values as Record<string, unknown>;
        const seen = { ...values };
        values.page = 'changed';
        values.added = true;
        ctx.response.json(200, seen);
      };
      routes.mapGet('about', handler, { defaults: { page: 'about' } });
      routes.mapGet('item/{id}', handler, { defaults: { page: 'item' } });
    });
    const url = await startApp(app);
    for (let i = 0; i < 3; i++) expect((await call(`${url}${path}`)).json()).toEqual(expected);
  });
});

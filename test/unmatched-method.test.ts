// What a router answers when no route takes a request's method (src/pipeline/unmatched-method.ts): one decision and
// one set of options (headAsGet, methodNotAllowed, options; all on by default) for every framework adapter and the
// pipeline. One table of option sets and answers, run on each host over real HTTP (Hono through its own fetch):
// each row's answer differs from the defaults' where its option is off, so an option a host ignored fails a row.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono, type Context } from 'hono';
import Koa from 'koa';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchyard as expressRoutes } from '../src/express.js';
import { switchyard as fastifyRoutes } from '../src/fastify.js';
import { switchyard as honoRoutes } from '../src/hono.js';
import { switchyard as honoBuilt } from '../src/hono-aot.js';
import { switchyard as koaRoutes } from '../src/koa.js';
import { createApplication, createNodeMiddleware, RouteBuilder, useRouter, type RouterMiddlewareOptions } from '../src/http.js';
import { compile, type RouteDefinition } from '../src/index.js';

type Options = RouterMiddlewareOptions;
type Answer = { status: number; allow?: string; route?: string };
type Host = { send: (method: string, path: string) => Promise<Answer>; close: () => Promise<void> };

// GET and PUT on items/{id:int}; a request no route takes falls through to the host's own 404 ("fell through").
const routeOf = (method: string) => `${method} item`;

/** A host on a node:http server at `base`. */
const served = (base: string, close: () => Promise<void>): Host => ({
  async send(method, path) {
    const reply = await request(base + path, { method: method as 'GET' });
    return answerOf(reply.statusCode, reply.headers.allow as string | undefined, reply.headers['x-route'] as string | undefined, await reply.body.text());
  },
  close,
});
const answerOf = (status: number, allow: string | null | undefined, route: string | null | undefined, text: string): Answer => ({
  status,
  ...(allow == null ? {} : { allow }),
  ...(status === 200 ? { route: String(route) } : status === 404 ? { route: text } : {}),
});
const closing = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));
async function listen(server: Server): Promise<Host> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return served(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, closing(server));
}

/** Routes whose handlers answer 200 with x-route naming the route, made by each framework's handler. */
const routes = (handler: (method: string) => unknown): RouteDefinition[] =>
  ['GET', 'PUT'].map((method) => ({ template: 'items/{id:int}', methods: [method], handler: handler(method) }));

const honoHandler = (method: string) => (c: Context) => c.body(null, 200, { 'x-route': routeOf(method) });
async function honoHost(app: Hono): Promise<Host> {
  app.notFound((c) => c.text('fell through', 404));
  return {
    async send(method, path) {
      const reply = await app.request(path, { method });
      return answerOf(reply.status, reply.headers.get('allow'), reply.headers.get('x-route'), await reply.text());
    },
    close: async () => {},
  };
}

/** Every host of the decision: the four adapters (Hono's over a compiled and over a built router), and the pipeline's two. */
const HOSTS: Record<string, (options: Options) => Promise<Host>> = {
  async express(options) {
    const app = express();
    app.use(expressRoutes(routes((method) => (_req: express.Request, res: express.Response) => void res.set('x-route', routeOf(method)).end()), options));
    app.use((_req, res) => void res.status(404).send('fell through'));
    return listen(createServer(app));
  },
  async koa(options) {
    const app = new Koa();
    app.use(koaRoutes(routes((method) => (ctx: Koa.Context) => {
      ctx.set('x-route', routeOf(method));
      ctx.body = '';
    }), options));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = 'fell through';
    });
    return listen(createServer(app.callback()));
  },
  async fastify(options) {
    const app = Fastify();
    app.setNotFoundHandler((_req, reply) => reply.code(404).send('fell through'));
    await app.register(fastifyRoutes, { ...options, routes: routes((method) => async (_req: unknown, reply: { header: (k: string, v: string) => { send: () => unknown } }) => reply.header('x-route', routeOf(method)).send()) });
    return served(await app.listen({ port: 0, host: '127.0.0.1' }), () => app.close());
  },
  async hono(options) {
    const app = new Hono();
    app.use(honoRoutes(routes(honoHandler), options));
    return honoHost(app);
  },
  async 'hono/aot'(options) {
    const app = new Hono();
    app.use(honoBuilt(compile(routes(honoHandler)), options));
    return honoHost(app);
  },
  async useRouter(options) {
    const app = createApplication();
    const builder = new RouteBuilder(app);
    for (const method of ['GET', 'PUT']) builder.mapVerb(method, 'items/{id:int}', async (ctx) => ctx.response.send(200, '', { 'x-route': routeOf(method) }));
    useRouter(app, builder.build(), options);
    app.run(async (ctx) => ctx.response.send(404, 'fell through'));
    const server = await app.listen(0);
    return served(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, closing(server));
  },
  async createNodeMiddleware(options) {
    const middleware = createNodeMiddleware((builder) => {
      for (const method of ['GET', 'PUT']) builder.mapVerb(method, 'items/{id:int}', async (ctx) => ctx.response.send(200, '', { 'x-route': routeOf(method) }));
    }, options);
    return listen(createServer((req, res) => middleware(req, res, () => void res.writeHead(404).end('fell through'))));
  },
};

const FELL_THROUGH: Answer = { status: 404, route: 'fell through' };
const HEAD_FELL_THROUGH: Answer = { status: 404, route: '' }; // the host's 404, without its body (a HEAD answer has none)

// [options, method, answer]: each option set asks HEAD, DELETE and OPTIONS of /items/7, and GET of /items/x
// (no route takes the path: never a 405).
const CASES: [name: string, options: Options, method: string, path: string, answer: Answer][] = [
  ['defaults', {}, 'HEAD', '/items/7', { status: 200, route: routeOf('GET') }],
  ['defaults', {}, 'DELETE', '/items/7', { status: 405, allow: 'GET, HEAD, OPTIONS, PUT' }],
  ['defaults', {}, 'OPTIONS', '/items/7', { status: 204, allow: 'GET, HEAD, OPTIONS, PUT' }],
  ['defaults', {}, 'DELETE', '/items/x', FELL_THROUGH],
  ['headAsGet: false', { headAsGet: false }, 'HEAD', '/items/7', { status: 405, allow: 'GET, OPTIONS, PUT' }],
  ['headAsGet: false', { headAsGet: false }, 'OPTIONS', '/items/7', { status: 204, allow: 'GET, OPTIONS, PUT' }],
  ['methodNotAllowed: false', { methodNotAllowed: false }, 'DELETE', '/items/7', FELL_THROUGH],
  ['methodNotAllowed: false', { methodNotAllowed: false }, 'HEAD', '/items/7', { status: 200, route: routeOf('GET') }],
  ['methodNotAllowed: false', { methodNotAllowed: false }, 'OPTIONS', '/items/7', { status: 204, allow: 'GET, HEAD, OPTIONS, PUT' }],
  ['options: false', { options: false }, 'OPTIONS', '/items/7', { status: 405, allow: 'GET, HEAD, PUT' }],
  ['options: false', { options: false }, 'DELETE', '/items/7', { status: 405, allow: 'GET, HEAD, PUT' }],
  ['options: false, methodNotAllowed: false', { options: false, methodNotAllowed: false }, 'OPTIONS', '/items/7', FELL_THROUGH],
  ['all off', { headAsGet: false, methodNotAllowed: false, options: false }, 'HEAD', '/items/7', HEAD_FELL_THROUGH],
  ['all off', { headAsGet: false, methodNotAllowed: false, options: false }, 'DELETE', '/items/7', FELL_THROUGH],
  ['all off', { headAsGet: false, methodNotAllowed: false, options: false }, 'OPTIONS', '/items/7', FELL_THROUGH],
];
const OPTION_SETS = [...new Map(CASES.map(([name, options]) => [name, options])).entries()];

// The table itself: each option set has a row whose answer is not the defaults' for the same request, so a host
// that ignored the option fails that row.
it.each(OPTION_SETS.filter(([name]) => name !== 'defaults'))('%s: a row answers otherwise than the defaults', (name) => {
  const byDefault = (method: string, path: string) => CASES.find((row) => row[0] === 'defaults' && row[2] === method && row[3] === path)![4];
  expect(CASES.some(([set, , method, path, answer]) => set === name && JSON.stringify(answer) !== JSON.stringify(byDefault(method, path)))).toBe(true);
});

describe.each(Object.keys(HOSTS))('%s', (host) => {
  describe.each(OPTION_SETS)('%s', (name, options) => {
    let served: Host;
    beforeAll(async () => {
      served = await HOSTS[host](options);
    });
    afterAll(() => served.close());

    it.each(CASES.filter((row) => row[0] === name))('%s: %s %s', async (_name, _options, method, path, answer) => {
      expect(await served.send(method, path)).toEqual(answer);
    });
  });
});

describe('the options of the router middleware', () => {
  const single = { routeAsync: async () => {}, getVirtualPath: () => null };
  it.each([
    ['a router that lists no methods, 405 asked for', () => useRouter(createApplication(), single, { methodNotAllowed: true }), /useRouter: methodNotAllowed and options need a router with allowedMethods/],
    ['a router that lists no methods, OPTIONS asked for', () => createNodeMiddleware(single, { options: true }), /createNodeMiddleware: methodNotAllowed and options need a router with allowedMethods/],
    ['an unknown key', () => useRouter(createApplication(), single, { head: 'get' } as Options), /useRouter: unknown key "head" .*"headAsGet", "methodNotAllowed", "options"/],
    ['an unknown key of createNodeMiddleware', () => createNodeMiddleware(single, { pathBse: '/x' } as Options), /createNodeMiddleware: unknown key "pathBse" \(did you mean "pathBase"\?\)/],
  ])('%s throws, naming what is wrong', (_label, make, message) => {
    expect(make).toThrow(message);
  });

  it('a router that lists no methods answers neither 405 nor OPTIONS by default: the request goes on', () => {
    expect(() => useRouter(createApplication(), single)).not.toThrow();
  });
});

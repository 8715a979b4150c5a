// The framework pages' examples (docs/examples/frameworks/*.ts, type-checked by `npm run typecheck`) are shown
// verbatim in docs/frameworks/*.md, and do what their last comment says when run.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp as expressApp } from '../docs/examples/frameworks/express.js';
import { createApp as fastifyApp } from '../docs/examples/frameworks/fastify.js';
import { createApp as honoApp, createRoutedApp as honoRoutedApp } from '../docs/examples/frameworks/hono.js';
import { createApp as koaApp } from '../docs/examples/frameworks/koa.js';
import { compile } from '../src/index.js';
import { diagnostics } from '../src/introspect.js';

const docs = new URL('../docs/', import.meta.url);

describe.each(['express', 'fastify', 'hono', 'koa'])('docs/frameworks/%s.md', (name) => {
  it('shows the example file as it is', () => {
    const example = readFileSync(new URL(`examples/frameworks/${name}.ts`, docs), 'utf8').trimEnd();
    expect(readFileSync(new URL(`frameworks/${name}.md`, docs), 'utf8')).toContain('```ts\n' + example + '\n```');
  });

  // `npm run typecheck` checks the example under strict: with no annotation, an untyped handler parameter
  // would be an implicit-any error there, so the adapter's own types must carry it.
  it('types its handlers and middleware without an annotation on a parameter and without a cast', () => {
    const example = readFileSync(new URL(`examples/frameworks/${name}.ts`, docs), 'utf8');
    const handlers = [...example.matchAll(/(?:handler: |middleware: \[\s*)(?:async )?(?:function )?\(([^)]*)\)/g)].map((m) => m[1]);
    expect(handlers.length).toBeGreaterThan(2);
    expect(example).toMatch(/defineRoutes\(\[/); // a module
    expect(example).toMatch(/group\(\s*\{\s*prefix:[\s\S]*?middleware: \[/); // a group, with middleware
    for (const parameters of handlers) expect(parameters).not.toContain(':');
    expect(example).not.toMatch(/\bas (never|unknown|[A-Z]\w*)\b/);
  });

  it('says, before its example, how a parameter is written and where the TypeScript set-up is', () => {
    const page = readFileSync(new URL(`frameworks/${name}.md`, docs), 'utf8');
    const note = page.slice(0, page.indexOf('```ts'));
    expect(note).toContain('A parameter is written `{id}`');
    expect(note).toContain('`users/:id` is a literal segment `:id`, so the\nroute matches the path `/users/:id` only');
    expect(note).toContain('(`express-syntax`:\n[diagnostics](../diagnostics.md#diagnosticsrouter))');
    expect(note).toContain('(../typed-routes.md#a-typescript-project-that-runs-the-examples)');
  });
});

// What the pages' note says of `users/:id`: a literal segment, which lint names.
describe("a template written with Express's :id", () => {
  const router = compile([{ template: 'users/:id' }]);
  it.each([
    ['/users/:id', true],
    ['/users/5', false],
  ])('%s matches: %s', (path, matches) => {
    expect(router.match(path, 'GET') !== null).toBe(matches);
  });
  it('gets the express-syntax warning', () => {
    expect(diagnostics(router).map((d) => [d.code, d.severity])).toEqual([['express-syntax', 'warning']]);
  });
});

// docs/typed-routes.md's tsconfig.json, in a project whose package.json says "type": "module", type-checks the four
// framework examples as they are, and on its own, a plain node:http app that uses Node's globals (`process`), with
// no framework's types to load Node's (switchyard-router installed: the checkout, built, linked into node_modules).
describe("docs/typed-routes.md's tsconfig.json type-checks the docs' apps", () => {
  const ROOT = resolve(import.meta.dirname, '..');
  const section = readFileSync(new URL('typed-routes.md', docs), 'utf8').split('## A TypeScript project that runs the examples')[1];
  const tsconfig = /```json\n([\s\S]*?)```/.exec(section)![1];
  const compilers = [
    ['TypeScript 7', 'node_modules/typescript/bin/tsc'],
    ['TypeScript 5', 'node_modules/typescript-5/bin/tsc'],
  ] as const;
  const apps = [
    ["the framework pages' examples", ['frameworks/express.ts', 'frameworks/fastify.ts', 'frameworks/hono.ts', 'frameworks/koa.ts']],
    ['a plain node:http app (examples/node-http.ts)', ['node-http.ts']],
  ] as const;
  it.each(compilers.flatMap(([version, tsc]) => apps.map(([app, files]) => ({ version, tsc, app, files }))))('$version: $app', ({ tsc, files }) => {
    const dir = join(ROOT, `test/types/.tsconfig-doc-${process.pid}`);
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    try {
      symlinkSync(ROOT, join(dir, 'node_modules/switchyard-router'), 'dir');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      writeFileSync(join(dir, 'tsconfig.json'), tsconfig);
      for (const file of files) copyFileSync(new URL(`examples/${file}`, docs), join(dir, file.replace(/^.*\//, '')));
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, tsc), '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
      } catch (error) {
        output = (error as { stdout: string }).stdout || String(error);
      }
      expect(output).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** GET a path from a node:http listener on a free port. */
async function get(listener: Parameters<typeof createServer>[1], path: string, method = 'GET', headers: Record<string, string> = {}): Promise<{ status: number; body: string; allow?: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { method, headers });
    return { status: response.status, body: await response.text(), allow: response.headers.get('allow') ?? undefined };
  } finally {
    server.close();
  }
}

describe('the examples run', () => {
  it('express: GET /api/todo/5, DELETE /api/todo/5', async () => {
    expect(await get(expressApp(), '/api/todo/5')).toMatchObject({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
    expect(await get(expressApp(), '/api/todo/5', 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
  });
  it('koa: GET /api/todo/5', async () => {
    expect(await get(koaApp().callback(), '/api/todo/5')).toMatchObject({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
  });
  it('fastify: GET /api/todo/5', async () => {
    const app = await fastifyApp();
    const reply = await app.inject({ method: 'GET', url: '/api/todo/5' });
    expect({ status: reply.statusCode, body: reply.body }).toEqual({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
    await app.close();
  });
  it('hono: GET /api/todo/5, both ways', async () => {
    expect(await (await honoApp().request('/api/todo/5')).text()).toBe('{"id":"5","next":"/api/todo/6"}');
    expect(await (await honoRoutedApp().request('/api/todo/5')).text()).toBe('{"id":"5"}');
  });

  // The group's middleware: 403 without the header, the handler's link (the group's prefix and name) with it;
  // the same for every spelling of the prefix the router takes.
  const self = '{"self":"/api/tenants/7/admin/users/3"}';
  describe.each(['/api/tenants/7/admin/users/3', '/api/tenants/7/ADMIN/users/3', '/api/tenants/7/%61dmin/users/3'])('GET %s', (admin) => {
    it('express: the admin group', async () => {
      expect(await get(expressApp(), admin)).toMatchObject({ status: 403, body: '{"error":"not an admin of tenant 7"}' });
      expect(await get(expressApp(), admin, 'GET', { 'x-role': 'admin' })).toMatchObject({ status: 200, body: self });
    });
    it('koa: the admin group', async () => {
      expect(await get(koaApp().callback(), admin)).toMatchObject({ status: 403 });
      expect(await get(koaApp().callback(), admin, 'GET', { 'x-role': 'admin' })).toMatchObject({ status: 200, body: self });
    });
    it('fastify: the admin group', async () => {
      const app = await fastifyApp();
      const denied = await app.inject({ method: 'GET', url: admin });
      const allowed = await app.inject({ method: 'GET', url: admin, headers: { 'x-role': 'admin' } });
      expect([denied.statusCode, denied.body, allowed.statusCode, allowed.body]).toEqual([403, '{"error":"not an admin of tenant 7"}', 200, self]);
      await app.close();
    });
    it('hono: the admin group, mounted by app.route', async () => {
      expect((await honoApp().request(admin)).status).toBe(403);
      expect(await (await honoApp().request(admin, { headers: { 'x-role': 'admin' } })).text()).toBe(self);
    });
  });
});

// docs/frameworks/links.md: urlFor reuses the request's values as ambient values, the same in every adapter. Each
// row of its table is sent to each adapter, whose handler makes the row's link (the call as the page writes it).
describe('docs/frameworks/links.md: the links of its table, in every adapter', async () => {
  const { default: express } = await import('express');
  const { default: Fastify } = await import('fastify');
  const { default: Koa } = await import('koa');
  const { Hono } = await import('hono');
  const { switchyard: expressRoutes } = await import('../src/express.js');
  const { switchyard: fastifyRoutes } = await import('../src/fastify.js');
  const { switchyard: koaRoutes, group } = await import('../src/koa.js');
  const { switchyard: honoRoutes } = await import('../src/hono.js');
  const { switchyard: honoBuilt } = await import('../src/hono-aot.js');
  const { compileToModule } = await import('../src/build.js');
  const { evaluateBuiltModule } = await import('./support/routers.js');

  const page = readFileSync(new URL('frameworks/links.md', docs), 'utf8');
  const rows = [...page.matchAll(/^\| `(\w+) ([^`]+)` \| `(urlFor\(.*\))` \| `([^`]+)` \|$/gm)].map(([, method, path, call, link]) => ({ method, path, call, link }));
  type UrlFor = (name: string, values?: object) => string;
  /** The page's call, made with a handler's urlFor (the calls are the page's own text, a test's input). */
  const linkOf = (urlFor: UrlFor, row: string | undefined): string => new Function('urlFor', `return ${rows[Number(row)].call}`)(urlFor) as string;
  /** The page's two routes, each handler answering its request's link: `answer(urlFor, row)` in the framework's form. */
  const table = (handler: unknown) => [
    { name: 'post', template: 'posts/{slug}/{page=1}', methods: ['GET', 'POST'], handler },
    { name: 'report', template: 'reports/{year:int}/{*rest}', handler },
  ];
  type Send = (method: string, path: string, row: number) => Promise<string>;
  const ADAPTERS: Record<string, () => Promise<Send>> = {
    async express() {
      const app = express().use('/api', expressRoutes(table((req: import('express').Request, res: import('express').Response) => void res.send(linkOf(res.locals.switchyard.urlFor, req.get('x-row')))) as never));
      return async (method, path, row) => (await get(app, path, method, { 'x-row': String(row) })).body;
    },
    async koa() {
      const app = new Koa().use(koaRoutes(group({ prefix: 'api' }, table((ctx: import('koa').Context) => void (ctx.body = linkOf(ctx.state.switchyard.urlFor, ctx.get('x-row')))) as never) as never));
      return async (method, path, row) => (await get(app.callback(), path, method, { 'x-row': String(row) })).body;
    },
    async fastify() {
      const app = Fastify();
      await app.register(fastifyRoutes, { prefix: '/api', routes: table(async (request: { switchyard: { urlFor: UrlFor }; headers: Record<string, string> }) => linkOf(request.switchyard.urlFor, request.headers['x-row'])) as never });
      return async (method, path, row) => (await app.inject({ method: method as 'GET', url: path, headers: { 'x-row': String(row) } })).body;
    },
    async hono() {
      const handler = (c: { var: { switchyard: { urlFor: UrlFor } }; req: { header: (name: string) => string | undefined }; text: (text: string) => Response }) => c.text(linkOf(c.var.switchyard.urlFor, c.req.header('x-row')));
      const app = new Hono().route('/api', new Hono().use(honoRoutes(table(handler) as never)));
      return async (method, path, row) => (await app.request(path, { method, headers: { 'x-row': String(row) } })).text();
    },
    async 'hono/aot over a built router'() {
      const handler = (c: { var: { switchyard: { urlFor: UrlFor } }; req: { header: (name: string) => string | undefined }; text: (text: string) => Response }) => c.text(linkOf(c.var.switchyard.urlFor, c.req.header('x-row')));
      const routes = table(handler);
      const router = evaluateBuiltModule(compileToModule(routes as never, { routesModule: './routes.mjs' }), { default: routes });
      const app = new Hono().route('/api', new Hono().use(honoBuilt(router)));
      return async (method, path, row) => (await app.request(path, { method, headers: { 'x-row': String(row) } })).text();
    },
  };

  it('has its rows', () => expect(rows.length).toBe(5));
  describe.each(Object.keys(ADAPTERS))('%s', (adapter) => {
    it.each(rows.map((row, index) => ({ ...row, index })))('$method $path: $call → $link', async ({ method, path, link, index }) => {
      const send = await ADAPTERS[adapter]();
      expect(await send(method, path, index)).toBe(link);
    });
  });
});

// docs/frameworks/fastify.md: two switchyard plugins under one prefix each add Fastify's routes '/' and '/*' there,
// which Fastify refuses; one table per prefix, spread from its modules, serves both.
describe('docs/frameworks/fastify.md: one table per prefix', async () => {
  const { default: Fastify } = await import('fastify');
  const { defineRoutes, switchyard } = await import('../src/fastify.js');
  const users = defineRoutes([{ name: 'user', template: 'users/{id}', handler: async (request) => request.params.id }]);
  const posts = defineRoutes([{ name: 'post', template: 'posts/{slug}', handler: async (request) => request.params.slug }]);
  it('two plugins under /api: FST_ERR_DUPLICATED_ROUTE', async () => {
    const app = Fastify();
    app.register(switchyard, { prefix: '/api', routes: users });
    app.register(switchyard, { prefix: '/api', routes: posts });
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_DUPLICATED_ROUTE' });
    await app.close();
  });
  it('one plugin with defineRoutes([...users, ...posts]): both served', async () => {
    const app = Fastify();
    await app.register(switchyard, { prefix: '/api', routes: defineRoutes([...users, ...posts]) });
    const answers = await Promise.all(['/api/users/5', '/api/posts/hi'].map(async (url) => (await app.inject({ url })).body));
    expect(answers).toEqual(['5', 'hi']);
    await app.close();
  });
});

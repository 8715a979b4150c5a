// The route inspector over HTTP (the page itself is tested in a real browser: npm run test:browser): its JSON
// endpoints, its headers, that nothing from a route or a request comes back unescaped, that it answers only under
// its prefix; the to-do server mounts it only with TODO_INSPECT=1; /docs serves Swagger UI from the installed
// package; `switchyard inspect` serves it for a route file.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';
import { addRouting, createApplication, RouteBuilder, routeInspector, VirtualPathContext } from '../src/http.js';
import { createTodoServer } from '../src/todo/server.js';
import { rawGet } from './support/raw-http.js';

const ROOT = resolve(import.meta.dirname, '..');
const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
const ROUTES: RouteDefinition[] = [
  { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] },
  { name: HOSTILE, template: `evil/{x}/${HOSTILE.replace(/[{}]/g, (c) => c + c).replace(/\//g, '-')}`, defaults: { x: HOSTILE, note: HOSTILE } },
  { template: '{*all}' },
  { template: 'never/here' }, // after the catch-all, and no name to keep it for links: unreachable
];

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const portOf = (base: string): number => Number(new URL(base).port);

describe('routeInspector', () => {
  let base: string;
  beforeAll(async () => {
    const inspector = routeInspector(compile(ROUTES), { prefix: '/inspect' });
    base = await serve((req, res) => {
      if (!inspector(req, res)) res.writeHead(418).end('not the inspector');
    });
  });

  it.each([
    ['/inspect/', 'text/html', 200],
    ['/inspect', 'text/html', 200],
    ['/inspect/inspector.js', 'text/javascript', 200],
    ['/inspect/inspector.css', 'text/css', 200],
    ['/inspect/api/routes', 'application/json', 200],
    ['/inspect/nope', 'application/problem+json', 404],
  ])('GET %s → %s (%i), with a strict Content-Security-Policy', async (path, type, status) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(type);
    if (status === 200) {
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers only under its prefix (the rest is passed on) and only to GET and HEAD', async () => {
    expect(await (await fetch(`${base}/inspectx`)).text()).toBe('not the inspector');
    expect(await (await fetch(`${base}/api/todo/1`)).text()).toBe('not the inspector');
    const post = await fetch(`${base}/inspect/api/routes`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  // The prefix is matched on the path as the router sees it: raw (not normalised, not decoded, case as sent), so a
  // proxy rule on the prefix sees every request the inspector answers. Outside it a request is the application's,
  // whatever its target (`new URL` rejects some of them); under it a target that is not a URL is a 400.
  it.each([
    { target: '//x:99999/a/1', status: 418 },
    { target: 'http://a:99999/', status: 418 },
    { target: '//x:99999/inspect/api/routes', status: 418 },
    { target: '/api/%2e%2e/inspect/api/routes', status: 418 },
    { target: '/x\\..\\inspect/api/routes', status: 418 },
    { target: '/x/../inspect/api/routes', status: 418 },
    { target: '/%69nspect/api/routes', status: 418 },
    { target: '/INSPECT/api/routes', status: 418 },
    { target: '/inspect/./api/routes', status: 404 },
    { target: '/inspect/api/x/../routes', status: 404 },
    { target: 'http://a:99999/inspect/api/routes', status: 400 },
    { target: 'http://h/inspect/api/routes?x=1', status: 200 },
  ])('GET $target (raw) → $status', async ({ target, status }) => {
    const reply = await rawGet(portOf(base), target);
    expect(reply.status).toBe(status);
    if (status === 418) expect(reply.body).toContain('not the inspector'); // (chunked)
    if (status === 400 || status === 404) expect(reply.type).toContain('application/problem+json');
    if (status !== 200) expect(reply.body).not.toContain('"routes"');
  });

  it('computes the diagnostics once per table, not per request', async () => {
    const router = compile(ROUTES);
    // The table's JSON (its diagnostics in it) is made once: after the first answer, no other reads the routes.
    const routes = vi.spyOn(router, 'routes', 'get');
    const inspector = routeInspector(router);
    const at = await serve((req, res) => void inspector(req, res));
    const first = await (await fetch(`${at}/_routes/api/routes`)).text();
    const reads = routes.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    const answers = [first, ...(await Promise.all([2, 3].map(async () => (await fetch(`${at}/_routes/api/routes`)).text())))];
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]).diagnostics).toContainEqual(expect.objectContaining({ route: 3, by: 2 }));
    expect(routes).toHaveBeenCalledTimes(reads);
  });

  // Over a RouteCollection, the inspector answers as the collection does: a new user's inspector wrote /blog/Hi
  // where the app (lowercaseUrls) writes /blog/hi, and matched case-insensitively a table compiled case-sensitive.
  const blogApp = (options: Parameters<typeof addRouting>[1]) => {
    const app = createApplication();
    addRouting(app.services, options);
    return new RouteBuilder(app).mapGet('blog/{slug}', () => undefined, { name: 'blog' }).build();
  };
  const askInspector = async (collection: ReturnType<typeof blogApp>, ask: string): Promise<Record<string, unknown>> => {
    const inspector = routeInspector(collection);
    const at = await serve((req, res) => void inspector(req, res));
    return (await (await fetch(`${at}/_routes/api/${ask}`)).json()) as Record<string, unknown>;
  };

  it.each([
    { options: { lowercaseUrls: true }, values: { slug: 'Hi' }, path: '/blog/hi' },
    { options: { appendTrailingSlash: true }, values: { slug: 'Hi' }, path: '/blog/Hi/' },
    { options: { lowercaseQueryStrings: true, lowercaseUrls: true }, values: { slug: 'Hi', q: 'X' }, path: '/blog/hi?q=x' },
    { options: {}, values: { slug: 'Hi', q: 'X' }, path: '/blog/Hi?q=X' },
  ])('over a RouteCollection with $options: the link it makes of $values is $path, the collection\'s', async ({ options, values, path }) => {
    const collection = blogApp(options);
    expect(collection.getVirtualPath(new VirtualPathContext(null, null, values, 'blog'))?.virtualPath).toBe(path);
    const answer = await askInspector(collection, `generate?${new URLSearchParams({ name: 'blog', values: JSON.stringify(values) })}`);
    expect(answer.path).toBe(path);
  });

  it.each([
    { options: { caseSensitive: true }, match: null },
    { options: {}, match: { route: 0, values: { slug: 'hi' } } },
  ])('over a RouteCollection with $options: GET /BLOG/hi matches as in the collection ($match)', async ({ options, match }) => {
    const answer = await askInspector(blogApp(options), `explain?${new URLSearchParams({ path: '/BLOG/hi' })}`);
    expect(answer.match).toEqual(match);
  });

  it('the page holds no data, no inline script and no inline style', async () => {
    const html = await (await fetch(`${base}/inspect/`)).text();
    expect(html).not.toMatch(/<script>|<style|\son\w+=|style=/);
    expect(html.match(/<script /g)).toHaveLength(1);
  });

  it('lists the routes and the diagnostics (an unreachable route, with the route that takes its requests)', async () => {
    const data = (await (await fetch(`${base}/inspect/api/routes`)).json()) as { routes: { index: number; name: string | null; constraints: unknown }[]; diagnostics: unknown[] };
    expect(data.routes.map((r) => [r.index, r.name])).toEqual([[0, 'todo'], [1, HOSTILE], [2, null], [3, null]]);
    expect(data.routes[0].constraints).toEqual([{ key: 'id', kind: 'int', detail: null }]);
    expect(data.diagnostics).toContainEqual(expect.objectContaining({ route: 3, severity: 'error', by: 2 }));
  });

  it.each([
    { request: 'GET /api/todo/5', winner: 0, values: { id: '5' } },
    { request: 'GET /never/here', winner: 2, values: { all: 'never/here' } },
    { request: `PUT /${encodeURIComponent(HOSTILE)}`, winner: 2, values: { all: HOSTILE } },
  ])('explains $request', async ({ request, winner, values }) => {
    const [method, path] = request.split(' ');
    const response = await fetch(`${base}/inspect/api/explain?${new URLSearchParams({ method, path })}`);
    const text = await response.text();
    expect(text).not.toMatch(/[<>]/); // what a request or a route holds comes back escaped (\u003c), never raw
    const explained = JSON.parse(text);
    expect(explained.match).toEqual({ route: winner, values });
    expect(explained.routes).toHaveLength(ROUTES.length);
  });

  it.each([
    { name: 'todo', values: 'id=5', path: '/api/todo/5' },
    { name: 'todo', values: '{"id":7}', path: '/api/todo/7' },
    { name: 'todo', values: '', path: null },
    { name: 'nobody', values: 'id=5', path: null },
  ])('generates $name from $values → $path', async ({ name, values, path }) => {
    const result = (await (await fetch(`${base}/inspect/api/generate?${new URLSearchParams({ name, values })}`)).json()) as { path: string | null; nameNotFound: string | null; routes: { message: string }[] };
    expect(result.path).toBe(path);
    if (name === 'nobody') expect(result.nameNotFound).toBe('nobody');
    if (path === null && name === 'todo') expect(result.routes[0].message).toMatch(/id/);
  });

  it('refuses values that are neither JSON nor key=value with a 400 problem', async () => {
    const response = await fetch(`${base}/inspect/api/generate?name=todo&values=${encodeURIComponent('{nope')}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  // The error option: a newer version of the table that did not load. Its documented fields only, escaped.
  const PROBLEM = { route: { index: 1, name: HOSTILE, template: 'a/{b' }, message: 'invalid template at position 2: unmatched "{"', where: ['a/{b', '  ^'] };
  it.each([
    { title: 'none: error is null', error: undefined, expected: null },
    { title: 'null: error is null', error: null, expected: null },
    { title: 'a bad template: the report and each problem', error: { message: `routes.json: an error\n  #1 ${HOSTILE}`, problems: [{ ...PROBLEM, code: 'invalid-route', at: 'not shown' }] }, expected: { message: `routes.json: an error\n  #1 ${HOSTILE}`, problems: [PROBLEM] } },
    { title: 'a deleted file: the report, no problems', error: { message: 'cannot read routes.json: no such file', problems: [] }, expected: { message: 'cannot read routes.json: no such file', problems: [] } },
  ])('/api/routes with the error option $title', async ({ error, expected }) => {
    const inspector = routeInspector(compile(ROUTES), { error });
    const at = await serve((req, res) => void inspector(req, res));
    const text = await (await fetch(`${at}/_routes/api/routes`)).text();
    expect(text).not.toContain('<');
    const data = JSON.parse(text) as { routes: unknown[]; error: unknown };
    expect([data.routes.length, data.error]).toEqual([ROUTES.length, expected]);
  });

  it('escapes every "<" of a hostile table in its JSON', async () => {
    const text = await (await fetch(`${base}/inspect/api/routes`)).text();
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003cscript\\u003e');
  });
});

describe('the to-do server', () => {
  it.each([
    { inspect: false, status: 404 },
    { inspect: true, status: 200 },
  ])('mounts the inspector at /_routes only when asked (inspect: $inspect → $status)', async ({ inspect, status }) => {
    const server = createTodoServer({ log: false, inspect });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/_routes/`)).status).toBe(status);
    if (inspect) {
      const { routes } = (await (await fetch(`${base}/_routes/api/routes`)).json()) as { routes: { template: string; name: string | null }[] };
      expect(routes.map((r) => [r.template, r.name])).toContainEqual(['api/todo/{id}', 'GetTodo']);
    }
  });

  it.each(['//x:99999/a/1', 'http://a:99999/', 'http://a:99999/api/todo', '//x:99999/api/todo', 'http://h/api/todo', '/api/%2e%2e/_routes/api/routes', '/x\\..\\_routes/api/routes'])(
    'answers GET %s (raw) with the inspector on as without it',
    async (target) => {
      const ports = await Promise.all(
        [false, true].map(async (inspect) => {
          const server = createTodoServer({ log: false, inspect });
          servers.push(server);
          await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
          return (server.address() as AddressInfo).port;
        }),
      );
      const [without, withInspector] = await Promise.all(ports.map((port) => rawGet(port, target)));
      expect(withInspector.status).toBeLessThan(500);
      expect([withInspector.status, withInspector.type]).toEqual([without.status, without.type]); // (the stores' keys differ)
    },
  );

  it('serves the API explorer at /docs from the installed swagger-ui-dist, reading /openapi.json', async () => {
    const server = createTodoServer({ log: false });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await fetch(`${base}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//); // nothing from a CDN
    const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`);
    expect([bundle.status, (await bundle.arrayBuffer()).byteLength > 100_000]).toEqual([200, true]);
    expect(await (await fetch(`${base}/docs/init.js`)).text()).toContain('"/openapi.json"');
    expect((await fetch(`${base}/docs/nope.js`)).status).toBe(404);
  });

  it('says at start that the inspector is on (TODO_INSPECT=1), and nothing about it by default', async () => {
    const lines = async (env: Record<string, string>): Promise<string> => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/todo-server.js')], { env: { ...process.env, PORT: '0', TODO_LOG: 'off', TODO_STORE: '', DATABASE_URL: '', ...env } });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      await new Promise<void>((r) => {
        const poll = setInterval(() => {
          if (/listening on/.test(out) && (env.TODO_INSPECT ? /route inspector/.test(out) : true)) {
            clearInterval(poll);
            r();
          }
        }, 20);
      });
      child.kill('SIGTERM');
      return out;
    };
    expect(await lines({ TODO_INSPECT: '1' })).toMatch(/route inspector on http:\/\/127\.0\.0\.1:\d+\/_routes \(TODO_INSPECT=1/);
    expect(await lines({})).not.toMatch(/inspector/);
  });
});

describe('switchyard inspect', () => {
  it('serves the inspector for a route file and prints where', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'inspect', 'docs/examples/routes.json', '--port', '0'], { cwd: ROOT });
    try {
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      const url = await new Promise<string>((r) => {
        const poll = setInterval(() => {
          const m = /on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearInterval(poll);
            r(m[1]);
          }
        }, 20);
      });
      expect(out).toMatch(/^route inspector for docs\/examples\/routes\.json \(7 routes\) on http:\/\/127\.0\.0\.1:\d+\/_routes\/\n$/);
      expect((await fetch(url)).status).toBe(200);
      expect(((await (await fetch(`${url}api/routes`)).json()) as { routes: unknown[] }).routes).toHaveLength(7);
      // Targets that `new URL` rejects are the 404 of any other path, and the server stays up.
      const port = Number(new URL(url).port);
      for (const target of ['//x:99999/a/1', 'http://a:99999/', 'http://a:99999/_routes/api/routes']) {
        const reply = await rawGet(port, target);
        expect([reply.status, reply.type]).toEqual([target.endsWith('routes') ? 400 : 404, 'application/problem+json; charset=utf-8']);
      }
      expect((await fetch(`${url}api/routes`)).status).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGINT');
    }
  });
});

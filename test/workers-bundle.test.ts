// Cloudflare Workers forbid code generation from strings, and a Worker is one bundled module: a Hono app whose
// routes are a router built ahead of time (switchyard-router/hono/aot) bundles with esbuild --minify without
// compile() or new Function, within 29.91 kB of the same app on Hono's own router, and runs where new Function
// throws (Node with --disallow-code-generation-from-strings; workerd itself in test/runtimes/workers.test.ts).
import { execFileSync } from 'node:child_process';
import { build as esbuild } from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from './fixtures/workers/app-routes.mjs';
import { typeStrippingNode } from './support/node24.js';
import { buildWorkerBundles, type WorkerBundles } from './support/worker-bundle.js';

let bundles: WorkerBundles;
beforeAll(async () => {
  bundles = await buildWorkerBundles();
});
afterAll(() => rmSync(bundles.dir, { recursive: true, force: true }));

/**
 * Each fixture request sent to a bundled Worker's fetch in a Node process that forbids code from strings. The
 * bundle runs from a folder outside the checkout, as a Worker would: without @opentelemetry/api to import.
 */
function answersOf(built: string): unknown[] {
  const outside = mkdtempSync(join(tmpdir(), 'switchyard-worker-'));
  const bundle = join(outside, 'worker.mjs');
  copyFileSync(built, bundle);
  const script = `
    const app = (await import(${JSON.stringify(bundle)})).default;
    const answers = [];
    for (const [method, path] of ${JSON.stringify(requests)}) {
      const response = await app.fetch(new Request('http://worker.test' + path, { method }));
      answers.push(response.status === 200 ? await response.json() : response.status);
    }
    process.stdout.write(JSON.stringify(answers));`;
  try {
    return JSON.parse(execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: outside }));
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
}

const expected = requests.map(([, path, answer]) => (typeof answer === 'number' ? answer : { ...answer, self: path }));

const CODE_FROM_STRINGS = /\bnew Function\b|[^.\w$]Function\(|\beval\b/;

describe('a Worker bundle of a Hono app on a built router', () => {
  it('holds no new Function, Function() or eval', () => {
    expect(CODE_FROM_STRINGS.exec(bundles.switchyard.text)?.[0] ?? null).toBe(null);
  });

  // Holds the line at what a built router costs today: +29.9 kB (29,905 bytes, built --compact; 681 of them the
  // check that refuses a route without a handler, dispatch.ts routesWithoutHandler). The aim is
  // +20 kB; what remains (docs/frameworks/hono.md) is the runtime of built modules, about 24.5 kB: the routes made from
  // the module's data and checked against their route module, with what assembles the router, about 11.5 kB; URL
  // generation about 7.5 kB; matching about 6 kB (what the module's code calls, the method filter, the route scan);
  // then the module itself 4.7 kB and the middleware with urlFor 4.5 kB, against Hono's own router, about 6.5 kB more
  // than hono/tiny. The way there: CHANGELOG.md and git log of this file (+41.2 kB at first).
  const added = (): number => bundles.switchyard.text.length - bundles.hono.text.length;
  it("adds at most 29.91 kB minified over the same app on Hono's own router", () => {
    expect(added()).toBeLessThanOrEqual(29_910);
  });

  // What the app does not use is not in the bundle: its routes' only constraint is int (no datetime, guid, bool or
  // length constraint), the middleware answers no status but 405 (no table of every status's title), urlFor names
  // a route no table has without a guess (no did-you-mean), and the module, built --compact from ASCII literals with
  // no complex segment, imports no static table, no trie, no Unicode case fold and no complex-segment matcher (their
  // property names, which a minifier keeps, are the marks). No resolver of constraint names, no template parser.
  it('carries only what its routes use: the int constraint, no status table, guesser, static table, trie, Unicode fold or complex segments', () => {
    const absent = ['january', '0[xX]', 'true|false', 'a whole number greater than', 'Payment Required', 'did you mean', 'keptBecause', 'literalMap', 'NFD', 'hasOptionalExtension', 'is unknown', 'Unbalanced'];
    for (const other of absent) expect(bundles.switchyard.text).not.toContain(other);
    expect(bundles.switchyard.text).toContain('Method Not Allowed');
  });

  it('starts and answers every request where code generation from strings throws', () => {
    expect(answersOf(bundles.switchyard.path)).toEqual(expected);
  });

  it("answers as the same app on Hono's own router", () => {
    expect(answersOf(bundles.hono.path)).toEqual(expected);
  });
});

// A route module that guards a prefix with a group's middleware, written with switchyard-router/hono/aot's group()
// and defineRoutes(): they compose the middleware into the handlers in the route module, with no compile() behind
// them, so the Worker's bundle still holds no code generator; the guard runs on every spelling of the path that
// reaches the guarded route (Hono's own app.use('/tenants/:tenant/admin/*') would not see /ADMIN or /%61dmin).
const GROUP_ROUTES = `
import { defineRoutes, group } from 'switchyard-router/hono/aot';

const admin = group(
  {
    prefix: 'tenants/{tenant:int}/admin',
    name: 'admin.',
    middleware: [async (c, next) => (c.req.header('x-role') === 'admin' ? next() : c.json({ error: 'not an admin of tenant ' + c.var.switchyard.values.tenant }, 403))],
  },
  [{ name: 'user', template: 'users/{id}', methods: ['GET'], handler: (c) => c.json({ self: c.var.switchyard.urlFor('admin.user', c.var.switchyard.values) }) }],
);
export default defineRoutes([{ name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'], handler: (c) => c.json(c.var.switchyard.values) }, ...admin]);
`;

describe("a Worker whose route module uses switchyard-router/hono/aot's group() and defineRoutes()", () => {
  let grouped: WorkerBundles;
  beforeAll(async () => {
    grouped = await buildWorkerBundles(GROUP_ROUTES);
  });
  afterAll(() => rmSync(grouped.dir, { recursive: true, force: true }));

  it('bundles without compile(): no new Function, Function() or eval, and no code generator', () => {
    expect(CODE_FROM_STRINGS.exec(grouped.switchyard.text)?.[0] ?? null).toBe(null);
    // The emitter's own text is in a bundle that carries compile() (the same routes through switchyard-router/hono).
    const EMITTER = 'nothing here comes before the best match';
    expect(grouped.compiled.text).toContain(EMITTER);
    expect(grouped.switchyard.text).not.toContain(EMITTER);
  });

  type Row = { readonly path: string; readonly role: string | null; readonly status: number; readonly body: unknown };
  const rows: Row[] = [
    { path: '/api/todo/5', role: null, status: 200, body: { id: '5' } },
    { path: '/tenants/7/admin/users/3', role: null, status: 403, body: { error: 'not an admin of tenant 7' } },
    { path: '/tenants/7/ADMIN/users/3', role: null, status: 403, body: { error: 'not an admin of tenant 7' } },
    { path: '/tenants/7/%61dmin/users/3', role: null, status: 403, body: { error: 'not an admin of tenant 7' } },
    { path: '/tenants/7/Admin/Users/3', role: 'user', status: 403, body: { error: 'not an admin of tenant 7' } },
    { path: '/tenants/7/admin/users/3', role: 'admin', status: 200, body: { self: '/tenants/7/admin/users/3' } },
    { path: '/tenants/7/%61dmin/users/3', role: 'admin', status: 200, body: { self: '/tenants/7/admin/users/3' } },
  ];

  /** Each row's request sent to the bundled Worker, in a Node process that forbids code from strings. */
  const answers = (built: string): Row[] => {
    const script = `
      const app = (await import(${JSON.stringify(built)})).default;
      const out = [];
      for (const row of ${JSON.stringify(rows)}) {
        const response = await app.fetch(new Request('http://worker.test' + row.path, { headers: row.role === null ? {} : { 'x-role': row.role } }));
        out.push({ ...row, status: response.status, body: await response.json() });
      }
      process.stdout.write(JSON.stringify(out));`;
    return JSON.parse(execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' }));
  };

  it("runs the group's middleware on every path that reaches its route, however it is spelt", () => {
    expect(answers(grouped.switchyard.path)).toEqual(rows);
  });
});

describe('docs/frameworks/hono.md, "Cloudflare Workers"', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../docs/frameworks/hono.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Cloudflare Workers'));
  const block = (first: string): string => {
    const found = [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]).find((code) => code.startsWith(first));
    if (found === undefined) throw new Error(`no ts block starting ${first}`);
    return found;
  };
  const EXAMPLE = resolve(import.meta.dirname, '../docs/examples/workers');
  const example = (name: string): string => readFileSync(join(EXAMPLE, name), 'utf8');

  // The TypeScript Worker of the docs is docs/examples/workers (type-checked by `npm run typecheck`, its router.d.mts
  // the one switchyard build writes), and its routing is the fixture's whose size is measured.
  it('shows the TypeScript Worker of docs/examples/workers, the one measured, and its two build commands', () => {
    expect(block('// src/routes.ts\n')).toBe(example('routes.ts'));
    expect(block('// src/worker.ts\n')).toBe(example('worker.ts'));
    const fixture = readFileSync(resolve(import.meta.dirname, 'fixtures/workers/worker-switchyard.mjs'), 'utf8');
    const routing = (text: string) => text.slice(text.indexOf('// The routing'));
    expect(routing(example('worker.ts'))).toBe(routing(fixture));
    expect(section).toContain('npx switchyard build src/routes.ts -o src/router.mjs --compact');
    expect(section).toContain('npx esbuild src/worker.ts --bundle --minify --format=esm --outfile=dist/worker.js');
  });

  // The two commands, as a user runs them: switchyard build reads the route module's TypeScript on a Node that strips
  // types (test/support/node24.ts), esbuild bundles worker.ts; the bundle runs where new Function throws.
  describe('built and bundled as the docs say', () => {
    let dir: string;
    let bundle: string;
    let plain: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(resolve(import.meta.dirname, '..'), '.tmp-ts-worker-'));
      mkdirSync(join(dir, 'src'));
      for (const name of ['routes.ts', 'worker.ts']) copyFileSync(join(EXAMPLE, name), join(dir, 'src', name));
      const cli = resolve(import.meta.dirname, '../dist/cli.js');
      const buildRouter = () => execFileSync(typeStrippingNode(), [cli, 'build', 'src/routes.ts', '-o', 'src/router.mjs', '--compact'], { cwd: dir, encoding: 'utf8' });
      const bundled = async () => {
        await esbuild({ entryPoints: [join(dir, 'src/worker.ts')], outfile: join(dir, 'dist/worker.js'), bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], conditions: ['workerd', 'worker', 'browser'], logLevel: 'error' });
        return readFileSync(join(dir, 'dist/worker.js'), 'utf8');
      };
      buildRouter();
      bundle = await bundled();
      // Its two routes written as a plain list, without group() and defineRoutes(): what those two add.
      writeFileSync(join(dir, 'src/routes.ts'), "export default [{ name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'], handler: (c: any) => c.json(c.var.switchyard.values) }, { name: 'admin.user', template: 'tenants/{tenant:int}/admin/users/{id}', methods: ['GET'], handler: (c: any) => c.json({}) }];\n");
      const declarations = readFileSync(join(dir, 'src/router.d.mts'), 'utf8');
      expect(declarations).toBe(example('router.d.mts'));
      buildRouter();
      plain = await bundled();
      // The bundle of the example itself, run below.
      writeFileSync(join(dir, 'dist/worker.js'), bundle);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('switchyard build writes the router.d.mts docs/examples/workers holds, and the bundle holds no new Function', () => {
      expect(readFileSync(join(EXAMPLE, 'router.d.mts'), 'utf8')).toContain('readonly name: "admin.user"');
      expect(CODE_FROM_STRINGS.exec(bundle)?.[0] ?? null).toBe(null);
    });

    it('answers as the comments of the example say, where code generation from strings throws', () => {
      const rows: [path: string, role: string | null, status: number, body: unknown][] = [
        ['/api/todo/5', null, 200, { id: '5', next: '/api/todo/6' }],
        ['/tenants/7/admin/users/3', null, 403, { error: 'not an admin of tenant 7' }],
        ['/tenants/7/ADMIN/users/3', null, 403, { error: 'not an admin of tenant 7' }],
        ['/tenants/7/%61dmin/users/3', null, 403, { error: 'not an admin of tenant 7' }],
        ['/tenants/7/admin/users/3', 'admin', 200, { self: '/tenants/7/admin/users/3' }],
      ];
      const script = `
        const app = (await import(${JSON.stringify(join(dir, 'dist/worker.js'))})).default;
        const out = [];
        for (const [path, role] of ${JSON.stringify(rows)}) {
          const response = await app.fetch(new Request('http://worker.test' + path, { headers: role === null ? {} : { 'x-role': role } }));
          out.push([path, role, response.status, await response.json()]);
        }
        process.stdout.write(JSON.stringify(out));`;
      expect(JSON.parse(execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' }))).toEqual(rows);
    });

    // esbuild prints KiB (bytes / 1,024) as "kb"; the page's kB are 1,000 bytes: it says so, with this bundle's numbers.
    it('gives the unit of its sizes, against esbuild\'s, with this bundle in both', () => {
      const said = `the Worker\nabove bundles to ${bundle.length.toLocaleString('en-US')} bytes, ${(bundle.length / 1000).toFixed(1)} kB here and "${(bundle.length / 1024).toFixed(1)}kb" in esbuild's output.`;
      expect(section).toContain('The sizes on this\npage are minified, in kB of 1,000 bytes; esbuild\'s summary counts KiB of 1,024 bytes, written "kb"');
      expect(section).toContain(said);
    });

    it('gives its size, and the size of its routes as a plain list', () => {
      expect(section).toContain(`the example above bundles\nto ${(bundle.length / 1000).toFixed(1)} kB; its two routes written as a plain list, ${(plain.length / 1000).toFixed(1)} kB)`);
    });
  });

  it('gives the sizes measured here (minified, in kB of 1,000 bytes)', () => {
    const kB = (text: string): string => (text.length / 1000).toFixed(1);
    const over = (text: string): string => ((text.length - bundles.hono.text.length) / 1000).toFixed(1);
    expect(section).toContain('| the same 20 routes | minified, kB of 1,000 bytes |');
    expect(section).toContain(`| ${kB(bundles.hono.text)} kB |`);
    expect(section).toContain(`| ${kB(bundles.switchyard.text)} kB (+${over(bundles.switchyard.text)} kB) |`);
    expect(section).toContain(`| ${kB(bundles.compiled.text)} kB |`);
    expect(section).toContain(`routes add ${over(bundles.full.text)} kB rather than ${over(bundles.switchyard.text)}.`);
  });
});

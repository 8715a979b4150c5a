// Cloudflare Workers forbid code generation from strings, and a Worker is one bundled module: a Hono app whose
// routes are a router built ahead of time (switchyard-router/hono/aot) bundles with esbuild --minify without
// compile() or new Function, within 41.9 kB of the same app on Hono's own router, and runs where new Function
// throws (Node with --disallow-code-generation-from-strings; workerd itself in test/runtimes/workers.test.ts).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from './fixtures/workers/app-routes.mjs';
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

  // Holds the line at what a built router costs today (+41.3 kB: 41,341 bytes, built --compact, 60 bytes of them the
  // one default constraint context and the one matchable filter the runtime shares with compile(), 41,281 before
  // them; +39.2 kB before urlFor named the route no table has, with a guess (did-you-mean.ts, 1.1 kB), and took
  // another module's routes; +39.4 kB before names were compared by one nameKey, +54.9 kB before the built module
  // imported only the constraints it uses, +43.6 kB before built modules lost their tiers, their trie its describe
  // and the module its list of templates; +43.0 kB: 42,977 bytes without --compact). What remains is the
  // runtime of built modules (docs/frameworks/hono.md): matching (the static table, the interpreted trie, what the
  // module's code calls) about 11.5 kB, URL generation about 7 kB, the routes rebuilt and checked about 19 kB, the
  // module itself 4.6 kB, the middleware with urlFor 4.7 kB.
  const added = (): number => bundles.switchyard.text.length - bundles.hono.text.length;
  it("adds at most 41.9 kB minified over the same app on Hono's own router", () => {
    expect(added()).toBeLessThanOrEqual(41_900);
  });

  // What the app does not use is not in the bundle: its routes' only constraint is int (no datetime, guid, bool or
  // length constraint), and the middleware answers no status but 405 (no table of every status's title).
  it('carries only the constraints its routes use, and no status table', () => {
    for (const other of ['january', '0[xX]', 'true|false', 'a whole number greater than', 'Payment Required']) expect(bundles.switchyard.text).not.toContain(other);
    expect(bundles.switchyard.text).toContain('Method Not Allowed');
  });

  it('starts and answers every request where code generation from strings throws', () => {
    expect(answersOf(bundles.switchyard.path)).toEqual(expected);
  });

  it("answers as the same app on Hono's own router", () => {
    expect(answersOf(bundles.hono.path)).toEqual(expected);
  });
});

describe('docs/frameworks/hono.md, "Cloudflare Workers"', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../docs/frameworks/hono.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Cloudflare Workers'));
  const block = (first: string): string => {
    const found = [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]).find((code) => code.startsWith(first));
    if (found === undefined) throw new Error(`no js block starting ${first}`);
    return found;
  };

  it('shows the Worker that is bundled and run here', () => {
    const worker = readFileSync(resolve(import.meta.dirname, 'fixtures/workers/worker-switchyard.mjs'), 'utf8');
    expect(block('// src/worker.mjs\n')).toBe(`// src/worker.mjs\n${worker.slice(worker.indexOf('// The routing'))}`);
    expect(section).toContain('npx switchyard build src/routes.mjs -o src/router.mjs');
    expect(section).toContain('npx esbuild src/worker.mjs --bundle --minify --format=esm');
  });

  it('its route module builds, bundles and answers', async () => {
    const own = await buildWorkerBundles(block('// src/routes.mjs\n'));
    try {
      const script = `const app = (await import(${JSON.stringify(own.switchyard.path)})).default;
        const a = await app.fetch(new Request('http://w.test/api/todo/5'));
        const b = await app.fetch(new Request('http://w.test/blog/2026/workers'));
        process.stdout.write(JSON.stringify([await a.json(), await b.text()]));`;
      const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual([{ id: '5' }, '/api/todo/1']);
    } finally {
      rmSync(own.dir, { recursive: true, force: true });
    }
  });

  it('gives the sizes measured here (minified, in kB of 1,000 bytes)', () => {
    const kB = (text: string): string => (text.length / 1000).toFixed(1);
    const added = ((bundles.switchyard.text.length - bundles.hono.text.length) / 1000).toFixed(1);
    expect(section).toContain(`| ${kB(bundles.hono.text)} kB |`);
    expect(section).toContain(`| ${kB(bundles.switchyard.text)} kB (+${added} kB) |`);
    expect(section).toContain(`| ${kB(bundles.compiled.text)} kB |`);
  });
});

// The core on every runtime it claims: Node, Bun, Deno (installed from the npm registry as dev dependencies)
// and workerd (Cloudflare's Workers runtime, through miniflare). Each runs the conformance tables (matching,
// allowed methods, generation, ASP.NET's vectors) on compile() and on routers built ahead of time
// (compileToModule); in workerd inside a request, where code generation from strings is forbidden and
// compile() answers with the interpreted trie ('trie' in router.strategy). `npm run test:runtimes`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileToModule } from '../../src/build.js';
import { aspnetGenerateCases } from '../cases/aspnet-generate-cases.js';
import { aspnetMatchCases } from '../cases/aspnet-match-cases.js';
import { generateCases } from '../cases/generate-cases.js';
import { allowedMethodsCases, matchCases } from '../cases/match-cases.js';
import type { CaseRoute } from '../cases/types.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp-runtimes');
const BIN = join(ROOT, 'node_modules/.bin');

interface Report {
  runtime: string;
  compile: Subject;
  aot: Subject;
}
interface Subject {
  passed: number;
  failed: number;
  strategies: string[];
  failures: unknown[];
}

// The ASP.NET vectors whose answers switchyard documents as different (marked in the tables) stay out.
const differs = (source?: string): boolean => /\(differs: /.test(source ?? '');

/** The tables as data (one entry per distinct route table and options) and the cases that refer to them. */
function collectCases() {
  const tables: { routes: CaseRoute[]; options: object }[] = [];
  const byKey = new Map<string, number>();
  const table = (routes: CaseRoute[], options: object = {}): number => {
    const key = JSON.stringify([routes, options]);
    let index = byKey.get(key);
    if (index === undefined) byKey.set(key, (index = tables.push({ routes, options }) - 1));
    return index;
  };
  const cases = [
    ...[...matchCases, ...aspnetMatchCases.filter((c) => !differs(c.source))].map((c) => ({
      kind: 'match',
      table: table(c.routes),
      path: c.path,
      method: c.method,
      expected: c.expected,
    })),
    ...allowedMethodsCases.map((c) => ({ kind: 'allowed', table: table(c.routes), path: c.path, expected: c.expected })),
    ...[...generateCases, ...aspnetGenerateCases.filter((c) => !differs(c.source))].map((c) => ({
      kind: 'generate',
      table: table(c.routes, c.options ?? {}),
      values: c.values,
      ambient: c.ambient ?? null,
      routeName: c.routeName ?? null,
      expected: c.expected,
      expectedIndex: c.expectedIndex,
    })),
  ];
  return { tables, cases };
}

const { tables, cases } = collectCases();

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK);
  // As JSON text parsed at load: an object literal would turn a "__proto__" key (a table has one) into a prototype.
  const asData = (value: unknown): string => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  writeFileSync(join(WORK, 'cases.mjs'), `export const tables = ${asData(tables)};\nexport const cases = ${asData(cases)};\n`);
  // One built module per table, importing the runtime from this checkout's dist/ (as a bundler would resolve it).
  tables.forEach(({ routes, options }, i) => {
    const definitions = routes.map((r) => ({ ...r, name: r.name ?? null }));
    writeFileSync(join(WORK, `router-${i}.mjs`), compileToModule(definitions, { ...options, runtime: '../dist/aot-protocol.js' }));
  });
  writeFileSync(
    join(WORK, 'built.mjs'),
    `${tables.map((_, i) => `import r${i} from './router-${i}.mjs';`).join('\n')}\nexport default [${tables.map((_, i) => `r${i}`).join(', ')}];\n`,
  );
  // A Worker is one bundled module, as wrangler would upload it.
  await build({ entryPoints: [join(ROOT, 'test/runtimes/entry-worker.mjs')], outfile: join(WORK, 'worker.mjs'), bundle: true, format: 'esm', platform: 'neutral', logLevel: 'error' });
  // And minified, as a Worker usually is (no --keep-names: every class renamed): a module built by `switchyard build`
  // from a route module with constraints of every kind.
  const built = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'build', 'test/fixtures/constrained-routes.mjs', '-o', join(WORK, 'constrained-router.mjs'), '--runtime', '../dist/aot-protocol.js'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`switchyard build exited ${built.status}: ${built.stderr}`);
  await build({ entryPoints: [join(ROOT, 'test/runtimes/entry-minified-worker.mjs')], outfile: join(WORK, 'minified-worker.mjs'), bundle: true, minify: true, format: 'esm', platform: 'neutral', logLevel: 'error' });
}, 120_000);

/** Runs the tables in a fresh process of a runtime, and returns its report. */
function inProcess(command: string, args: string[]): Report {
  const result = spawnSync(command, [...args, join(ROOT, 'test/runtimes/entry-process.mjs')], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (result.status !== 0) throw new Error(`${command} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Report;
}

async function inWorkerd<T = Report>(script = 'worker.mjs'): Promise<T> {
  const mf = new Miniflare({ modules: true, scriptPath: join(WORK, script), compatibilityDate: '2026-01-01' });
  try {
    const response = await mf.dispatchFetch('http://localhost/');
    return (await response.json()) as T;
  } finally {
    await mf.dispose();
  }
}

const RUNTIMES: { name: string; codeGeneration: 'generated' | 'trie'; run: () => Report | Promise<Report> }[] = [
  { name: 'node', codeGeneration: 'generated', run: () => inProcess(process.execPath, []) },
  { name: 'bun', codeGeneration: 'generated', run: () => inProcess(join(BIN, 'bun'), []) },
  { name: 'deno', codeGeneration: 'generated', run: () => inProcess(join(BIN, 'deno'), ['run', '--allow-read', '--allow-env']) },
  { name: 'workerd', codeGeneration: 'trie', run: () => inWorkerd() },
];

describe.each(RUNTIMES)('$name', ({ name, codeGeneration, run }) => {
  let report: Report;
  beforeAll(async () => {
    report = await run();
    console.log(`${report.runtime}: compile() ${report.compile.passed} passed (${report.compile.strategies}), built modules ${report.aot.passed} passed`);
  }, 120_000);

  it(`compile() answers every conformance case, as '${codeGeneration}'`, () => {
    expect(report.compile.failures).toEqual([]);
    expect(report.compile.passed).toBe(cases.length);
    expect(report.compile.strategies).toEqual([codeGeneration]);
  });

  it('built modules answer every conformance case', () => {
    expect(report.aot.failures).toEqual([]);
    expect(report.aot.passed).toBe(cases.length);
    expect(report.aot.strategies).toEqual(['aot']);
  });

  it('is the runtime it says', () => {
    expect(report.runtime.split(' ')[0]).toBe(name);
  });
});

// A module's route digests name no class: a module built by Node from the unminified route module loads in the
// minified Worker (it refused to load as "out of date with its routes" when a digest read constructor.name).
describe('workerd: a built module in a bundle minified by esbuild (no --keep-names)', () => {
  interface MinifiedReport {
    className: string;
    strategy: string;
    built: ({ name: string } | null)[];
    compiled: unknown[];
    expected: (string | null)[];
  }
  let report: MinifiedReport;
  beforeAll(async () => {
    report = await inWorkerd<MinifiedReport>('minified-worker.mjs');
  }, 120_000);

  it('loads, and answers every request of the route module as its table says and as compile() does', () => {
    expect(report.className).not.toBe('IntRouteConstraint'); // the minifier renamed the classes
    expect(report.strategy).toBe('aot');
    expect(report.built.map((found) => found?.name ?? null)).toEqual(report.expected);
    expect(report.built).toEqual(report.compiled);
  });
});

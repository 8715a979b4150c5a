// npm run bench:runtimes: start-up on each runtime, a router built at start-up (compile()) against one built ahead
// of time (a compileToModule() module): the time from the start of a fresh process's script to the first match
// answered (import, build, first lookup), for the GitHub set and a 10,000-route GitHub-like table. Node, Bun and
// Deno: measured inside the process (performance.now(), the runtime's own boot not counted: it is the same for
// both). workerd: a Worker's clock stands still while it computes, so it is timed from outside: a fresh miniflare
// instance started and asked one request, less the same for an empty Worker. Medians of RUNS fresh processes,
// subjects interleaved. Writes bench/results/runtimes-startup.json and prints a markdown table.
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { compileToModule } from '../dist/build.js';
import { environment } from './lib/env.mjs';
import { syntheticRoutes } from './lib/data.mjs';
import { resultsDir } from './render.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, '.tmp-bench-runtimes');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BIN = join(ROOT, 'node_modules/.bin');

const github = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/routes-github.json'), 'utf8'));
const SETS = {
  github: { routes: github.routes, request: github.requests.find((r) => r.kind === 'deep') },
  'synthetic-10000': { routes: syntheticRoutes(10_000), request: null },
};
SETS['synthetic-10000'].request = { method: SETS['synthetic-10000'].routes[9_000].method, path: SETS['synthetic-10000'].routes[9_000].colon };

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK);
for (const [name, { routes, request }] of Object.entries(SETS)) {
  const definitions = routes.map((r) => ({ template: r.template, methods: [r.method] }));
  // As an application holds its table: in code (JSON text parsed at load, the cheapest way to hold data).
  writeFileSync(join(WORK, `${name}-routes.mjs`), `export default JSON.parse(${JSON.stringify(JSON.stringify(definitions))});\nexport const request = ${JSON.stringify(request)};\n`);
  writeFileSync(join(WORK, `${name}-router.mjs`), compileToModule(definitions, { runtime: '../dist/aot-protocol.js' }));
  for (const mode of ['compile', 'aot']) {
    writeFileSync(
      join(WORK, `${name}-${mode}.mjs`),
      `const t0 = performance.now();
${mode === 'compile' ? `const { compile } = await import('../dist/index.js');\nconst { default: routes } = await import('./${name}-routes.mjs');\nconst router = compile(routes);` : `const { default: router } = await import('./${name}-router.mjs');`}
const { request } = await import('./${name}-routes.mjs');
const found = router.match(request.path, request.method);
const ms = performance.now() - t0;
if (found === null) throw new Error('no match');
console.log(JSON.stringify({ ms, strategy: router.strategy }));
`,
    );
    // The Worker: the router made at module evaluation (AOT) or in the first request (compile(): no new Function
    // in a request, so the trie), one match, the answer.
    writeFileSync(
      join(WORK, `${name}-${mode}-worker.mjs`),
      `${mode === 'compile' ? `import { compile } from '../dist/index.js';\nimport routes, { request } from './${name}-routes.mjs';` : `import router from './${name}-router.mjs';\nimport { request } from './${name}-routes.mjs';`}
export default { async fetch() { ${mode === 'compile' ? 'const router = compile(routes); ' : ''}return new Response(String(router.match(request.path, request.method)?.route.index)); } };
`,
    );
    await build({ entryPoints: [join(WORK, `${name}-${mode}-worker.mjs`)], outfile: join(WORK, `${name}-${mode}-worker.bundle.mjs`), bundle: true, format: 'esm', platform: 'neutral', logLevel: 'error' });
  }
}
writeFileSync(join(WORK, 'empty-worker.mjs'), 'export default { async fetch() { return new Response("0"); } };\n');

const PROCESS_RUNTIMES = {
  node: (script) => [process.execPath, [script]],
  bun: (script) => [join(BIN, 'bun'), [script]],
  deno: (script) => [join(BIN, 'deno'), ['run', '--allow-read', script]],
};

async function workerdMs(scriptPath) {
  const t0 = performance.now();
  const mf = new Miniflare({ modules: true, scriptPath, compatibilityDate: '2026-01-01' });
  const response = await mf.dispatchFetch('http://localhost/');
  const text = await response.text();
  const ms = performance.now() - t0;
  await mf.dispose();
  if (text === 'undefined') throw new Error(`${scriptPath}: no match`);
  return ms;
}

const samples = new Map();
const add = (key, ms) => samples.set(key, [...(samples.get(key) ?? []), ms]);
for (let run = 0; run < RUNS; run++) {
  for (const name of Object.keys(SETS)) {
    for (const mode of run % 2 === 0 ? ['compile', 'aot'] : ['aot', 'compile']) {
      for (const [runtime, command] of Object.entries(PROCESS_RUNTIMES)) {
        const [file, args] = command(join(WORK, `${name}-${mode}.mjs`));
        const { ms } = JSON.parse(execFileSync(file, args, { encoding: 'utf8' }).trim().split('\n').at(-1));
        add(`${runtime} ${name} ${mode}`, ms);
      }
      add(`workerd ${name} ${mode}`, (await workerdMs(join(WORK, `${name}-${mode}-worker.bundle.mjs`))) - (await workerdMs(join(WORK, 'empty-worker.mjs'))));
    }
  }
  console.log(`run ${run + 1}/${RUNS} done`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const runtime of [...Object.keys(PROCESS_RUNTIMES), 'workerd']) {
  for (const name of Object.keys(SETS)) {
    const compileMs = median(samples.get(`${runtime} ${name} compile`));
    const aotMs = median(samples.get(`${runtime} ${name} aot`));
    rows.push({ runtime, set: name, routes: SETS[name].routes.length, compileMs, aotMs, ratio: compileMs / aotMs });
  }
}
const table = [
  '| runtime | table | compile() ms | built module ms | compile() / built |',
  '|---|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.runtime} | ${r.set} (${r.routes} routes) | ${r.compileMs.toFixed(1)} | ${r.aotMs.toFixed(1)} | ${r.ratio.toFixed(2)}× |`),
].join('\n');
console.log(table);
mkdirSync(resultsDir(), { recursive: true });
writeFileSync(new URL('runtimes-startup.json', resultsDir()), JSON.stringify({ suite: 'runtimes-startup', meta: { ...environment('bench:runtimes'), runs: RUNS }, rows }, null, 1) + '\n');
rmSync(WORK, { recursive: true, force: true });

// npm run bench:diagnostics: how long diagnostics(router) and `switchyard lint` take as tables grow, on four
// shapes of table: GitHub-like namespaces (many first literals), every route under one first literal ("api/…",
// the case a first-segment index alone would leave quadratic), every route led by a complex segment (the case a
// trie of leading literals alone would), and a table whose routes are all shadowed (one example request each).
// Medians of 3; not part of npm test.
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../dist/index.js';
import { diagnostics } from '../dist/introspect.js';
import { resultsDir } from './render.mjs';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const SIZES = [1000, 2000, 4000, 8000, 10000];

const shapes = {
  namespaces(n) {
    const routes = [];
    const spaces = Math.ceil(n / 7);
    for (let i = 0; routes.length < n; i++) {
      const ns = `ns${i % spaces}`;
      const k = Math.floor(i / spaces);
      const forms = [`${ns}`, `${ns}/{id:int}`, `${ns}/{id}/items`, `${ns}/{id}/items/{item}`, `${ns}/search/{q}`, `${ns}/{owner}/{repo}/x${k}`, `${ns}/list${k}`];
      routes.push({ name: `r${routes.length}`, template: forms[k % forms.length], methods: [['GET', 'POST', 'PUT'][k % 3]] });
    }
    return routes;
  },
  oneFirstLiteral: (n) => Array.from({ length: n }, (_, i) => ({ template: `api/v${i % 3}/r${i}/{id:int}/${i % 2 ? 'items/{item}' : 'x'}` })),
  // Every route led by a complex segment (a trie of leading literals alone put them all in one list).
  complexFirst: (n) => Array.from({ length: n }, (_, i) => ({ template: `{lang}-{region}/page${i}/{id:int}` })),
  // Every route after the first is shadowed: each finding names an example request and the route it goes to.
  allShadowed: (n) => [{ template: '{*path}' }, ...Array.from({ length: n - 1 }, (_, i) => ({ template: `r${i}/{id}` }))],
};

const median = (runs) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'switchyard-diag-'));
const lines = ['| table | routes | diagnostics() ms | `switchyard lint` ms (whole process) |', '|---|---:|---:|---:|'];
console.log(lines.join('\n'));
for (const [shape, make] of Object.entries(shapes)) {
  for (const n of SIZES) {
    const routes = make(n);
    const router = compile(routes);
    const api = median([0, 1, 2].map(() => { const t = performance.now(); diagnostics(router); return performance.now() - t; }));
    const file = join(dir, `${shape}-${n}.json`);
    writeFileSync(file, JSON.stringify(routes));
    const cli = median([0, 1, 2].map(() => {
      const t = performance.now();
      try { execFileSync(process.execPath, [CLI, 'lint', file], { stdio: 'ignore' }); } catch { /* exit 1: errors found */ }
      return performance.now() - t;
    }));
    lines.push(`| ${shape} | ${n.toLocaleString('en')} | ${api.toFixed(0)} | ${cli.toFixed(0)} |`);
    console.log(lines.at(-1));
  }
}
rmSync(dir, { recursive: true, force: true });
const results = resultsDir();
mkdirSync(results, { recursive: true });
writeFileSync(new URL('diagnostics.json', results), JSON.stringify({ date: new Date().toISOString(), node: process.version, table: lines.join('\n') }, null, 1));
const { renderDocs } = await import('./render.mjs');
renderDocs();

// npm run bench: the router suite. Every subject (one adapter each, bench/adapters/) on every route set, each
// pair in its own worker thread: answers checked first, then lookups timed per request mix, then build time.
// Then URL generation. Results go to bench/results/router.json, and docs/benchmarks.md (+ chart) is rendered.
//
//   BENCH_QUICK=1  very short timings, results in bench/results/quick/, docs left alone (for development)
//   BENCH_ONLY=<substring>  only the adapters whose file name contains it (development)
//   BENCH_SETS=<a,b>  only these route sets, e.g. github,small (development)
//   BENCH_ROUNDS=<n>  rounds to pool (default 2; each adds about 1.5 minutes)
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ADAPTERS } from './adapters/index.mjs';
import { switchyardRoutes } from './adapters/switchyard-routes.mjs';
import { crudSet, distinctSet, KINDS, loadFixture, MIXES, realSet } from './lib/data.mjs';
import { environment } from './lib/env.mjs';
import { snapshotBundle, sourceState } from './lib/snapshot.mjs';
import { mergeSamples, settings } from './lib/measure.mjs';
import { naiveGenerate } from './naive-generator.mjs';
import { printRouterSummary, renderDocs, resultsDir } from './render.mjs';

// One build for the whole run: a private copy of dist/index.js, which every worker imports (bench/lib/switchyard.mjs).
const bundle = snapshotBundle(fileURLToPath(new URL('../dist/index.js', import.meta.url)));
if (bundle === null) {
  console.error('bench: dist/index.js is missing; run `node build.mjs` first (npm run bench does).');
  process.exit(1);
}
process.env.BENCH_SWITCHYARD_BUNDLE = bundle.path;
process.on('exit', () => bundle.remove());
const { compile } = await import('./lib/switchyard.mjs');

const config = settings();
const meta = environment('bench');
console.log(`router suite${config.quick ? ' (BENCH_QUICK: short timings, not for quoting)' : ''}`);
console.log(`${meta.node} on ${meta.cpuModel} × ${meta.cores}, ${meta.date}`);

/** switchyard 'reference' as the oracle of the synthetic sets. */
const oracleFor = (routes) => {
  const router = compile(switchyardRoutes(routes), { strategy: 'reference' });
  return (method, path) => router.match(path, method)?.route.handler ?? null;
};

const t0 = performance.now();
const sets = [
  loadFixture('small'),
  loadFixture('github'),
  ...[200, 2000, 10_000].map((n) => crudSet(n, oracleFor)),
  distinctSet(10_000, oracleFor),
  realSet('nuget-gallery', oracleFor),
  realSet('nopcommerce-3.90', oracleFor),
];
for (const set of sets) {
  if (set.shadowed?.length) console.warn(`${set.name}: ${set.shadowed.length} requests answered by an earlier route than the one they were drawn from (the oracle wins)`);
}
console.log(`route sets ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${sets.map((s) => `${s.name} (${s.routes.length} routes, ${s.requests.length} requests)`).join(', ')}`);

function inWorker(file, workerData) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { workerData });
    let settled = false;
    worker.once('message', (message) => {
      settled = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`${file} exited with code ${code} before answering`));
    });
  });
}

const only = process.env.BENCH_ONLY;
const adapters = ADAPTERS.filter((id) => !only || id.includes(only));
const onlySets = process.env.BENCH_SETS?.split(',');
const chosenSets = sets.filter((s) => !onlySets || onlySets.includes(s.name));
// Every subject × set once per round (the subject order reversed in odd rounds); samples are pooled over rounds.
// Build time is measured in the first round only.
const perRound = [];
for (let round = 0; round < config.rounds; round++) {
  if (config.rounds > 1) console.log(`round ${round + 1}/${config.rounds}`);
  const order = round % 2 === 0 ? adapters : [...adapters].reverse();
  for (const set of chosenSets) {
    for (const adapterId of order) {
      const started = performance.now();
      const result = await inWorker('./lookup-worker.mjs', {
        adapterId,
        set: { name: set.name, routes: set.routes, requests: set.requests },
        config,
        measureBuild: round === 0 && set.name !== 'small',
      });
      perRound.push(result);
      const cells = MIXES.map((mix) => {
        const m = result.mixes[mix];
        return `${mix} ${m.status === 'ok' ? `${m.medianNs.toFixed(0)} ns` : m.status}`;
      });
      console.log(`  ${set.name.padEnd(16)} ${result.name.padEnd(31)} ${cells.join(' | ')}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      if (round > 0) continue;
      for (const mix of MIXES) {
        const m = result.mixes[mix];
        if (m.status === 'wrong' || m.status === 'cannot-express') console.log(`      ${mix}: ${m.reason}`);
      }
    }
  }
}
const lookups = [];
for (const set of chosenSets) {
  for (const adapterId of adapters) {
    const runs = perRound.filter((r) => r.set === set.name && r.adapterId === adapterId);
    const first = runs[0];
    const mixes = {};
    for (const mix of MIXES) {
      const timed = runs.map((r) => r.mixes[mix]);
      if (timed.every((m) => m.status === 'ok')) {
        const { nsSamples, medianNs, p25Ns, p75Ns, minNs, maxNs, medianOpsPerSec, samples, opsPerSample, ...rest } = timed[0];
        mixes[mix] = { ...rest, ...mergeSamples(timed), roundMediansNs: timed.map((m) => m.medianNs) };
      } else {
        mixes[mix] = timed.find((m) => m.status !== 'ok');
      }
    }
    const build = first.build ? (({ nsSamples, ...b }) => b)(first.build) : null;
    lookups.push({ ...first, mixes, build });
  }
}

// Generation: one case per distinct GitHub template, named like the switchyard routes.
const github = sets[1];
const VALUES = {
  owner: 'julienschmidt', repo: 'httprouter', user: 'octocat', org: 'golang', id: '12345', number: '1347',
  sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e', ref: 'heads', name: 'v1.0.0', branch: 'main', state: 'open',
  keyword: 'router', email: 'someone', client_id: 'a1b2c3d4e5', access_token: 'f6a7b8c9d0', assignee: 'mona',
  target_user: 'hubot', repository: 'router',
};
const seenTemplates = new Set();
const cases = [];
for (const route of github.routes) {
  if (seenTemplates.has(route.template)) continue;
  seenTemplates.add(route.template);
  const names = [...route.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const values = Object.fromEntries(names.map((n) => [n, VALUES[n] ?? `value-${n}`]));
  cases.push({
    routeName: `${route.method} ${route.template}`,
    template: route.template,
    colon: route.colon,
    values,
    expect: naiveGenerate(route.template, values),
  });
}
const generation = [];
for (const subject of ['switchyard', 'switchyard-any-method', 'path-to-regexp', 'naive']) {
  const result = await inWorker('./generate-worker.mjs', { subject, routes: github.routes, cases, config: { ...config, time: config.time * config.rounds } });
  const { nsSamples, ...kept } = result;
  generation.push(kept);
  console.log(`  generate ${result.name.padEnd(26)} ${result.status === 'ok' ? `${result.medianNs.toFixed(0)} ns/op` : result.reason}`);
}

const results = {
  suite: 'router',
  meta: { ...meta, quick: config.quick, timing: config, bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() }, seconds: Math.round((performance.now() - t0) / 1000) },
  sets: sets.map((s) => ({ name: s.name, routes: s.routes.length, requests: s.requests.length, source: s.source, kinds: Object.fromEntries(KINDS.map((k) => [k, s.requests.filter((r) => r.kind === k).length])) })),
  lookups,
  generation,
};
const dir = resultsDir(config.quick);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('router.json', dir), JSON.stringify(results, null, 1) + '\n');

printRouterSummary(results);
if (!config.quick) renderDocs();
console.log(`done in ${results.meta.seconds} s; results in ${new URL('router.json', dir).pathname}`);

// npm run bench:build-instructions: the build of 10,000 routes (the router suite's CRUD-shaped and distinct-first-
// segment sets, bench/lib/data.mjs crudSet and distinctSet), counted and timed. One fresh process per subject and set
// (bench/startup-child.mjs: import the subject, build the set, then one pass over the set's requests) under
// `valgrind --tool=callgrind`, node --single-threaded with fixed seeds; the child marks the start of the import, the
// end of the build and the end of the pass (bench/lib/callgrind.mjs). The figure is import + build less the same
// process building nothing (subject `none`); beside it, the same with the first pass over the requests, where a
// router that builds lazily (hono's RegExpRouter compiles on its first match) and V8's lazy compiling of what the
// build emitted are paid. Then timed: the median of BENCH_BUILD_RUNS fresh processes' import + build.
//
//   BENCH_BUILD_SUBJECTS=switchyard-generated,memoirist,medley  BENCH_BUILD_SETS=crud-10000,distinct-10000
//   BENCH_BUILD_RUNS=7: timed fresh processes per subject and set (0: counted only)
//   BENCH_BUILD_COUNTED=0: timed only   BENCH_BUILD_JOBS=2: callgrind processes at a time
//   BENCH_BUILD_OUT=build-instructions.json: the results file in bench/results/ (bench/results/node<major>/ off Node 24);
//   the rows of the cells this run does not count or time are kept from the file (each row says its run's date and build)
//   BENCH_NODE=24 | 26 | current | /path/to/node (bench/lib/bench-node.mjs)
// (the defaults: switchyard compile()'s defaults, the seven peers of the targets, hono's TrieRouter and rou3's
// findRoute; `none` is always counted, to subtract)
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { switchyardRoutes } from './adapters/switchyard-routes.mjs';
import { countBetweenMarks, requireValgrind, inParallel } from './lib/callgrind.mjs';
import { crudSet, distinctSet } from './lib/data.mjs';
import { environment } from './lib/env.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { resultsDir, TARGET_PEERS } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SUBJECTS = list('BENCH_BUILD_SUBJECTS', ['switchyard-generated', ...TARGET_PEERS, 'hono-trie', 'rou3-find']).filter((s) => s !== 'none');
const SETS = list('BENCH_BUILD_SETS', ['crud-10000', 'distinct-10000']);
const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 7);
const COUNTED = process.env.BENCH_BUILD_COUNTED !== '0';
const MAKERS = { crud: crudSet, distinct: distinctSet };
const isSwitchyard = (subject) => subject.startsWith('switchyard');

if (COUNTED) requireValgrind('bench:build-instructions');
const bundle = snapshotLibraryOrExit('bench:build-instructions');
process.env.BENCH_SWITCHYARD_BUNDLE = bundle.path;
const { compile } = await import('./lib/switchyard.mjs');
/** switchyard 'reference' answers the sets' requests (as in the router suite). */
const oracleFor = (routes) => {
  const router = compile(switchyardRoutes(routes), { strategy: 'reference' });
  return (method, path) => router.match(path, method)?.route.handler ?? null;
};
// Each set written beside the bundle's copy (removed with it), for the child to read as a fixture.
const files = Object.fromEntries(
  SETS.map((name) => {
    const [, shape, count] = /^(crud|distinct)-(\d+)$/.exec(name) ?? [];
    if (!shape) throw new Error(`BENCH_BUILD_SETS: unknown set ${name} (crud-<n> or distinct-<n>)`);
    const set = MAKERS[shape](Number(count), oracleFor);
    const file = join(dirname(bundle.path), `${name}.json`);
    writeFileSync(file, JSON.stringify({ routes: set.routes, requests: set.requests }));
    return [name, { file, routes: set.routes.length, requests: set.requests.length, source: set.source }];
  }),
);
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));
/** The first line of a failed child's error, e.g. a peer that cannot express a route of the set. */
const reasonOf = (error) => (String(error.stderr ?? '').split('\n').find((l) => /^\w*Error\b/.test(l)) ?? error.message).trim().slice(0, 300);

const t0 = performance.now();
const counted = [];
if (COUNTED) {
  const cells = SETS.flatMap((set) => ['none', ...SUBJECTS].map((subject) => ({ subject, set })));
  counted.push(
    ...(await inParallel(
      cells.map(({ subject, set }) => async () => {
        const started = performance.now();
        const { file, requests } = files[set];
        // Marks: before the import, after the build (0 lookups), after one pass over the set's requests.
        const env = { ...process.env, BENCH_STARTUP_MARKS: '0' };
        try {
          const { segments, stdout } = await countBetweenMarks(['--hash-seed=1', '--random-seed=1', child, subject, String(requests), file], 3, env);
          const report = JSON.parse(stdout);
          const seconds = Math.round((performance.now() - started) / 1000);
          console.log(`  ${set.padEnd(15)} ${report.name.padEnd(28)} import + build ${(segments[0] / 1e6).toFixed(1)} M, first pass ${(segments[1] / 1e6).toFixed(1)} M  (${seconds} s)`);
          return { subject, name: report.name, set, status: report.correct || subject === 'none' ? 'ok' : 'wrong', importBuild: segments[0], firstPass: segments[1], seconds };
        } catch (error) {
          console.log(`  ${set.padEnd(15)} ${subject.padEnd(28)} failed: ${reasonOf(error)}`);
          return { subject, set, status: 'failed', reason: reasonOf(error) };
        }
      }),
      Number(process.env.BENCH_BUILD_JOBS ?? 2),
    )),
  );
  // Less the process that builds nothing: the subject's own import and build, and with its first pass.
  for (const row of counted) {
    const none = counted.find((r) => r.subject === 'none' && r.set === row.set);
    if (row.status !== 'ok' || row.subject === 'none') continue;
    row.instructions = row.importBuild - none.importBuild;
    row.withFirstPass = row.importBuild + row.firstPass - (none.importBuild + none.firstPass);
  }
}

// Timed: fresh processes, the subjects interleaved (the order reversed every other run) so load from elsewhere on
// the machine hits every subject alike; each process imports and builds, no lookups.
const samples = new Map();
for (let run = 0; run < RUNS; run++) {
  for (const set of SETS) {
    for (const subject of run % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse()) {
      const key = `${set} ${subject}`;
      if (samples.get(key) === null) continue;
      try {
        const out = JSON.parse(execFileSync(process.execPath, [child, subject, '0', files[set].file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
        samples.set(key, [...(samples.get(key) ?? []), out]);
      } catch {
        samples.set(key, null); // cannot build the set: the counted row says why
      }
    }
  }
  console.log(`timed run ${run + 1}/${RUNS} done`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const freshTimed = [...samples].filter(([, runs]) => runs !== null).map(([key, runs]) => {
  const [set, subject] = key.split(' ');
  return { subject, name: runs[0].name, set, medianMs: median(runs.map((r) => r.importMs + r.buildMs)), importMs: median(runs.map((r) => r.importMs)), buildMs: median(runs.map((r) => r.buildMs)), runsMs: runs.map((r) => r.importMs + r.buildMs) };
});

const seconds = Math.round((performance.now() - t0) / 1000);
const meta = { ...environment('bench:build-instructions'), method: 'marks, less the subject none', runs: RUNS, seconds, bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
const out = new URL(process.env.BENCH_BUILD_OUT ?? 'build-instructions.json', dir);
// The rows of cells this run did not count or time are kept from the file (a counted run and a timed run made apart,
// or a run of a few subjects); each row carries its run's date and build.
const run = { date: meta.date, node: meta.node, bundle: bundle.sha256 };
counted.forEach((row) => Object.assign(row, run));
const fresh = freshTimed.map((row) => ({ ...row, ...run }));
const before = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
const ranHere = (ran, subjects) => (row) => ran && SETS.includes(row.set) && subjects.includes(row.subject);
const keptCounted = (before?.counted ?? []).filter((row) => !ranHere(COUNTED, ['none', ...SUBJECTS])(row));
const keptTimed = (before?.timed ?? []).filter((row) => !ranHere(RUNS > 0, SUBJECTS)(row));
counted.push(...keptCounted);
const timed = [...fresh, ...keptTimed];
const sets = [...(before?.sets ?? []).filter((s) => !SETS.includes(s.name)), ...SETS.map((name) => ({ name, routes: files[name].routes, requests: files[name].requests, source: files[name].source }))];
writeFileSync(out, JSON.stringify({ suite: 'build-instructions', meta, sets, counted, timed }, null, 1) + '\n');

// The table: each subject against the fastest peer that built the set and answered it rightly.
const ratioTo = (value, best) => (value == null || best == null ? '—' : `${(value / best).toFixed(2)}×`);
for (const set of SETS) {
  const ok = counted.filter((r) => r.set === set && r.status === 'ok' && r.subject !== 'none');
  const fastest = (rows, key) => rows.filter((r) => !isSwitchyard(r.subject)).reduce((a, b) => (a === null || b[key] < a[key] ? b : a), null);
  const bestCount = fastest(ok, 'instructions');
  const bestPass = fastest(ok, 'withFirstPass');
  const timedHere = timed.filter((r) => r.set === set && !counted.some((c) => c.subject === r.subject && c.set === set && c.status !== 'ok'));
  const bestTime = fastest(timedHere, 'medianMs');
  console.log(`\n${set}, node ${meta.node} (× the fastest peer: ${bestCount?.name ?? '—'} counted, ${bestPass?.name ?? '—'} with the first pass, ${bestTime?.name ?? '—'} timed)\n`);
  console.log('| subject | import + build (M instructions) | with the first pass (M) | timed import + build (ms) |\n|---|---:|---:|---:|');
  for (const subject of SUBJECTS) {
    const c = counted.find((r) => r.subject === subject && r.set === set);
    const t = timed.find((r) => r.subject === subject && r.set === set);
    if (c && c.status !== 'ok') {
      console.log(`| ${c.name ?? subject} | ${c.status} | | |`);
      continue;
    }
    const m = (v) => (v == null ? '—' : (v / 1e6).toFixed(1));
    console.log(`| ${c?.name ?? t?.name ?? subject} | ${m(c?.instructions)} (${ratioTo(c?.instructions, bestCount?.instructions)}) | ${m(c?.withFirstPass)} (${ratioTo(c?.withFirstPass, bestPass?.withFirstPass)}) | ${t ? t.medianMs.toFixed(1) : '—'} (${ratioTo(t?.medianMs, bestTime?.medianMs)}) |`);
  }
}
console.log(`\n${seconds} s; results in ${fileURLToPath(out)}`);

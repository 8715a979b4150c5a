// npm run bench:startup-instructions: the start-up curve of bench:startup counted in instructions, which the load
// on a shared machine does not move. One fresh process per subject and set (bench/startup-child.mjs: import the
// subject, build the set, answer the first N lookups, fresh strings) under `valgrind --tool=callgrind`, node with
// --single-threaded (V8 compiles on the main thread, so its optimizing work is counted, and counted the same in
// every run). The child marks the start of the import and the end of the first 1,000, 10,000 and 100,000 lookups
// (bench/lib/callgrind.mjs), so one process counts every N: import + build + the first N lookups, nothing of node's
// bootstrap or the exit.
//
//   BENCH_STARTUP_SUBJECTS=switchyard-generated,memoirist  BENCH_STARTUP_COUNTS=1000,10000  BENCH_STARTUP_SETS=github,small
//   BENCH_STARTUP_MERGE=1: keep the cells of bench/results/startup-instructions.json this run does not measure
//   BENCH_STARTUP_OUT=startup-instructions-node24.json: another results file in bench/results/
//   BENCH_NODE=24 | 26 | /path/to/node: the node the script and its children run on (bench/lib/bench-node.mjs)
//   BENCH_STARTUP_JOBS=2: processes at a time
//   subject `none`: the same process routing nothing (import, build and lookups of nothing), to subtract
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countBetweenMarks, requireValgrind, inParallel } from './lib/callgrind.mjs';
import { environment } from './lib/env.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { renderDocs, resultsDir, TARGET_PEERS } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SUBJECTS = list('BENCH_STARTUP_SUBJECTS', ['switchyard-generated', 'switchyard-aot', ...TARGET_PEERS]);
const COUNTS = list('BENCH_STARTUP_COUNTS', ['1000', '10000', '100000']).map(Number).sort((a, b) => a - b);
const SETS = list('BENCH_STARTUP_SETS', ['github', 'small']);

requireValgrind('bench:startup-instructions');
const bundle = snapshotLibraryOrExit('bench:startup-instructions');
const modules = Object.fromEntries(await Promise.all(SETS.map(async (set) => [set, await writeBuiltModule(bundle.path, set)])));
// switchyard-aot-compact: the set built with { compact: true } (`switchyard build --compact`).
const compactModules = SUBJECTS.includes('switchyard-aot-compact') ? Object.fromEntries(await Promise.all(SETS.map(async (set) => [set, await writeBuiltModule(bundle.path, set, { compact: true })]))) : {};
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));

const t0 = performance.now();
const cells = SETS.flatMap((set) => SUBJECTS.map((subject) => ({ subject, set })));
const counted = await inParallel(cells.map(({ subject, set }) => async () => {
  const started = performance.now();
  const env = { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_SWITCHYARD_MODULE: subject === 'switchyard-aot-compact' ? compactModules[set] : modules[set], BENCH_STARTUP_MARKS: COUNTS.slice(0, -1).join(',') };
  // Marks: before the import, then after each N (the last one is the child's count).
  const { segments, stdout } = await countBetweenMarks(['--hash-seed=1', '--random-seed=1', child, subject, String(COUNTS.at(-1)), set], COUNTS.length + 1, env);
  const report = JSON.parse(stdout);
  if (!report.correct && subject !== 'none') throw new Error(`${subject}: wrong answers in the first ${COUNTS.at(-1)} lookups of ${set}`);
  const totals = segments.map((_, k) => segments.slice(0, k + 1).reduce((a, b) => a + b, 0));
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`  ${set.padEnd(7)} ${report.name.padEnd(28)} ${totals.map((t) => `${(t / 1e6).toFixed(1)} M`).join(' / ')}  (${seconds} s)`);
  return COUNTS.map((lookups, k) => ({ subject, name: report.name, set, lookups, instructions: totals[k], seconds }));
}), Number(process.env.BENCH_STARTUP_JOBS ?? 2));
const results = counted.flat();
const seconds = Math.round((performance.now() - t0) / 1000);
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
const file = new URL(process.env.BENCH_STARTUP_OUT ?? 'startup-instructions.json', dir);
const measured = (r) => cells.some((c) => c.subject === r.subject && c.set === r.set);
const kept = process.env.BENCH_STARTUP_MERGE === '1' && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
const keptResults = kept?.meta.method === 'marks' ? kept.results.filter((r) => !measured(r) && COUNTS.includes(r.lookups)) : [];
const meta = { ...environment('bench:startup-instructions'), method: 'marks', seconds: seconds + (keptResults.length ? kept.meta.seconds : 0), bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
writeFileSync(file, JSON.stringify({ suite: 'startup-instructions', meta, sets: [...new Set([...keptResults, ...results].map((r) => r.set))], lookupCounts: COUNTS, results: [...keptResults, ...results] }, null, 1) + '\n');
console.log(`${cells.length} processes in ${seconds} s`);
renderDocs();

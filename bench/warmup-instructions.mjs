// npm run bench:warmup: warm-up counted. The instructions per lookup in the windows 1,000–10,000, 10,000–100,000
// and 100,000–1,000,000 lookups of a fresh process (bench/startup-child.mjs: import, build, then the set's requests
// in order, each path a fresh string), under `valgrind --tool=callgrind`, node --single-threaded with fixed seeds:
// the child marks the end of each window (bench/lib/callgrind.mjs), so a window's count is exactly its lookups and
// what V8 compiles meanwhile (Maglev's and TurboFan's work lands in the window that triggers it). Each subject's
// windows against the fastest peer's same window.
//
//   BENCH_WARMUP_SUBJECTS=switchyard-generated,switchyard-aot,medley  BENCH_WARMUP_SETS=github,small
//   BENCH_WARMUP_MARKS=1000,10000,100000,1000000  BENCH_WARMUP_JOBS=2  BENCH_NODE=24 | 26 | /path/to/node (the node counted: bench/lib/bench-node.mjs)
//   BENCH_WARMUP_OUT=warmup-instructions.json: the results file in bench/results/
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countBetweenMarks, requireValgrind, inParallel } from './lib/callgrind.mjs';
import { environment } from './lib/env.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { resultsDir } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SWITCHYARD = ['switchyard-generated', 'switchyard-aot'];
const SUBJECTS = list('BENCH_WARMUP_SUBJECTS', [...SWITCHYARD, 'memoirist', 'medley', 'hono-regexp']);
const SETS = list('BENCH_WARMUP_SETS', ['github', 'small']);
const MARKS = list('BENCH_WARMUP_MARKS', ['1000', '10000', '100000', '1000000']).map(Number).sort((a, b) => a - b);

requireValgrind('bench:warmup');
const bundle = snapshotLibraryOrExit('bench:warmup');
const modules = Object.fromEntries(await Promise.all(SETS.map(async (set) => [set, await writeBuiltModule(bundle.path, set)])));
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));
const windows = MARKS.slice(1).map((to, k) => ({ from: MARKS[k], to }));

const t0 = performance.now();
const cells = SETS.flatMap((set) => SUBJECTS.map((subject) => ({ subject, set })));
const results = (
  await inParallel(
    cells.map(({ subject, set }) => async () => {
      const started = performance.now();
      const env = { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_SWITCHYARD_MODULE: modules[set], BENCH_STARTUP_MARKS: MARKS.slice(0, -1).join(',') };
      // Marks: before the import, then after each count; segments[0] is import + build + the first MARKS[0].
      const { segments, stdout } = await countBetweenMarks(['--hash-seed=1', '--random-seed=1', child, subject, String(MARKS.at(-1)), set], MARKS.length + 1, env);
      const report = JSON.parse(stdout);
      if (!report.correct) throw new Error(`${subject}: wrong answers in the first ${MARKS.at(-1)} lookups of ${set}`);
      const rows = windows.map(({ from, to }, k) => ({ subject, name: report.name, set, from, to, perLookup: segments[k + 1] / (to - from), counted: segments[k + 1] }));
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`  ${set.padEnd(7)} ${report.name.padEnd(28)} ${rows.map((r) => r.perLookup.toFixed(0)).join(' / ')} instructions per lookup  (${seconds} s)`);
      return rows;
    }),
    Number(process.env.BENCH_WARMUP_JOBS ?? 2),
  )
).flat();
const seconds = Math.round((performance.now() - t0) / 1000);
const meta = { ...environment('bench:warmup'), method: 'marks', marks: MARKS, seconds, bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL(process.env.BENCH_WARMUP_OUT ?? 'warmup-instructions.json', dir), JSON.stringify({ suite: 'warmup-instructions', meta, results }, null, 1) + '\n');

// The table: each window's instructions per lookup, ÷ the fastest peer's same window in parentheses.
const group = (n) => n.toLocaleString('en-US');
for (const set of SETS) {
  console.log(`\n${set}, node ${meta.node}\n\n| subject | ${windows.map((w) => `${group(w.from)}–${group(w.to)}`).join(' | ')} |\n|---|${windows.map(() => '---:').join('|')}|`);
  for (const subject of SUBJECTS) {
    const cellsOf = windows.map(({ from }) => {
      const row = results.find((r) => r.subject === subject && r.set === set && r.from === from);
      const fastest = Math.min(...results.filter((r) => r.set === set && r.from === from && !SWITCHYARD.includes(r.subject)).map((r) => r.perLookup));
      return `${group(Math.round(row.perLookup))} (${(row.perLookup / fastest).toFixed(2)}×)`;
    });
    console.log(`| ${results.find((r) => r.subject === subject).name} | ${cellsOf.join(' | ')} |`);
  }
}
console.log(`\n${cells.length} processes in ${seconds} s`);

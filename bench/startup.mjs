// npm run bench:startup: the start-up curve. For switchyard (compile()'s defaults, built module) and each
// of the seven peers, a fresh process per measurement (bench/startup-child.mjs): import + build of the set (GitHub,
// small) + the first 1,000, 10,000 and 100,000 lookups (fresh strings); the median of 3 runs, the runs of all
// subjects interleaved so load from elsewhere on the machine hits every subject alike. Writes
// bench/results/startup.json and re-renders the docs.
//
//   BENCH_RUNS=3  BENCH_STARTUP_SUBJECTS=switchyard-generated,memoirist  BENCH_STARTUP_COUNTS=1000,10000  BENCH_STARTUP_SETS=github,small
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { environment } from './lib/env.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { renderDocs, resultsDir, TARGET_PEERS } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SUBJECTS = list('BENCH_STARTUP_SUBJECTS', ['switchyard-generated', 'switchyard-aot', ...TARGET_PEERS]);
const COUNTS = list('BENCH_STARTUP_COUNTS', ['1000', '10000', '100000']).map(Number);
const SETS = list('BENCH_STARTUP_SETS', ['github', 'small']);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const bundle = snapshotLibraryOrExit('bench:startup');
// The built modules (switchyard-aot): each set written by compileToModule() beside the bundle's copy.
const modules = Object.fromEntries(await Promise.all(SETS.map(async (set) => [set, await writeBuiltModule(bundle.path, set)])));
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));
const samples = new Map();
for (let run = 0; run < RUNS; run++) {
  for (const set of SETS) {
    for (const count of COUNTS) {
      const order = run % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
      for (const subject of order) {
        const out = execFileSync(process.execPath, [child, subject, String(count), set], { encoding: 'utf8', env: { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_SWITCHYARD_MODULE: modules[set] } });
        const result = JSON.parse(out);
        if (!result.correct) throw new Error(`${subject}: wrong answers in the first ${count} lookups of ${set}`);
        const key = `${set} ${subject} ${count}`;
        samples.set(key, [...(samples.get(key) ?? []), result]);
      }
    }
  }
  console.log(`run ${run + 1}/${RUNS} done`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [...samples.values()].map((runs) => {
  const total = runs.map((r) => r.importMs + r.buildMs + r.lookupMs);
  return {
    subject: runs[0].adapterId,
    name: runs[0].name,
    set: runs[0].set,
    lookups: runs[0].count,
    medianMs: median(total),
    importMs: median(runs.map((r) => r.importMs)),
    buildMs: median(runs.map((r) => r.buildMs)),
    lookupMs: median(runs.map((r) => r.lookupMs)),
    runsMs: total,
  };
});
for (const r of results) console.log(`  ${r.set.padEnd(7)} ${r.name.padEnd(30)} ${String(r.lookups).padStart(7)} lookups: ${r.medianMs.toFixed(1)} ms (import ${r.importMs.toFixed(1)}, build ${r.buildMs.toFixed(1)}, lookups ${r.lookupMs.toFixed(1)})`);
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
const meta = { ...environment('bench:startup'), runs: RUNS, bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
writeFileSync(new URL('startup.json', dir), JSON.stringify({ suite: 'startup', meta, sets: SETS, lookupCounts: COUNTS, results }, null, 1) + '\n');
renderDocs();

// npm run bench:startup-instructions: the start-up curve of bench:startup counted in instructions, which the load
// on a shared machine does not move. Each cell is one fresh process (bench/startup-child.mjs: import the subject,
// build the GitHub set, answer the first N lookups, fresh strings) under `valgrind --tool=callgrind`, node with
// --single-threaded (V8 compiles on the main thread, so its optimizing work is counted, and counted the same in
// every run); less the same process with no subject and no lookup (node's bootstrap and the child's own set-up).
//
//   BENCH_STARTUP_SUBJECTS=switchyard-generated,memoirist  BENCH_STARTUP_COUNTS=1000,10000
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { environment } from './lib/env.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { renderDocs, resultsDir } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SUBJECTS = list('BENCH_STARTUP_SUBJECTS', ['switchyard-generated', 'switchyard-trie', 'switchyard-aot', 'memoirist', 'koa-tree-router', 'rou3-compiled']);
const COUNTS = list('BENCH_STARTUP_COUNTS', ['1000', '10000', '100000']).map(Number);

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench:startup-instructions needs valgrind (apt-get install valgrind)');
  process.exit(1);
}
const bundle = snapshotLibraryOrExit('bench:startup-instructions');
const env = { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_SWITCHYARD_MODULE: await writeBuiltModule(bundle.path) };
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));
const run = promisify(execFile);

/** Instructions executed by one child process (callgrind's "Collected"), and the child's own report. */
async function instructions(subject, count, attempt = 1) {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', child, subject, String(count)];
  let stdout, stderr;
  try {
    ({ stdout, stderr } = await run('valgrind', args, { env, maxBuffer: 1 << 24 }));
  } catch (error) {
    // A child killed from outside (a shared machine's clean-up) is run again once; any other failure stops the run.
    if (error.signal && attempt === 1) return instructions(subject, count, 2);
    throw error;
  }
  const found = /Collected : (\d+)/.exec(stderr);
  if (!found) throw new Error(`callgrind gave no count for ${subject} ${count}:\n${stderr.slice(-500)}`);
  const report = JSON.parse(stdout);
  if (!report.correct) throw new Error(`${subject}: wrong answers in the first ${count} lookups`);
  return { total: Number(found[1]), name: report.name };
}

/** Runs the jobs, two at a time (counts do not depend on load or on what runs beside them). */
async function all(jobs) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, cpus().length) }, worker));
  return results;
}

const t0 = performance.now();
const cells = [{ subject: 'none', count: 0 }, ...COUNTS.flatMap((count) => SUBJECTS.map((subject) => ({ subject, count })))];
const counted = await all(cells.map(({ subject, count }) => async () => {
  const r = await instructions(subject, count);
  console.log(`  ${subject.padEnd(22)} ${String(count).padStart(7)}: ${r.total.toLocaleString('en-US')} instructions`);
  return r;
}));
const base = counted[0].total;
const results = cells.slice(1).map(({ subject, count }, i) => ({ subject, name: counted[i + 1].name, lookups: count, instructions: counted[i + 1].total - base }));
for (const r of results) console.log(`  ${r.name.padEnd(30)} ${String(r.lookups).padStart(7)} lookups: ${(r.instructions / 1e6).toFixed(1)} M instructions`);
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
const meta = { ...environment('bench:startup-instructions'), seconds: Math.round((performance.now() - t0) / 1000), baseline: base, bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
writeFileSync(new URL('startup-instructions.json', dir), JSON.stringify({ suite: 'startup-instructions', meta, set: 'github', lookupCounts: COUNTS, results }, null, 1) + '\n');
renderDocs();

// npm run bench:instructions: a noise-free second signal for the lookup loop. Wall-clock numbers on a shared
// two-core machine move by tens of percent; the instructions a loop executes barely move. Each subject runs
// bench/instructions-child.mjs under `valgrind --tool=callgrind` twice, with the same warm-up (W lookups, enough
// for V8 to optimise the loop) and N = 0 or N more lookups; (I(N) − I(0)) / N is the instructions per lookup.
// node runs with --single-threaded so no background compiler or GC thread adds its own instructions, and with
// fixed --hash-seed and --random-seed: with a random seed per process, string hashes (so a Map's collisions)
// differ from run to run, and so did the counts.
//
//   BENCH_INSTR_SETS=github,small,nuget-gallery,nopcommerce-3.90  BENCH_INSTR_SUBJECTS=switchyard-generated,memoirist  BENCH_INSTR_MIXES=all,fresh
// (the defaults: github and small, all requests pre-built, switchyard generated and the two fastest peers there)
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { environment } from './lib/env.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { renderDocs, resultsDir } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SETS = list('BENCH_INSTR_SETS', ['github', 'small']);
const MIXES = list('BENCH_INSTR_MIXES', ['all']);
const SUBJECTS = list('BENCH_INSTR_SUBJECTS', ['switchyard-generated', 'memoirist', 'hono-regexp']);
// BENCH_INSTR_WARMUP / BENCH_INSTR_COUNT: shorter runs on a busy machine (the counts per lookup barely move).
const WARMUP = Number(process.env.BENCH_INSTR_WARMUP ?? 200_000);
// A million lookups: what else differs between the two processes (start-up, timer-driven work in the warm-up) is
// then spread thin enough that two runs of one build agree (bench/thresholds.md).
const COUNT = Number(process.env.BENCH_INSTR_COUNT ?? 1_000_000);

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench:instructions needs valgrind (apt-get install valgrind)');
  process.exit(1);
}
const bundle = snapshotLibraryOrExit('bench:instructions');
const child = fileURLToPath(new URL('instructions-child.mjs', import.meta.url));
const run = promisify(execFile);

/** Instructions executed by one child process (callgrind's "Collected"). */
async function instructions(subject, set, mix, count) {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1', child, subject, set, mix, String(WARMUP), String(count)];
  // Tiering off: its switch to the generated code is timed, so under valgrind it would land at another lookup in
  // each run; what is counted is the generated code itself, the tier every request reaches at steady state.
  const { stderr } = await run('valgrind', args, { env: { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_TIERING: 'off' }, maxBuffer: 1 << 24 });
  const found = /Collected : (\d+)/.exec(stderr);
  if (!found) throw new Error(`callgrind gave no count for ${subject} ${set} ${mix}:\n${stderr.slice(-500)}`);
  return Number(found[1]);
}

const t0 = performance.now();
const results = [];
for (const set of SETS) {
  for (const mix of MIXES) {
    for (const subject of SUBJECTS) {
      // The two runs of a pair side by side (the machine has two cores; counts do not depend on load).
      const [base, more] = await Promise.all([instructions(subject, set, mix, 0), instructions(subject, set, mix, COUNT)]);
      const { default: create } = await import(`./adapters/${subject}.mjs`);
      const r = { subject, name: create().name, set, mix, perLookup: (more - base) / COUNT, base, more };
      results.push(r);
      console.log(`  ${set.padEnd(8)} ${mix.padEnd(6)} ${r.name.padEnd(24)} ${r.perLookup.toFixed(0)} instructions per lookup`);
    }
  }
}
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
const meta = { ...environment('bench:instructions'), warmup: WARMUP, count: COUNT, seconds: Math.round((performance.now() - t0) / 1000), bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
writeFileSync(new URL('instructions.json', dir), JSON.stringify({ suite: 'instructions', meta, results }, null, 1) + '\n');
renderDocs();

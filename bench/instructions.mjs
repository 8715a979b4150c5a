// npm run bench:instructions: a noise-free second signal for the lookup loop. Wall-clock numbers on a shared
// two-core machine move by tens of percent; the instructions a loop executes barely move. Each subject × set runs
// bench/instructions-child.mjs under `valgrind --tool=callgrind` once: build, W warm-up lookups over all requests
// (enough for V8 to optimise the loop), then for each mix a mark, N lookups over its requests, a mark; the
// instructions between two marks ÷ N are the instructions per lookup of that mix (bench/lib/callgrind.mjs). node runs with --single-threaded so no
// background compiler or GC thread adds its own instructions, and with fixed --hash-seed and --random-seed: with
// a random seed per process, string hashes (so a Map's collisions) differ from run to run, and so did the counts.
//
//   BENCH_INSTR_SETS=github,small,nuget-gallery,nopcommerce-3.90  BENCH_INSTR_SUBJECTS=switchyard-generated,memoirist
//   (switchyard-aot, switchyard-aot-compact: the set built as a module by compileToModule(), without and with
//   { compact: true }, as `switchyard build [--compact]` writes it; github and small only)
//   BENCH_INSTR_MIXES=all,static,param,deep,miss,fresh  BENCH_INSTR_WARMUP=300000  BENCH_INSTR_COUNT=100000
//   BENCH_INSTR_APART=1: one process per mix, warmed on that mix alone
//   BENCH_INSTR_MERGE=1: keep the cells of bench/results/instructions.json this run does not measure (a run in parts)
//   BENCH_INSTR_JOBS=2: processes at a time  BENCH_INSTR_OUT=instructions-part.json: the results file
// Results are written (and the docs rendered) after each process, so a run cut short keeps what it counted.
// (the defaults: github and small, all requests and each kind, pre-built strings, every switchyard subject
// below and the seven peers of the targets)
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countBetweenMarks, requireValgrind, inParallel } from './lib/callgrind.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { environment } from './lib/env.mjs';
import { snapshotLibraryOrExit, sourceState } from './lib/snapshot.mjs';
import { renderDocs, resultsDir, TARGET_PEERS } from './render.mjs';

const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const SETS = list('BENCH_INSTR_SETS', ['github', 'small']);
const MIXES = list('BENCH_INSTR_MIXES', ['all', 'static', 'param', 'deep', 'miss']);
const SUBJECTS = list('BENCH_INSTR_SUBJECTS', ['switchyard-generated', ...TARGET_PEERS]);
// BENCH_INSTR_WARMUP / BENCH_INSTR_COUNT: the warm-up before the counted lookups, and how many are counted.
const WARMUP = Number(process.env.BENCH_INSTR_WARMUP ?? 300_000);
// Only the lookups between the two marks are counted, so N need not dilute anything else; 100,000 lookups cycle
// over every request of a mix hundreds of times.
const COUNT = Number(process.env.BENCH_INSTR_COUNT ?? 100_000);

requireValgrind('bench:instructions');
const bundle = snapshotLibraryOrExit('bench:instructions');
const child = fileURLToPath(new URL('instructions-child.mjs', import.meta.url));
const env = { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path };
// The built subjects' modules, written beside the bundle's copy: `${subject} ${set}` → the file their adapter imports.
const BUILT = { 'switchyard-aot': false, 'switchyard-aot-compact': true };
const modules = {};
for (const subject of SUBJECTS.filter((s) => s in BUILT)) {
  for (const set of SETS) modules[`${subject} ${set}`] = await writeBuiltModule(bundle.path, set, { compact: BUILT[subject] });
}

const t0 = performance.now();
// One process per subject × set: the warm-up over the first mix's requests (all requests by default), then each
// mix counted in turn, as a server warmed by every kind of request answers each kind. BENCH_INSTR_APART=1: one
// process per mix instead, each warmed on its own mix's requests alone.
const apart = process.env.BENCH_INSTR_APART === '1';
const groups = SETS.flatMap((set) => SUBJECTS.flatMap((subject) => (apart ? MIXES.map((mix) => ({ subject, set, mixes: [mix] })) : [{ subject, set, mixes: MIXES }])));
const cells = groups.flatMap(({ subject, set, mixes }) => mixes.map((mix) => ({ subject, set, mix })));
const dir = resultsDir(false);
mkdirSync(dir, { recursive: true });
// BENCH_INSTR_OUT: another file in bench/results/ (two runs at once each write their own; merged by hand after).
const file = new URL(process.env.BENCH_INSTR_OUT ?? 'instructions.json', dir);
const measured = (r) => cells.some((c) => c.subject === r.subject && c.set === r.set && c.mix === r.mix);
const kept = process.env.BENCH_INSTR_MERGE === '1' && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
// Each row records its own warm-up and N (a merged file may hold rows of runs with another N).
const keptResults = kept && kept.meta.warmup === WARMUP ? kept.results.filter((r) => !measured(r)).map((r) => ({ count: kept.meta.count, ...r })) : [];
const results = [];
/** Writes what is counted so far (after each process). */
function save(seconds) {
  const meta = { ...environment('bench:instructions'), method: apart ? 'marks, one process per mix' : 'marks, one process per subject and set', warmup: WARMUP, count: COUNT, seconds: seconds + (keptResults.length ? kept.meta.seconds : 0), bundle: { file: 'dist/index.js', sha256: bundle.sha256, ...sourceState() } };
  if (keptResults.length && kept.meta.bundle.sha256 !== bundle.sha256) meta.mergedBundles = [...new Set([...(kept.meta.mergedBundles ?? [kept.meta.bundle.sha256]), bundle.sha256])];
  writeFileSync(file, JSON.stringify({ suite: 'instructions', meta, results: [...keptResults, ...results] }, null, 1) + '\n');
}
await inParallel(groups.map(({ subject, set, mixes }) => async () => {
  const started = performance.now();
  const moduleEnv = modules[`${subject} ${set}`] ? { ...env, BENCH_SWITCHYARD_MODULE: modules[`${subject} ${set}`] } : env;
  const { segments, stdout } = await countBetweenMarks(['--hash-seed=1', '--random-seed=1', child, subject, set, mixes.join(','), String(WARMUP), String(COUNT)], mixes.length + 1, moduleEnv);
  const name = stdout.split('\n')[0];
  const seconds = Math.round((performance.now() - started) / 1000);
  const rows = mixes.map((mix, k) => ({ subject, name, set, mix, warmupMix: mixes[0], count: COUNT, perLookup: segments[k] / COUNT, counted: segments[k], seconds }));
  console.log(`  ${set.padEnd(8)} ${name.padEnd(28)} ${rows.map((r) => `${r.mix} ${r.perLookup.toFixed(0)}`).join(', ')} instructions per lookup  (${seconds} s)`);
  results.push(...rows);
  save(Math.round((performance.now() - t0) / 1000));
  renderDocs();
}), Number(process.env.BENCH_INSTR_JOBS ?? 2));
console.log(`${cells.length} cells (${groups.length} processes) in ${Math.round((performance.now() - t0) / 1000)} s`);

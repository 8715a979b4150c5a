// npm run bench:http:counts: the to-do API's counts that the load on a shared machine does not move, in one run,
// written to bench/results/http-counts.json and rendered into docs/benchmarks.md (bench/render.mjs):
//   - instructions per request (bench/http/instructions.mjs: each server under callgrind, one process per
//     server; warm-up GET one, PUT, POST; then each operation counted in its own window; a DELETE window removes
//     items created for it, on a store otherwise back at its seeded item; a request that fails in a counted window
//     is reported beside its row and makes the exit code 1),
//   - bytes of V8 heap allocated per request (bench/http/allocations.mjs: a fresh process per server and
//     operation, the median of BENCH_ALLOC_RUNS runs),
// for the switchyard to-do server and fastify's (bench/http/fastify-todo.mjs), each with its request log off and
// on (switchyard's request log; fastify's logger, pino), the log's stdout /dev/null, for GET one item, POST, PUT
// and DELETE.
//   BENCH_COUNTS_W / BENCH_COUNTS_N: requests of warm-up and counted per instruction window (default 3,000 / 5,000);
//   allocations.mjs's own settings (W, N, BENCH_ALLOC_RUNS…) apply to the byte counts
//   BENCH_COUNTS_SERVERS=<ids>  only these (switchyard, switchyard-log, fastify, fastify-log); results go to
//                               bench/results/quick/ then, and the docs are left alone
//   BENCH_COUNTS_PARALLEL=<n>   servers under valgrind at once (default 2)
//   BENCH_COUNTS_ALLOCATIONS=0  instructions only
//   BENCH_COUNTS_MERGE=1        merge the servers counted into bench/results/http-counts.json (see below)
//   BENCH_TODO_BASELINE=<file>  another build of the to-do server counted beside it, log off ("before");
//                               BENCH_COUNTS_BASELINE_NAME=<text> says in the docs which build it is
import '../lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { environment } from '../lib/env.mjs';
import { snapshotBundle, sourceState } from '../lib/snapshot.mjs';
import { renderDocs, resultsDir } from '../render.mjs';
import { countInstructions } from './instructions.mjs';
import { measureAllocations } from './allocations.mjs';

const meta = environment('bench:http:counts');
const W = Number(process.env.BENCH_COUNTS_W ?? 3_000);
const N = Number(process.env.BENCH_COUNTS_N ?? 5_000);
const parallel = Number(process.env.BENCH_COUNTS_PARALLEL ?? 2);
const fastifyTodo = fileURLToPath(new URL('fastify-todo.mjs', import.meta.url));
// A private copy (the bundle is self-contained but for `pg`): every process of the run starts the same build even
// if dist/ is rebuilt meanwhile.
const bundle = snapshotBundle(fileURLToPath(new URL('../../dist/todo-server.js', import.meta.url)));
if (bundle === null) {
  console.error('bench:http:counts: dist/todo-server.js is missing; `node build.mjs` builds it.');
  process.exit(1);
}
process.on('exit', () => bundle.remove());
symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dirname(bundle.path), 'node_modules'));
const todoServer = bundle.path;
// The source the bundle was built from, read now: a commit made while the run goes on is not what it counts.
const source = sourceState();

const ALL_SERVERS = [
  { id: 'switchyard', name: 'switchyard to-do', script: todoServer, env: { TODO_LOG: 'off' } },
  { id: 'fastify', name: 'fastify to-do', script: fastifyTodo, env: {} },
  { id: 'switchyard-log', name: 'switchyard to-do, request log on', script: todoServer, env: { TODO_LOG: 'on' } },
  { id: 'fastify-log', name: 'fastify to-do, pino on', script: fastifyTodo, env: { FASTIFY_LOG: 'on' } },
];
// Another build of the to-do server counted beside it, log off: a before and after.
if (process.env.BENCH_TODO_BASELINE) {
  ALL_SERVERS.unshift({ id: 'switchyard-before', name: 'switchyard to-do, before', script: process.env.BENCH_TODO_BASELINE, env: { TODO_LOG: 'off' } });
}
const filter = process.env.BENCH_COUNTS_SERVERS ? new Set(process.env.BENCH_COUNTS_SERVERS.split(',')) : null;
const SERVERS = ALL_SERVERS.filter((s) => filter === null || filter.has(s.id));
// The operations: instructions.mjs's name and allocations.mjs's name of each.
const OPS = [
  { id: 'get-one', name: 'GET one item', instructions: 'get' },
  { id: 'post', name: 'POST one item', instructions: 'post' },
  { id: 'put', name: 'PUT one item', instructions: 'put' },
  { id: 'delete', name: 'DELETE one item', instructions: 'del' },
];

const started = performance.now();
const problems = [];
/** Requests that failed in a counted instruction window, by server and operation (only servers with some). */
const failedCounted = {};

/** Instructions per request, server by server, `parallel` under valgrind at once. */
async function countAll() {
  const instructions = {};
  const queue = [...SERVERS];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let server = queue.shift(); server; server = queue.shift()) {
        const { perRequest, failed, failedByOp, warmFailed } = await countInstructions({
          script: server.script,
          env: server.env,
          warm: ['get', 'put', 'post'],
          ops: OPS.map((o) => o.instructions),
          W,
          N,
          log: (line) => console.log(`  ${server.id}: ${line}`),
        });
        // A request that failed in a counted window is reported beside its row (failed[server][op]) and here.
        for (const o of OPS) {
          if (failedByOp[o.instructions]) problems.push(`${server.name}: ${failedByOp[o.instructions]} of the ${N} ${o.name} requests counted failed (not a valid count)`);
        }
        if (warmFailed) problems.push(`${server.name}: ${warmFailed} requests failed outside the counted windows (warm-up, DELETE's preparation)`);
        if (failed) failedCounted[server.id] = Object.fromEntries(OPS.map((o) => [o.id, failedByOp[o.instructions] ?? 0]));
        instructions[server.id] = Object.fromEntries(OPS.map((o) => [o.id, perRequest[o.instructions]]));
      }
    }),
  );
  return instructions;
}

/** Bytes per request, one server process at a time (beside the valgrind runs: a count, which the load does not move). */
async function measureAll() {
  const bytes = {};
  if (process.env.BENCH_COUNTS_ALLOCATIONS === '0') return bytes;
  for (const server of SERVERS) {
    bytes[server.id] = {};
    for (const op of OPS) {
      bytes[server.id][op.id] = (await measureAllocations(server, op.id)).perRequest;
      console.log(`  ${server.id}: ${op.id} ${Math.round(bytes[server.id][op.id])} bytes per request`);
    }
  }
  return bytes;
}

const [instructions, bytes] = await Promise.all([countAll(), measureAll()]);

const output = {
  suite: 'http-counts',
  meta: {
    ...meta,
    todoServer: { file: 'dist/todo-server.js', sha256: bundle.sha256, ...source },
    baseline: process.env.BENCH_COUNTS_BASELINE_NAME ?? process.env.BENCH_TODO_BASELINE ?? null,
    instructions: { warmup: W, counted: N, warmupOps: 'GET one, PUT, POST', node: ['--single-threaded', '--hash-seed=1', '--random-seed=1', '--no-memory-reducer'] },
    allocations: { warmup: Number(process.env.W ?? 10_000), measured: Number(process.env.N ?? 5_000), runs: Number(process.env.BENCH_ALLOC_RUNS ?? 3) },
    seconds: Math.round((performance.now() - started) / 1000),
    // When each server was counted, and the to-do build it ran (BENCH_COUNTS_MERGE keeps those of servers counted
    // before: the run's own date and build are then only those of the servers it counted).
    counted: Object.fromEntries(
      SERVERS.map((s) => [s.id, { date: meta.date, build: s.script === todoServer ? `dist/todo-server.js sha256 ${bundle.sha256}…, commit ${source.commit}${source.srcDirty ? ' + uncommitted src/ changes' : ''}` : s.id === 'switchyard-before' ? process.env.BENCH_COUNTS_BASELINE_NAME ?? process.env.BENCH_TODO_BASELINE : null }]),
    ),
  },
  servers: SERVERS.map(({ id, name }) => ({ id, name })),
  ops: OPS.map(({ id, name }) => ({ id, name })),
  instructions,
  bytes,
  failed: failedCounted,
  problems,
};
// BENCH_COUNTS_MERGE=1: the servers counted now replace theirs in bench/results/http-counts.json and the others
// are kept (a server whose code did not change need not be counted again; the settings must be the same).
const merge = process.env.BENCH_COUNTS_MERGE === '1';
const partial = filter !== null && !merge;
const dir = resultsDir(partial);
mkdirSync(dir, { recursive: true });
const file = new URL('http-counts.json', dir);
if (merge && existsSync(file)) {
  const old = JSON.parse(readFileSync(file, 'utf8'));
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(old.meta.instructions, output.meta.instructions) || !same(old.meta.allocations, output.meta.allocations)) {
    throw new Error(`BENCH_COUNTS_MERGE: ${fileURLToPath(file)} was counted with other settings`);
  }
  const counted = new Set(SERVERS.map((s) => s.id));
  const order = ALL_SERVERS.map((s) => s.id);
  output.servers = [...old.servers.filter((s) => !counted.has(s.id)), ...output.servers].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  for (const kind of ['instructions', 'bytes']) output[kind] = { ...old[kind], ...output[kind] };
  output.failed = { ...Object.fromEntries(Object.entries(old.failed ?? {}).filter(([id]) => !counted.has(id))), ...output.failed };
  output.meta.counted = { ...old.meta.counted, ...output.meta.counted };
  if (!output.meta.baseline) output.meta.baseline = old.meta.baseline;
  output.problems = [...old.problems, ...output.problems];
}
writeFileSync(file, JSON.stringify(output, null, 1) + '\n');
console.log(JSON.stringify({ instructions, bytes }, null, 1));
if (!partial) renderDocs();
console.log(`done in ${output.meta.seconds} s`);
if (Object.keys(failedCounted).length) {
  console.error(`bench:http:counts: requests failed in counted windows (reported beside their rows): ${JSON.stringify(failedCounted)}`);
  process.exitCode = 1;
}

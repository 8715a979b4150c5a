// npm run bench:http:counts: the to-do API's counts that the load on a shared machine does not move, in one run,
// written to bench/results/http-counts.json and rendered into docs/benchmarks.md (bench/render.mjs):
//   - instructions per request (bench/http/instructions.mjs: each server under callgrind, one process per
//     server; warm-up GET one, PUT, POST; then each operation counted in its own window),
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
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { environment } from '../lib/env.mjs';
import { snapshotBundle, sourceState } from '../lib/snapshot.mjs';
import { renderDocs, resultsDir } from '../render.mjs';
import { countInstructions } from './instructions.mjs';
import { ALLOCATION_SERVERS, measureAllocations } from './allocations.mjs';

const meta = environment('bench:http:counts');
const W = Number(process.env.BENCH_COUNTS_W ?? 3_000);
const N = Number(process.env.BENCH_COUNTS_N ?? 5_000);
const parallel = Number(process.env.BENCH_COUNTS_PARALLEL ?? 2);
const todoServer = fileURLToPath(new URL('../../dist/todo-server.js', import.meta.url));
const fastifyTodo = fileURLToPath(new URL('fastify-todo.mjs', import.meta.url));
const bundle = snapshotBundle(todoServer);
if (bundle === null) {
  console.error('bench:http:counts: dist/todo-server.js is missing; `node build.mjs` builds it.');
  process.exit(1);
}
bundle.remove();

const ALL_SERVERS = [
  { id: 'switchyard', name: 'switchyard to-do', script: todoServer, env: { TODO_LOG: 'off' } },
  { id: 'fastify', name: 'fastify to-do', script: fastifyTodo, env: {} },
  { id: 'switchyard-log', name: 'switchyard to-do, request log on', script: todoServer, env: { TODO_LOG: 'on' } },
  { id: 'fastify-log', name: 'fastify to-do, pino on', script: fastifyTodo, env: { FASTIFY_LOG: 'on' } },
];
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
const instructions = {};
const problems = [];
const queue = [...SERVERS];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let server = queue.shift(); server; server = queue.shift()) {
      const { perRequest, failed } = await countInstructions({
        script: server.script,
        env: server.env,
        warm: ['get', 'put', 'post'],
        ops: OPS.map((o) => o.instructions),
        W,
        N,
        log: (line) => console.log(`  ${server.id}: ${line}`),
      });
      if (failed) problems.push(`${server.name}: ${failed} requests failed while instructions were counted`);
      instructions[server.id] = Object.fromEntries(OPS.map((o) => [o.id, perRequest[o.instructions]]));
    }
  }),
);

const bytes = {};
if (process.env.BENCH_COUNTS_ALLOCATIONS !== '0') {
  for (const server of SERVERS) {
    const spec = ALLOCATION_SERVERS.find((s) => s.id === server.id);
    bytes[server.id] = {};
    for (const op of OPS) {
      bytes[server.id][op.id] = (await measureAllocations(spec, op.id)).perRequest;
      console.log(`  ${server.id}: ${op.id} ${Math.round(bytes[server.id][op.id])} bytes per request`);
    }
  }
}

const output = {
  suite: 'http-counts',
  meta: {
    ...meta,
    todoServer: { file: 'dist/todo-server.js', sha256: bundle.sha256, ...sourceState() },
    instructions: { warmup: W, counted: N, warmupOps: 'GET one, PUT, POST', node: ['--single-threaded', '--hash-seed=1', '--random-seed=1'] },
    allocations: { warmup: Number(process.env.W ?? 10_000), measured: Number(process.env.N ?? 5_000), runs: Number(process.env.BENCH_ALLOC_RUNS ?? 3) },
    seconds: Math.round((performance.now() - started) / 1000),
  },
  servers: SERVERS.map(({ id, name }) => ({ id, name })),
  ops: OPS.map(({ id, name }) => ({ id, name })),
  instructions,
  bytes,
  problems,
};
const partial = filter !== null;
const dir = resultsDir(partial);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('http-counts.json', dir), JSON.stringify(output, null, 1) + '\n');
console.log(JSON.stringify({ instructions, bytes }, null, 1));
if (!partial) renderDocs();
console.log(`done in ${output.meta.seconds} s`);

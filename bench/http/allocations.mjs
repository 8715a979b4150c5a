// npm run bench:http:allocations: the bytes of JavaScript heap a to-do server allocates per request, switchyard
// (dist/todo-server.js, request log off) against the same API on fastify (bench/http/fastify-todo.mjs), for each
// operation. A count, not a time: it does not depend on what else the machine runs.
//
// Each server runs in a child process of its own for each operation, with bench/http/allocation-probe.cjs
// preloaded: that turns on V8's sampling heap profiler, including the objects the collectors have already
// freed, between a warm-up and the measured requests, and reports the bytes sampled (in all, and per
// allocating function). The requests come one at a time over one keep-alive connection from this process
// (undici), so only the server's allocations are counted. The profiler samples at random intervals averaging
// BENCH_ALLOC_INTERVAL bytes: hundreds of thousands of samples per count, so the sampling error is under 0.5%,
// and no allocation site hides behind another (a fixed interval aliases with a request's fixed pattern of
// allocations and credits the wrong sites). What else varies between runs (the JIT's timing, the
// once-a-second Date header, timers) moves a count by up to about 2%, so each count is the median of
// BENCH_ALLOC_RUNS runs, each in a fresh server process. The sites are named by function and the line it
// starts on, in src/ (the bundle's source map, read from beside the script). What is counted is V8's heap
// (objects, strings, closures, promises, and the JS side of Buffers); memory node allocates in C++ (the HTTP
// parser's, a Buffer's bytes) is not.
//
//   W=<warm-up requests> (default 10,000)   N=<requests measured> (default 5,000)
//   BENCH_ALLOC_RUNS=<n>       runs per count, the median reported (default 3)
//   BENCH_ALLOC_OPS=<ids>      only these operations (get-one, get-all-1, get-all-100, post, put, delete)
//   BENCH_ALLOC_SITES=<n>      the top n allocation sites per operation (default 8; 0: none)
//   BENCH_ALLOC_SITES_FOR=<ids> whose sites are listed (default switchyard; e.g. switchyard,fastify)
//   BENCH_ALLOC_INTERVAL=<bytes> the sampling interval (default 128)
//   BENCH_ALLOC_SERVERS=<ids>  only these servers (switchyard, baseline, fastify; the ratio needs both ends;
//                              switchyard-log and fastify-log, each with its request log on, only when named)
//   BENCH_ALLOC_NODE_FLAGS=<flags> more node/V8 flags for the servers (e.g. --max-inlined-bytecode-size=0: no
//                              inlining, so each site is the function that allocates, not the one it was inlined in)
//   BENCH_ALLOC_CALLERS=<name> a function whose sites are split by the chain of its three callers (e.g. nextTick)
//   BENCH_TODO_SERVER=<file>   another to-do server script instead of dist/todo-server.js
//   BENCH_TODO_BASELINE=<file> another build of the to-do server (e.g. main's) measured beside it
import '../lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from 'undici';

const W = Number(process.env.W ?? 10_000);
const N = Number(process.env.N ?? 5_000);
const runs = Number(process.env.BENCH_ALLOC_RUNS ?? 3);
const interval = Number(process.env.BENCH_ALLOC_INTERVAL ?? 128);
const topSites = Number(process.env.BENCH_ALLOC_SITES ?? 8);
const sitesFor = (process.env.BENCH_ALLOC_SITES_FOR ?? 'switchyard').split(',');
const probe = fileURLToPath(new URL('allocation-probe.cjs', import.meta.url));
const todoServer = process.env.BENCH_TODO_SERVER ?? fileURLToPath(new URL('../../dist/todo-server.js', import.meta.url));
if (!existsSync(todoServer)) {
  console.error(`bench:http:allocations: ${todoServer} does not exist; \`node build.mjs\` builds it (npm run bench:http:allocations does).`);
  process.exit(1);
}
const fastifyTodo = fileURLToPath(new URL('fastify-todo.mjs', import.meta.url));
/** The servers this can measure; by default the first three (the log-on pair with BENCH_ALLOC_SERVERS). */
export const ALLOCATION_SERVERS = [
  { id: 'switchyard', script: todoServer },
  ...(process.env.BENCH_TODO_BASELINE ? [{ id: 'baseline', script: process.env.BENCH_TODO_BASELINE }] : []),
  { id: 'fastify', script: fastifyTodo },
  // The request log on, stdout /dev/null; fastify with its own logger (pino) on, the same.
  { id: 'switchyard-log', script: todoServer, env: { TODO_LOG: 'on' }, optional: true },
  { id: 'fastify-log', script: fastifyTodo, env: { FASTIFY_LOG: 'on' }, optional: true },
];
const SERVERS = ALLOCATION_SERVERS.filter((s) => (process.env.BENCH_ALLOC_SERVERS ? process.env.BENCH_ALLOC_SERVERS.split(',').includes(s.id) : !s.optional));
const nodeFlags = (process.env.BENCH_ALLOC_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

const JSON_HEADERS = { 'content-type': 'application/json' };
const itemBody = (name) => JSON.stringify({ Name: name, IsComplete: false });

/**
 * The operations: `setup` runs before the warm-up (not measured) and returns what `request(i)` needs; request i
 * of the warm-up and then of the measured requests is request(i) for i counting on from the warm-up's.
 */
const OPS = {
  'get-one': { setup: async (c) => ({ key: await firstKey(c) }), request: (s) => ({ method: 'GET', path: `/api/todo/${s.key}` }) },
  'get-all-1': { setup: async () => ({}), request: () => ({ method: 'GET', path: '/api/todo' }) },
  'get-all-100': {
    setup: async (c) => {
      for (let i = 1; i < 100; i++) await call(c, { method: 'POST', path: '/api/todo', headers: JSON_HEADERS, body: itemBody(`item ${i}`) }, 201);
      return {};
    },
    request: () => ({ method: 'GET', path: '/api/todo' }),
  },
  post: { setup: async () => ({}), request: () => ({ method: 'POST', path: '/api/todo', headers: JSON_HEADERS, body: itemBody('bench item') }) },
  put: {
    setup: async (c) => ({ key: await firstKey(c) }),
    request: (s, i) => ({
      method: 'PUT',
      path: `/api/todo/${s.key}`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ Key: s.key, Name: i % 2 === 0 ? 'Item1 (edited)' : 'Item1 (edited again)', IsComplete: i % 2 === 0 }),
    }),
  },
  // Each DELETE removes an item that exists: the items are created first.
  delete: {
    setup: async (c) => {
      const keys = [];
      for (let i = 0; i < W + N; i++) keys.push(JSON.parse(await call(c, { method: 'POST', path: '/api/todo', headers: JSON_HEADERS, body: itemBody(`item ${i}`) }, 201)).Key);
      return { keys };
    },
    request: (s, i) => ({ method: 'DELETE', path: `/api/todo/${s.keys[i]}` }),
  },
};
const EXPECTED = { 'get-one': 200, 'get-all-1': 200, 'get-all-100': 200, post: 201, put: 204, delete: 204 };
const ops = process.env.BENCH_ALLOC_OPS ? process.env.BENCH_ALLOC_OPS.split(',') : Object.keys(OPS);
for (const op of ops) if (!OPS[op]) throw new Error(`unknown operation "${op}"; known: ${Object.keys(OPS).join(', ')}`);

/** One request; its body as text. A status other than `expected` ends the run: the count would be of another path. */
async function call(client, options, expected) {
  const { statusCode, body } = await client.request(options);
  const text = await body.text();
  if (statusCode !== expected) throw new Error(`${options.method} ${options.path}: ${statusCode}, expected ${expected}: ${text.slice(0, 200)}`);
  return text;
}

async function firstKey(client) {
  return JSON.parse(await call(client, { method: 'GET', path: '/api/todo' }, 200))[0].Key;
}

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `script` with the probe; resolves once it answers on its port. */
async function startServer(script, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeFlags, '--require', probe, script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '100000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const client = new Client(`http://127.0.0.1:${port}`, { pipelining: 1 });
  for (let tries = 0; ; tries++) {
    try {
      await call(client, { method: 'GET', path: '/api/todo' }, 200);
      break;
    } catch (error) {
      if (child.exitCode !== null || tries > 300) throw new Error(`${script} did not start: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** Sends a probe command; resolves with the reply. */
  const probeCall = (message, reply) =>
    new Promise((resolve) => {
      const onMessage = (m) => {
        if (m?.probe !== reply) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    client,
    start: () => probeCall({ probe: 'start', samplingInterval: interval }, 'started'),
    stop: () => probeCall({ probe: 'stop', callersOf: process.env.BENCH_ALLOC_CALLERS }, 'stopped'),
    async close() {
      await client.close();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The median of `runs` runs of measureOnce (with that run's sites) of `server` (one of ALLOCATION_SERVERS). */
export async function measureAllocations(server, op) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(server, op));
  results.sort((a, b) => a.perRequest - b.perRequest);
  return results[(results.length - 1) >> 1];
}

/** Bytes per request of `op` on `script`, and the allocation sites (bytes per request each). */
async function measureOnce(spec, op) {
  const server = await startServer(spec.script, spec.env);
  try {
    const { setup, request } = OPS[op];
    const state = await setup(server.client);
    for (let i = 0; i < W; i++) await call(server.client, request(state, i), EXPECTED[op]);
    await server.start();
    for (let i = W; i < W + N; i++) await call(server.client, request(state, i), EXPECTED[op]);
    const { total, sites } = await server.stop();
    return { perRequest: total / N, sites: sites.map(([site, bytes]) => [site, bytes / N]) };
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ratio = (results) => (results.switchyard && results.fastify ? (results.switchyard.perRequest / results.fastify.perRequest).toFixed(2) : '-');
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(
    `bytes of V8 heap allocated per request (${W} warm-up, ${N} measured, one at a time, sampling every ${interval} bytes, median of ${runs} runs; node ${process.version})`,
  );
  const rows = [];
  for (const op of ops) {
    const results = {};
    for (const server of SERVERS) results[server.id] = await measureAllocations(server, op);
    rows.push({ op, results });
    console.log(`${op.padEnd(12)} ${SERVERS.map((s) => `${s.id} ${fmt(results[s.id].perRequest).padStart(7)}`).join('   ')}   switchyard/fastify ${ratio(results)}`);
    for (const id of sitesFor) {
      if (!results[id] || topSites === 0) continue;
      for (const [site, bytes] of results[id].sites.slice(0, topSites)) console.log(`    ${id.padEnd(10)} ${fmt(bytes).padStart(6)}  ${site}`);
    }
  }
  console.log(`\n| operation | ${SERVERS.map((s) => s.id).join(' | ')} | switchyard/fastify |\n|---|${SERVERS.map(() => '---:|').join('')}---:|`);
  for (const { op, results } of rows) console.log(`| ${op} | ${SERVERS.map((s) => fmt(results[s.id].perRequest)).join(' | ')} | ${ratio(results)} |`);
}

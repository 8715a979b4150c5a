// npm run bench:http: the to-do server (node dist/todo-server.js) vs a raw node:http ceiling vs the same API on
// fastify, with autocannon. Each server runs in its own child process and is measured one at a time (the
// others idle), with the same connections and duration; each round measures every operation on every server
// (in a rotated order), and the median over rounds is reported. autocannon runs in this process, on the same
// cores as the servers.
//
//   BENCH_QUICK=1            1 round of 1 s (development); results in bench/results/quick/, docs left alone
//   BENCH_HTTP_DURATION=<s>  seconds per measurement (default 3)    BENCH_HTTP_ROUNDS=<n> (default 3)
//   BENCH_HTTP_CONNECTIONS=<n> (default 10)
//   BENCH_TODO_SERVER=<file> another to-do server script to measure instead of dist/todo-server.js
//   BENCH_HTTP_POSTGRES=0    leave out the PostgreSQL rows (otherwise the to-do server is also measured with
//                            TODO_STORE on a throw-away PostgreSQL server, durable settings, 1 and 2 workers)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { environment } from '../lib/env.mjs';
import { startPostgres } from '../../test/support/postgres.mjs';
import { snapshotBundle, sourceState } from '../lib/snapshot.mjs';
import { printTargets, evaluateTargets, renderDocs, resultsDir } from '../render.mjs';

const quick = process.env.BENCH_QUICK === '1';
const durationSec = Number(process.env.BENCH_HTTP_DURATION ?? (quick ? 1 : 3));
const warmupSec = quick ? 0.3 : 1;
const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? (quick ? 1 : 3));
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 10);

const todoServerFile = process.env.BENCH_TODO_SERVER ?? fileURLToPath(new URL('../../dist/todo-server.js', import.meta.url));
if (!existsSync(todoServerFile)) {
  console.error(
    `bench:http: the to-do server ${todoServerFile} does not exist.\n` +
      'It is built from src/todo/server.ts by `node build.mjs` (npm run bench:http builds first); until that file exists ' +
      'there is nothing to measure. Set BENCH_TODO_SERVER=<script> to measure another server.',
  );
  process.exit(1);
}
// A private copy (the bundle is self-contained), so every round runs the same build even if dist/ is rebuilt.
const todoBundle = snapshotBundle(todoServerFile);
process.on('exit', () => todoBundle.remove());
const todoServer = todoBundle.path;
// The bundle leaves `pg` external (loaded from the checkout's node_modules): let the copy find it too.
symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dirname(todoServer), 'node_modules'));

const SERVERS = [
  { id: 'ceiling', name: 'node:http ceiling', script: fileURLToPath(new URL('ceiling.mjs', import.meta.url)), perOp: true },
  { id: 'switchyard', name: 'switchyard to-do', script: todoServer },
  // The same server with its request log on, as `npm start` runs it (stdout goes to /dev/null here).
  { id: 'switchyard-log', name: 'switchyard to-do, request log on', script: todoServer, env: async () => ({ TODO_LOG: 'on' }) },
  { id: 'fastify', name: 'fastify to-do', script: fileURLToPath(new URL('fastify-todo.mjs', import.meta.url)) },
];
// The same to-do server on PostgreSQL (a fresh schema per server process, so each starts with the seed only).
let postgres = null;
if (process.env.BENCH_HTTP_POSTGRES !== '0') {
  try {
    postgres = await startPostgres({ durable: true });
    for (const workers of [1, 2]) {
      SERVERS.push({
        id: `switchyard-pg-${workers}`,
        name: `switchyard to-do, PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`,
        script: todoServer,
        env: async () => ({ TODO_STORE: await postgres.createSchema(), TODO_WORKERS: String(workers) }),
      });
    }
  } catch (error) {
    console.warn(`bench:http: no PostgreSQL rows (${error.message.split('\n')[0]})`);
  }
}
// In the order they run against one server process (POST last: the store grows while it is measured).
const OPS = [
  { id: 'get-one', name: 'GET one item', method: 'GET', path: (key) => `/api/todo/${key}` },
  { id: 'get-all-1', name: 'GET all (1 item)', method: 'GET', path: () => '/api/todo' },
  { id: 'put', name: 'PUT one item', method: 'PUT', path: (key) => `/api/todo/${key}`, body: (key) => ({ Key: key, Name: 'Item1 (edited)', IsComplete: true }) },
  { id: 'get-all-100', name: 'GET all (100 items)', method: 'GET', path: () => '/api/todo', seedTo: 100 },
  { id: 'post', name: 'POST one item', method: 'POST', path: () => '/api/todo', body: () => ({ Name: 'bench item', IsComplete: false }) },
];

const problems = [];
const meta = environment('bench:http');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node script` with PORT/HOST/TODO_LOG and waits until it answers HTTP. */
async function startServer(script, extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    // The store's item cap (100,000 by default) far above what one process is sent: at 50,000 POSTs a second a
    // measurement filled it, and the rest were quick 507s (fastify's to-do keeps every item).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '100000000', ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) throw new Error(`${script} exited (${exited.code ?? exited.signal}) before listening:\n${stderr.trim()}`);
    try {
      await fetch(`${base}/api/todo`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${script} did not answer on ${base} within 15 s:\n${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    base,
    alive: () => exited === null,
    stderr: () => stderr,
    async stop() {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
}

const json = { 'content-type': 'application/json' };

/** Checks the to-do API's behaviour before measuring it; gives the seeded item's Key. */
async function smokeTest(server, name) {
  const fail = (what) => {
    throw new Error(`${name} does not behave like the to-do API (spec/todo-api.md): ${what}`);
  };
  const all = await fetch(`${server.base}/api/todo`);
  const items = all.status === 200 ? await all.json() : fail(`GET /api/todo → ${all.status}`);
  if (!Array.isArray(items) || items.length !== 1 || typeof items[0]?.Key !== 'string') fail(`GET /api/todo → ${JSON.stringify(items)}, expected one seeded item`);
  const key = items[0].Key;
  const one = await fetch(`${server.base}/api/todo/${encodeURIComponent(key)}`);
  if (one.status !== 200 || (await one.json()).Key !== key) fail(`GET /api/todo/${key} → ${one.status}`);
  const created = await fetch(`${server.base}/api/todo`, { method: 'POST', headers: json, body: JSON.stringify({ Name: 'smoke', IsComplete: false }) });
  const item = created.status === 201 ? await created.json() : fail(`POST /api/todo → ${created.status}, expected 201`);
  if (typeof item.Key !== 'string' || item.Name !== 'smoke' || item.IsComplete !== false) fail(`POST /api/todo → ${JSON.stringify(item)}`);
  const put = await fetch(`${server.base}/api/todo/${item.Key}`, { method: 'PUT', headers: json, body: JSON.stringify({ ...item, IsComplete: true }) });
  if (put.status !== 204) fail(`PUT /api/todo/{id} → ${put.status}, expected 204`);
  const del = await fetch(`${server.base}/api/todo/${item.Key}`, { method: 'DELETE' });
  if (del.status !== 204) fail(`DELETE /api/todo/{id} → ${del.status}, expected 204`);
  const missing = await fetch(`${server.base}/api/todo/${item.Key}`);
  if (missing.status !== 404) fail(`GET of a deleted item → ${missing.status}, expected 404`);
  await missing.arrayBuffer();
  return key;
}

/** Tops the store up to `count` items with POSTs. */
async function seed(server, count) {
  const items = await (await fetch(`${server.base}/api/todo`)).json();
  for (let i = items.length; i < count; i++) {
    const res = await fetch(`${server.base}/api/todo`, { method: 'POST', headers: json, body: JSON.stringify({ Name: `seed ${i}`, IsComplete: false }) });
    if (res.status !== 201) throw new Error(`seeding: POST /api/todo → ${res.status}`);
    await res.arrayBuffer();
  }
}

function cannon(base, op, key, seconds) {
  return autocannon({
    url: base + op.path(key),
    method: op.method,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: op.body ? json : undefined,
    body: op.body ? JSON.stringify(op.body(key)) : undefined,
  });
}

/** One warm-up run (discarded), then the measured run. */
async function measure(server, serverName, op, key) {
  await cannon(server.base, op, key, warmupSec);
  const r = await cannon(server.base, op, key, durationSec);
  const sample = { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, total: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) problems.push(`${serverName}, ${op.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  if (!server.alive()) throw new Error(`${serverName} died during ${op.name}:\n${server.stderr().trim()}`);
  console.log(`    ${serverName.padEnd(18)} ${op.name.padEnd(20)} ${Math.round(sample.rps).toString().padStart(7)} req/s  p99 ${sample.p99} ms`);
  return sample;
}

/**
 * One round: fresh processes for every server (the ceiling one per operation, its body being fixed), all idle
 * but the one under load; for each operation every server is measured back to back (order rotated by round),
 * so slow drifts in the machine's background load hit all of them alike.
 */
async function runRound(round, samples) {
  const running = [];
  try {
    const instances = {};
    for (const spec of SERVERS) {
      if (spec.perOp) {
        instances[spec.id] = {};
        for (const op of OPS) {
          const server = await startServer(spec.script, { CEILING_OP: op.id });
          running.push(server);
          instances[spec.id][op.id] = { server, key: 'ceiling-key' };
        }
      } else {
        const server = await startServer(spec.script, spec.env ? await spec.env() : {});
        running.push(server);
        const key = await smokeTest(server, spec.name);
        instances[spec.id] = Object.fromEntries(OPS.map((op) => [op.id, { server, key }]));
      }
    }
    const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]);
    for (const op of OPS) {
      for (const spec of order) {
        const { server, key } = instances[spec.id][op.id];
        if (op.seedTo && !spec.perOp) await seed(server, op.seedTo);
        samples[spec.id][op.id].push(await measure(server, spec.name, op, key));
      }
    }
  } finally {
    for (const server of running) await server.stop();
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const started = performance.now();
console.log(`HTTP suite: ${rounds} round(s) × ${SERVERS.length} servers × ${OPS.length} operations, ${durationSec} s each (+${warmupSec} s warm-up), ${connections} connections`);
console.log(`autocannon and the servers share this machine's ${meta.cores} cores (${meta.cpuModel})`);
const samples = Object.fromEntries(SERVERS.map((s) => [s.id, Object.fromEntries(OPS.map((o) => [o.id, []]))]));
try {
  for (let round = 0; round < rounds; round++) {
    console.log(`  round ${round + 1}/${rounds}`);
    await runRound(round, samples);
  }
} catch (error) {
  console.error(`bench:http failed: ${error.message}`);
  await postgres?.destroy();
  process.exit(1);
}
await postgres?.destroy();

const results = {};
for (const s of SERVERS) {
  results[s.id] = {};
  for (const o of OPS) {
    const list = samples[s.id][o.id];
    results[s.id][o.id] = {
      medianRps: median(list.map((x) => x.rps)),
      minRps: Math.min(...list.map((x) => x.rps)),
      maxRps: Math.max(...list.map((x) => x.rps)),
      medianP99: median(list.map((x) => x.p99)),
      rounds: list,
    };
  }
}
const output = {
  suite: 'http',
  meta: { ...meta, quick, durationSec, warmupSec, rounds, connections, pipelining: 1, todoServer: { file: todoServerFile.replace(process.cwd() + '/', ''), sha256: todoBundle.sha256, ...sourceState() }, seconds: Math.round((performance.now() - started) / 1000) },
  servers: SERVERS.map(({ id, name }) => ({ id, name })),
  ops: OPS.map(({ id, name, method }) => ({ id, name, method })),
  results,
  problems,
};
const dir = resultsDir(quick);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('http.json', dir), JSON.stringify(output, null, 1) + '\n');

console.log('\nmedian req/s over rounds (ratio to the ceiling), p99 latency; autocannon on the same cores as the server:');
console.table(
  Object.fromEntries(
    OPS.map((o) => [
      o.name,
      Object.fromEntries(
        SERVERS.flatMap((s) => [
          [`${s.id} req/s`, Math.round(results[s.id][o.id].medianRps)],
          [`${s.id} p99 ms`, results[s.id][o.id].medianP99],
          ...(s.id === 'ceiling' ? [] : [[`${s.id} ÷ ceiling`, `${((results[s.id][o.id].medianRps / results.ceiling[o.id].medianRps) * 100).toFixed(0)}%`]]),
        ]),
      ),
    ]),
  ),
);
if (problems.length) console.log(`problems:\n  ${problems.join('\n  ')}`);
printTargets(evaluateTargets(null, output));
if (!quick) renderDocs();
console.log(`done in ${output.meta.seconds} s`);

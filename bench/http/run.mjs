// npm run bench:http: the to-do server (node dist/todo-server.js) vs a raw node:http ceiling vs the same API on
// fastify, with autocannon. Each server runs in its own child process and is measured one at a time (the
// others idle), with the same connections and duration; each round measures every operation on every server
// (in a rotated order), and the median over rounds is reported. Beside requests per second, each measurement
// reports the server process's own CPU time per request served, user and system separately (from
// /proc/<pid>/stat before and after the run): on a shared machine that is far steadier than requests per second.
// With taskset and two cores or more, the servers run pinned to core 0 and this process (autocannon) to core 1.
// The request log's stdout is a pipe this process reads (as under a process manager), a file, or /dev/null.
//
//   BENCH_QUICK=1            1 round of 1 s (development); results in bench/results/quick/, docs left alone
//   BENCH_HTTP_DURATION=<s>  seconds per measurement (default 3)    BENCH_HTTP_ROUNDS=<n> (default 3)
//   BENCH_HTTP_CONNECTIONS=<n> (default 10)   BENCH_HTTP_WARMUP_REQUESTS=<n> more warm-up (default 20,000)
//   BENCH_TODO_SERVER=<file> another to-do server script to measure instead of dist/todo-server.js
//   BENCH_HTTP_POSTGRES=0    leave out the PostgreSQL rows (otherwise the to-do server is also measured with
//                            TODO_STORE on a throw-away PostgreSQL server, durable settings, 1 and 2 workers,
//                            against fastify + pg with the same queries, in node:cluster for 2 workers)
//   BENCH_HTTP_SERVERS=<ids> only these servers (comma-separated ids, e.g. switchyard,fastify)
//   BENCH_HTTP_OPS=<ids>     only these operations (e.g. post,put); BENCH_HTTP_PIN=0: no pinning
//   BENCH_TODO_BASELINE=<file> another build of the to-do server (e.g. main's) measured beside it, log off
import '../lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { environment } from '../lib/env.mjs';
import { startPostgres } from '../../test/support/postgres.mjs';
import { snapshotBundle, sourceState } from '../lib/snapshot.mjs';
import { pinSelf, procAvailable, tasksetAvailable, treeCpu } from '../lib/process-cpu.mjs';
import { printTargets, evaluateTargets, renderDocs, resultsDir } from '../render.mjs';

const meta = environment('bench:http');

const quick = process.env.BENCH_QUICK === '1';
const durationSec = Number(process.env.BENCH_HTTP_DURATION ?? (quick ? 1 : 3));
const warmupSec = quick ? 0.3 : 1;
const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? (quick ? 1 : 3));
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 10);
// Besides the warm-up seconds, this many requests: on a busy machine a second may be too few for the JIT.
const warmupRequests = Number(process.env.BENCH_HTTP_WARMUP_REQUESTS ?? (quick ? 2_000 : 20_000));

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

// Servers on core 0, autocannon (this process) on core 1: neither takes the other's CPU.
const SERVER_CORE = 0;
const CLIENT_CORE = 1;
const pinned = process.env.BENCH_HTTP_PIN !== '0' && tasksetAvailable && meta.cores >= 2 && pinSelf(CLIENT_CORE);
const logDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-log-'));
process.on('exit', () => rmSync(logDir, { recursive: true, force: true }));

const ALL_SERVERS = [
  // The ceiling answers GET one item only (the target compares that operation).
  { id: 'ceiling', name: 'node:http ceiling', script: fileURLToPath(new URL('ceiling.mjs', import.meta.url)), perOp: true, ops: ['get-one'] },
  { id: 'switchyard', name: 'switchyard to-do', script: todoServer },
  // The same server with its request log on, as `npm start` runs it, its stdout a pipe this process reads.
  { id: 'switchyard-log', name: 'switchyard to-do, log on, stdout a pipe', script: todoServer, env: async () => ({ TODO_LOG: 'on' }), stdout: 'pipe' },
  { id: 'switchyard-log-file', name: 'switchyard to-do, log on, stdout a file', script: todoServer, env: async () => ({ TODO_LOG: 'on' }), stdout: 'file' },
  { id: 'switchyard-log-null', name: 'switchyard to-do, log on, stdout /dev/null', script: todoServer, env: async () => ({ TODO_LOG: 'on' }), stdout: 'null' },
  { id: 'fastify', name: 'fastify to-do', script: fileURLToPath(new URL('fastify-todo.mjs', import.meta.url)) },
  // fastify with its own logger (pino) on, stdout a pipe as above: the peer of the to-do server with its log on.
  { id: 'fastify-log', name: 'fastify to-do, pino on, stdout a pipe', script: fileURLToPath(new URL('fastify-todo.mjs', import.meta.url)), env: async () => ({ FASTIFY_LOG: 'on' }), stdout: 'pipe' },
];
// Another build of the to-do server measured in the same rounds (request log off): a before-and-after.
if (process.env.BENCH_TODO_BASELINE) {
  const baseline = snapshotBundle(process.env.BENCH_TODO_BASELINE);
  process.on('exit', () => baseline.remove());
  symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dirname(baseline.path), 'node_modules'));
  ALL_SERVERS.splice(2, 0, { id: 'switchyard-before', name: 'switchyard to-do, baseline build', script: baseline.path, sha256: baseline.sha256 });
}
const only = (name) => (process.env[name] ? new Set(process.env[name].split(',').map((x) => x.trim())) : null);
const serverFilter = only('BENCH_HTTP_SERVERS');
const opFilter = only('BENCH_HTTP_OPS');
const SERVERS = ALL_SERVERS.filter((s) => serverFilter === null || serverFilter.has(s.id));
// The same to-do server on PostgreSQL (a fresh schema per server process, so each starts with the seed only).
let postgres = null;
if (process.env.BENCH_HTTP_POSTGRES !== '0' && (serverFilter === null || [...serverFilter].some((id) => /^(switchyard|fastify)-pg-/.test(id)))) {
  try {
    postgres = await startPostgres({ durable: true });
    for (const workers of [1, 2]) {
      const plural = workers > 1 ? 's' : '';
      if (serverFilter === null || serverFilter.has(`switchyard-pg-${workers}`)) {
        SERVERS.push({
          id: `switchyard-pg-${workers}`,
          name: `switchyard to-do, PostgreSQL, ${workers} worker${plural}`,
          script: todoServer,
          env: async () => ({ TODO_STORE: await postgres.createSchema(), TODO_WORKERS: String(workers) }),
        });
      }
      // Its baseline: fastify with `pg`, the same schema and queries (node:cluster for 2 workers).
      if (serverFilter === null || serverFilter.has(`fastify-pg-${workers}`)) {
        SERVERS.push({
          id: `fastify-pg-${workers}`,
          name: `fastify to-do, PostgreSQL, ${workers} worker${plural}`,
          script: fileURLToPath(new URL('fastify-pg-todo.mjs', import.meta.url)),
          env: async () => ({ DATABASE_URL: await postgres.createSchema(), WORKERS: String(workers) }),
        });
      }
    }
  } catch (error) {
    console.warn(`bench:http: no PostgreSQL rows (${error.message.split('\n')[0]})`);
  }
}
// In the order they run against one server process (POST late: the store grows while it is measured; DELETE
// last: its first request removes the seeded item, the rest remove an absent key, 204 on both servers alike).
const ALL_OPS = [
  { id: 'get-one', name: 'GET one item', method: 'GET', path: (key) => `/api/todo/${key}` },
  { id: 'get-all-1', name: 'GET all (1 item)', method: 'GET', path: () => '/api/todo' },
  { id: 'put', name: 'PUT one item', method: 'PUT', path: (key) => `/api/todo/${key}`, body: (key) => ({ Key: key, Name: 'Item1 (edited)', IsComplete: true }) },
  { id: 'get-all-100', name: 'GET all (100 items)', method: 'GET', path: () => '/api/todo', seedTo: 100 },
  { id: 'post', name: 'POST one item', method: 'POST', path: () => '/api/todo', body: () => ({ Name: 'bench item', IsComplete: false }) },
  { id: 'delete', name: 'DELETE one item', method: 'DELETE', path: (key) => `/api/todo/${key}` },
];
const OPS = ALL_OPS.filter((o) => opFilter === null || opFilter.has(o.id));
const opsOf = (spec) => OPS.filter((o) => !spec.ops || spec.ops.includes(o.id));

const problems = [];

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

let logFiles = 0;
/**
 * Starts `node script` with PORT/HOST/TODO_LOG (pinned to the server core) and waits until it answers HTTP.
 * stdout: 'null' (/dev/null), 'pipe' (read here, its lines counted) or 'file' (a file in a temporary directory).
 */
async function startServer(script, extraEnv = {}, stdout = 'null') {
  const port = await freePort();
  const file = stdout === 'file' ? openSync(join(logDir, `log-${logFiles++}.txt`), 'w') : null;
  const [command, args] = pinned ? ['taskset', ['-c', String(SERVER_CORE), process.execPath, script]] : [process.execPath, [script]];
  const child = spawn(command, args, {
    // The store's item cap (100,000 by default) far above what one process is sent: at 50,000 POSTs a second a
    // measurement filled it, and the rest were quick 507s (fastify's to-do keeps every item).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '100000000', ...extraEnv },
    stdio: ['ignore', stdout === 'pipe' ? 'pipe' : stdout === 'file' ? file : 'ignore', 'pipe'],
  });
  if (file !== null) closeSync(file);
  let lines = 0;
  child.stdout?.on('data', (chunk) => {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
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
    pid: child.pid,
    /** Lines read from a piped stdout so far. */
    lines: () => lines,
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

function cannon(base, op, key, seconds, amount) {
  return autocannon({
    url: base + op.path(key),
    method: op.method,
    connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration: seconds }),
    headers: op.body ? json : undefined,
    body: op.body ? JSON.stringify(op.body(key)) : undefined,
  });
}

/**
 * One warm-up run (discarded), then the measured run, with the server's CPU time (user, system; its process
 * tree) read before and after it: µs per request served.
 */
async function measure(server, serverName, op, key) {
  await cannon(server.base, op, key, warmupSec);
  await cannon(server.base, op, key, null, warmupRequests);
  const before = procAvailable ? treeCpu(server.pid) : null;
  const r = await cannon(server.base, op, key, durationSec);
  const after = procAvailable ? treeCpu(server.pid) : null;
  const served = r.requests.total;
  const perRequest = (field) => (before && served > 0 ? (after[field] - before[field]) / served : null);
  const sample = {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    total: served,
    cpuUserUs: perRequest('user'),
    cpuSystemUs: perRequest('system'),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) problems.push(`${serverName}, ${op.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  if (!server.alive()) throw new Error(`${serverName} died during ${op.name}:\n${server.stderr().trim()}`);
  const cpu = sample.cpuUserUs === null ? '' : `  CPU/request user ${sample.cpuUserUs.toFixed(1)} + system ${sample.cpuSystemUs.toFixed(1)} µs`;
  console.log(`    ${serverName.padEnd(44)} ${op.name.padEnd(20)} ${Math.round(sample.rps).toString().padStart(7)} req/s  p99 ${String(sample.p99).padStart(3)} ms${cpu}`);
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
        for (const op of opsOf(spec)) {
          const server = await startServer(spec.script, { CEILING_OP: op.id });
          running.push({ server, spec });
          instances[spec.id][op.id] = { server, key: 'ceiling-key' };
        }
      } else {
        const server = await startServer(spec.script, spec.env ? await spec.env() : {}, spec.stdout);
        running.push({ server, spec });
        const key = await smokeTest(server, spec.name);
        instances[spec.id] = Object.fromEntries(OPS.map((op) => [op.id, { server, key }]));
      }
    }
    const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]);
    for (const op of OPS) {
      for (const spec of order) {
        if (!instances[spec.id][op.id]) continue;
        const { server, key } = instances[spec.id][op.id];
        if (op.seedTo && !spec.perOp) await seed(server, op.seedTo);
        const sample = await measure(server, spec.name, op, key);
        samples[spec.id][op.id].push(sample);
        served.set(server, (served.get(server) ?? 0) + sample.total);
      }
    }
  } finally {
    for (const { server, spec } of running) {
      await server.stop();
      // Every request answered is one log line, none lost at exit (besides the smoke test's and the start-up line).
      if (spec.stdout === 'pipe' && server.lines() < (served.get(server) ?? 0)) {
        problems.push(`${spec.name}: ${server.lines()} log lines read for ${served.get(server)} requests answered`);
      }
    }
  }
}
const served = new Map();

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const started = performance.now();
// The machine's 1-minute load average at the start and the end: what else ran beside the measurements.
const loadAtStart = loadavg()[0];
console.log(`HTTP suite: ${rounds} round(s) × ${SERVERS.length} servers × ${OPS.length} operations, ${durationSec} s each (+${warmupSec} s warm-up), ${connections} connections`);
console.log(
  pinned
    ? `servers pinned to core ${SERVER_CORE}, autocannon to core ${CLIENT_CORE} (of ${meta.cores}, ${meta.cpuModel}); the machine may be shared with other jobs`
    : `autocannon and the servers share this machine's ${meta.cores} cores (${meta.cpuModel}): not pinned`,
);
const samples = Object.fromEntries(SERVERS.map((s) => [s.id, Object.fromEntries(opsOf(s).map((o) => [o.id, []]))]));
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
  for (const o of opsOf(s)) {
    const list = samples[s.id][o.id];
    const cpu = list.every((x) => x.cpuUserUs !== null);
    results[s.id][o.id] = {
      medianRps: median(list.map((x) => x.rps)),
      minRps: Math.min(...list.map((x) => x.rps)),
      maxRps: Math.max(...list.map((x) => x.rps)),
      medianP99: median(list.map((x) => x.p99)),
      // µs of the server's CPU per request: medians over rounds (user, system, and their sum taken per round).
      cpuUserUs: cpu ? median(list.map((x) => x.cpuUserUs)) : null,
      cpuSystemUs: cpu ? median(list.map((x) => x.cpuSystemUs)) : null,
      cpuUs: cpu ? median(list.map((x) => x.cpuUserUs + x.cpuSystemUs)) : null,
      rounds: list,
    };
  }
}
const output = {
  suite: 'http',
  meta: { ...meta, quick, durationSec, warmupSec, warmupRequests, rounds, connections, pipelining: 1, pinned: pinned ? { server: SERVER_CORE, client: CLIENT_CORE } : null, loadAverage: { start: Number(loadAtStart.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) }, todoServer: { file: todoServerFile.replace(process.cwd() + '/', ''), sha256: todoBundle.sha256, ...sourceState() }, seconds: Math.round((performance.now() - started) / 1000) },
  servers: SERVERS.map(({ id, name, stdout, sha256 }) => ({ id, name, stdout: stdout ?? null, ...(sha256 ? { sha256 } : {}) })),
  ops: OPS.map(({ id, name, method }) => ({ id, name, method })),
  results,
  problems,
};
// A run of some servers or operations only is a development run: kept beside the quick results.
const dir = resultsDir(quick || serverFilter !== null || opFilter !== null);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('http.json', dir), JSON.stringify(output, null, 1) + '\n');

console.log(`\nmedian over rounds: req/s, and the server's CPU per request in µs (user + system)${pinned ? '' : '; autocannon on the same cores as the server'}:`);
const cpuText = (r) => (r?.cpuUserUs == null ? '—' : `${r.cpuUserUs.toFixed(1)} + ${r.cpuSystemUs.toFixed(1)}`);
console.table(
  Object.fromEntries(
    OPS.map((o) => [
      o.name,
      Object.fromEntries(
        SERVERS.filter((s) => results[s.id][o.id]).flatMap((s) => [
          [`${s.id} req/s`, Math.round(results[s.id][o.id].medianRps)],
          [`${s.id} CPU µs`, cpuText(results[s.id][o.id])],
        ]),
      ),
    ]),
  ),
);
if (problems.length) console.log(`problems:\n  ${problems.join('\n  ')}`);
printTargets(evaluateTargets(null, output));
if (!quick && serverFilter === null && opFilter === null) renderDocs();
console.log(`done in ${output.meta.seconds} s`);

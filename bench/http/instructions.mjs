// node bench/http/instructions.mjs <server script> <warm-up operations> <operations>: the instructions a to-do
// server executes per request, counted by `valgrind --tool=callgrind` (user space only: the kernel's send and
// receive are not in it), which does not depend on what else the machine runs. The server runs under
// callgrind with --single-threaded (the JIT and the GC on the main thread, so counted) and fixed hash and random
// seeds (a Map's collisions are then the same in every run); autocannon (not under valgrind) sends W requests of
// each warm-up operation; then, for each operation counted, W more of it, and N of it between two signals to
// the server (callgrind-trigger.cjs: callgrind writes its counts out at each), which alone are counted. Node
// runs with --no-memory-reducer: V8's memory reducer starts full collections when the process looks idle by the
// wall clock (the harness's pauses, at valgrind's speed), and such a collection flushes compiled code, which is
// then compiled again; landing in some windows and not others, it moved DELETE's count between 50,544 and
// 118,970 instructions per request.
//   e.g. node bench/http/instructions.mjs dist/todo-server.js get,put,post get,put,post,del
//   W=<requests per warm-up> (default 3,000)   N=<requests counted> (default 5,000)
//   TODO_LOG=on: the to-do server with its request log; FASTIFY_LOG=on: fastify with pino (stdout /dev/null)
//   BENCH_CALLGRIND_KEEP=<dir>: keep each counted window's callgrind file there (<op>.out), with node's
//   --perf-basic-prof map of the JIT's code beside it (<op>.out.map); bench/http/callgrind-functions.mjs reads both
// Operations: get (one item), getall, put, post, del (before each run of DELETEs, uncounted, the store is brought
// back to its seeded items and as many items created as DELETEs follow: each removes one of them, on the same store
// for every server). A request that fails in a counted window is returned per operation (failedByOp) and makes the
// command's exit code 1; counts.mjs reports it beside the row.
import '../lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer } from 'node:net';

const trigger = fileURLToPath(new URL('callgrind-trigger.cjs', import.meta.url));
export const OPERATIONS = ['get', 'getall', 'put', 'post', 'del'];

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Runs `script` under callgrind once; returns the instructions per request of each operation in `ops` (after
 * the warm-up `warm`), and the requests that failed (a count with failures is not a valid count).
 */
export async function countInstructions({ script, env = {}, warm = [], ops, W = 3_000, N = 5_000, keep = null, log = () => {} }) {
  for (const op of [...warm, ...ops]) if (!OPERATIONS.includes(op)) throw new Error(`unknown operation "${op}"; known: ${OPERATIONS.join(', ')}`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-callgrind-'));
  // Without NODE_EXTRA_CA_CERTS: reading a certificate bundle costs node hundreds of millions of instructions at
  // start-up under valgrind, and a server that makes no TLS connection never needs it.
  const { NODE_EXTRA_CA_CERTS: _, ...inherited } = process.env;
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${dir}/out`,
      '--dump-before=uv_os_getppid',
      process.execPath,
      '--single-threaded',
      '--hash-seed=1',
      '--random-seed=1',
      // No collections timed by the clock: V8's memory reducer runs full, code-flushing collections when the
      // process looks idle by the wall clock, so under valgrind at random points, sometimes inside a window.
      '--no-memory-reducer',
      ...(keep ? ['--perf-basic-prof'] : []),
      '--require',
      trigger,
      resolve(script),
    ],
    { env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '100000000', ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // A run that fails (a server that does not answer, a failed count) must not leave valgrind running.
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', kill);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    const base = `http://127.0.0.1:${port}`;
    // Up to 10 minutes: under valgrind on a busy machine, fastify (its many modules) took over 2 to start.
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${base}/api/todo`);
        break;
      } catch {
        if (child.exitCode !== null || tries > 3000) throw new Error(`the server did not answer under valgrind:\n${stderr.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const seeded = (await (await fetch(`${base}/api/todo`)).json()).map((item) => item.Key);
    const key = seeded[0];
    const json = { 'content-type': 'application/json' };
    let deleting = [];
    const OPS = {
      get: () => ({ url: `${base}/api/todo/${key}` }),
      getall: () => ({ url: `${base}/api/todo` }),
      put: () => ({ url: `${base}/api/todo/${key}`, method: 'PUT', headers: json, body: JSON.stringify({ Key: key, Name: 'Item1 (edited)', IsComplete: true }) }),
      post: () => ({ url: `${base}/api/todo`, method: 'POST', headers: json, body: JSON.stringify({ Name: 'bench item', IsComplete: false }) }),
      // Each request deletes another of the items in `deleting` (prepared for it: see prepare).
      del: () => {
        let next = 0;
        return { url: base, requests: [{ method: 'DELETE', setupRequest: (req) => ({ ...req, path: `/api/todo/${deleting[next++] ?? 'none-prepared'}` }) }] };
      },
    };
    /**
     * Sends `amount` requests of `op`; returns how many failed, and logs what failed (each status other than 2xx
     * and each error's code and message, with how often): a count alone did not say which request failed, or why.
     */
    const run = (op, amount) =>
      new Promise((resolve, reject) => {
        const what = new Map();
        const note = (failure) => what.set(failure, (what.get(failure) ?? 0) + 1);
        const instance = autocannon({ ...OPS[op](), connections: 10, amount, timeout: 60 }, (error, result) => {
          if (error) return reject(error);
          const failures = result.errors + result.non2xx + result.timeouts;
          const seen = [...what].map(([failure, times]) => `${failure} ×${times}`).join('; ');
          if (failures) log(`${op}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts in ${amount} requests (${seen || 'nothing reported'})`);
          resolve(failures);
        });
        instance.on('response', (_client, statusCode) => {
          if (statusCode < 200 || statusCode > 299) note(`status ${statusCode}`);
        });
        instance.on('reqError', (error) => note(`error ${error?.code ?? ''} ${error?.message ?? error}`.trim()));
      });
    /** The keys the store holds beyond the seeded items. */
    const extraKeys = async () => {
      const seed = new Set(seeded);
      return (await (await fetch(`${base}/api/todo`)).json()).map((item) => item.Key).filter((k) => !seed.has(k));
    };
    /**
     * Before `amount` DELETEs (warm-up or counted), uncounted: the store is brought back to its seeded items (the
     * POSTs before left thousands), then `amount` items are created for the DELETEs to remove. So every server's
     * DELETE window runs on the same store, from the seeded size plus `amount` down to the seeded size, and each
     * DELETE removes an item that exists.
     */
    const prepare = async (op, amount) => {
      if (op !== 'del') return 0;
      let failures = 0;
      deleting = await extraKeys();
      if (deleting.length) failures += await run('del', deleting.length);
      failures += await run('post', amount);
      deleting = await extraKeys();
      if (deleting.length !== amount) throw new Error(`DELETE: ${deleting.length} items prepared for ${amount} DELETEs (the store held ${seeded.length} seeded)`);
      return failures;
    };
    let failed = 0;
    let warmFailed = 0;
    const failedByOp = {};
    const send = async (op, amount) => {
      warmFailed += await prepare(op, amount);
      return run(op, amount);
    };
    for (const op of warm) warmFailed += await send(op, W);
    /** The callgrind files written so far. */
    const dumps = () => new Set(readdirSync(dir).filter((f) => /^out\.\d+$/.test(f)));
    /** Signals the server; resolves with the file callgrind then writes. */
    const signal = async () => {
      const before = dumps();
      child.kill('SIGUSR2');
      for (;;) {
        const written = [...dumps()].find((f) => !before.has(f));
        // Written once the next one is started or the file's totals line is there (callgrind writes it last).
        if (written && /^totals: \d+/m.test(readFileSync(join(dir, written), 'utf8'))) return written;
        if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const results = {};
    for (const op of ops) {
      warmFailed += await send(op, W);
      warmFailed += await prepare(op, N);
      await signal();
      const fails = await run(op, N);
      const file = await signal();
      const total = Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'))[1]);
      results[op] = total / N;
      failed += fails;
      failedByOp[op] = fails;
      log(`${op} ${Math.round(total / N)} instructions per request (${N} requests${fails ? `, ${fails} failed: not a valid count` : ''})`);
      if (keep) {
        mkdirSync(keep, { recursive: true });
        copyFileSync(join(dir, file), join(keep, `${op}.out`));
      }
    }
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    const map = `/tmp/perf-${child.pid}.map`;
    if (keep && existsSync(map)) for (const op of ops) copyFileSync(map, join(keep, `${op}.out.map`));
    rmSync(map, { force: true });
    return { perRequest: results, failed, failedByOp, warmFailed };
  } finally {
    kill();
    process.off('exit', kill);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [script, warm = '', measured = 'get'] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node bench/http/instructions.mjs <server script> <warm-up operations, comma-separated> <operations counted, comma-separated>');
    process.exit(2);
  }
  const env = {};
  if (process.env.TODO_LOG) env.TODO_LOG = process.env.TODO_LOG;
  const { failed } = await countInstructions({
    script,
    env,
    warm: warm.split(',').filter(Boolean),
    ops: measured.split(',').filter(Boolean),
    W: Number(process.env.W ?? 3_000),
    N: Number(process.env.N ?? 5_000),
    keep: process.env.BENCH_CALLGRIND_KEEP ?? null,
    log: (line) => console.log(`${script} after ${warm || 'no warm-up'}: ${line}`),
  });
  if (failed) process.exitCode = 1;
}

// node bench/http/instructions.mjs <server script> <warm-up operations> <operation>: the instructions a to-do
// server executes per request, counted by `valgrind --tool=callgrind` (user space only: the kernel's send and
// receive are not in it), which does not depend on what else the machine runs. The server runs under
// callgrind with --single-threaded (the JIT and the GC on the main thread, so counted); autocannon (not under
// valgrind) sends W requests of each warm-up operation, then N of the operation, which alone are counted.
//   e.g. node bench/http/instructions.mjs dist/todo-server.js get,getall,put,getall,post post
//   W=<requests per warm-up operation> (default 3,000)   N=<requests counted> (default 1,500)
//   TODO_LOG=on: with the request log (to /dev/null; default off)
// Operations: get (one item), getall, put, post, del.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const [script, warm = '', measured = 'get'] = process.argv.slice(2);
if (!script) {
  console.error('usage: node bench/http/instructions.mjs <server script> <warm-up operations, comma-separated> <operation>');
  process.exit(2);
}
const W = Number(process.env.W ?? 3_000);
const N = Number(process.env.N ?? 1_500);
const trigger = fileURLToPath(new URL('callgrind-trigger.cjs', import.meta.url));
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const dir = mkdtempSync(join(tmpdir(), 'switchyard-callgrind-'));
const child = spawn(
  'valgrind',
  ['--tool=callgrind', `--callgrind-out-file=${dir}/out.%p`, '--zero-before=uv_os_getpriority', '--dump-before=uv_os_uname', process.execPath, '--single-threaded', '--require', trigger, resolve(script)],
  { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: process.env.TODO_LOG ?? 'off', TODO_MAX_ITEMS: '100000000' }, stdio: ['ignore', 'ignore', 'pipe'] },
);
// A run that fails (a server that does not answer, a failed count) must not leave valgrind running.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
let stderr = '';
child.stderr.on('data', (chunk) => (stderr += chunk));
const base = `http://127.0.0.1:${port}`;
// Up to 10 minutes: under valgrind on a busy machine, fastify (its many modules) took over 2 to start.
for (let tries = 0; ; tries++) {
  try {
    await fetch(`${base}/api/todo`);
    break;
  } catch {
    if (tries > 3000) throw new Error(`the server did not answer under valgrind:\n${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const key = (await (await fetch(`${base}/api/todo`)).json())[0].Key;
const json = { 'content-type': 'application/json' };
const OPS = {
  get: { url: `${base}/api/todo/${key}` },
  getall: { url: `${base}/api/todo` },
  put: { url: `${base}/api/todo/${key}`, method: 'PUT', headers: json, body: JSON.stringify({ Key: key, Name: 'Item1 (edited)', IsComplete: true }) },
  post: { url: `${base}/api/todo`, method: 'POST', headers: json, body: JSON.stringify({ Name: 'bench item', IsComplete: false }) },
  del: { url: `${base}/api/todo/${key}`, method: 'DELETE' },
};
const send = (op, amount) => autocannon({ ...OPS[op], connections: 10, amount, timeout: 60 });
for (const op of warm.split(',').filter(Boolean)) await send(op, W);
const signal = async () => {
  child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 1500)); // callgrind acts when the server next runs
};
await signal();
const result = await send(measured, N);
await signal();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
const dump = readdirSync(dir).find((f) => /\.1$/.test(f));
const total = dump && Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'))?.[1]);
rmSync(dir, { recursive: true, force: true });
if (!total) throw new Error(`callgrind wrote no counts:\n${stderr.slice(-2000)}`);
const failed = result.errors + result.non2xx + result.timeouts;
console.log(`${script} after ${warm || 'no warm-up'}: ${measured} ${Math.round(total / N)} instructions per request (${N} requests${failed ? `, ${failed} failed: not a valid count` : ''})`);

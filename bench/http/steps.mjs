// npm run bench:http:steps — where a to-do request's CPU goes: builds variants of the to-do server, each with one
// step of the request path removed (a text patch on src/ applied while bundling; a patch whose text is no longer
// in the source fails the run, so the variants follow the code), and measures the server's CPU per request (user
// and system, /proc/<pid>/stat) for each, interleaved round by round, server pinned to core 0 and autocannon (this
// process) to core 1. A variant is not a correct server (it skips a check); it only shows what the step costs.
//
//   BENCH_STEPS_OP=post|put|get-one (default post)   BENCH_STEPS_ROUNDS=<n> (default 5)
//   BENCH_STEPS_DURATION=<s> (default 3)             BENCH_STEPS_ONLY=<ids> (comma-separated variants)
//   BENCH_STEPS_WARMUP=<requests> before each measurement (default 20,000)
// Results: bench/results/http-steps-<op>.json, rendered into docs/benchmarks.md.
import '../lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { environment } from '../lib/env.mjs';
import { pinSelf, tasksetAvailable, treeCpu } from '../lib/process-cpu.mjs';
import { sourceState } from '../lib/snapshot.mjs';
import { resultsDir } from '../render.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const op = process.env.BENCH_STEPS_OP ?? 'post';
const rounds = Number(process.env.BENCH_STEPS_ROUNDS ?? 5);
const durationSec = Number(process.env.BENCH_STEPS_DURATION ?? 3);
const connections = 10;
const warmupRequests = Number(process.env.BENCH_STEPS_WARMUP ?? 20_000);

/** Each variant: an id, what it removes, and its patches: [file under src/, text to find, replacement]. */
const VARIANTS = [
  { id: 'full', removes: 'nothing (the server as built)', patches: [] },
  {
    id: 'no-body',
    removes: 'body reading: the handler gets a ready value and never reads the request stream (node discards the body)',
    patches: [['todo/todo-controller.ts', 'readonly create: RequestDelegate = (ctx) => readJsonBody(ctx).then((body) => this.createFrom(ctx, body));', "readonly create: RequestDelegate = (ctx) => this.createFrom(ctx, { ok: true as const, value: { Name: 'bench item', IsComplete: false } as unknown });"]],
    ops: ['post'],
  },
  {
    id: 'no-body-put',
    removes: 'body reading (PUT)',
    patches: [['todo/todo-controller.ts', 'readonly update: ItemHandler = (ctx) => readJsonBody(ctx).then((body) => this.updateFrom(ctx, body));', "readonly update: ItemHandler = (ctx) => this.updateFrom(ctx, { ok: true as const, value: { Key: ctx.routeData.values.id, Name: 'Item1 (edited)', IsComplete: true } as unknown });"]],
    ops: ['put'],
  },
  { id: 'no-utf8', removes: 'the UTF-8 check of the body bytes (isUtf8)', patches: [['todo/json-body.ts', 'if (!isUtf8(read))', 'if (false)']] },
  { id: 'no-text-rules', removes: 'the text rules (NUL, lone surrogates) on Key and Name', patches: [['todo/todo-item.ts', 'const problem = typeof text === \'string\' ? unstorable(text) : null;', 'const problem = null as string | null;']] },
  {
    id: 'no-binding',
    removes: 'binding: case-insensitive field lookup and type checks (readTodoInput reads Name and IsComplete as they are)',
    patches: [['todo/todo-item.ts', 'export function readTodoInput(body: unknown): { input: TodoInput } | InputError {', 'export function readTodoInput(body: unknown): { input: TodoInput } | InputError {\n  const b = body as { Key?: string; Name?: string; IsComplete?: boolean };\n  if (b !== null) return { input: { Key: b.Key ?? null, Name: b.Name ?? null, IsComplete: b.IsComplete ?? false } };']],
  },
  { id: 'no-idempotency', removes: 'the Idempotency-Key header check', patches: [['todo/todo-controller.ts', "readIdempotencyKey(ctx.request.headers['idempotency-key'])", 'null']], ops: ['post'] },
  { id: 'no-byte-accounting', removes: "the store's byte accounting (sizeOf: JSON.stringify of the Name)", patches: [['todo/todo-repository.ts', 'return (item.Name === null ? 4 : JSON.stringify(item.Name).length) + 80;', 'return 84;']] },
  {
    id: 'no-location',
    removes: 'URL generation for Location (a fixed string instead)',
    patches: [['todo/todo-controller.ts', 'const location = new UrlHelper(ctx).link(GET_TODO_ROUTE, { id: key });', "const location = 'http://127.0.0.1/api/todo/' + key;"]],
    ops: ['post'],
  },
  {
    id: 'no-serialisation',
    removes: "the item's JSON kept on it (defineProperty + freeze); the response is the JSON written directly",
    patches: [['todo/todo-item.ts', '  Object.defineProperty(item, ITEM_JSON, { value: writeItemJson(item) });\n  return Object.freeze(item);', '  return item;']],
  },
  { id: 'no-socket-timer', removes: 'server.setTimeout (the per-socket inactivity timer, refreshed on every read and write)', patches: [['todo/server.ts', 'server.setTimeout(options.writeTimeoutMs ?? WRITE_TIMEOUT_MS, (socket) => socket.destroy());', '']] },
];

const only = process.env.BENCH_STEPS_ONLY ? new Set(process.env.BENCH_STEPS_ONLY.split(',')) : null;
const variants = VARIANTS.filter((v) => (!v.ops || v.ops.includes(op)) && (only === null || only.has(v.id) || v.id === 'full'));

const work = mkdtempSync(join(tmpdir(), 'switchyard-steps-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));

/** Bundles src/todo/server.ts with the variant's patches; throws when a patch no longer applies. */
async function buildVariant(variant) {
  const byFile = new Map();
  for (const [file, find, replace] of variant.patches) {
    const path = join(ROOT, 'src', file);
    if (!byFile.has(path)) byFile.set(path, []);
    byFile.get(path).push([find, replace]);
  }
  const patcher = {
    name: 'patch',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const patches = byFile.get(args.path);
        if (!patches) return undefined;
        let text = readFileSync(args.path, 'utf8');
        for (const [find, replace] of patches) {
          if (!text.includes(find)) throw new Error(`variant ${variant.id}: ${args.path} no longer contains ${JSON.stringify(find)}`);
          text = text.replace(find, replace);
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
  const outfile = join(work, `${variant.id}.js`);
  await build({ entryPoints: [join(ROOT, 'src/todo/server.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', external: ['pg'], outfile, logLevel: 'error', plugins: [patcher] });
  return outfile;
}

const pinned = tasksetAvailable && pinSelf(1);
let nextPort = 20000 + (process.pid % 20000);

async function start(script) {
  const port = nextPort++;
  const [command, args] = pinned ? ['taskset', ['-c', '0', process.execPath, script]] : [process.execPath, [script]];
  const child = spawn(command, args, { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '100000000' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${base}/api/todo`);
      break;
    } catch (error) {
      if (tries > 300) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const key = (await (await fetch(`${base}/api/todo`)).json())[0].Key;
  return { child, base, key };
}

function request(key) {
  switch (op) {
    case 'post':
      return { method: 'POST', path: '/api/todo', body: { Name: 'bench item', IsComplete: false } };
    case 'put':
      return { method: 'PUT', path: `/api/todo/${key}`, body: { Key: key, Name: 'Item1 (edited)', IsComplete: true } };
    case 'get-one':
      return { method: 'GET', path: `/api/todo/${key}` };
    default:
      throw new Error(`BENCH_STEPS_OP: unknown operation ${op}`);
  }
}

async function measure(server, seconds) {
  const r = request(server.key);
  const run = (limit) =>
    autocannon({ url: server.base + r.path, method: r.method, connections, ...limit, headers: r.body ? { 'content-type': 'application/json' } : undefined, body: r.body ? JSON.stringify(r.body) : undefined });
  // Warmed by a count of requests, not seconds: on a busy machine a second may be too few for the JIT.
  await run({ amount: warmupRequests });
  const before = treeCpu(server.child.pid);
  const result = await run({ duration: seconds });
  const after = treeCpu(server.child.pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, userUs: (after.user - before.user) / result.requests.total, systemUs: (after.system - before.system) / result.requests.total };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const meta = environment('bench:http:steps');
console.log(`steps of ${op}: ${variants.length} variants × ${rounds} rounds × ${durationSec} s${pinned ? ', server on core 0, autocannon on core 1' : ' (not pinned)'}; the machine may be shared`);
const scripts = new Map();
for (const v of variants) scripts.set(v.id, await buildVariant(v));
const samples = new Map(variants.map((v) => [v.id, []]));
for (let round = 0; round < rounds; round++) {
  // Order rotated each round: a drift in the machine's load hits every variant alike.
  const order = variants.map((_, i) => variants[(i + round) % variants.length]);
  for (const v of order) {
    const server = await start(scripts.get(v.id));
    try {
      const s = await measure(server, durationSec);
      samples.get(v.id).push(s);
      console.log(`  round ${round + 1} ${v.id.padEnd(20)} ${Math.round(s.rps).toString().padStart(6)} req/s  user ${s.userUs.toFixed(1)} + system ${s.systemUs.toFixed(1)} µs`);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
}
const results = variants.map((v) => {
  const list = samples.get(v.id);
  return { id: v.id, removes: v.removes, userUs: median(list.map((s) => s.userUs)), systemUs: median(list.map((s) => s.systemUs)), rps: median(list.map((s) => s.rps)), rounds: list };
});
const full = results.find((r) => r.id === 'full');
console.log('\nmedian µs of server CPU per request (user + system), and the saving against the full server:');
for (const r of results) {
  console.log(`  ${r.id.padEnd(20)} ${r.userUs.toFixed(1).padStart(6)} + ${r.systemUs.toFixed(1).padStart(5)}   saves ${(full.userUs - r.userUs).toFixed(1).padStart(5)} user, ${(full.systemUs - r.systemUs).toFixed(1).padStart(5)} system`);
}
const dir = resultsDir(only !== null);
mkdirSync(dir, { recursive: true });
writeFileSync(
  new URL(`http-steps-${op}.json`, dir),
  JSON.stringify({ suite: 'http-steps', op, meta: { ...meta, rounds, durationSec, connections, pinned, ...sourceState() }, results }, null, 1) + '\n',
);

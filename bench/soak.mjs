// npm run soak: the to-do server under a steady mixed load, on each store, for SOAK_SECONDS per store
// (default 600: ten minutes), sampling its RSS and heap once a second in its own process. Reports p50/p99
// latency and the memory slope (least squares over the samples after the first tenth), writes
// bench/results/soak.json and the chart docs/soak-chart.svg that docs/todo-api.md shows. Not part of npm test.
//   SOAK_SECONDS=60 npm run soak      a shorter run
//   SOAK_STORES=memory                one store only (memory, postgres)
//   SOAK_RENDER=1 node bench/soak.mjs  redraw the chart from bench/results/soak.json
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startPostgres } from '../test/support/postgres.mjs';
import { resultsDir } from './render.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const STORES = (process.env.SOAK_STORES ?? 'memory,postgres').split(',');
const CONCURRENCY = 16;
const ROOT = new URL('..', import.meta.url);

/**
 * The real server (dist/todo-server.js, which picks its store from TODO_STORE as `npm start` does), with a
 * sampler loaded before it (--import) that prints {t, rss, heap} on stderr every second.
 */
async function startServer(env) {
  const sampler = `setInterval(() => { const m = process.memoryUsage(); process.stderr.write(JSON.stringify({ t: performance.now(), rss: m.rss, heap: m.heapUsed }) + "\\n"); }, 1000).unref();`;
  const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(sampler)}`, fileURLToPath(new URL('dist/todo-server.js', ROOT))], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const samples = [];
  let pendingErr = '';
  child.stderr.on('data', (chunk) => {
    pendingErr += chunk;
    const lines = pendingErr.split('\n');
    pendingErr = lines.pop();
    for (const line of lines) if (line.startsWith('{')) samples.push(JSON.parse(line));
  });
  let out = '';
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
  });
  return { child, port, samples };
}

/** Mixed load: create, read one, read all, update, delete (the store stays about the same size). */
async function load(port, seconds) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const timed = async (options) => {
    const started = performance.now();
    const res = await pool.request(options);
    const text = await res.body.text();
    latencies.push(performance.now() - started);
    if (res.statusCode >= 500) errors++;
    return { status: res.statusCode, text };
  };
  const json = { 'content-type': 'application/json' };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; Date.now() < end; i++) {
        const created = await timed({ path: '/api/todo', method: 'POST', headers: json, body: JSON.stringify({ Name: `soak ${worker}-${i}` }) });
        const key = JSON.parse(created.text).Key;
        await timed({ path: `/api/todo/${key}`, method: 'GET' });
        if (i % 10 === 0) await timed({ path: '/api/todo', method: 'GET' });
        await timed({ path: `/api/todo/${key}`, method: 'PUT', headers: json, body: JSON.stringify({ Key: key, Name: 'done', IsComplete: true }) });
        await timed({ path: `/api/todo/${key}`, method: 'DELETE' });
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: latencies.length, errors, p50: at(0.5), p99: at(0.99) };
}

/** Least-squares slope of y over t (seconds), in MiB per minute. */
function slope(points) {
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : (num / den / 1048576) * 60;
}

if (process.env.SOAK_RENDER) {
  const saved = JSON.parse((await import('node:fs')).readFileSync(new URL('bench/results/soak.json', ROOT), 'utf8'));
  writeFileSync(new URL('docs/soak-chart.svg', ROOT), chart(saved.results));
  process.exit(0);
}

const results = [];
for (const store of STORES) {
  let db = null;
  const env = { TODO_LOG: 'off' };
  if (store === 'postgres') {
    db = await startPostgres();
    env.TODO_STORE = await db.createDatabase();
  }
  const server = await startServer(env);
  await sleep(1000);
  console.error(`soak: ${store} store, ${SECONDS} s of mixed load (${CONCURRENCY} connections)…`);
  const latency = await load(server.port, SECONDS);
  await sleep(1500);
  server.child.kill('SIGTERM');
  await db?.destroy();
  const t0 = server.samples[0].t;
  const points = server.samples.map((s) => ({ t: (s.t - t0) / 1000, rss: s.rss, heap: s.heap }));
  const steady = points.slice(Math.floor(points.length / 10));
  results.push({
    store,
    seconds: SECONDS,
    ...latency,
    rssSlopeMiBPerMin: slope(steady.map((p) => ({ t: p.t, y: p.rss }))),
    heapSlopeMiBPerMin: slope(steady.map((p) => ({ t: p.t, y: p.heap }))),
    rssMiB: { first: points[0].rss / 1048576, last: points.at(-1).rss / 1048576, max: Math.max(...points.map((p) => p.rss)) / 1048576 },
    points,
  });
}

for (const r of results) {
  console.log(
    `${r.store}: ${r.requests} requests in ${r.seconds} s, ${r.errors} 5xx, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ` +
      `RSS ${r.rssMiB.first.toFixed(0)} → ${r.rssMiB.last.toFixed(0)} MiB (max ${r.rssMiB.max.toFixed(0)}), slope RSS ${r.rssSlopeMiBPerMin.toFixed(2)} MiB/min, heap ${r.heapSlopeMiBPerMin.toFixed(2)} MiB/min`,
  );
}
mkdirSync(resultsDir(), { recursive: true });
writeFileSync(new URL('soak.json', resultsDir()), JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 1));
// The docs' chart is the primary Node's (a run on another Node keeps its results beside, in bench/results/node<major>/).
const primary = resultsDir().href === new URL('bench/results/', ROOT).href;
if (primary) writeFileSync(new URL('docs/soak-chart.svg', ROOT), chart(results));
console.error(`wrote ${fileURLToPath(new URL('soak.json', resultsDir()))}${primary ? ` and ${fileURLToPath(new URL('docs/soak-chart.svg', ROOT))}` : ''}`);

/** RSS and heap over time, one panel per store. */
function chart(all) {
  const W = 760, H = 220, PAD = 44;
  const panels = all.map((r, i) => {
    const x0 = PAD, y0 = 30 + i * (H + 40);
    const tMax = Math.max(...r.points.map((p) => p.t)) || 1;
    const yMax = Math.max(...r.points.map((p) => p.rss)) * 1.1;
    const px = (t) => x0 + ((W - 2 * PAD) * t) / tMax;
    const py = (y) => y0 + H - (H * y) / yMax;
    const line = (key, color) => `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${r.points.map((p) => `${px(p.t).toFixed(1)},${py(p[key]).toFixed(1)}`).join(' ')}"/>`;
    const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => `<text x="${x0 - 6}" y="${py(yMax * f) + 4}" text-anchor="end">${((yMax * f) / 1048576).toFixed(0)}</text>`).join('');
    return `<g font-family="sans-serif" font-size="11" fill="#333">
  <text x="${x0}" y="${y0 - 10}" font-size="12"><tspan font-weight="bold">${r.store} store</tspan> · ${r.requests.toLocaleString('en')} requests in ${r.seconds} s · p50 ${r.p50.toFixed(2)} ms · p99 ${r.p99.toFixed(2)} ms · slope: RSS ${r.rssSlopeMiBPerMin.toFixed(1)}, heap ${r.heapSlopeMiBPerMin.toFixed(1)} MiB/min</text>
  <rect x="${x0}" y="${y0}" width="${W - 2 * PAD}" height="${H}" fill="none" stroke="#ccc"/>
  ${ticks}<text x="${W - PAD}" y="${y0 + H + 14}" text-anchor="end">${tMax.toFixed(0)} s</text><text x="${x0}" y="${y0 + H + 14}" text-anchor="middle">0 s</text>
  ${line('rss', '#1f77b4')}${line('heap', '#d62728')}
  <text x="${W - PAD - 4}" y="${y0 + 14}" text-anchor="end"><tspan fill="#1f77b4">RSS</tspan> / <tspan fill="#d62728">heap used</tspan> (MiB)</text>
</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${all.length * (H + 40) + 20}" viewBox="0 0 ${W} ${all.length * (H + 40) + 20}">
<rect width="100%" height="100%" fill="#fff"/>
${panels.join('\n')}
</svg>
`;
}

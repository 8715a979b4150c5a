// npm run bench:hono: routers inside a Hono app. The same app (one handler per route, answering its route's index)
// with hono's RegExpRouter, its SmartRouter (the default: RegExpRouter, else TrieRouter) and switchyard's
// SwitchyardRouter, on hono's small route list (12 routes), the GitHub API (203) and a 10,000-route GitHub-like
// table; every request through app.request(), so a request costs what it costs in a Hono app (Request, Context,
// Response). Each router in its own child process, rounds interleaved; medians of ROUNDS. Answers are checked.
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { environment } from './lib/env.mjs';
import { resultsDir } from './render.mjs';

const ROUTERS = ['RegExpRouter', 'SmartRouter', 'SwitchyardRouter'];
const SETS = ['small', 'github', 'synthetic-10000'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const child = fileURLToPath(new URL('hono-child.mjs', import.meta.url));

const samples = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const set of SETS) {
    for (const router of round % 2 === 0 ? ROUTERS : [...ROUTERS].reverse()) {
      const result = JSON.parse(execFileSync(process.execPath, [child, router, set], { encoding: 'utf8' }));
      const key = `${router} ${set}`;
      samples.set(key, [...(samples.get(key) ?? []), result]);
    }
  }
  console.log(`round ${round + 1}/${ROUNDS} done`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const set of SETS) {
  const cells = ROUTERS.map((router) => {
    const runs = samples.get(`${router} ${set}`);
    return { router, routes: runs[0].routes, nsPerRequest: median(runs.map((r) => r.nsPerRequest)), firstRequestMs: median(runs.map((r) => r.firstRequestMs)) };
  });
  const fastest = Math.min(...cells.map((c) => c.nsPerRequest));
  for (const c of cells) rows.push({ set, ...c, ratioToFastest: fastest / c.nsPerRequest });
}
const table = [
  '| table | router | ns per request | first request ms (build) | speed vs fastest |',
  '|---|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.set} (${r.routes.toLocaleString('en')} routes) | ${r.router} | ${Math.round(r.nsPerRequest).toLocaleString('en')} | ${r.firstRequestMs.toFixed(1)} | ${r.ratioToFastest.toFixed(2)}× |`),
].join('\n');
console.log(table);
const dir = resultsDir();
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('hono.json', dir), JSON.stringify({ suite: 'hono', meta: { ...environment('bench:hono'), rounds: ROUNDS }, rows }, null, 1) + '\n');

// Live tables at 100,000 routes: 1,000 tenants × 100 routes ("t{n}/…": statics, parameters, int constraints,
// catch-alls), built once, then changed route by route. For switchyard (router.add / insert / remove), rou3
// (addRoute / removeRoute) and find-my-way (on / off): build time, heap after build, each change's latency
// (p50 / p99, the changes back to back), then an add followed by the first lookup in its tenant (the cost a
// change could defer to its next request: switchyard answers it by the tenant's trie, changed in place), and lookups
// per second: before any change, right after the timed changes, during churn (one change per CHURN_EVERY
// lookups) and after it. Results: bench/results/live.json.
//
//   node --expose-gc bench/live.mjs          (npm run bench:live)
//   LIVE_TENANTS=100 node --expose-gc bench/live.mjs   a smaller table
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import FindMyWay from 'find-my-way';
import { addRoute, createRouter, findRoute, removeRoute } from 'rou3';
import { compile } from '../dist/index.js';
import { prng } from './lib/data.mjs';
import { resultsDir } from './render.mjs';

const TENANTS = Number(process.env.LIVE_TENANTS ?? 1000);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 1000);
// find-my-way's off() rebuilds its whole tree: a second a change at 100,000 routes, so only a few are timed.
const FMW_CHANGES = Number(process.env.LIVE_FMW_CHANGES ?? 3);
const CHURN_EVERY = 1000;
const LOOKUP_MS = 1500;

/** One tenant's 100 routes: [switchyard template, find-my-way path, rou3 path, a request path]. */
function tenantRoutes(n) {
  const routes = [];
  for (let k = 0; k < 40; k++) routes.push([`t${n}/s${k}`, `/t${n}/s${k}`, `/t${n}/s${k}`, `/t${n}/s${k}`]);
  for (let k = 0; k < 30; k++) routes.push([`t${n}/r${k}/{id}`, `/t${n}/r${k}/:id`, `/t${n}/r${k}/:id`, `/t${n}/r${k}/abc`]);
  for (let k = 0; k < 10; k++) routes.push([`t${n}/r${k}/{id}/items/{item}`, `/t${n}/r${k}/:id/items/:item`, `/t${n}/r${k}/:id/items/:item`, `/t${n}/r${k}/7/items/x`]);
  for (let k = 0; k < 15; k++) routes.push([`t${n}/c${k}/{id:int}`, `/t${n}/c${k}/:id(^\\d+$)`, `/t${n}/c${k}/:id`, `/t${n}/c${k}/42`]);
  for (let k = 0; k < 5; k++) routes.push([`t${n}/f${k}/{*path}`, `/t${n}/f${k}/*`, `/t${n}/f${k}/**:path`, `/t${n}/f${k}/a/b/c`]);
  return routes;
}

const table = Array.from({ length: TENANTS }, (_, n) => tenantRoutes(n)).flat();
const random = prng(31);
const requests = Array.from({ length: 4096 }, () => table[Math.floor(random() * table.length)][3]);
/** The routes changes add and remove: a new parameter route in a random tenant. */
const changed = Array.from({ length: CHANGES }, (_, j) => {
  const n = Math.floor(random() * TENANTS);
  return { tenant: n, template: `t${n}/x${j}/{id}`, colon: `/t${n}/x${j}/:id`, request: `/t${n}/x${j}/1`, name: `x${j}`, at: Math.floor(random() * table.length) };
});

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const latency = (samples) => (samples.length === 0 ? null : { n: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: Math.max(...samples) });
const time = (f) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
/** Lookups per second over LOOKUP_MS, with `change()` called every CHURN_EVERY lookups when given. */
function lookupRate(lookup, change = null) {
  let count = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < LOOKUP_MS) {
    for (let i = 0; i < CHURN_EVERY; i++) if (lookup(requests[(count + i) & 4095]) !== null) sink++;
    count += CHURN_EVERY;
    if (change !== null) change(count / CHURN_EVERY);
    elapsed = performance.now() - start;
  }
  if (sink === 0) throw new Error('no lookup matched');
  return Math.round((count / elapsed) * 1000);
}

function measure(name, make) {
  const before = heap();
  let router;
  const build = time(() => (router = make.build()));
  const result = { name, routes: table.length, buildMs: build, heapMB: (heap() - before) / 2 ** 20 };
  const lookup = (path) => make.lookup(router, path);
  result.lookupsBefore = lookupRate(lookup);
  if (make.first) result.firstChangeMs = time(() => make.first(router));
  const count = make.changes ?? CHANGES;
  const batch = changed.slice(0, count);
  const inserted = batch.map((c) => ({ ...c, name: `i${c.name}`, template: c.template.replace('/x', '/i'), colon: c.colon.replace('/x', '/i') }));
  // The changes back to back, each timed on its own; then the same changes once more (a second round: the first
  // is also charged for whatever the build and the first change left to the collector).
  const round = () => {
    const adds = batch.map((c) => time(() => make.add(router, c)));
    const inserts = make.insert ? inserted.map((c) => time(() => make.insert(router, c))) : [];
    const removes = batch.map((c) => time(() => make.remove(router, c)));
    if (make.insert) for (const c of inserted) make.remove(router, c);
    return { adds, inserts, removes };
  };
  const { adds, inserts, removes } = round();
  if (make.secondRound !== false) {
    const second = round();
    result.secondRound = { add: latency(second.adds), insert: latency(second.inserts), remove: latency(second.removes) };
  }
  // Then each add followed by the first lookup in its tenant (what a change leaves to the next request is paid here).
  const firstLookups = [];
  const addsThenLookups = [];
  for (const c of batch) {
    const add = time(() => make.add(router, c));
    const first = time(() => lookup(c.request));
    firstLookups.push(first);
    addsThenLookups.push(add + first);
  }
  for (const c of batch) make.remove(router, c);
  Object.assign(result, { add: latency(adds), insert: latency(inserts), remove: latency(removes), firstLookup: latency(firstLookups), addThenLookup: latency(addsThenLookups) });
  // Right after the changes: the tenants they touched are answered by their tries until they are hot again.
  result.lookupsAfterChanges = lookupRate(lookup);
  if (make.churn !== false) {
    let j = 0;
    let added = null;
    result.lookupsDuringChurn = lookupRate(lookup, () => {
      if (added === null) make.add(router, (added = changed[j++ % changed.length]));
      else {
        make.remove(router, added);
        added = null;
      }
    });
  }
  result.lookupsAfter = lookupRate(lookup);
  console.log(JSON.stringify(result));
  return result;
}

const loadAtStart = loadavg()[0];
const results = [];
results.push(
  measure('switchyard', {
    build: () => compile(table.map(([template], i) => ({ template, name: `r${i}` }))),
    lookup: (router, path) => router.match(path, 'GET'),
    // The first change makes the compiled router live (its routes split into partitions): timed on its own.
    first: (router) => {
      router.add({ template: 'first/change', name: 'first' });
      router.remove('first');
    },
    add: (router, c) => router.add({ template: c.template, name: c.name }),
    insert: (router, c) => router.insert(c.at, { template: c.template, name: c.name }),
    remove: (router, c) => router.remove(c.name),
  }),
);
results.push(
  measure('rou3', {
    build: () => {
      const router = createRouter();
      for (const [, , path] of table) addRoute(router, 'GET', path, path);
      return router;
    },
    lookup: (router, path) => findRoute(router, 'GET', path) ?? null,
    add: (router, c) => addRoute(router, 'GET', c.colon, c.colon),
    remove: (router, c) => removeRoute(router, 'GET', c.colon),
  }),
);
const noop = () => {};
results.push(
  measure('find-my-way', {
    build: () => {
      const router = FindMyWay();
      for (const [, path] of table) router.on('GET', path, noop);
      return router;
    },
    lookup: (router, path) => router.find('GET', path),
    add: (router, c) => router.on('GET', c.colon, noop),
    remove: (router, c) => router.off('GET', c.colon),
    changes: FMW_CHANGES,
    churn: false,
    secondRound: false,
  }),
);
mkdirSync(resultsDir(), { recursive: true });
writeFileSync(new URL('live.json', resultsDir()), JSON.stringify({ date: new Date().toISOString(), node: process.version, loadavg: [loadAtStart, loadavg()[0]], tenants: TENANTS, changes: CHANGES, churnEvery: CHURN_EVERY, results }, null, 2) + '\n');
const { renderDocs } = await import('./render.mjs');
renderDocs();

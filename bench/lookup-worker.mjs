// One subject × one route set, in its own worker thread (a fresh V8 isolate, so no subject inherits another's
// JIT feedback or garbage): build it, check every answer, then time each request mix and, optionally, the build.
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { loadAdapter } from './adapters/index.mjs';
import { isFresh, MIXES, requestsOf } from './lib/data.mjs';
import { timeBatches } from './lib/measure.mjs';

const { adapterId, set, config, measureBuild } = workerData;

/** The first line of an error, for the table. */
const reasonOf = (error) => {
  const message = String(error?.message ?? error).split('\n')[0].slice(0, 160);
  const kind = error?.constructor?.name ?? error?.name;
  return kind && kind !== 'Error' ? `${kind}: ${message}` : message;
};

// The heap used by one built router is measured between two full collections.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

/**
 * A batch function compiled on its own (new Function), so its call site sees only this subject's lookup.
 * With `fresh`, each path is a new string cut from one Buffer per lookup (as node:http materialises req.url),
 * so no subject profits from a string it has seen before (a cached hash, an internalized key).
 */
function makeBatch(lookup, requests, fresh = false) {
  const methods = requests.map((r) => r.method);
  const paths = requests.map((r) => r.path);
  const buffer = Buffer.from(paths.join(''), 'latin1');
  const starts = [];
  let at = 0;
  for (const p of paths) {
    starts.push(at);
    at += p.length;
  }
  starts.push(at);
  const factory = new Function(
    'lookup',
    'methods',
    'paths',
    'buffer',
    'starts',
    `return function batch(reps) {
       const n = paths.length;
       let sum = 0;
       for (let r = 0; r < reps; r++) {
         for (let i = 0; i < n; i++) {
           const found = lookup(methods[i], ${fresh ? 'buffer.latin1Slice(starts[i], starts[i + 1])' : 'paths[i]'});
           sum += found === null ? -1 : found;
         }
       }
       return sum;
     };`,
  );
  return factory(lookup, methods, paths, buffer, starts);
}

async function run() {
  const adapter = await loadAdapter(adapterId);
  const out = { adapterId, name: adapter.name, kind: adapter.kind, set: set.name, routes: set.routes.length, mixes: {}, build: null };

  // A build is timed up to the point where the router can answer: one lookup per method of a path that no route
  // has and that is not static, so lazy work (hono's RegExpRouter builds its regular expressions on the first
  // match, and V8 compiles any regular expression on its first use) is paid for inside the build.
  const methods = [...new Set(set.routes.map((r) => r.method))];
  const buildAndProbe = () => {
    adapter.build(set.routes);
    for (const method of methods) adapter.lookup(method, '/build-probe/x/y');
  };

  // Build once (cold: the first build in a fresh isolate).
  let coldBuildMs;
  try {
    const t0 = performance.now();
    buildAndProbe();
    coldBuildMs = performance.now() - t0;
  } catch (error) {
    const reason = `cannot express: ${reasonOf(error)}`;
    for (const mix of MIXES) out.mixes[mix] = { status: 'cannot-express', reason };
    out.build = { status: 'cannot-express', reason };
    return out;
  }

  // Check every answer before timing anything.
  for (const mix of MIXES) {
    const requests = requestsOf(set, mix);
    if (requests.length === 0) {
      out.mixes[mix] = { status: 'n/a', reason: 'no requests of this kind' };
      continue;
    }
    if (adapter.staticOnly && mix !== 'static' && mix !== 'fresh-static') {
      out.mixes[mix] = { status: 'n/a', reason: 'floor: static routes only' };
      continue;
    }
    const wrong = [];
    for (const request of requests) {
      let got;
      try {
        got = adapter.lookup(request.method, request.path);
      } catch (error) {
        got = `throws ${reasonOf(error)}`;
      }
      if (got === undefined) got = 'undefined';
      if (got !== request.expect) wrong.push({ method: request.method, path: request.path, expect: request.expect, got });
    }
    out.mixes[mix] = wrong.length === 0
      ? { status: 'ok', requests: requests.length }
      : {
          status: 'wrong',
          requests: requests.length,
          wrong,
          reason: `wrong answer on ${wrong.length}/${requests.length}, e.g. ${wrong[0].method} ${wrong[0].path} → ${wrong[0].got}, expected ${wrong[0].expect}`,
        };
  }

  // Warm up on every request the subject answers correctly (untimed), so the first mix timed does not pay for
  // JIT compilation the others get for free; then time each mix that checked out.
  const warm = requestsOf(set, adapter.staticOnly ? 'static' : 'all').filter((r) => adapter.lookup(r.method, r.path) === r.expect);
  // Warm-up lasts at least warmupAllMs and until the cost of a lookup is steady (three 50 ms windows within 10%
  // of each other), at most warmupMaxMs: code that V8 optimizes late (many small functions, generated code) is
  // measured at its steady state like the rest, and how long that took is reported (out.warmupMs).
  if (warm.length > 0) {
    const warmBatch = makeBatch(adapter.lookup, warm);
    const start = performance.now();
    const windows = [];
    for (;;) {
      const t0 = performance.now();
      let batches = 0;
      while (performance.now() - t0 < 50) {
        warmBatch(1);
        batches++;
      }
      windows.push((performance.now() - t0) / batches);
      const elapsed = performance.now() - start;
      const last = windows.slice(-3);
      if (elapsed >= config.warmupAllMs && last.length === 3 && Math.max(...last) <= Math.min(...last) * 1.1) break;
      if (elapsed >= (config.warmupMaxMs ?? config.warmupAllMs)) break;
    }
    out.warmupMs = Math.round(performance.now() - start);
  }
  for (const mix of MIXES) {
    if (out.mixes[mix].status !== 'ok') continue;
    const requests = requestsOf(set, mix);
    const expectedSum = requests.reduce((sum, r) => sum + (r.expect === null ? -1 : r.expect), 0);
    const batch = makeBatch(adapter.lookup, requests, isFresh(mix));
    const check = (sum, reps) => {
      if (sum !== expectedSum * reps) throw new Error(`${adapter.name} on ${set.name}/${mix}: checksum ${sum} ≠ ${expectedSum * reps}`);
    };
    Object.assign(out.mixes[mix], await timeBatches(`${adapter.name} ${set.name} ${mix}`, batch, requests.length, check, config));
  }

  // Build time: a fresh router each iteration (+ one lookup, as above).
  if (measureBuild) {
    const build = (reps) => {
      for (let r = 0; r < reps; r++) buildAndProbe();
      return 0;
    };
    const buildConfig = { ...config, time: config.buildTime, iterations: config.buildIterations, warmupTime: 0, batchMs: 0 };
    out.build = { status: 'ok', coldMs: coldBuildMs, ...(await timeBatches(`${adapter.name} build ${set.name}`, build, 1, () => {}, buildConfig)) };
    // Heap held by one router (and the route list its adapter made for it): retained bytes after a full GC.
    const fresh = await loadAdapter(adapterId);
    gc();
    gc();
    const before = v8.getHeapStatistics().used_heap_size;
    fresh.build(set.routes);
    gc();
    gc();
    out.build.heapBytes = v8.getHeapStatistics().used_heap_size - before;
    out.build.sourceBytes = fresh.sourceBytes?.() ?? null;
    if (fresh.lookup(set.requests[0].method, set.requests[0].path) === undefined) throw new Error('keep the router alive');
  }
  return out;
}

run().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.stack ?? error) }),
);

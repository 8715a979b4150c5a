// Generation, one subject per worker thread: switchyard generate(values, { routeName }), path-to-regexp's
// compile() (the function it returns, made once per template), and the naive template re-interpreter.
// Every subject must produce the same path for every template before anything is timed.
import { parentPort, workerData } from 'node:worker_threads';
import { compile as compileTemplate } from 'path-to-regexp';
import { compile } from './lib/switchyard.mjs';
import { switchyardRoutes } from './adapters/switchyard-routes.mjs';
import { timeBatches } from './lib/measure.mjs';
import { naiveGenerate } from './naive-generator.mjs';

const { subject, routes, cases, config } = workerData;

/** The subject's generate(case) → path string. */
function makeGenerator() {
  if (subject === 'switchyard') {
    const router = compile(switchyardRoutes(routes));
    return { name: 'switchyard generate()', fn: (c) => router.generate(c.values, { routeName: c.routeName })?.path ?? null };
  }
  if (subject === 'switchyard-any-method') {
    // The same routes without their verb limit: shows what the httpMethod check costs generation.
    const router = compile(switchyardRoutes(routes).map(({ methods, ...rest }) => rest));
    return { name: 'switchyard generate(), no verb limit', fn: (c) => router.generate(c.values, { routeName: c.routeName })?.path ?? null };
  }
  if (subject === 'path-to-regexp') {
    const fns = new Map(cases.map((c) => [c.routeName, compileTemplate(c.colon)]));
    return { name: 'path-to-regexp compile()', fn: (c) => fns.get(c.routeName)(c.values) };
  }
  if (subject === 'naive') return { name: 'naive string replace', fn: (c) => naiveGenerate(c.template, c.values) };
  throw new Error(`unknown generation subject ${subject}`);
}

async function run() {
  const { name, fn } = makeGenerator();
  const wrong = cases.filter((c) => fn(c) !== c.expect);
  if (wrong.length > 0) {
    const w = wrong[0];
    return { subject, name, status: 'wrong', reason: `wrong path on ${wrong.length}/${cases.length}, e.g. ${w.routeName} → ${fn(w)}, expected ${w.expect}` };
  }
  // For path-to-regexp the per-template function is looked up by name, like switchyard's by-name lookup.
  const batch = new Function('fn', 'cases', `return function batch(reps) {
    let sum = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < cases.length; i++) sum += fn(cases[i]).length;
    return sum;
  };`)(fn, cases);
  const expected = cases.reduce((s, c) => s + c.expect.length, 0);
  const check = (sum, reps) => {
    if (sum !== expected * reps) throw new Error(`${name}: checksum ${sum} ≠ ${expected * reps}`);
  };
  return { subject, name, status: 'ok', templates: cases.length, ...(await timeBatches(name, batch, cases.length, check, config)) };
}

run().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.stack ?? error) }),
);

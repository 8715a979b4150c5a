// The conformance tables, run by any JavaScript runtime (Node, Bun, Deno, workerd): plain ES module, no node:*
// import. `compile` is the package's compile(); `built` holds, per route table, the router of a module built
// ahead of time from it. Each case is asked of both; the answer is compared with the table's expectation.

const summary = (found) => (found === null || found === undefined ? null : { index: found.route.index, values: { ...found.values } });

/** Deep equality of plain data (what the tables hold), keys in any order. */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

/** The answer of `router` to one case, in the form the case expects. */
function answer(router, c) {
  switch (c.kind) {
    case 'match':
      return summary(router.match(c.path, c.method ?? 'GET'));
    case 'allowed':
      return router.allowedMethods(c.path);
    case 'generate': {
      const found = router.generate(c.values, { ambientValues: c.ambient ?? null, routeName: c.routeName ?? null });
      return found === null ? null : c.expectedIndex === undefined ? found.path : { path: found.path, index: found.route.index };
    }
  }
  throw new Error(`unknown case kind ${c.kind}`);
}

const expectation = (c) => (c.kind === 'generate' && c.expectedIndex !== undefined && c.expected !== null ? { path: c.expected, index: c.expectedIndex } : c.expected);

/**
 * Runs every case on compile() and on the built routers. Returns per subject the counts, the strategies seen and
 * the first failures (each with what was expected and what came).
 */
export function runConformance({ compile, cases, tables, built }) {
  const result = {};
  for (const subject of ['compile', 'aot']) {
    const report = { passed: 0, failed: 0, strategies: [], failures: [] };
    const strategies = new Set();
    const routers = new Map();
    for (const c of cases) {
      let got;
      try {
        let router = routers.get(c.table);
        if (router === undefined) {
          const { routes, options } = tables[c.table];
          router = subject === 'compile' ? compile(routes, options) : built[c.table];
          routers.set(c.table, router);
          strategies.add(router.strategy);
        }
        got = answer(router, c);
      } catch (error) {
        got = { threw: String(error && error.message) };
      }
      if (same(got, expectation(c))) report.passed++;
      else {
        report.failed++;
        if (report.failures.length < 10) report.failures.push({ case: c, expected: expectation(c), got });
      }
    }
    report.strategies = [...strategies].sort();
    result[subject] = report;
  }
  return result;
}

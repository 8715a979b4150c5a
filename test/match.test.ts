import { describe, expect, it } from 'vitest';
import { caseDependent, caseMode, routerFor, strategies } from './support/routers.js';
import { runSuite } from './support/suite.js';
import type { CompiledRouter, RouteMatch } from '../src/index.js';
import { SHARED_SHAPE } from '../src/compile/match/generated/generated-matcher.js';
import { allowedMethodsCases, matchCases } from './cases/match-cases.js';
import { caseDependentCases } from './cases/case-sensitive-cases.js';

/** A match as the tables write it; the keys are listed too, so a key set to undefined does not pass for an absent one. */
const summary = (found: RouteMatch | null | undefined) =>
  found ? { index: found.route.index, values: found.values, keys: Object.keys(found.values).sort() } : null;
const expectedSummary = (expected: { index: number; values: Record<string, unknown> } | null) =>
  expected ? { ...expected, keys: Object.keys(expected.values).sort() } : null;

// Titles carry the method, the path and the first template.
const rows = matchCases.map((c) => ({ ...c, request: `${c.method ?? 'GET'} ${c.path}` }));

runSuite({ name: `match (%s, ${caseMode})`, rows, title: '$request against $routes.0.template', skip: [caseDependent()] }, ({ routes, path, method, expected }, strategy) => {
  const router = routerFor(routes, strategy);
  const found = router.match(path, method ?? 'GET');
  expect(summary(found)).toEqual(expectedSummary(expected));
  // matches() lists every accepting route in order: it starts with match()'s result.
  const all = [...router.matches(path, method ?? 'GET')];
  expect(summary(all[0] ?? null)).toEqual(expectedSummary(expected));
  expect(all.map((m) => m.route.index)).toEqual([...all.map((m) => m.route.index)].sort((a, b) => a - b));
});

runSuite({ name: `allowedMethods (%s, ${caseMode})`, rows: allowedMethodsCases, title: '$path → $expected', skip: [caseDependent()] }, ({ routes, path, expected }, strategy) => {
  expect(routerFor(routes, strategy).allowedMethods(path)).toEqual(expected);
});

// The answers that depend on case, in each mode: run whatever this project's mode is, with the option given.
const caseRows = caseDependentCases.flatMap((c) => [
  { ...c, mode: 'ignoring case', caseSensitive: false, expected: c.ignoringCase },
  { ...c, mode: 'case-sensitive', caseSensitive: true, expected: c.caseSensitive },
]);

/** A path the route takes (every parameter "v"): one for each route of a table reaches every subtree behind a fan-out. */
const pathTo = (template: string): string => `/${template.replace(/\{[^}]*\}/g, 'v')}`;

/** The most subtrees that reached a subtree shape compiled so far (router.source notes each one it compiled), or 0. */
const compiledReach = (source: string | null): number =>
  Math.max(0, ...[...(source ?? '').matchAll(/A subtree shape reached by (\d+) subtrees/g)].map((m) => Number(m[1])));

/**
 * Whether the generated code of the table compiles a subtree shape behind a literal table once every route has been
 * asked for: the table has such a literal table and SHARED_SHAPE routes with parameters below it (a static route is
 * the static table's, and never reaches it).
 */
const compilesShapes = (router: CompiledRouter, routes: readonly { template: string }[]): boolean =>
  router.source!.includes('compiled on first use') && routes.filter((route) => route.template.includes('{')).length >= SHARED_SHAPE;

describe.each(strategies)('match (%s): answers that depend on case', (strategy) => {
  it.each(caseRows)('$label: $path, $mode', ({ routes, path, method, caseSensitive, expected }) => {
    const router = routerFor(routes, strategy, { caseSensitive });
    expect(summary(router.match(path, method ?? 'GET'))).toEqual(expectedSummary(expected));
    expect(summary([...router.matches(path, method ?? 'GET')][0] ?? null)).toEqual(expectedSummary(expected));
    // The same answer again, once the code compiled on first use has been: a subtree shape behind a literal table
    // compiles when SHARED_SHAPE subtrees have reached it, so a path of each route is asked for first.
    const compiles = strategy === 'generated' && compilesShapes(router, routes);
    for (const route of routes) router.match(pathTo(route.template), method ?? 'GET');
    if (compiles) expect(compiledReach(router.source)).toBeGreaterThanOrEqual(SHARED_SHAPE);
    expect(summary(router.match(path, method ?? 'GET'))).toEqual(expectedSummary(expected));
    if (expected !== null && method === undefined) expect(router.allowedMethods(path)).toContain('*');
  });

  // Not vacuous: the table has rows whose generated code compiles a shape on first use.
  if (strategy === 'generated') {
    it('rows behind a literal table compile a subtree shape on first use', () => {
      const compiling = caseRows.filter(({ routes, caseSensitive }) => compilesShapes(routerFor(routes, strategy, { caseSensitive }), routes));
      expect(compiling.map((row) => row.label)).toEqual(expect.arrayContaining(['a literal fan-out with subtrees behind it', 'a literal table (more than 8 literals with one first char), another case after the first char']));
    });
  }
});

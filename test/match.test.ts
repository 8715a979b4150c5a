import { describe, expect, it } from 'vitest';
import { routerFor, strategies } from './support/routers.js';
import type { RouteMatch } from '../src/index.js';
import { allowedMethodsCases, matchCases } from './cases/match-cases.js';



/** A match as the tables write it; the keys are listed too, so a key set to undefined does not pass for an absent one. */
const summary = (found: RouteMatch | null | undefined) =>
  found ? { index: found.route.index, values: found.values, keys: Object.keys(found.values).sort() } : null;
const expectedSummary = (expected: { index: number; values: Record<string, unknown> } | null) =>
  expected ? { ...expected, keys: Object.keys(expected.values).sort() } : null;

// Titles carry the method, the path and the first template.
const rows = matchCases.map((c) => ({ ...c, request: `${c.method ?? 'GET'} ${c.path}` }));

describe.each(strategies)('match (%s)', (strategy) => {
  it.each(rows)('$request against $routes.0.template', ({ routes, path, method, expected }) => {
    const router = routerFor(routes, strategy);
    const found = router.match(path, method ?? 'GET');
    expect(summary(found)).toEqual(expectedSummary(expected));
    // matches() lists every accepting route in order: it starts with match()'s result.
    const all = [...router.matches(path, method ?? 'GET')];
    expect(summary(all[0] ?? null)).toEqual(expectedSummary(expected));
    expect(all.map((m) => m.route.index)).toEqual([...all.map((m) => m.route.index)].sort((a, b) => a - b));
  });

  it.each(allowedMethodsCases)('allowedMethods $path → $expected', ({ routes, path, expected }) => {
    expect(routerFor(routes, strategy).allowedMethods(path)).toEqual(expected);
  });
});

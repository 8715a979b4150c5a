import { describe, expect, it } from 'vitest';
import { caseMode, forCaseMode, routerFor, strategies } from './support/routers.js';
import type { RouteMatch } from '../src/index.js';
import { allowedMethodsCases, matchCases } from './cases/match-cases.js';
import { caseDependentCases } from './cases/case-sensitive-cases.js';



/** A match as the tables write it; the keys are listed too, so a key set to undefined does not pass for an absent one. */
const summary = (found: RouteMatch | null | undefined) =>
  found ? { index: found.route.index, values: found.values, keys: Object.keys(found.values).sort() } : null;
const expectedSummary = (expected: { index: number; values: Record<string, unknown> } | null) =>
  expected ? { ...expected, keys: Object.keys(expected.values).sort() } : null;

// Titles carry the method, the path and the first template.
const rows = forCaseMode(matchCases).map((c) => ({ ...c, request: `${c.method ?? 'GET'} ${c.path}` }));

describe.each(strategies)(`match (%s, ${caseMode})`, (strategy) => {
  it.each(rows)('$request against $routes.0.template', ({ routes, path, method, expected }) => {
    const router = routerFor(routes, strategy);
    const found = router.match(path, method ?? 'GET');
    expect(summary(found)).toEqual(expectedSummary(expected));
    // matches() lists every accepting route in order: it starts with match()'s result.
    const all = [...router.matches(path, method ?? 'GET')];
    expect(summary(all[0] ?? null)).toEqual(expectedSummary(expected));
    expect(all.map((m) => m.route.index)).toEqual([...all.map((m) => m.route.index)].sort((a, b) => a - b));
  });

  it.each(forCaseMode(allowedMethodsCases))('allowedMethods $path → $expected', ({ routes, path, expected }) => {
    expect(routerFor(routes, strategy).allowedMethods(path)).toEqual(expected);
  });
});

// The answers that depend on case, in each mode: run whatever this project's mode is, with the option given.
const caseRows = caseDependentCases.flatMap((c) => [
  { ...c, mode: 'ignoring case', caseSensitive: false, expected: c.ignoringCase },
  { ...c, mode: 'case-sensitive', caseSensitive: true, expected: c.caseSensitive },
]);

describe.each(strategies)('match (%s): answers that depend on case', (strategy) => {
  it.each(caseRows)('$label: $path, $mode', ({ routes, path, method, caseSensitive, expected }) => {
    const router = routerFor(routes, strategy, { caseSensitive });
    expect(summary(router.match(path, method ?? 'GET'))).toEqual(expectedSummary(expected));
    expect(summary([...router.matches(path, method ?? 'GET')][0] ?? null)).toEqual(expectedSummary(expected));
    // The same answer again, once whatever compiles on first use (a fan-out's subtrees) has been compiled.
    for (let i = 0; i < 8; i++) router.match(path, method ?? 'GET');
    expect(summary(router.match(path, method ?? 'GET'))).toEqual(expectedSummary(expected));
    if (expected !== null && method === undefined) expect(router.allowedMethods(path)).toContain('*');
  });
});

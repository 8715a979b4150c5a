// Keeps the benchmark fixtures honest: both strategies must give each request of the shared route sets
// (test/fixtures) its expected route, or the benchmarks time wrong answers.
// Nothing here is timed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseMode, forCaseMode, compileWith, strategies } from './support/routers.js';

interface FixtureRoute {
  method: string;
  template: string;
  colon: string;
}
interface FixtureRequest {
  method: string;
  path: string;
  kind: 'static' | 'param' | 'deep' | 'miss';
  expect: number | null;
}
interface Fixture {
  routes: FixtureRoute[];
  requests: FixtureRequest[];
}

const load = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`./fixtures/routes-${name}.json`, import.meta.url), 'utf8')) as Fixture;

describe.each(['github', 'small'])('bench fixture %s', (name) => {
  const fixture = load(name);
  // As the benchmark adapters register them: one method per route, payload = index.
  const definitions = fixture.routes.map((r, i) => ({ name: `${r.method} ${r.template}`, template: r.template, methods: [r.method], handler: i }));
  const rows = fixture.requests.map((r) => ({ ...r, request: `${r.method} ${r.path}` }));
  // With caseSensitive, the requests whose answer cannot depend on case (the table's literals checked once).
  const rowsForMode = forCaseMode([{ routes: definitions, path: '' }]).length === 0 ? [] : forCaseMode(rows.map((r) => ({ ...r, routes: [] })));

  it('has requests of every kind', () => {
    for (const kind of ['static', 'param', 'deep', 'miss']) expect(rows.some((r) => r.kind === kind)).toBe(true);
  });

  describe.each(strategies)(`%s (${caseMode})`, (strategy) => {
    const router = compileWith(definitions, { strategy });
    it.each(rowsForMode)('$request → route $expect', ({ method, path, expect: expected }) => {
      const found = router.match(path, method);
      expect(found === null ? null : found.route.index).toBe(expected);
      if (found !== null) expect(found.route.handler).toBe(expected);
    });
  });
});

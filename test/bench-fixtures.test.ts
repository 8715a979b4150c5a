// Keeps the benchmark fixtures honest: both strategies must give each request of the shared route sets
// (test/fixtures) its expected route, or the benchmarks time wrong answers.
// Nothing here is timed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompiledRouter } from '../src/index.js';
import { caseDependent, caseMode, compileWith } from './support/routers.js';
import { runSuite } from './support/suite.js';

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
  const rows = fixture.requests.map((r) => ({ ...r, request: `${r.method} ${r.path}`, routes: definitions }));

  it('has requests of every kind', () => {
    for (const kind of ['static', 'param', 'deep', 'miss']) expect(rows.some((r) => r.kind === kind)).toBe(true);
  });

  const routers = new Map<string, CompiledRouter>();
  runSuite({ name: `%s (${caseMode})`, rows, title: '$request → route $expect', skip: [caseDependent()] }, ({ method, path, expect: expected }, strategy) => {
    if (!routers.has(strategy)) routers.set(strategy, compileWith(definitions, { strategy }));
    const found = routers.get(strategy)!.match(path, method);
    expect(found === null ? null : found.route.index).toBe(expected);
    if (found !== null) expect(found.route.handler).toBe(expected);
  });
});

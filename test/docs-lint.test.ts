// The docs' own route tables pass the project's own lint: no error and no warning (a reader copies them). The
// files that exist to show lint findings, route errors and bad JSON are the exceptions, and must keep showing them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';
import { diagnostics } from '../src/introspect.js';
import { ROUTER, type RouteCollection } from '../src/http.js';
import { createSampleApp } from '../docs/examples/sample-app.js';

const EXAMPLES = new URL('../docs/examples/', import.meta.url);
const SHOWCASES = new Set(['routes-lint.json', 'routes-warnings.json', 'routes-errors.json', 'routes-bad-json.json']);
const tables = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !SHOWCASES.has(f));

describe("the docs' route tables pass lint", () => {
  it.each(tables)('docs/examples/%s', (file) => {
    const routes = JSON.parse(readFileSync(new URL(file, EXAMPLES), 'utf8')) as RouteDefinition[];
    const findings = diagnostics(compile(routes)).filter((d) => d.severity !== 'info');
    expect(findings.map((d) => `#${d.route.index} ${d.code}: ${d.message}`)).toEqual([]);
  });

  it('the sample app of docs/pipeline.md (docs/examples/sample-app.ts)', () => {
    const routes = createSampleApp().services.getRequired<RouteCollection>(ROUTER);
    const findings = routes.diagnostics().filter((d) => d.severity !== 'info');
    expect(findings.map((d) => `#${d.route.index} ${d.code}: ${d.message}`)).toEqual([]);
  });

  it('the lint showcase still has findings to show', () => {
    const routes = JSON.parse(readFileSync(new URL('routes-lint.json', EXAMPLES), 'utf8')) as RouteDefinition[];
    expect(diagnostics(compile(routes)).filter((d) => d.severity === 'error').length).toBeGreaterThan(0);
  });
});

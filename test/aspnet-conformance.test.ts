// ASP.NET Core routing's own unit-test vectors (transcribed in test/cases/aspnet-*.ts), run against every
// strategy. Rows marked "(differs: ...)" in their source are where our spec deliberately differs: skipped, with that reason.
import { describe, expect, it } from 'vitest';
import { normalizeVirtualPath } from '../src/compile/generate/normalize-path.js';
import { ConstraintRegistry, RegexRouteConstraint } from '../src/constraints.js';
import { compile, parseTemplate, RouteCreationError, TemplateParseError } from '../src/index.js';
import { aspnetConstraintCases, aspnetConstraintErrorCases } from './cases/aspnet-constraint-cases.js';
import { aspnetGenerateCases, aspnetRouteValueEqualityCases, aspnetVirtualPathCases } from './cases/aspnet-generate-cases.js';
import { aspnetMatchCases, aspnetRouteErrorCases } from './cases/aspnet-match-cases.js';
import { aspnetTemplateCases } from './cases/aspnet-template-cases.js';
import { routePartsEqual } from '../src/route-values.js';
import { caseDependent, caseMode, routerFor } from './support/routers.js';
import { runSuite, type Skip } from './support/suite.js';

const differs: Skip<{ source?: string }> = {
  reason: 'our spec deliberately differs from ASP.NET here (the row says how)',
  rows: ({ source }) => /\(differs: /.test(source ?? ''),
};

describe('ASP.NET template parser vectors', () => {
  it.each(aspnetTemplateCases)('$template ($source)', ({ template, expected, error }) => {
    if (error) {
      expect(() => parseTemplate(template)).toThrow(TemplateParseError);
    } else {
      expect({ segments: parseTemplate(template).segments }).toEqual(expected);
    }
  });
});

describe('ASP.NET constraint vectors', () => {
  const registry = new ConstraintRegistry();
  it.each(aspnetConstraintCases)('$constraint accepts $value: $accepted ($source)', ({ constraint, value, accepted }) => {
    // a RegExp object becomes a RegexRouteConstraint, as it does in a route's constraints object
    const c = typeof constraint === 'string' ? registry.resolve(constraint) : new RegexRouteConstraint(constraint);
    expect(c.match(undefined, null, 'p', { p: value }, 'incoming')).toBe(accepted);
  });
  it.each(aspnetConstraintErrorCases)('$constraint is rejected ($source)', ({ constraint }) => {
    expect(() => compile([{ name: 'r', template: `{p:${constraint.replace(/\{/g, '{{').replace(/\}/g, '}}')}}` }])).toThrow(
      RouteCreationError,
    );
  });
});

describe('ASP.NET route creation errors', () => {
  it.each(aspnetRouteErrorCases)('$routes.0.template is rejected ($source)', ({ routes: given, reason, templateError }) => {
    // constraints may hold a non-string on purpose: the route table reaches compile() as plain JS data
    const routes = given.map((r) => ({ name: null, ...r })) as Parameters<typeof compile>[0];
    expect(() => compile(routes)).toThrow(templateError ? TemplateParseError : RouteCreationError);
    expect(() => compile(routes)).toThrow(reason);
  });
});

describe('ASP.NET route-value equality', () => {
  it.each(aspnetRouteValueEqualityCases)('$left and $right: $equal ($source)', ({ left, right, equal }) => {
    expect(routePartsEqual(left, right)).toBe(equal);
    expect(routePartsEqual(right, left)).toBe(equal);
  });
});

describe('ASP.NET generated-path normalizing (route options)', () => {
  it.each(aspnetVirtualPathCases)('$url with $options is $expected ($source)', ({ url, options, expected }) => {
    expect(normalizeVirtualPath(url, options)).toBe(expected);
  });
});

runSuite({ name: `ASP.NET matcher vectors (%s, ${caseMode})`, rows: aspnetMatchCases, title: '$path ($source)', skip: [differs, caseDependent()] }, ({ routes, path, method, expected }, strategy) => {
  const found = routerFor(routes, strategy).match(path, method ?? 'GET');
  expect(found === null ? null : { index: found.route.index, values: found.values }).toEqual(expected);
});

runSuite({ name: 'ASP.NET generation vectors (%s)', rows: aspnetGenerateCases, title: '$expected ($source)', skip: [differs] }, ({ routes, values, ambient, routeName, options, expected, expectedIndex }, strategy) => {
  const found = routerFor(routes, strategy, options ?? {}).generate(values, { ambientValues: ambient ?? null, routeName: routeName ?? null });
  expect(found?.path ?? null).toBe(expected);
  if (expectedIndex !== undefined && found) expect(found.route.index).toBe(expectedIndex);
});

// ASP.NET Core routing's own unit-test vectors (transcribed in test/cases/aspnet-*.ts), run against both
// strategies. Rows marked "(differs: ...)" in their source are where our spec deliberately differs.
import { describe, expect, it } from 'vitest';
import { ConstraintRegistry } from '../src/constraints.js';
import { compile, parseTemplate, RouteCreationError, TemplateParseError } from '../src/index.js';
import { aspnetConstraintCases, aspnetConstraintErrorCases } from './cases/aspnet-constraint-cases.js';
import { aspnetGenerateCases } from './cases/aspnet-generate-cases.js';
import { aspnetMatchCases } from './cases/aspnet-match-cases.js';
import { aspnetTemplateCases } from './cases/aspnet-template-cases.js';
import { caseMode, forCaseMode, routerFor, strategies } from './support/routers.js';

const differs = (source?: string) => /\(differs: /.test(source ?? '');

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
    const c = registry.resolve(constraint);
    expect(c.match(undefined, null, 'p', { p: value }, 'incoming')).toBe(accepted);
  });
  it.each(aspnetConstraintErrorCases)('$constraint is rejected ($source)', ({ constraint }) => {
    expect(() => compile([{ name: 'r', template: `{p:${constraint.replace(/\{/g, '{{').replace(/\}/g, '}}')}}` }])).toThrow(
      RouteCreationError,
    );
  });
});

describe.each(strategies)(`ASP.NET matcher vectors (%s, ${caseMode})`, (strategy) => {
  it.each(forCaseMode(aspnetMatchCases.filter((c) => !differs(c.source))))('$path ($source)', ({ routes, path, method, expected }) => {
    const found = routerFor(routes, strategy).match(path, method ?? 'GET');
    expect(found === null ? null : { index: found.route.index, values: found.values }).toEqual(expected);
  });
});

describe.each(strategies)('ASP.NET generation vectors (%s)', (strategy) => {
  it.each(aspnetGenerateCases.filter((c) => !differs(c.source)))(
    '$expected ($source)',
    ({ routes, values, ambient, routeName, options, expected, expectedIndex }) => {
      const found = routerFor(routes, strategy, options ?? {}).generate(values, { ambientValues: ambient ?? null, routeName: routeName ?? null });
      expect(found?.path ?? null).toBe(expected);
      if (expectedIndex !== undefined && found) expect(found.route.index).toBe(expectedIndex);
    },
  );
});

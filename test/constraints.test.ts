import { describe, expect, it } from 'vitest';
import { compileWith, strategies } from './support/routers.js';
import * as constraintsEntry from '../src/constraints.js';
import { ConstraintRegistry, HttpMethodRouteConstraint, IntRouteConstraint, type RouteConstraint } from '../src/constraints.js';
import { builtinConstraints } from '../src/constraints/registry.js';
import { compile, RouteCreationError, type CompiledRouter, type RouteDefinition } from '../src/index.js';
import { builtinNameOf } from '../src/constraints/builtins.js';
import { describeConstraint } from '../src/constraints/constraint-description.js';
import { constraintCases, constraintErrorCases, httpMethodConstraintCases } from './cases/constraint-cases.js';


/** "{p:<constraint>}", with the braces of the constraint doubled as the template syntax wants. */
const templateFor = (constraint: string) => `{p:${constraint.replace(/\{/g, '{{').replace(/\}/g, '}}')}}`;

/** The RouteCreationError thrown by `create`, or a failed expectation. */
function creationError(create: () => unknown): RouteCreationError {
  let thrown: unknown;
  try {
    create();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(RouteCreationError);
  return thrown as RouteCreationError;
}

describe('inline constraints', () => {
  const registry = new ConstraintRegistry();

  it.each(constraintCases)('$constraint on $value → $accepted', ({ constraint, value, accepted }) => {
    const c = registry.resolve(constraint);
    expect(c.match({ request: { method: 'GET' } }, null, 'p', { p: value }, 'incoming')).toBe(accepted);
    expect(c.match(undefined, null, 'p', { p: value }, 'generation')).toBe(accepted);
  });

  // A string value also arrives through a URL: percent-encoded, then decoded, then checked; the value stays a string.
  const routable = constraintCases.filter((c) => typeof c.value === 'string' && c.value !== '');
  it.each(routable)('{p:$constraint} matches /$value → $accepted', ({ constraint, value, accepted }) => {
    for (const strategy of strategies) {
      const found = compileWith([{ template: templateFor(constraint) }], { strategy }).match('/' + encodeURIComponent(value as string));
      expect(found === null ? null : found.values).toEqual(accepted ? { p: value } : null);
    }
  });

  it('a missing key never passes', () => {
    for (const name of ['int', 'bool', 'alpha', 'minlength(0)', 'regex(.*)', 'required', 'range(1,2)', 'guid', 'datetime']) {
      expect(registry.resolve(name).match(undefined, null, 'p', {}, 'incoming')).toBe(false);
    }
  });

  it('looks the value up by key ignoring case', () => {
    expect(registry.resolve('int').match(undefined, null, 'id', { ID: '5' }, 'incoming')).toBe(true);
    expect(registry.resolve('int').match(undefined, null, 'id', { ID: 'x' }, 'incoming')).toBe(false);
  });
});

describe('invalid inline constraints', () => {
  it.each(constraintErrorCases)('{p:$constraint} is a RouteCreationError', ({ constraint, reason }) => {
    const template = `{p:${constraint}}`;
    const e = creationError(() => compile([{ name: 'r', template }]));
    expect(e.routeName).toBe('r');
    expect(e.template).toBe(template);
    expect(e.reason).toMatch(reason);
    // The message names the route template, the parameter and the constraint.
    expect(e.message).toContain(JSON.stringify(template));
    expect(e.reason).toMatch(/\bp\b/);
    expect(e.reason).toContain(constraint.replace(/\(.*$/, ''));
  });
});

// An unknown name says which name it likely meant, which names there are, and how to register one.
describe('an unknown inline constraint name', () => {
  const slug = () => ({ match: () => true });
  it('the registry says the same for a name it does not have', () => {
    expect(() => new ConstraintRegistry().resolve('integer')).toThrow('the constraint "integer" is unknown (did you mean "int"?). The built-in constraints are int,');
  });

  it.each([
    ['{id:integer}', {}, ['the inline constraint "integer" of parameter "id" is unknown (did you mean "int"?). The built-in', 'The built-in constraints are int, bool, datetime,', 'range, regex.', 'register it: compile(routes, { constraints: { integer: () => new RegexRouteConstraint', 'with an adapter, switchyard(routes, { compile: { constraints: { integer: … } } })', 'or, in the node:http pipeline, addRouting(app.services, { constraintMap: { integer: … } }) before the routes are mapped']],
    ['{slug:slugg}', { slug }, ['the inline constraint "slugg" of parameter "slug" is unknown (did you mean "slug"?)', '; also registered: slug.']],
    ['{on:boolen}', {}, ['(did you mean "bool"?)']],
    ['{x:zzz}', {}, ['the inline constraint "zzz" of parameter "x" is unknown. The built-in constraints are']],
    ['{n:range2(1,2)}', {}, ['the inline constraint "range2" of parameter "n" is unknown (did you mean "range"?)']],
  ])('%s', (template, constraints, texts) => {
    const e = creationError(() => compile([{ template }], { constraints }));
    for (const text of texts) expect(e.reason).toContain(text);
  });
});

describe('HttpMethodRouteConstraint', () => {
  it.each(httpMethodConstraintCases)(
    '$allowed $direction $requestMethod $values → $accepted',
    ({ allowed, direction, requestMethod, values, accepted }) => {
      const c = new HttpMethodRouteConstraint(...allowed);
      const httpContext = requestMethod === undefined ? undefined : { request: { method: requestMethod } };
      expect(c.match(httpContext, null, 'httpMethod', values, direction)).toBe(accepted);
    },
  );
});

/** Paths against one route, for both strategies: the values, or null for no match. */
function expectMatches(route: RouteDefinition, rows: [path: string, values: Record<string, unknown> | null][], options = {}) {
  for (const strategy of strategies) {
    const router: CompiledRouter = compileWith([route], { ...options, strategy });
    for (const [path, values] of rows) {
      const found = router.match(path, 'GET');
      expect({ strategy, path, values: found === null ? null : found.values }).toEqual({ strategy, path, values });
    }
  }
}

describe('the constraints object', () => {
  it('a string naming a known constraint resolves to it', () => {
    expectMatches({ template: '{id}', constraints: { id: 'int' } }, [
      ['/5', { id: '5' }],
      ['/-5', { id: '-5' }],
      ['/x', null],
      ['/int', null],
    ]);
  });

  it('a known constraint with arguments resolves to it', () => {
    expectMatches({ template: '{id}', constraints: { id: 'range(1,10)' } }, [
      ['/10', { id: '10' }],
      ['/11', null],
    ]);
  });

  it('any other string is a regex over the whole value, case-insensitive (spec rule 5)', () => {
    expectMatches({ template: 'api/{action}', constraints: { action: 'list|get|create' } }, [
      ['/api/get', { action: 'get' }],
      ['/api/list', { action: 'list' }],
      ['/api/create', { action: 'create' }],
      ['/api/GET', { action: 'GET' }],
      ['/api/getx', null],
      ['/api/xget', null],
      ['/api/lis', null],
      ['/api/delete', null],
    ]);
  });

  it('a string regex that is already anchored still works', () => {
    expectMatches({ template: '{code}', constraints: { code: '^[a-z]{2}\\d$' } }, [
      ['/ab1', { code: 'ab1' }],
      ['/AB1', { code: 'AB1' }],
      ['/abc1', null],
    ]);
  });

  it('a constraint key is matched to its parameter ignoring case', () => {
    expectMatches({ template: '{id}', constraints: { ID: 'int' } }, [
      ['/5', { id: '5' }],
      ['/x', null],
    ]);
  });

  it('a RegExp instance is used as a regex', () => {
    expectMatches({ template: '{id}', constraints: { id: /^\d+$/ } }, [
      ['/123', { id: '123' }],
      ['/12a', null],
    ]);
  });

  it('an array of specs: all must pass', () => {
    expectMatches({ template: '{id}', constraints: { id: ['int', '\\d{2}', /^[1-5]/] } }, [
      ['/12', { id: '12' }],
      ['/55', { id: '55' }],
      ['/62', null],
      ['/123', null],
      ['/ab', null],
    ]);
  });

  it('a RouteConstraint instance is used as is', () => {
    const even: RouteConstraint = { match: (_c, _r, key, values) => Number(values[key]) % 2 === 0 };
    expectMatches({ template: '{n}', constraints: { n: even } }, [
      ['/4', { n: '4' }],
      ['/3', null],
    ]);
  });

  it('combines with inline constraints', () => {
    expectMatches({ template: '{id:int}', constraints: { id: 'min(10)' } }, [
      ['/10', { id: '10' }],
      ['/9', null],
      ['/ten', null],
    ]);
  });

  it.each([
    ['a number', 5],
    ['an object', {}],
    ['a boolean', true],
  ])('%s is a RouteCreationError', (_what, spec) => {
    const e = creationError(() => compile([{ name: 'r', template: '{id}', constraints: { id: spec as never } }]));
    expect(e.template).toBe('{id}');
    expect(e.reason).toContain('id');
  });

  it('an invalid regex string is a RouteCreationError', () => {
    const e = creationError(() => compile([{ name: 'r', template: '{id}', constraints: { id: '(abc' } }]));
    expect(e.reason).toContain('(abc');
  });

  it('a known name with bad arguments is a RouteCreationError', () => {
    creationError(() => compile([{ name: 'r', template: '{id}', constraints: { id: 'range(10,1)' } }]));
  });
});

describe('defaults given twice', () => {
  it('inline and in the defaults object is a RouteCreationError', () => {
    const e = creationError(() => compile([{ name: 'r', template: '{id=5}', defaults: { id: '6' } }]));
    expect(e.template).toBe('{id=5}');
    expect(e.reason).toContain('id');
  });

  it('also when the defaults key differs in case', () => {
    creationError(() => compile([{ name: 'r', template: '{id=5}', defaults: { ID: '6' } }]));
  });
});

describe('custom constraint names', () => {
  const even = () => ({ match: (_c: unknown, _r: unknown, key: string, values: Record<string, unknown>) => Number(values[key]) % 2 === 0 });
  const divisibleBy = (args: readonly string[]): RouteConstraint => {
    const n = Number(args[0]);
    return { match: (_c, _r, key, values) => Number(values[key]) % n === 0 };
  };

  it('a name registered through compile({ constraints }) works inline', () => {
    expectMatches({ template: 'n/{n:even}' }, [['/n/4', { n: '4' }], ['/n/3', null]], { constraints: { even } });
  });

  it('with arguments, and combined with built-ins', () => {
    expectMatches({ template: '{n:int:div(3)}' }, [['/9', { n: '9' }], ['/10', null], ['/x', null]], { constraints: { div: divisibleBy } });
  });

  it('works in the constraints object too', () => {
    expectMatches({ template: '{n}', constraints: { n: 'even' } }, [['/4', { n: '4' }], ['/3', null]], { constraints: { even } });
  });

  it('is unknown without registration', () => {
    creationError(() => compile([{ name: 'r', template: '{n:even}' }]));
  });
});

// A built-in constraint is known by its exact class, through the class's own record, builtin (not a list of the
// classes, which would keep every class in a bundle that uses one): a route freezes it, and its description is
// the one for its name; a subclass (it may override match()) is custom, left as the application made it.
describe('built-in constraint classes, by their own name', () => {
  const registry = new ConstraintRegistry();
  class Digits extends IntRouteConstraint {}
  // Each built-in name, as a route writes it (its label).
  const written: Record<string, string> = { minlength: 'minlength(2)', maxlength: 'maxlength(2)', length: 'length(2,3)', min: 'min(2)', max: 'max(2)', range: 'range(1,9)', regex: 'regex(^a$)' };
  it.each(Object.keys(builtinConstraints))('%s: its class names it, a route freezes it, it is described', (name) => {
    const reference = written[name] ?? name;
    const constraint = registry.resolve(reference);
    expect(builtinNameOf(constraint)).toBe(name);
    const route = compile([{ template: 'a/{p}', constraints: { p: constraint } }]).routes[0];
    expect(Object.isFrozen(route.constraints.get('p'))).toBe(true);
    expect(describeConstraint(constraint)?.label).toBe(reference);
  });
  // The registry's names are the records' (written out in registry.ts, so that start-up makes no record): every class
  // a template can name, and no other (the test above: each name's factory makes its class).
  const inlineNames = Object.values(constraintsEntry).flatMap((value) => {
    const builtin: unknown = typeof value === 'function' && Object.hasOwn(value, 'builtin') ? (value as { builtin: unknown }).builtin : null;
    return builtin !== null && 'accepts' in (builtin as object) ? [(builtin as { name: string }).name] : [];
  });
  it('every class a template can name is in the registry under its record\'s name', () => {
    expect(inlineNames.sort()).toEqual(Object.keys(builtinConstraints).sort());
  });
  it('the wrappers and the HTTP method constraint are built-in, frozen, and described by what they hold (not as one)', () => {
    const route = compile([{ template: 'a/{p:int?}', constraints: { p: 'range(1,9)', httpMethod: new HttpMethodRouteConstraint('GET') } }]).routes[0];
    expect([...route.constraints.values()].map(builtinNameOf)).toEqual(['optional', 'httpMethod']);
    expect([...route.constraints.values()].every((c) => Object.isFrozen(c))).toBe(true);
    expect([...route.constraints.values()].map(describeConstraint)).toEqual([null, null]);
  });
  it('a subclass is custom: no name, not frozen, not described (even with an own field of that name)', () => {
    const sub = new Digits();
    expect(builtinNameOf(sub)).toBe(null);
    expect(Digits.builtin.name).toBe('int'); // inherited, not its own
    const route = compile([{ template: 'a/{p}', constraints: { p: sub } }]).routes[0];
    expect(Object.isFrozen(route.constraints.get('p'))).toBe(false);
    expect(describeConstraint(sub)).toBe(null);
    expect(builtinNameOf(Object.assign(new Digits(), { builtin: IntRouteConstraint.builtin }))).toBe(null);
    expect(builtinNameOf({ match: () => true })).toBe(null);
    expect(builtinNameOf(Object.create(null) as RouteConstraint)).toBe(null);
  });
});

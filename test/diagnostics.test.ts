// diagnostics(router): tables of known-shadowed and known-reachable shapes and of the day-one mistakes, and
// the soundness property — a route reported unreachable is never the one a generated request matches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlphaRouteConstraint, BoolRouteConstraint, HttpMethodRouteConstraint, DecimalRouteConstraint, IntRouteConstraint, LengthRouteConstraint, LongRouteConstraint, MaxLengthRouteConstraint, MaxRouteConstraint, MinLengthRouteConstraint, MinRouteConstraint, RangeRouteConstraint, type RouteConstraint } from '../src/constraints.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { type Diagnostic, diagnostics } from '../src/introspect.js';
import { fuzzHarness } from './support/fuzz.js';
import { Case, caseArb, routesArb, wideRoute } from './support/route-generators.js';
import { internalsOf } from '../src/compile/router-internals.js';
import type { RouteEntry } from '../src/compile/route-entry.js';
import { CoverIndex, coversLengths, provesCover } from '../src/compile/introspect/cover.js';
import { parseTemplate } from '../src/index.js';

const { TIMEOUT, check, runs } = fuzzHarness('test/diagnostics.test.ts', 0xd1a6);

const route = (r: string | RouteDefinition): RouteDefinition => (typeof r === 'string' ? { template: r } : r);

/** An int constraint that also wants the number even: a subclass, so a custom constraint. */
class EvenInt extends IntRouteConstraint {
  override matchText(text: string): boolean {
    return super.matchText(text) && Number(text) % 2 === 0;
  }
}
/** "shadowed #1 by #0" / "impossible-constraint #0" — the proven (error) findings, compactly. */
const errorsOf = (found: readonly Diagnostic[]): string[] =>
  found.filter((d) => d.severity === 'error').map((d) => `${d.code} #${d.route.index}${d.by ? ` by #${d.by.index}` : ''}`);

// ─── Shadowing: known shapes ──────────────────────────────────────────────────────────────────────────────

const shadowed: [string, (string | RouteDefinition)[], string[]][] = [
  ['a catch-all before anything', ['{*path}', 'products/list', '{id:int}'], ['shadowed #1 by #0', 'shadowed #2 by #0']],
  ['the same template twice', ['api/{id}', 'api/{id}'], ['shadowed #1 by #0']],
  ['the same template, other case and names', ['API/{Id}', 'api/{x}'], ['shadowed #1 by #0']],
  ['parameters before literals', ['{controller}/{action}', 'products/list'], ['shadowed #1 by #0']],
  ['defaults cover the shorter paths', ['{controller=Home}/{action=Index}/{id?}', 'about', '', 'a/b/c'], ['shadowed #1 by #0', 'shadowed #2 by #0', 'shadowed #3 by #0']],
  ['the same constraint on both', ['api/{id:int}', 'api/{n:int:range(1,10)}'], ['shadowed #1 by #0']],
  ['a verb limit that includes the later one', [{ template: 'x/{id}', methods: ['GET', 'POST'] }, { template: 'x/{id}', methods: ['GET'] }], ['shadowed #1 by #0']],
  ['a constraint on a default that passes', [{ template: 'x/{id?}', defaults: { area: 'a' }, constraints: { area: 'a|b' } }, 'x'], ['shadowed #1 by #0']],
  ['a default and its constraint keyed in different case', [{ template: 'x/{id?}', defaults: { Area: 'a' }, constraints: { area: 'a|b' } }, 'x'], ['shadowed #1 by #0']],
  ['a catch-all later in the template', ['files/{*rest}', 'files/{a}/{b}', 'files/{a}.{b}'], ['shadowed #1 by #0', 'shadowed #2 by #0']],
  ['an identical complex segment', ['f/{a}.{b?}', 'f/{x}.{y?}'], ['shadowed #1 by #0']],
  ['several routes whose verb limits together cover a later one', [{ template: 'x/{id}', methods: ['GET'] }, { template: 'x/{n}', methods: ['POST', 'PUT'] }, { template: 'x/{id}', methods: ['GET', 'POST'] }], ['shadowed #2 by #0']],
];

const reachable: [string, (string | RouteDefinition)[]][] = [
  ['a constraint the later route lacks', ['api/{id:int}', 'api/{name}']],
  ['a regex constraint against a literal (not proven)', [{ template: '{x}', constraints: { x: 'products' } }, 'products']],
  ['a custom constraint (not proven)', [{ template: '{x}', constraints: { x: { match: () => true } } }, 'a']],
  ['a narrower verb limit', [{ template: 'x', methods: ['GET'] }, 'x']],
  ['more segments', ['{a}/{b}', '{a}/{b}/{c}']],
  ['a literal before a parameter', ['products/list', '{controller}/{action}']],
  ['a parameter that a complex segment does not cover', ['f/{a}.{b}', 'f/{x}']],
  ['an optional parameter that a required one does not cover', ['{a}', '{a?}']],
  ['a catch-all covers empty segments, a parameter chain does not', ['{a}/{b}/{c}/{d}', '{*rest}']],
  ['two routes that together cover a third but for a method neither allows', [{ template: 'x', methods: ['GET'] }, { template: 'x', methods: ['POST'] }, { template: 'x', methods: ['GET', 'PUT'] }]],
  ['two routes whose verbs cover a third, one of them with a constraint the third lacks', [{ template: 'x/{id:int}', methods: ['GET'] }, { template: 'x/{id}', methods: ['POST'] }, { template: 'x/{id}', methods: ['GET', 'POST'] }]],
  ['a constraint on a default that fails', [{ template: 'x/{id?}', defaults: { area: 'c' }, constraints: { area: 'a|b' } }, 'x']],
  // A subclass may override match(): it is a custom constraint, whatever its base class.
  ['a subclass of int before int (a custom constraint)', [{ template: 'a/{id}', constraints: { id: new EvenInt() } }, 'a/{id:int}']],
  ['a subclass of range before range', [{ template: 'a/{id}', constraints: { id: new (class extends RangeRouteConstraint { override matchText(t: string) { return super.matchText(t) && t !== '5'; } })(1n, 9n) } }, 'a/{id:range(1,9)}']],
  ['a subclass of alpha before alpha', [{ template: '{x}', constraints: { x: new (class extends AlphaRouteConstraint { override matchText(t: string) { return t.length > 1; } })() } }, '{x:alpha}']],
];

describe('shadowed routes (proven)', () => {
  it.each(shadowed)('%s', (_title, routes, expected) => {
    const router = compile(routes.map(route));
    const found = diagnostics(router);
    expect(errorsOf(found)).toEqual(expected);
    // Each comes with a request that shows it: the later route accepts it alone, the earlier one takes it.
    for (const d of found.filter((f) => f.code === 'shadowed')) {
      expect(d.example, d.message).not.toBeNull();
      expect(compile([routes[d.route.index]].map(route)).match(d.example!.path, d.example!.method)).not.toBeNull();
      expect(router.match(d.example!.path, d.example!.method)?.route.index).toBeLessThan(d.route.index);
    }
  });
});

// Shadowing depends on how literals compare: ignoring case (the default) "Users" takes every request of "users".
const shadowedByCase: [string, string[], number[], number[]][] = [
  ['a literal in another case', ['Users', 'users'], [1], []],
  ['a literal under a parameter', ['api/Users/{id}', 'api/users/{id:int}'], [1], []],
  ['a complex segment literal', ['files/{name}.TXT', 'files/{name}.txt'], [1], []],
  ['the same spelling', ['Users', 'Users'], [1], [1]],
];

describe.each([false, true])('shadowed routes with caseSensitive: %s', (caseSensitive) => {
  it.each(shadowedByCase)('%s', (_title, templates, ignoringCase, withCase) => {
    const router = compile(templates.map((template) => ({ template })), { caseSensitive });
    const found = diagnostics(router).filter((d) => d.code === 'shadowed');
    expect(found.map((d) => d.route.index)).toEqual(caseSensitive ? withCase : ignoringCase);
    for (const d of found) expect(router.match(d.example!.path, d.example!.method)?.route.index).toBeLessThan(d.route.index);
  });
});

// What conventional routing does on purpose gets no finding at all: a person would not act on it.
const idioms: [string, RouteDefinition][] = [
  ['controller and action as defaults that name no parameter', { template: 'blog/{year}', defaults: { controller: 'Blog', action: 'Archive', area: 'news' } }],
  ['a custom constraint object under a key that names no parameter', { template: 'api/items', constraints: { httpMethod: new HttpMethodRouteConstraint('GET', 'POST') } }],
  ['a custom constraint object of the user\'s under any key', { template: 'x', constraints: { tenant: { match: () => true } } }],
  ['a nonfile constraint on a key with no value (it passes a missing value)', { template: 'x', constraints: { other: 'nonfile' } }],
  // A route kept only for links fills a value from its default when a link leaves it out: what the default is for.
  ['a default before a required segment on a route only for links', { template: '{controller=Home}/{action}/{id?}', generationOnly: true }],
];

describe('idioms of conventional routing (no finding)', () => {
  it.each(idioms)('%s', (_title, definition) => {
    expect(diagnostics(compile([definition])).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });
});

describe('reachable routes (not reported as shadowed)', () => {
  it.each(reachable)('%s', (_title, routes) => {
    expect(errorsOf(diagnostics(compile(routes.map(route)))).filter((e) => e.startsWith('shadowed'))).toEqual([]);
  });
});

// ─── Mistakes ─────────────────────────────────────────────────────────────────────────────────────────────

const mistakes: [string, RouteDefinition, string, 'error' | 'warning' | 'info', string][] = [
  ['min > max', { template: 'a/{id:min(10):max(5)}' }, 'impossible-constraint', 'error', 'min(10) and max(5) leave no number (10 > 5)'],
  ['int and alpha', { template: '{x:int:alpha}' }, 'impossible-constraint', 'error', 'alpha (letters only) and int (needs a digit)'],
  ['bool and decimal', { template: '{x}', constraints: { x: ['bool', 'decimal'] } }, 'impossible-constraint', 'error', 'bool ("true" or "false") and decimal'],
  ['int out of its own range', { template: '{x:int:min(3000000000)}' }, 'impossible-constraint', 'error', 'leave no number'],
  ['lengths', { template: '{x:minlength(5):maxlength(2)}' }, 'impossible-constraint', 'error', 'leave no length (5 > 2)'],
  ['impossible but optional', { template: 'a/{x:int:alpha?}' }, 'impossible-constraint', 'warning', 'can never be given'],
  ['a default violating its constraint', { template: 'p/{page:int=first}' }, 'default-violates-constraint', 'warning', 'the default page="first" violates its own constraint page:int'],
  ['a non-parameter default violating its constraint', { template: 'p', defaults: { area: 'x' }, constraints: { area: 'int' } }, 'default-violates-constraint', 'error', 'unreachable: the default area="x"'],
  ['a required parameter after an optional one', { template: '{a?}/{b}' }, 'required-after-optional', 'warning', '"{a?}" is optional but can never be left out: the required segment "{b}" comes after it'],
  ['a default before a required segment', { template: '{controller=Home}/{action}' }, 'required-after-optional', 'warning', 'the default of "{controller=Home}" is never used when matching'],
  ['constraint keys differing only in case', { template: '{id}', constraints: { id: 'int', ID: 'min(1)' } }, 'case-duplicate', 'warning', '"id" and "ID" differ only in case'],
  ['Express :id', { template: 'users/:id' }, 'express-syntax', 'warning', 'a parameter is written {id}'],
  ['Express *', { template: 'files/*' }, 'express-syntax', 'warning', 'a catch-all is written {*path}'],
  ['a constraints key naming no parameter', { template: 'users/{id}', constraints: { userId: 'int' } }, 'constraint-key-not-parameter', 'error', 'names no parameter'],
  ['a defaults key that looks like a misspelt parameter', { template: 'blog/{posttitle}', defaults: { postitle: 'welcome' } }, 'default-key-not-parameter', 'warning', 'Did you mean {posttitle}?'],
  ['a defaults key that a parameter starts with', { template: 'shop/{category}', defaults: { cat: 'all' } }, 'default-key-not-parameter', 'warning', 'Did you mean {category}?'],
  ['a defaults key with two letters swapped', { template: 'blog/{section}/{page}', defaults: { pgae: '1' } }, 'default-key-not-parameter', 'warning', 'Did you mean {page}?'],
  ['a longer defaults key with two letters swapped', { template: 'blog/{section}/{page}', defaults: { sectoin: 'news' } }, 'default-key-not-parameter', 'warning', 'Did you mean {section}?'],
  ['a misspelt constraints key, which never matches', { template: 'users/{userId}', constraints: { userld: 'int' } }, 'constraint-key-not-parameter', 'error', 'Did you mean {userId}?'],
  ['a string constraint that spells a longer built-in name', { template: 'c/{id:int}', constraints: { id: 'integer' } }, 'misspelt-constraint', 'warning', 'names no constraint, so it is a regular expression that accepts only the text "integer". Did you mean the built-in constraint "int"?'],
  ['a string constraint one letter off a built-in name', { template: 'u/{id}', constraints: { id: 'uuid' } }, 'misspelt-constraint', 'warning', 'Did you mean the built-in constraint "guid"?'],
  ['a string constraint with two letters swapped', { template: 'f/{x}', constraints: { x: 'flaot' } }, 'misspelt-constraint', 'warning', '"float"'],
  ['a string constraint that is a built-in name in other words', { template: 'b/{on}', constraints: { on: 'boolean' } }, 'misspelt-constraint', 'warning', '"bool"'],
  ['an unknown method', { template: 'x', methods: ['GETT'] }, 'unknown-method', 'warning', '"GETT" is not an HTTP method'],
  ['a parameter name with a leading ":"', { template: '{:int}' }, 'odd-parameter-name', 'warning', '{id:int}'],
  ['a parameter name with a space', { template: '{user id}' }, 'odd-parameter-name', 'warning', 'has spaces'],
  ['an unanchored alternation', { template: '{x:regex(^a|b$)}' }, 'unanchored-alternation', 'warning', 'accepts "xb"'],
  ['an unanchored alternation in a RegExp', { template: '{x}', constraints: { x: /^(a)|b$/ } }, 'unanchored-alternation', 'warning', 'write ^(?:a|b)$'],
];

describe('mistakes', () => {
  it.each(mistakes)('%s', (_title, definition, code, severity, text) => {
    const found = diagnostics(compile([definition])).filter((d) => d.code === code);
    expect(found.map((d) => d.severity)).toEqual([severity]);
    expect(found[0].message).toContain(text);
  });

  it.each([
    ['{controller=Home}/{action=Index}/{id?}'],
    ['api/todo/{id:int}'],
    ['{x:regex(^(a|b)$)}'],
    ['{x:regex(a|b)}'],
    ['files/{name}.{ext?}'],
  ])('a clean route has nothing to say: %s', (template) => {
    expect(diagnostics(compile([{ template, methods: ['GET'] }]))).toEqual([]);
  });

  // A word that is no constraint name, or a regex with regex syntax, is a regex on purpose.
  it.each([
    [{ controller: 'Home' }],
    [{ action: 'index' }],
    [{ action: 'Index|About' }],
    [{ id: '^(?:integer)$' }],
    [{ id: 'int' }],
    [{ id: /^(?:\d+)$/ }],
  ])('a string constraint that spells no constraint name has nothing to say: %j', (constraints) => {
    expect(diagnostics(compile([{ template: '{controller}/{action}/{id}', constraints, methods: ['GET'] }]))).toEqual([]);
  });
});

// ─── Soundness ────────────────────────────────────────────────────────────────────────────────────────────

let unreachableSeen = 0;
let probes = 0;
let shadowedAccepting = 0;
const sound = (c: Case): void => {
  const router = compile(c.routes);
  const found = diagnostics(router);
  const errors = found.filter((d) => d.severity === 'error');
  // Shadowed named routes are warnings (they still make links): they are just as unreachable.
  const unreachable = new Set([...errors, ...found.filter((d) => d.code === 'shadowed')].map((d) => d.route.index));
  // Routes whose own constraints can never pass accept no request at all, not even behind the winner.
  const neverMatch = new Set(errors.filter((d) => d.code !== 'shadowed').map((d) => d.route.index));
  unreachableSeen += unreachable.size;
  if (unreachable.size === 0) return;
  // Requests derived from every route, the unreachable ones included, plus the case's own.
  for (const [path, method] of c.paths) {
    probes++;
    const found = router.match(path, method);
    expect(found === null || !unreachable.has(found.route.index), `${method} ${path} matched route #${found?.route.index}, reported unreachable`).toBe(true);
    for (const m of router.matches(path, method)) {
      expect(neverMatch.has(m.route.index), `${method} ${path} is accepted by route #${m.route.index}, reported as never matching`).toBe(false);
      if (unreachable.has(m.route.index)) shadowedAccepting++;
    }
  }
};

describe('soundness (fast-check)', () => {
  it('no generated request is matched to a route reported unreachable', () => {
    unreachableSeen = probes = shadowedAccepting = 0;
    check('sound', fc.property(caseArb(routesArb(8), 8), sound), 1500);
    // Not vacuous: many routes are reported, and many requests reach a shadowed route's checks and pass them
    // (they would go to it, were it not for the earlier route).
    expect(unreachableSeen).toBeGreaterThan(runs(300));
    expect(probes).toBeGreaterThan(runs(1500));
    expect(shadowedAccepting).toBeGreaterThan(runs(300));
  }, TIMEOUT);

  it('the subclass of the issue: #1 a/{id:int} after #0 a/{id} with an even-int subclass is reachable, and /a/3 reaches it', () => {
    const router = compile([{ template: 'a/{id}', constraints: { id: new EvenInt() } }, { template: 'a/{id:int}' }]);
    expect(errorsOf(diagnostics(router))).toEqual([]);
    expect(router.match('/a/3')?.route.index).toBe(1);
    expect(router.match('/a/4')?.route.index).toBe(0);
  });

  // Custom and subclassed constraints put in front of random routes: copies of a route whose parameter must
  // also pass a constraint that is a subclass of a built-in (or a plain object). None of them covers anything.
  const CUSTOM: Record<string, () => RouteConstraint> = {
    evenInt: () => new EvenInt(),
    oddLength: () => new (class extends MinLengthRouteConstraint { override matchText(t: string) { return t.length % 2 === 1; } })(0),
    notA: () => new (class extends AlphaRouteConstraint { override matchText(t: string) { return t.toLowerCase() !== 'a'; } })(),
    object: () => ({ match: (_c: unknown, _r: unknown, key: string, values: Record<string, unknown>) => String(values[key] ?? '').length !== 2 }),
  };
  const withCustom = fc
    .tuple(caseArb(routesArb(8), 8), fc.array(fc.record({ at: fc.nat(7), kind: fc.constantFrom(...Object.keys(CUSTOM)) }), { minLength: 1, maxLength: 3 }))
    .map(([c, inserts]) => {
      const routes = [...c.routes];
      for (const { at, kind } of inserts) {
        const original = routes[at % routes.length];
        const parameter = parseTemplate(original.template).parameters.find((p) => !p.isCatchAll);
        if (parameter === undefined) continue;
        const extra = (original.constraints ?? {}) as Record<string, unknown>;
        routes.splice(at % routes.length, 0, { ...original, name: null, constraints: { ...extra, [parameter.name]: CUSTOM[kind]() } as RouteDefinition['constraints'] });
      }
      return new Case(routes, c.recipes);
    });
  it('custom and subclassed constraints never prove a cover', () => {
    unreachableSeen = probes = shadowedAccepting = 0;
    check('sound with custom constraints', fc.property(withCustom, sound), 800);
    expect(probes).toBeGreaterThan(runs(500));
  }, TIMEOUT);

  // The index diagnostics() uses only prunes: it finds the same first cover, and the same routes that cover
  // together, as trying every earlier route in order (the quadratic answer), on tables that start with
  // literals, parameters and complex segments alike.
  const leadingKinds = fc.array(wideRoute, { minLength: 20, maxLength: 80 }).chain((routes) =>
    fc.array(fc.constantFrom('', '{lead}/', '{lead}.{ext}/', 'x{lead}/', '{*all}'), { minLength: routes.length, maxLength: routes.length })
      .map((leads) => routes.map((r, i) => (leads[i] === '{*all}' ? (i % 17 === 0 ? { template: '{*all}', methods: r.methods } : r) : { ...r, template: leads[i] + r.template }))),
  );
  it('the cover index finds the same first cover, and the same covers together, as trying every earlier route', () => {
    let covered = 0;
    let together = 0;
    const table = fc.oneof(routesArb(12), fc.array(wideRoute, { minLength: 20, maxLength: 80 }), leadingKinds);
    check('cover index', fc.property(table, (routes) => {
      const entries = internalsOf(compile(routes))!.compiled!.entries();
      const index = new CoverIndex();
      for (const b of entries) {
        const earlier = entries.slice(0, b.route.index);
        const brute = earlier.find((a) => provesCover(a, b));
        index.add(b);
        const indexed = index.firstCover(b, (a) => a !== b);
        expect(indexed?.route.index ?? null).toBe(brute?.route.index ?? null);
        if (brute !== undefined) covered++;
        const bruteTogether = coverTogetherInOrder(earlier, b);
        expect(index.coverTogether(b, (a) => a !== b)?.map((a) => a.route.index) ?? null).toEqual(bruteTogether?.map((a) => a.route.index) ?? null);
        if (bruteTogether !== null) together++;
      }
    }), 400);
    expect(covered).toBeGreaterThan(runs(200)); // not vacuous: many routes have a cover
    expect(together).toBeGreaterThan(runs(20));
  }, TIMEOUT);

  // The whole of diagnostics() against the quadratic answer: which routes are reported shadowed, by which.
  it('diagnostics() reports the shadowed routes that trying every earlier route finds', () => {
    let shadowedSeen = 0;
    check('shadowed ≡ quadratic', fc.property(fc.oneof(routesArb(12), leadingKinds), (routes) => {
      const router = compile(routes);
      const entries = internalsOf(router)!.compiled!.entries();
      const found = diagnostics(router);
      const never = new Set(found.filter((d) => d.code !== 'shadowed' && d.severity === 'error').map((d) => d.route.index));
      const expected: string[] = [];
      for (const b of entries) {
        if (b.route.generationOnly) never.add(b.route.index);
        if (never.has(b.route.index)) continue;
        const usable = entries.slice(0, b.route.index).filter((a) => !never.has(a.route.index));
        const cover = usable.find((a) => provesCover(a, b)) ?? coverTogetherInOrder(usable, b)?.[0];
        if (cover === undefined) continue;
        never.add(b.route.index);
        expected.push(`#${b.route.index} by #${cover.route.index}`);
      }
      const reported = found.filter((d) => d.code === 'shadowed').map((d) => `#${d.route.index} by #${d.by!.index}`);
      expect(reported).toEqual(expected);
      shadowedSeen += expected.length;
    }), 300);
    expect(shadowedSeen).toBeGreaterThan(runs(100));
  }, TIMEOUT);

  // Linear-ish: the number of candidate routes the index hands over (each costs a proof) grows with the table,
  // not with its square, whatever the routes start with. Counted through the usable() callback both
  // firstCover and coverTogether call once per candidate.
  const SHAPES: [string, (i: number) => RouteDefinition][] = [
    ['a complex first segment', (i) => ({ template: `{lang}-{region}/page${i}/{id:int}` })],
    ['a complex segment, then a parameter', (i) => ({ template: `{name}.{ext}/{id}/r${i}`, methods: ['GET'] })],
    ['a parameter first', (i) => ({ template: `{tenant}/items${i}/{id?}` })],
    ['a literal, a parameter, then literals', (i) => ({ template: `api/{version}/r${i % 50}/x${i}` })],
    ['GitHub-like namespaces, some routes shadowed', (i) => ({ template: [`ns${i >> 3}`, `ns${i >> 3}/{id:int}`, `ns${i >> 3}/{owner}/{repo}/x${i}`, `ns${i >> 3}/{id}`][i % 4], methods: [['GET', 'POST'][(i >> 2) % 2]] })],
  ];
  const candidatesTried = (make: (i: number) => RouteDefinition, n: number): number => {
    const entries = internalsOf(compile([{ template: 'health' }, ...Array.from({ length: n }, (_, i) => make(i))]))!.compiled!.entries();
    const index = new CoverIndex();
    let tried = 0;
    const usable = (a: unknown): boolean => (tried++, a !== undefined);
    for (const b of entries) {
      index.add(b);
      const others = (a: (typeof entries)[number]): boolean => a !== b && usable(a);
      if (index.firstCover(b, others) === undefined) index.coverTogether(b, others);
    }
    return tried;
  };
  it.each(SHAPES)('the cover index hands over work linear in the table: %s', (_shape, make) => {
    const n = 1000;
    const [atN, at2N] = [candidatesTried(make, n), candidatesTried(make, 2 * n)];
    expect(at2N).toBeLessThanOrEqual(2.2 * atN + 10); // quadratic work would be about 4 times as much
    expect(at2N).toBeLessThanOrEqual(8 * 2 * n);
  });

  // The impossible combinations are claims about every string: checked on strings made to look like values.
  const combos: [string, RouteConstraint[]][] = [
    ['int + alpha', [new IntRouteConstraint(), new AlphaRouteConstraint()]],
    ['long + alpha', [new LongRouteConstraint(), new AlphaRouteConstraint()]],
    ['decimal + alpha', [new DecimalRouteConstraint(), new AlphaRouteConstraint()]],
    ['bool + int', [new BoolRouteConstraint(), new IntRouteConstraint()]],
    ['bool + decimal', [new BoolRouteConstraint(), new DecimalRouteConstraint()]],
    ['min + max', [new MinRouteConstraint(10n), new MaxRouteConstraint(5n)]],
    ['range + int', [new RangeRouteConstraint(3000000000n, 4000000000n), new IntRouteConstraint()]],
    ['lengths', [new MinLengthRouteConstraint(3), new MaxLengthRouteConstraint(2), new LengthRouteConstraint(0, 9)]],
  ];
  const text = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.array(fc.constantFrom(...' \t+-0123456789.,eEaAtrueflsTRUEFALSinfINFnaN∞'), { maxLength: 10 }).map((c) => c.join('')),
  );
  it.each(combos)('%s: the analysis calls it impossible, and no string passes both', (_title, list) => {
    const router = compile([{ template: '{x}', constraints: { x: list } }]);
    expect(diagnostics(router).map((d) => d.code)).toContain('impossible-constraint');
    check(`combo ${_title}`, fc.property(text, (value) => !list.every((c) => c.match(null, null, 'x', { x: value }, 'incoming'))), 3000);
  });
});

/** Routes of `earlier` that together cover b, taken greedily in index order (what coverTogether promises). */
function coverTogetherInOrder(earlier: readonly RouteEntry[], b: RouteEntry): RouteEntry[] | null {
  if (b.plan.methodSet === null) return null;
  const needed = new Set(b.plan.methodSet);
  const together: RouteEntry[] = [];
  for (const a of earlier) {
    if (a === b || a.plan.methodSet === null || ![...a.plan.methodSet].some((m) => needed.has(m))) continue;
    if (!coversLengths(a, b, b.plan.omittableFrom, null)) continue;
    together.push(a);
    for (const m of a.plan.methodSet) needed.delete(m);
    if (needed.size === 0) return together;
  }
  return null;
}

// A route whose target may decline what it matched (the pipeline's routers other than a handler) proves nothing
// unreachable: the route behind it takes what it declines (docs/pipeline.md's AdminsOnly). A route that always
// handles still does.
describe('diagnostics with routes that may decline (mayDecline)', () => {
  const routes: RouteDefinition[] = [
    { name: 'admin', template: 'items/{id}', handler: 'declines' },
    { template: 'items/{id}', methods: ['GET'] },
    { template: 'items/{id}', methods: ['GET'] },
    { template: 'x/{a}', methods: ['GET'], handler: 'declines' },
    { template: 'x/{a}', methods: ['POST'], handler: 'declines' },
    { template: 'x/{b}', methods: ['GET', 'POST'] },
  ];
  const found = diagnostics(compile(routes), { mayDecline: (route) => route.handler === 'declines' });
  const of = (index: number) => found.filter((d) => d.route.index === index).map((d) => [d.severity, d.message.replace(/:.*$/, '')]);

  it.each([
    { index: 1, expected: [['warning', 'reachable only when route #0 admin "items/{id}" declines (its target is a router, which may decline)']] },
    { index: 2, expected: [['error', 'unreachable']] },
    { index: 5, expected: [['warning', 'reachable only when route #3 "x/{a}" or route #4 "x/{a}" declines (its target is a router, which may decline)']] },
  ])('route #$index', ({ index, expected }) => {
    expect(of(index)).toEqual(expected);
  });

  it('without mayDecline, every route is taken to handle what it matches', () => {
    expect(diagnostics(compile(routes)).filter((d) => d.severity === 'error').map((d) => d.route.index)).toEqual([1, 2, 5]);
  });
});

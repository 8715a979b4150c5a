// Differential test: the generated matcher and the interpreted trie must answer exactly as the reference matcher
// (every route's own matcher, tried in collection order): the same route, the same values in the same order. Random route collections and request paths from a
// seeded fast-check generator; failures are shrunk and reported with the seed, the routes and the path.
//
//   FUZZ_SEED=<n>      replay a seed (FUZZ_SEED=random: a new seed each run; default: a fixed seed)
//   FUZZ_RUNS=<x>      multiply the number of runs (e.g. 10 for a long soak)
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition, type RouteMatch } from '../src/index.js';
import { describeRoutes, fuzzHarness } from './support/fuzz.js';
import { caseSensitive, compileWith, subjects, type Strategy } from './support/routers.js';
import { caseArb, complexHeavyRoute, EDGE_CASES, FAN_OUT_LITERALS, fanOutRoutes, methodsArb, routeArb, routesArb, wideRoute, type Case } from './support/route-generators.js';

const { SEED, TIMEOUT, check, runs } = fuzzHarness('test/differential.test.ts', 0x5717c4);



// ─── The comparison ───────────────────────────────────────────────────────────────────────────────────────

// The keys are compared in order too: every strategy gives the values in template order, then the defaults
// that name no parameter.
const summary = (m: RouteMatch | null | undefined): { index: number; values: Record<string, unknown>; keys: string[] } | null =>
  m ? { index: m.route.index, values: { ...m.values }, keys: Object.keys(m.values) } : null;

type Routers = Record<Strategy, CompiledRouter>;

function compileAll(routes: readonly RouteDefinition[]): Routers {
  try {
    const routers = { reference: compileWith(routes, { strategy: 'reference' }) } as Routers;
    for (const strategy of subjects) routers[strategy] = compileWith(routes, { strategy });
    if (subjects.includes('generated')) expect(routers.generated.strategy).toBe('generated');
    return routers;
  } catch (error) {
    throw new Error(`the generator produced an invalid route collection:\n${describeRoutes(routes)}\n${(error as Error).message}`);
  }
}

/** Throws a readable report when generated or trie disagree with reference on one request. */
function compareOne(routes: readonly RouteDefinition[], routers: Routers, path: string, method: string): void {
  const { reference } = routers;
  for (const strategy of subjects) {
    const subject = routers[strategy];
    const report = (what: string, t: unknown, l: unknown): never => {
      throw new Error(
        `${strategy} and reference disagree on ${what}\nroutes:\n${describeRoutes(routes)}\npath: ${JSON.stringify(path)}  method: ${method}\n` +
          `${strategy}: ${JSON.stringify(t)}\nlinear: ${JSON.stringify(l)}`,
      );
    };
    const t = summary(subject.match(path, method));
    const l = summary(reference.match(path, method));
    if (!isDeepStrictEqual(t, l)) report('match()', t, l);

    const tAll = [...subject.matches(path, method)].map(summary);
    const lAll = [...reference.matches(path, method)].map(summary);
    if (!isDeepStrictEqual(tAll.map((m) => m!.index), lAll.map((m) => m!.index))) {
      report('matches() indices', tAll.map((m) => m!.index), lAll.map((m) => m!.index));
    }
    if (!isDeepStrictEqual(tAll, lAll)) report('matches() values', tAll, lAll);
    // match() is the first of matches(), in both.
    if (!isDeepStrictEqual(l, lAll[0] ?? null)) report('reference match() vs its own matches()[0]', l, lAll[0] ?? null);

    const tAllowed = subject.allowedMethods(path);
    const lAllowed = reference.allowedMethods(path);
    if (!isDeepStrictEqual(tAllowed, lAllowed)) report('allowedMethods()', tAllowed, lAllowed);
  }
}

/**
 * The same requests three times, with every fan-out subtree reached in between (the paths again under each
 * fan-out literal), so that each answer is checked while its subtree is interpreted, once its shape's code is
 * compiled, and after: the answer never changes with the code that gives it.
 */
const differentialOverTime = (c: Case): void => {
  const routers = compileAll(c.routes);
  const paths = c.paths;
  for (let round = 0; round < 3; round++) {
    for (const [path, method] of paths) {
      requestCount++;
      compareOne(c.routes, routers, path, method);
      stats.requests++;
      const found = routers.reference.match(path, method);
      if (found !== null) stats.matched++;
      if (found !== null && path.includes('%25')) stats.escaped++;
    }
    for (const [path, method] of paths) {
      for (const lead of FAN_OUT_LITERALS) for (const strategy of subjects) routers[strategy].match(path.replace(/^\/?[^/?#]*/, `/${lead}`), method);
    }
  }
};

let requestCount = 0;
// How often the requests hit something, counted on every run and asserted below (so that a generator that
// drifts into producing only misses fails the test instead of passing vacuously); FUZZ_STATS=1 prints them.
const emptyStats = () => ({ caseSampled: 0, caseDecided: 0, cleanDerived: 0, cleanDerivedMatched: 0, requests: 0, matched: 0, severalMatches: 0, complexMatched: 0, catchAllMatched: 0, methodOnly: 0, notFirstRoute: 0, escaped: 0 });
let stats = emptyStats();
const differential = (c: Case): void => {
  const routers = compileAll(c.routes);
  const { reference } = routers;
  let ignoringCase: CompiledRouter | null = null; // the reference ignoring case, for the statistics of a case-sensitive run
  c.paths.forEach(([path, method], i) => {
    const recipe = c.recipes[i];
    requestCount++;
    compareOne(c.routes, routers, path, method);
    const all = [...reference.matches(path, method)];
    stats.requests++;
    if (all.length > 0) stats.matched++;
    // In a case-sensitive run, on every fourth request: is the answer ignoring case another one (is the mode exercised)?
    if (caseSensitive && stats.requests % 4 === 0) {
      stats.caseSampled++;
      if (!isDeepStrictEqual(summary((ignoringCase ??= compile(c.routes, { strategy: 'reference' })).match(path, method)), summary(all[0] ?? null))) stats.caseDecided++;
    }
    if (all.length > 1) stats.severalMatches++;
    if (all.length > 0 && all[0].route.index > 0) stats.notFirstRoute++;
    if (all.length > 0 && all[0].route.parsedTemplate.segments.some((s) => s.parts.length > 1)) stats.complexMatched++;
    if (all.length > 0 && /\{\*/.test(all[0].route.template)) stats.catchAllMatched++;
    if (all.length > 0 && path.includes('%')) stats.escaped++;
    if (all.length === 0 && reference.allowedMethods(path).length > 0) stats.methodOnly++;
    if (recipe.kind === 'derived' && recipe.mutations.length === 0 && recipe.cut === 0) {
      stats.cleanDerived++;
      if (all.length > 0) stats.cleanDerivedMatched++;
      else if (process.env.FUZZ_STATS === '2' && Math.random() < 0.02) console.log(describeRoutes([c.routes[recipe.route % c.routes.length]]), method, path);
    }
  });
};

/** Runs a property and then checks that its requests exercised the matchers (shares of all requests). */
function checkWithHitRates(label: string, property: fc.IProperty<[Case]>, numRuns: number, minimum: Partial<Record<keyof ReturnType<typeof emptyStats>, number>>, examples?: [Case][]): void {
  stats = emptyStats();
  check(label, property, numRuns, examples);
  if (process.env.FUZZ_STATS) console.log(`differential stats (${label})`, stats);
  for (const [key, share] of Object.entries(minimum)) {
    expect({ [key]: stats[key as keyof typeof stats] / stats.requests }).toEqual({ [key]: expect.toSatisfy((x: number) => x >= share!) });
  }
}

// Case-sensitive runs match less (a path mutated into another case misses), and must meet answers that depend on case.
const HIT_RATES = caseSensitive
  ? { matched: 0.25, severalMatches: 0.05, notFirstRoute: 0.1, complexMatched: 0.02, catchAllMatched: 0.02, escaped: 0.01, methodOnly: 0.002, caseDecided: 0.005 }
  : { matched: 0.3, severalMatches: 0.05, notFirstRoute: 0.1, complexMatched: 0.02, catchAllMatched: 0.02, escaped: 0.01, methodOnly: 0.002 };

describe('generated ≡ trie ≡ reference (differential, fast-check)', () => {
  it('mixed route collections (1–12 routes), derived / mutated / random paths', () => {
    requestCount = 0;
    // Half the runs in the case-sensitive projects, which also ask the reference ignoring case for the statistics.
    checkWithHitRates('mixed', fc.property(caseArb(routesArb(12), 6), differential), caseSensitive ? 700 : 1400, HIT_RATES);
    expect(requestCount).toBeGreaterThan(runs(caseSensitive ? 1500 : 3000));
  }, TIMEOUT);

  it('small collections (1–4 routes), where shrinking finds the smallest disagreement', () => {
    requestCount = 0;
    checkWithHitRates('small', fc.property(caseArb(routesArb(4), 4), differential), 1000, HIT_RATES, EDGE_CASES);
    expect(requestCount).toBeGreaterThan(runs(1500));
  }, TIMEOUT);

  it('complex-segment-heavy collections', () => {
    requestCount = 0;
    checkWithHitRates('complex', fc.property(caseArb(routesArb(8, complexHeavyRoute), 5), differential), 700, { matched: 0.2, complexMatched: 0.1 });
    expect(requestCount).toBeGreaterThan(runs(1200));
  }, TIMEOUT);

  it('wide collections (up to 150 routes, large literal fan-outs, split functions)', () => {
    requestCount = 0;
    const wideRoutes = fc.array(wideRoute, { minLength: 40, maxLength: 150 });
    checkWithHitRates('wide', fc.property(caseArb(wideRoutes, 12), differential), 120, { matched: 0.2, notFirstRoute: 0.15 });
    const sample = fc.sample(wideRoutes, { seed: SEED, numRuns: 20 });
    // The generated source really uses the large fan-out forms (where new Function is allowed: not in the aot project).
    if (compile([]).strategy === 'generated') expect(sample.some((routes) => /switch \(c\d+\)/.test(compile(routes).source!))).toBe(true);
    if (compile([]).strategy === 'generated') expect(sample.some((routes) => /H\.literalChild/.test(compile(routes).source!))).toBe(true);
    if (compile([]).strategy === 'generated') expect(sample.some((routes) => /function n\d+/.test(compile(routes).source!))).toBe(true);
    expect(requestCount).toBeGreaterThan(runs(500));
  }, TIMEOUT);

  it('lazily compiled fan-outs (9–16 literals sharing a first letter), each request asked before and after its subtree compiles', () => {
    requestCount = 0;
    checkWithHitRates('fan-out', fc.property(caseArb(fanOutRoutes, 8), differentialOverTime), 150, { matched: 0.2, escaped: 0.005 });
    expect(requestCount).toBeGreaterThan(runs(1500));
  }, TIMEOUT);

  it('the generators produce what they promise (valid templates, every feature present)', () => {
    const sample = fc.sample(routeArb, { seed: SEED, numRuns: 2000 });
    const templates = sample.map((r) => r.template);
    for (const r of sample) expect(() => compile([r])).not.toThrow();
    const has = (re: RegExp): number => templates.filter((t) => re.test(t)).length;
    expect(has(/\{\*[^*]/)).toBeGreaterThan(20); // {*x}
    expect(has(/\{\*\*/)).toBeGreaterThan(20); // {**x}
    expect(has(/\?\}/)).toBeGreaterThan(20); // optional
    expect(has(/=[^}]*\}/)).toBeGreaterThan(20); // inline default
    expect(has(/\}-\{/)).toBeGreaterThan(20); // {p}-{q}
    expect(has(/\}\.\{[^}]*\?\}/)).toBeGreaterThan(20); // {p}.{q?}
    expect(has(/\}-\{[^}]*\}-\{/)).toBeGreaterThan(5); // {a}-{b}-{c}
    expect(has(/x\{/i)).toBeGreaterThan(20); // x{p}
    expect(has(/:int/)).toBeGreaterThan(20);
    expect(has(/regex\(\^a\)/)).toBeGreaterThan(20);
    expect(sample.filter((r) => r.methods).length).toBeGreaterThan(100);
    expect(sample.filter((r) => r.constraints).length).toBeGreaterThan(100);
    expect(sample.filter((r) => r.defaults && ('area' in r.defaults || 'Controller' in r.defaults)).length).toBeGreaterThan(100);
    const collections = fc.sample(routesArb(12), { seed: SEED, numRuns: 300 });
    const withDuplicates = collections.filter((rs) => new Set(rs.map((r) => r.template)).size < rs.length);
    expect(withDuplicates.length).toBeGreaterThan(50);
  });
});

// Static-heavy tables, for the static table: static routes over a small alphabet (so templates collide in
// other cases and with parameter routes), parameter routes with constraints and defaults before and after them,
// verb limits; each request is a static route's path as spelled, folded, upper-cased, with a trailing slash, a
// query or an escape, in methods the table names and others, asked twice with an attempt to change the first
// answer's values in between (answers are immutable: a kept answer cannot be changed by a caller).
const staticLiteral = fc.constantFrom('a', 'A', 'b', 'api', 'Api', 'todo', 'x.y', 'é', 'K', 'K');
const staticRouteArb: fc.Arbitrary<RouteDefinition> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ segments: fc.array(staticLiteral, { minLength: 1, maxLength: 3 }), methods: methodsArb, lead: fc.constantFrom('', '/', '~/'), trailing: fc.boolean(), area: fc.boolean() }).map(
    ({ segments, methods, lead, trailing, area }): RouteDefinition => ({
      template: lead + segments.join('/') + (trailing ? '/' : ''),
      ...(methods ? { methods } : {}),
      ...(area ? { defaults: { area: 'x' }, constraints: { area: 'x|y' } } : {}),
    }),
  ) },
  { weight: 1, arbitrary: fc.record({ lead: staticLiteral, cons: fc.constantFrom('', ':int', ':alpha', ':length(1,2)', ':regex(^a$)'), def: fc.constantFrom('', '=a', '?'), methods: methodsArb }).map(
    ({ lead, cons, def, methods }): RouteDefinition => ({ template: `${lead}/{p${cons}${def === '?' && cons === '' ? '?' : def === '=a' && cons === '' ? '=a' : ''}}`, ...(methods ? { methods } : {}) }),
  ) },
);
const staticCaseArb = fc.record({
  routes: fc.array(staticRouteArb, { minLength: 1, maxLength: 20 }),
  picks: fc.array(fc.tuple(fc.nat(), fc.constantFrom('asIs', 'folded', 'upper', 'slash', 'query', 'escape', 'double'), fc.constantFrom('GET', 'POST', 'PUT', 'HEAD', 'PROPFIND', 'get')), { minLength: 1, maxLength: 12 }),
});
const pathVariant = (template: string, variant: string): string => {
  const path = '/' + template.replace(/^~?\//, '').replace(/\/$/, '').replace(/\{[^}]*\}/g, '1');
  switch (variant) {
    case 'folded': return path.toLowerCase();
    case 'upper': return path.toUpperCase();
    case 'slash': return path + '/';
    case 'query': return path + '?q=1';
    case 'escape': return path.replace(/a/, '%61');
    case 'double': return path.replace(/\//, '//');
    default: return path;
  }
};

describe('generated ≡ trie ≡ reference on static-heavy tables (the static table)', () => {
  it('static routes in every spelling, parameter routes around them, verb limits, each request asked twice', () => {
    let asIsHits = 0;
    check('static-heavy', fc.property(staticCaseArb, ({ routes, picks }) => {
      const routers = compileAll(routes);
      for (const [pick, variant, method] of picks) {
        const path = pathVariant(routes[pick % routes.length].template, variant);
        compareOne(routes, routers, path, method);
        for (const router of subjects.map((strategy) => routers[strategy])) {
          const first = router.match(path, method);
          if (first === null) continue;
          // An answer given again is frozen, so a write throws; a request's own takes it alone (compareOne below).
          const shared = router.match(path, method) === first;
          expect(Object.isFrozen(first.values)).toBe(shared);
          if (shared) expect(() => ((first.values as Record<string, unknown>).area = 'changed')).toThrow(TypeError);
          else (first.values as Record<string, unknown>).area = 'changed';
        }
        compareOne(routes, routers, path, method);
        if (variant === 'asIs' && routers.reference.match(path, method) !== null) asIsHits++;
      }
    }), 600);
    expect(asIsHits).toBeGreaterThan(runs(200));
  }, TIMEOUT);
});

describe('generated ≡ trie ≡ reference on adversarial complex segments (no exponential backtracking)', () => {
  const routes: RouteDefinition[] = [
    { template: '{a}-{b}-{c}-{d}' },
    { template: '{a}-{b}-{c}-{d}x' },
    { template: 'x{a}-{b}--{c}.{d?}' },
    { template: '{a}.{b}-{c}.{d}-{e}' },
    { template: '{a}-{b}-{c}-{d}-{e}-{f}-{g}-{h}' },
    { template: '{a}a{b}a{c}a{d}' },
    { template: '{*rest}', methods: ['POST'] },
  ];
  const routers = compileAll(routes);
  const { reference } = routers;
  let seed = 12345;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  const mixed = Array.from({ length: 20_000 }, () => '-.-a-.x-A-%'[Math.floor(rand() * 11)]).join('');
  const cases: [string, string][] = [
    ['5,000 dashes', '/' + '-'.repeat(5000)],
    ['5,000 dashes and an x', '/' + '-'.repeat(5000) + 'x'],
    ['4,999 dashes between letters', '/a' + '-'.repeat(4999) + 'b'],
    ['20,000 mixed characters', '/' + mixed],
    ['20,000 "a"s', '/' + 'a'.repeat(20_000)],
    ['"-." repeated 10,000 times', '/' + '-.'.repeat(10_000)],
    ['x then 5,000 dashes and a period', '/x' + '-'.repeat(5000) + '.'],
  ];
  it.each(cases)('%s', (_label, path) => {
    for (const method of ['GET', 'POST']) {
      const expected = summary(reference.match(path, method));
      for (const strategy of subjects) {
        expect(summary(routers[strategy].match(path, method))).toStrictEqual(expected);
        expect([...routers[strategy].matches(path, method)].map(summary)).toStrictEqual([...reference.matches(path, method)].map(summary));
      }
    }
    for (const strategy of subjects) expect(routers[strategy].allowedMethods(path)).toStrictEqual(reference.allowedMethods(path));
  });
});

// Differential test: the generated matcher and the interpreted trie must answer exactly as the linear matcher
// (the executable spec: every route's own matcher, tried in collection order). Random route collections and request paths from a
// seeded fast-check generator; failures are shrunk and reported with the seed, the routes and the path.
//
//   FUZZ_SEED=<n>      replay a seed (FUZZ_SEED=random: a new seed each run; default: a fixed seed)
//   FUZZ_RUNS=<x>      multiply the number of runs (e.g. 10 for a long soak)
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, parseTemplate, type CompiledRouter, type RouteDefinition, type RouteMatch } from '../src/index.js';
import { describeRoutes, fuzzHarness, sometimes } from './support/fuzz.js';

const { SEED, runs, TIMEOUT, check } = fuzzHarness('test/differential.test.ts', 0x5717c4);




// ─── Route templates ──────────────────────────────────────────────────────────────────────────────────────

/** A parameter before it is named. */
interface ParamSpec {
  /** '*' or '**' for a catch-all. */
  catchAll?: '*' | '**';
  optional?: boolean;
  /** Inline default ({p=x}). */
  def?: string;
  /** Inline constraints, written after ':' ({p:int:length(1,2)}). */
  cons?: string;
}
type Part = string | ParamSpec;
/** One template segment: a literal, one parameter, or a complex segment of literals and parameters. */
type SegmentSpec = { lit: string } | { param: ParamSpec } | { complex: Part[] };

// A small literal alphabet, so that literals of different routes collide (and differ only in case).
const literal = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'api', 'A', 'API', 'B', 'a', 'api', 'x.y', 'a-b', 'é', 'a{{b}}') },
  // Case folding edges: final sigma, dotted capital I (lower-cases to two code units), the Kelvin sign.
  { weight: 1, arbitrary: fc.constantFrom('Σ', 'ς', 'ΟΔΟΣ', 'İ', 'i', '\u212A', 'k') },
);
const inlineConstraint = fc.constantFrom(undefined, undefined, undefined, 'int', 'alpha', 'length(1,2)', 'regex(^a)', 'int:length(1,2)', 'minlength(2)');
const inlineDefault = fc.constantFrom(undefined, undefined, undefined, 'a', '1', 'A', 'b', 'x-y', '12');

const simpleParam: fc.Arbitrary<ParamSpec> = fc.record({ def: inlineDefault, cons: inlineConstraint });
const optionalParam: fc.Arbitrary<ParamSpec> = fc.record({ optional: fc.constant(true), cons: inlineConstraint });
const catchAllParam: fc.Arbitrary<ParamSpec> = fc.record({
  catchAll: fc.constantFrom<'*' | '**'>('*', '**'),
  cons: fc.constantFrom(undefined, undefined, 'regex(^a)', 'length(1,2)'),
  def: fc.constantFrom(undefined, undefined, undefined, 'a', 'b'),
});
const complexParam: fc.Arbitrary<ParamSpec> = fc.record({
  cons: fc.constantFrom(undefined, undefined, undefined, 'int', 'alpha', 'length(1,2)'),
  def: fc.constantFrom(undefined, undefined, undefined, undefined, 'a', '1'),
});
const optionalExt: fc.Arbitrary<ParamSpec> = fc.record({ optional: fc.constant(true), cons: fc.constantFrom(undefined, undefined, 'alpha') });

/** Complex segments: parameters always separated by a literal; an optional one only last, after '.'. */
const complexSegment: fc.Arbitrary<SegmentSpec> = fc.oneof(
  fc.tuple(complexParam, complexParam).map(([p, q]) => [p, '-', q]),
  fc.tuple(fc.constantFrom('x', 'X', 'a'), complexParam).map(([l, p]) => [l, p]),
  fc.tuple(complexParam, optionalExt).map(([p, q]) => [p, '.', q]),
  fc.tuple(complexParam, complexParam).map(([p, q]) => [p, '.', q]),
  fc.tuple(complexParam, complexParam, complexParam).map(([a, b, c]) => [a, '-', b, '-', c]),
  fc.tuple(complexParam, fc.constantFrom('x', 'a')).map(([p, l]) => [p, l]),
  fc.tuple(complexParam, complexParam, optionalExt).map(([a, b, c]) => [a, '-', b, '.', c]),
  optionalExt.map((q) => ['.', q]),
  fc.tuple(complexParam, complexParam).map(([p, q]) => ['a', p, '--', q]),
).map((parts: Part[]) => ({ complex: parts }));

const bodySegment: fc.Arbitrary<SegmentSpec> = fc.oneof(
  { weight: 4, arbitrary: literal.map((lit) => ({ lit })) },
  { weight: 3, arbitrary: simpleParam.map((param) => ({ param })) },
  { weight: 2, arbitrary: complexSegment },
);

interface TemplateSpec {
  lead: '' | '/' | '~/';
  body: SegmentSpec[];
  optionals: ParamSpec[];
  catchAll: ParamSpec | null;
}

const templateSpec: fc.Arbitrary<TemplateSpec> = fc.record({
  lead: fc.constantFrom<'' | '/' | '~/'>('', '', '', '/', '~/'),
  body: fc.array(bodySegment, { minLength: 0, maxLength: 4 }),
  optionals: fc.array(optionalParam, { minLength: 0, maxLength: 2 }),
  catchAll: sometimes(2, catchAllParam),
});

// Names are handed out in order, so they are unique in a template case-insensitively; different routes
// reuse them. "area" and "Controller" never name a parameter: they are the non-parameter defaults.
const NAMES = ['id', 'X', 'y', 'Name', 'slug', 'v', 'w', 'Z', 'k', 'm', 'n2', 'q', 'r', 's', 't', 'u'];

interface BuiltTemplate {
  text: string;
  /** Parameter names, left to right, with whether they may take a default from the defaults object. */
  params: { name: string; canDefault: boolean }[];
}

function buildTemplate(spec: TemplateSpec): BuiltTemplate {
  const params: BuiltTemplate['params'] = [];
  const param = (p: ParamSpec): string => {
    const name = NAMES[params.length];
    params.push({ name, canDefault: !p.optional && p.def === undefined });
    return `{${p.catchAll ?? ''}${name}${p.cons ? `:${p.cons}` : ''}${p.def !== undefined ? `=${p.def}` : ''}${p.optional ? '?' : ''}}`;
  };
  const segments = spec.body.map((s) =>
    'lit' in s ? s.lit : 'param' in s ? param(s.param) : s.complex.map((part) => (typeof part === 'string' ? part : param(part))).join(''),
  );
  for (const o of spec.optionals) segments.push(param(o));
  if (spec.catchAll) segments.push(param(spec.catchAll));
  return { text: spec.lead + segments.join('/'), params };
}

const constraintObjectValue = fc.constantFrom('a|b', 'int', '\\d+', 'alpha', 'a.*', 'length(1,2)', 'x|y|a');

interface RouteExtras {
  /** Defaults object entries for parameters: [which parameter, value, spell the key in upper case]. */
  paramDefaults: [number, string, boolean][];
  /** A default for a name that is no parameter. */
  extraDefault: [string, string] | null;
  /** Constraints object entries: [which parameter, constraint, upper-case key]. */
  paramConstraints: [number, string, boolean][];
  /** A constraint (in the constraints object) on the non-parameter default. */
  extraConstraint: string | null;
  methods: string[] | null;
}

const methodsArb = fc.constantFrom<string[] | null>(null, null, null, ['GET'], ['POST'], ['GET', 'POST'], ['get'], ['PUT', 'post']);

const routeExtras: fc.Arbitrary<RouteExtras> = fc.record({
  paramDefaults: fc.array(fc.tuple(fc.nat(7), fc.constantFrom('a', '1', 'B', 'x.y', 'api'), fc.boolean()), { maxLength: 2 }),
  extraDefault: sometimes(3, fc.tuple(fc.constantFrom('area', 'Controller'), fc.constantFrom('a', 'x', 'Home'))),
  paramConstraints: fc.array(fc.tuple(fc.nat(7), constraintObjectValue, fc.boolean()), { maxLength: 2 }),
  extraConstraint: sometimes(3, fc.constantFrom('x|y', 'a', 'home|a')),
  methods: methodsArb,
});

function buildRoute(spec: TemplateSpec, extras: RouteExtras): RouteDefinition {
  const { text, params } = buildTemplate(spec);
  const route: RouteDefinition = { template: text };
  const defaults: Record<string, string> = {};
  const constraints: Record<string, string> = {};
  for (const [i, value, upper] of extras.paramDefaults) {
    const p = params[i];
    if (!p?.canDefault || Object.keys(defaults).some((k) => k.toLowerCase() === p.name.toLowerCase())) continue;
    defaults[upper ? p.name.toUpperCase() : p.name] = value;
  }
  if (extras.extraDefault) defaults[extras.extraDefault[0]] = extras.extraDefault[1];
  for (const [i, value, upper] of extras.paramConstraints) {
    const p = params[i];
    if (p && !Object.keys(constraints).some((k) => k.toLowerCase() === p.name.toLowerCase())) {
      constraints[upper ? p.name.toUpperCase() : p.name] = value;
    }
  }
  if (extras.extraConstraint && extras.extraDefault) constraints[extras.extraDefault[0]] = extras.extraConstraint;
  if (Object.keys(defaults).length) route.defaults = defaults;
  if (Object.keys(constraints).length) route.constraints = constraints;
  if (extras.methods) route.methods = extras.methods;
  return route;
}

const routeArb: fc.Arbitrary<RouteDefinition> = fc.tuple(templateSpec, routeExtras).map(([t, e]) => buildRoute(t, e));

/** 1–12 routes, some of them the same template again later (possibly with other methods). */
const routesArb = (maxLength: number, route = routeArb): fc.Arbitrary<RouteDefinition[]> =>
  fc
    .tuple(
      fc.array(route, { minLength: 1, maxLength }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), sometimes(5, methodsArb)), { maxLength: 3 }),
    )
    .map(([routes, copies]) => {
      const out = [...routes];
      for (const [from, to, methods] of copies) {
        const copy: RouteDefinition = { ...routes[from % routes.length] };
        if (methods !== null) {
          if (methods) copy.methods = methods;
          else delete copy.methods;
        }
        out.splice(to % (out.length + 1), 0, copy);
      }
      return out.slice(0, maxLength);
    });

// ─── Request paths ────────────────────────────────────────────────────────────────────────────────────────

const TOKENS = ['a', 'b', 'A', 'B', 'x', 'X', 'api', '1', '12', '0', '-', '-', '.', '.', '%2F', '%41', '%61', '%zz', '%', 'é', '%C3%A9', '%C3', '~', '_', 'y', '/', 'σ', 'ς', 'İ', 'K', '%CE%A3'];
const value = fc.array(fc.constantFrom(...TOKENS), { minLength: 0, maxLength: 4 }).map((t) => t.join(''));
const nonEmptyValue = fc.array(fc.constantFrom(...TOKENS.filter((t) => t !== '/')), { minLength: 1, maxLength: 4 }).map((t) => t.join(''));
/** Values that pass the generated constraints (int, alpha, length(1,2), regex(^a), a|b) more often. */
const plausibleValue = fc.constantFrom('1', '12', '007', 'a', 'ab', 'A', 'B', 'b', 'aa', 'x', 'api', '0', 'Ab', 'a1', 'abc');
const fillValue = fc.oneof({ weight: 4, arbitrary: plausibleValue }, { weight: 4, arbitrary: nonEmptyValue }, { weight: 1, arbitrary: value });

type Mutation =
  | { op: 'drop' | 'dup' | 'upper' | 'lower' | 'flipCase' | 'escape'; at: number }
  | { op: 'add'; at: number; text: string }
  | { op: 'trailingSlash' | 'doubleSlash' | 'noLeadingSlash' }
  | { op: 'query' | 'fragment'; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constantFrom<'drop' | 'dup' | 'upper' | 'lower' | 'flipCase' | 'escape'>('drop', 'dup', 'upper', 'lower', 'flipCase', 'escape'),
    at: fc.nat(8),
  }),
  fc.record({ op: fc.constant<'add'>('add'), at: fc.nat(8), text: value }),
  fc.record({ op: fc.constantFrom<'trailingSlash' | 'doubleSlash' | 'noLeadingSlash'>('trailingSlash', 'doubleSlash', 'noLeadingSlash') }),
  fc.record({ op: fc.constantFrom<'query' | 'fragment'>('query', 'fragment'), text: fc.constantFrom('', 'x=1', 'a/b', '%2F') }),
);

/** How to build one request path against a route collection (rendered inside the property). */
type PathRecipe =
  | { kind: 'fixed'; path: string; method: string }
  | {
      kind: 'derived';
      route: number;
      fills: string[];
      caseFlips: boolean[];
      cut: number;
      mutations: Mutation[];
      /** A request method; '' = the route's own first method (GET when it has none). */
      method: string;
      /** Bend each fill to satisfy its parameter's constraints (inline and from the constraints object). */
      honest?: boolean;
    }
  | { kind: 'random'; segments: string[]; slash: boolean; method: string };

const methodArb = fc.constantFrom('GET', 'GET', 'POST', 'PUT', 'get');

const pathRecipe: fc.Arbitrary<PathRecipe> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant<'derived'>('derived'),
      route: fc.nat(),
      fills: fc.array(fillValue, { maxLength: 6 }),
      caseFlips: fc.array(fc.boolean(), { maxLength: 6 }),
      cut: fc.constantFrom(0, 0, 0, 1, 2),
      mutations: fc.array(mutation, { maxLength: 2 }),
      method: methodArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'derived'>('derived'),
      route: fc.nat(),
      fills: fc.array(fc.oneof(plausibleValue, nonEmptyValue), { maxLength: 6 }),
      caseFlips: fc.array(fc.boolean(), { maxLength: 6 }),
      cut: fc.constant(0),
      mutations: fc.constant<Mutation[]>([]),
      method: methodArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant<'derived'>('derived'),
      route: fc.nat(),
      fills: fc.array(plausibleValue, { maxLength: 6 }),
      caseFlips: fc.array(fc.boolean(), { maxLength: 6 }),
      cut: fc.constantFrom(0, 0, 0, 1),
      mutations: fc.constant<Mutation[]>([]),
      method: fc.constantFrom('', '', '', 'GET'),
      honest: fc.constant(true),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'random'>('random'),
      segments: fc.array(value, { maxLength: 4 }),
      slash: fc.boolean(),
      method: methodArb,
    }),
  },
);

const flipCase = (s: string): string => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** Bends `text` so that it passes the constraints the generators use (when they can be satisfied at all). */
function satisfy(text: string, constraints: readonly string[]): string {
  let v = text;
  for (const c of constraints) {
    if (c === 'int' || c === '\\d+') v = /^\d+$/.test(v) ? v : String(v.length);
    else if (c === 'alpha') v = v.replace(/[^a-z]/gi, '') || 'ab';
    else if (c === 'length(1,2)') v = v.slice(0, 2) || 'a';
    else if (c === 'minlength(2)') v = v.length >= 2 ? v : v.padEnd(2, v[0] ?? 'a');
    else if (c === 'regex(^a)' || c === 'a.*') v = /^a/i.test(v) ? v : 'a' + v;
    else if (c === 'a|b' || c === 'x|y|a') v = /^(a|b)$/i.test(v) ? v : v.length % 2 ? 'a' : c === 'a|b' ? 'b' : 'x';
  }
  return v;
}

/** The request method a recipe uses against `routes`. */
function methodOf(routes: readonly RouteDefinition[], recipe: PathRecipe): string {
  if (recipe.method !== '') return recipe.method;
  return (recipe.kind === 'derived' && routes[recipe.route % routes.length].methods?.[0]) || 'GET';
}

/** A path derived from a route's template: parameters replaced by the fills, literals in random case. */
function renderPath(routes: readonly RouteDefinition[], recipe: PathRecipe): string {
  if (recipe.kind === 'fixed') return recipe.path;
  if (recipe.kind === 'random') return (recipe.slash ? '/' : '') + recipe.segments.join('/');
  const route = routes[recipe.route % routes.length];
  const template = parseTemplate(route.template);
  const objectConstraints = (name: string): string[] =>
    Object.entries(route.constraints ?? {})
      .filter(([key]) => key.toLowerCase() === name.toLowerCase())
      .map(([, c]) => String(c));
  let fill = 0;
  let flip = 0;
  let current: { name: string; constraints: readonly string[] } | null = null;
  const nextFill = (): string => {
    const text = recipe.fills[fill++] ?? 'a';
    return recipe.honest && current ? satisfy(text, [...objectConstraints(current.name), ...current.constraints]) : text;
  };
  const caseOf = (text: string): string => (recipe.caseFlips[flip++ % Math.max(1, recipe.caseFlips.length)] ? flipCase(text) : text);
  let segments = template.segments.map((segment) =>
    segment.parts
      .map((part) => {
        if (part.kind !== 'parameter') return caseOf(part.text).replace(/[%?#/]/g, encodeURIComponent);
        current = part;
        if (part.isCatchAll) return [nextFill(), nextFill()].filter((s) => s !== '').join('/');
        return nextFill();
      })
      .join(''),
  );
  if (recipe.cut > 0) segments = segments.slice(0, Math.max(0, segments.length - recipe.cut));
  let path = '/' + segments.join('/');
  for (const m of recipe.mutations) {
    const parts = path.split('/');
    const at = 'at' in m ? 1 + (m.at % Math.max(1, parts.length - 1)) : 0;
    switch (m.op) {
      case 'drop':
        parts.splice(at, 1);
        path = parts.join('/');
        break;
      case 'dup':
        parts.splice(at, 0, parts[at] ?? '');
        path = parts.join('/');
        break;
      case 'add':
        parts.splice(at, 0, m.text);
        path = parts.join('/');
        break;
      case 'upper':
        path = path.toUpperCase();
        break;
      case 'lower':
        path = path.toLowerCase();
        break;
      case 'flipCase':
        parts[at] = flipCase(parts[at] ?? '');
        path = parts.join('/');
        break;
      case 'escape': {
        // Percent-encode one letter or digit of a segment ("api" → "%61pi", "%41PI" after 'upper').
        const segment = parts[at] ?? '';
        const i = segment.search(/[A-Za-z0-9]/);
        if (i >= 0) parts[at] = segment.slice(0, i) + '%' + segment.charCodeAt(i).toString(16).toUpperCase() + segment.slice(i + 1);
        path = parts.join('/');
        break;
      }
      case 'trailingSlash':
        path += '/';
        break;
      case 'doubleSlash':
        path = path.replace('/', '//');
        break;
      case 'noLeadingSlash':
        path = path.replace(/^\/+/, '');
        break;
      case 'query':
        path += `?${m.text}`;
        break;
      case 'fragment':
        path += `#${m.text}`;
        break;
    }
  }
  return path;
}

// ─── The comparison ───────────────────────────────────────────────────────────────────────────────────────

const summary = (m: RouteMatch | null | undefined): { index: number; values: Record<string, unknown> } | null =>
  m ? { index: m.route.index, values: { ...m.values } } : null;

type Routers = { generated: CompiledRouter; trie: CompiledRouter; linear: CompiledRouter };

function compileAll(routes: readonly RouteDefinition[]): Routers {
  try {
    const routers = {
      generated: compile(routes, { strategy: 'generated' }),
      trie: compile(routes, { strategy: 'trie' }),
      linear: compile(routes, { strategy: 'linear' }),
    };
    expect(routers.generated.strategy).toBe('generated');
    return routers;
  } catch (error) {
    throw new Error(`the generator produced an invalid route collection:\n${describeRoutes(routes)}\n${(error as Error).message}`);
  }
}

/** Throws a readable report when generated or trie disagree with linear on one request. */
function compareOne(routes: readonly RouteDefinition[], routers: Routers, path: string, method: string): void {
  const { linear } = routers;
  for (const strategy of ['generated', 'trie'] as const) {
    const subject = routers[strategy];
    const report = (what: string, t: unknown, l: unknown): never => {
      throw new Error(
        `${strategy} and linear disagree on ${what}\nroutes:\n${describeRoutes(routes)}\npath: ${JSON.stringify(path)}  method: ${method}\n` +
          `${strategy}: ${JSON.stringify(t)}\nlinear: ${JSON.stringify(l)}`,
      );
    };
    const t = summary(subject.match(path, method));
    const l = summary(linear.match(path, method));
    if (!isDeepStrictEqual(t, l)) report('match()', t, l);

    const tAll = [...subject.matches(path, method)].map(summary);
    const lAll = [...linear.matches(path, method)].map(summary);
    if (!isDeepStrictEqual(tAll.map((m) => m!.index), lAll.map((m) => m!.index))) {
      report('matches() indices', tAll.map((m) => m!.index), lAll.map((m) => m!.index));
    }
    if (!isDeepStrictEqual(tAll, lAll)) report('matches() values', tAll, lAll);
    // match() is the first of matches(), in both.
    if (!isDeepStrictEqual(l, lAll[0] ?? null)) report('linear match() vs its own matches()[0]', l, lAll[0] ?? null);

    const tAllowed = subject.allowedMethods(path);
    const lAllowed = linear.allowedMethods(path);
    if (!isDeepStrictEqual(tAllowed, lAllowed)) report('allowedMethods()', tAllowed, lAllowed);
  }
}

/** A readable counterexample: fast-check prints this instead of the raw recipe objects. */
class Case {
  constructor(
    readonly routes: RouteDefinition[],
    readonly recipes: PathRecipe[],
  ) {}
  get paths(): [string, string][] {
    return this.recipes.map((r) => [renderPath(this.routes, r), methodOf(this.routes, r)]);
  }
  [fc.toStringMethod](): string {
    return `\nroutes:\n${describeRoutes(this.routes)}\nrequests:\n${this.paths.map(([p, m]) => `  ${m} ${JSON.stringify(p)}`).join('\n')}\n`;
  }
}

const caseArb = (routes: fc.Arbitrary<RouteDefinition[]>, maxPaths: number): fc.Arbitrary<Case> =>
  fc.tuple(routes, fc.array(pathRecipe, { minLength: 1, maxLength: maxPaths })).map(([r, p]) => new Case(r, p));

let requestCount = 0;
// How often the requests hit something, counted on every run and asserted below (so that a generator that
// drifts into producing only misses fails the test instead of passing vacuously); FUZZ_STATS=1 prints them.
const emptyStats = () => ({ cleanDerived: 0, cleanDerivedMatched: 0, requests: 0, matched: 0, severalMatches: 0, complexMatched: 0, catchAllMatched: 0, methodOnly: 0, notFirstRoute: 0, escaped: 0 });
let stats = emptyStats();
const differential = (c: Case): void => {
  const routers = compileAll(c.routes);
  const { linear } = routers;
  c.paths.forEach(([path, method], i) => {
    const recipe = c.recipes[i];
    requestCount++;
    compareOne(c.routes, routers, path, method);
    const all = [...linear.matches(path, method)];
    stats.requests++;
    if (all.length > 0) stats.matched++;
    if (all.length > 1) stats.severalMatches++;
    if (all.length > 0 && all[0].route.index > 0) stats.notFirstRoute++;
    if (all.length > 0 && all[0].route.parsedTemplate.segments.some((s) => s.parts.length > 1)) stats.complexMatched++;
    if (all.length > 0 && /\{\*/.test(all[0].route.template)) stats.catchAllMatched++;
    if (all.length > 0 && path.includes('%')) stats.escaped++;
    if (all.length === 0 && linear.allowedMethods(path).length > 0) stats.methodOnly++;
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

// Collections made mostly of complex segments and parameters (the hard part of the trie: shared edges).
const complexHeavyRoute: fc.Arbitrary<RouteDefinition> = fc
  .tuple(
    fc.record({
      lead: fc.constant<''>(''),
      body: fc.array(fc.oneof({ weight: 3, arbitrary: complexSegment }, { weight: 1, arbitrary: literal.map((lit) => ({ lit })) }), {
        minLength: 1,
        maxLength: 2,
      }),
      optionals: fc.array(optionalParam, { maxLength: 1 }),
      catchAll: sometimes(2, catchAllParam),
    }),
    routeExtras,
  )
  .map(([t, e]) => buildRoute(t, e));

// Wide collections: many distinct literals at one depth, so the generated matcher's large fan-outs are
// exercised (a switch on the first char, buckets of more than eight literals looked up in a Map) and large
// subtrees become functions of their own.
const WIDE_LITERALS = [
  ...Array.from({ length: 24 }, (_, i) => `r${i}`),
  ...['ra', 'Rb', 'rc', 'RD', 're', 'rf', 'rg', 'rh', 'ri', 'rj', 'kx', 'Ky', '\u212Az', 'a', 'A1', 'b', '.x', '-y', '1', '12'],
  ...['éa', 'Éb', 'σx', 'Σy', 'ςz', 'ii', 'İ', 'repos', 'REPOS', 'users', 'u', 'user', 'users2', 'a-very-long-literal-segment'],
];
const wideRoute: fc.Arbitrary<RouteDefinition> = fc
  .tuple(
    fc.record({
      lead: fc.constant<''>(''),
      body: fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...WIDE_LITERALS).map((lit) => ({ lit })) },
          { weight: 2, arbitrary: simpleParam.map((param) => ({ param })) },
          { weight: 1, arbitrary: complexSegment },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      optionals: fc.array(optionalParam, { maxLength: 1 }),
      catchAll: sometimes(4, catchAllParam),
    }),
    routeExtras,
  )
  .map(([t, e]) => buildRoute(t, e));

/** Hand-picked cases tried before the random ones: the root, empty segments, case, escapes. */
const fixed = (routes: RouteDefinition[], paths: string[], method = 'GET'): [Case] => [
  new Case(
    routes,
    paths.map((path) => ({ kind: 'fixed', path, method })),
  ),
];
/** Minimum shares of requests that must match, match several routes, go to a later route, etc. */
const HIT_RATES = { matched: 0.3, severalMatches: 0.05, notFirstRoute: 0.1, complexMatched: 0.02, catchAllMatched: 0.02, escaped: 0.01, methodOnly: 0.002 };

const EDGE_CASES: [Case][] = [
  fixed([{ template: '' }], ['//', '/', '', '///', '//?x', '?x', '#f']),
  fixed([{ template: '{*rest}' }, { template: '/' }], ['//', '//a', '/a//', '/a/', '/%2F']),
  fixed([{ template: 'a' }, { template: '{id?}' }, { template: '~/' }], ['/a//', '//a', '/A/', '/%61', '/a', 'a', '//']),
  fixed([{ template: 'api/{id:int}', methods: ['GET'] }, { template: 'API/{*x}' }, { template: 'api' }], ['/api/1', '/Api/', '/api//1', '/API', '/api/'], 'POST'),
  fixed([{ template: 'ΟΔΟΣ' }, { template: 'İ' }, { template: '\u212A' }], ['/οδοσ', '/οδος', '/ΟΔΟΣ', '/i̇', '/İ', '/k', '/K', '/%CE%9F%CE%94%CE%9F%CE%A3']),
  fixed([{ template: 'key/{id}' }, { template: 'a/{x}/{*rest}' }], ['/\u212Aey/1', '/KEY/1', '/k%65y/a%2Fb', '/a/%2F/%2F', '/a/b%2Fc/d', '/a/b/c%2F', '/ke%y/1', '/a/%zz/%']),
];

describe('generated ≡ trie ≡ linear (differential, fast-check)', () => {
  it('mixed route collections (1–12 routes), derived / mutated / random paths', () => {
    requestCount = 0;
    checkWithHitRates('mixed', fc.property(caseArb(routesArb(12), 6), differential), 1400, HIT_RATES);
    expect(requestCount).toBeGreaterThan(3000);
  }, TIMEOUT);

  it('small collections (1–4 routes), where shrinking finds the smallest disagreement', () => {
    requestCount = 0;
    checkWithHitRates('small', fc.property(caseArb(routesArb(4), 4), differential), 1000, HIT_RATES, EDGE_CASES);
    expect(requestCount).toBeGreaterThan(1500);
  }, TIMEOUT);

  it('complex-segment-heavy collections', () => {
    requestCount = 0;
    checkWithHitRates('complex', fc.property(caseArb(routesArb(8, complexHeavyRoute), 5), differential), 700, { matched: 0.2, complexMatched: 0.1 });
    expect(requestCount).toBeGreaterThan(1200);
  }, TIMEOUT);

  it('wide collections (up to 150 routes, large literal fan-outs, split functions)', () => {
    requestCount = 0;
    const wideRoutes = fc.array(wideRoute, { minLength: 40, maxLength: 150 });
    checkWithHitRates('wide', fc.property(caseArb(wideRoutes, 12), differential), 120, { matched: 0.2, notFirstRoute: 0.15 });
    const sample = fc.sample(wideRoutes, { seed: SEED, numRuns: 20 });
    // The generated source really uses the large fan-out forms.
    expect(sample.some((routes) => /switch \(path\.charCodeAt/.test(compile(routes).source!))).toBe(true);
    expect(sample.some((routes) => /H\.literalChild/.test(compile(routes).source!))).toBe(true);
    expect(sample.some((routes) => /function n\d+/.test(compile(routes).source!))).toBe(true);
    expect(requestCount).toBeGreaterThan(500);
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

describe('generated ≡ trie ≡ linear on adversarial complex segments (no exponential backtracking)', () => {
  const routes: RouteDefinition[] = [
    { template: '{a}-{b}-{c}-{d}' },
    { template: '{a}-{b}-{c}-{d}x' },
    { template: 'x{a}-{b}--{c}.{d?}' },
    { template: '{a}.{b}-{c}.{d}-{e}' },
    { template: '{a}-{b}-{c}-{d}-{e}-{f}-{g}-{h}' },
    { template: '{a}a{b}a{c}a{d}' },
    { template: '{*rest}', methods: ['POST'] },
  ];
  const { generated, trie, linear } = compileAll(routes);
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
      const expected = summary(linear.match(path, method));
      expect(summary(trie.match(path, method))).toStrictEqual(expected);
      expect(summary(generated.match(path, method))).toStrictEqual(expected);
      expect([...trie.matches(path, method)].map(summary)).toStrictEqual([...linear.matches(path, method)].map(summary));
    }
    expect(trie.allowedMethods(path)).toStrictEqual(linear.allowedMethods(path));
  });
});

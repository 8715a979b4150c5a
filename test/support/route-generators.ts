// The generators the property tests share: random route collections (templates with every feature,
// defaults, constraints, verb limits, repeated templates; complex-heavy and wide variants) and request paths
// derived from them (filled, mutated, random), wrapped as a readable Case. Used by the differential,
// explain and diagnostics tests.
import fc from 'fast-check';
import { parseTemplate, type RouteDefinition } from '../../src/index.js';
import { describeRoutes, sometimes } from './fuzz.js';

// ─── Route templates ──────────────────────────────────────────────────────────────────────────────────────

/** A parameter before it is named. */
export interface ParamSpec {
  /** '*' or '**' for a catch-all. */
  catchAll?: '*' | '**';
  optional?: boolean;
  /** Inline default ({p=x}). */
  def?: string;
  /** Inline constraints, written after ':' ({p:int:length(1,2)}). */
  cons?: string;
}
export type Part = string | ParamSpec;
/** One template segment: a literal, one parameter, or a complex segment of literals and parameters. */
export type SegmentSpec = { lit: string } | { param: ParamSpec } | { complex: Part[] };

// A small literal alphabet, so that literals of different routes collide (and differ only in case).
export const literal = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'api', 'A', 'API', 'B', 'a', 'api', 'x.y', 'a-b', 'é', 'a{{b}}') },
  // Case folding edges: final sigma, dotted capital I (lower-cases to two code units), the Kelvin sign.
  { weight: 1, arbitrary: fc.constantFrom('Σ', 'ς', 'ΟΔΟΣ', 'İ', 'i', '\u212A', 'k') },
);
export const inlineConstraint = fc.constantFrom(undefined, undefined, undefined, 'int', 'alpha', 'length(1,2)', 'regex(^a)', 'int:length(1,2)', 'minlength(2)');
export const inlineDefault = fc.constantFrom(undefined, undefined, undefined, 'a', '1', 'A', 'b', 'x-y', '12');

export const simpleParam: fc.Arbitrary<ParamSpec> = fc.record({ def: inlineDefault, cons: inlineConstraint });
export const optionalParam: fc.Arbitrary<ParamSpec> = fc.record({ optional: fc.constant(true), cons: inlineConstraint });
export const catchAllParam: fc.Arbitrary<ParamSpec> = fc.record({
  catchAll: fc.constantFrom<'*' | '**'>('*', '**'),
  cons: fc.constantFrom(undefined, undefined, 'regex(^a)', 'length(1,2)'),
  def: fc.constantFrom(undefined, undefined, undefined, 'a', 'b'),
});
export const complexParam: fc.Arbitrary<ParamSpec> = fc.record({
  cons: fc.constantFrom(undefined, undefined, undefined, 'int', 'alpha', 'length(1,2)'),
  def: fc.constantFrom(undefined, undefined, undefined, undefined, 'a', '1'),
});
export const optionalExt: fc.Arbitrary<ParamSpec> = fc.record({ optional: fc.constant(true), cons: fc.constantFrom(undefined, undefined, 'alpha') });

/** Complex segments: parameters always separated by a literal; an optional one only last, after '.'. */
export const complexSegment: fc.Arbitrary<SegmentSpec> = fc.oneof(
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

export const bodySegment: fc.Arbitrary<SegmentSpec> = fc.oneof(
  { weight: 4, arbitrary: literal.map((lit) => ({ lit })) },
  { weight: 3, arbitrary: simpleParam.map((param) => ({ param })) },
  { weight: 2, arbitrary: complexSegment },
);

export interface TemplateSpec {
  lead: '' | '/' | '~/';
  body: SegmentSpec[];
  optionals: ParamSpec[];
  catchAll: ParamSpec | null;
}

export const templateSpec: fc.Arbitrary<TemplateSpec> = fc.record({
  lead: fc.constantFrom<'' | '/' | '~/'>('', '', '', '/', '~/'),
  body: fc.array(bodySegment, { minLength: 0, maxLength: 4 }),
  optionals: fc.array(optionalParam, { minLength: 0, maxLength: 2 }),
  catchAll: sometimes(2, catchAllParam),
});

// Names are handed out in order, so they are unique in a template case-insensitively; different routes
// reuse them. "area" and "Controller" never name a parameter: they are the non-parameter defaults.
export const NAMES = ['id', 'X', 'y', 'Name', 'slug', 'v', 'w', 'Z', 'k', 'm', 'n2', 'q', 'r', 's', 't', 'u'];

export interface BuiltTemplate {
  text: string;
  /** Parameter names, left to right, with whether they may take a default from the defaults object. */
  params: { name: string; canDefault: boolean }[];
}

/** `names` replaces NAMES (a fan-out family member whose parameters are named apart from the others'). */
export function buildTemplate(spec: TemplateSpec, names: readonly string[] = NAMES): BuiltTemplate {
  const params: BuiltTemplate['params'] = [];
  const param = (p: ParamSpec): string => {
    const name = names[params.length];
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

export const constraintObjectValue = fc.constantFrom('a|b', 'int', '\\d+', 'alpha', 'a.*', 'length(1,2)', 'x|y|a');

export interface RouteExtras {
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

export const methodsArb = fc.constantFrom<string[] | null>(null, null, null, ['GET'], ['POST'], ['GET', 'POST'], ['get'], ['PUT', 'post']);

export const routeExtras: fc.Arbitrary<RouteExtras> = fc.record({
  paramDefaults: fc.array(fc.tuple(fc.nat(7), fc.constantFrom('a', '1', 'B', 'x.y', 'api'), fc.boolean()), { maxLength: 2 }),
  extraDefault: sometimes(3, fc.tuple(fc.constantFrom('area', 'Controller'), fc.constantFrom('a', 'x', 'Home'))),
  paramConstraints: fc.array(fc.tuple(fc.nat(7), constraintObjectValue, fc.boolean()), { maxLength: 2 }),
  extraConstraint: sometimes(3, fc.constantFrom('x|y', 'a', 'home|a')),
  methods: methodsArb,
});

export function buildRoute(spec: TemplateSpec, extras: RouteExtras, names?: readonly string[]): RouteDefinition {
  const { text, params } = buildTemplate(spec, names);
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

export const routeArb: fc.Arbitrary<RouteDefinition> = fc.tuple(templateSpec, routeExtras).map(([t, e]) => buildRoute(t, e));

/** 1–12 routes, some of them the same template again later (possibly with other methods). */
export const routesArb = (maxLength: number, route = routeArb): fc.Arbitrary<RouteDefinition[]> =>
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

// Escapes of escapes among them ("%2541" is "%41" once decoded, never "A"): a path is decoded exactly once.
export const TOKENS = ['a', 'b', 'A', 'B', 'x', 'X', 'api', '1', '12', '0', '-', '-', '.', '.', '%2F', '%41', '%61', '%zz', '%', 'é', '%C3%A9', '%C3', '~', '_', 'y', '/', 'σ', 'ς', 'İ', 'K', '%CE%A3', '%25', '%2541', '%252F', '%252e%252e'];
export const value = fc.array(fc.constantFrom(...TOKENS), { minLength: 0, maxLength: 4 }).map((t) => t.join(''));
export const nonEmptyValue = fc.array(fc.constantFrom(...TOKENS.filter((t) => t !== '/')), { minLength: 1, maxLength: 4 }).map((t) => t.join(''));
/** Values that pass the generated constraints (int, alpha, length(1,2), regex(^a), a|b) more often. */
export const plausibleValue = fc.constantFrom('1', '12', '007', 'a', 'ab', 'A', 'B', 'b', 'aa', 'x', 'api', '0', 'Ab', 'a1', 'abc');
export const fillValue = fc.oneof({ weight: 4, arbitrary: plausibleValue }, { weight: 4, arbitrary: nonEmptyValue }, { weight: 1, arbitrary: value });

export type Mutation =
  | { op: 'drop' | 'dup' | 'upper' | 'lower' | 'flipCase' | 'escape' | 'escapeTwice'; at: number }
  | { op: 'add'; at: number; text: string }
  | { op: 'trailingSlash' | 'doubleSlash' | 'noLeadingSlash' }
  | { op: 'query' | 'fragment'; text: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constantFrom<'drop' | 'dup' | 'upper' | 'lower' | 'flipCase' | 'escape' | 'escapeTwice'>('drop', 'dup', 'upper', 'lower', 'flipCase', 'escape', 'escapeTwice'),
    at: fc.nat(8),
  }),
  fc.record({ op: fc.constant<'add'>('add'), at: fc.nat(8), text: value }),
  fc.record({ op: fc.constantFrom<'trailingSlash' | 'doubleSlash' | 'noLeadingSlash'>('trailingSlash', 'doubleSlash', 'noLeadingSlash') }),
  fc.record({ op: fc.constantFrom<'query' | 'fragment'>('query', 'fragment'), text: fc.constantFrom('', 'x=1', 'a/b', '%2F') }),
);

/** How to build one request path against a route collection (rendered inside the property). */
export type PathRecipe =
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

export const methodArb = fc.constantFrom('GET', 'GET', 'POST', 'PUT', 'get');

export const pathRecipe: fc.Arbitrary<PathRecipe> = fc.oneof(
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
export function satisfy(text: string, constraints: readonly string[]): string {
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
export function methodOf(routes: readonly RouteDefinition[], recipe: PathRecipe): string {
  if (recipe.method !== '') return recipe.method;
  return (recipe.kind === 'derived' && routes[recipe.route % routes.length].methods?.[0]) || 'GET';
}

/** A path derived from a route's template: parameters replaced by the fills, literals in random case. */
export function renderPath(routes: readonly RouteDefinition[], recipe: PathRecipe): string {
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
      case 'escapeTwice': {
        // An escape of an escape: "api" → "%2561pi", which must reach the route as "%61pi", never as "api".
        const segment = parts[at] ?? '';
        const i = segment.search(/[A-Za-z0-9%]/);
        if (i >= 0) parts[at] = segment.slice(0, i) + '%25' + (segment[i] === '%' ? '' : segment.charCodeAt(i).toString(16)) + segment.slice(i + 1);
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

/** A readable counterexample: fast-check prints this instead of the raw recipe objects. */
export class Case {
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

export const caseArb = (routes: fc.Arbitrary<RouteDefinition[]>, maxPaths: number): fc.Arbitrary<Case> =>
  fc.tuple(routes, fc.array(pathRecipe, { minLength: 1, maxLength: maxPaths })).map(([r, p]) => new Case(r, p));

// Collections made mostly of complex segments and parameters (the hard part of the trie: shared edges).
export const complexHeavyRoute: fc.Arbitrary<RouteDefinition> = fc
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
export const WIDE_LITERALS = [
  ...Array.from({ length: 24 }, (_, i) => `r${i}`),
  ...['ra', 'Rb', 'rc', 'RD', 're', 'rf', 'rg', 'rh', 'ri', 'rj', 'kx', 'Ky', '\u212Az', 'a', 'A1', 'b', '.x', '-y', '1', '12'],
  ...['éa', 'Éb', 'σx', 'Σy', 'ςz', 'ii', 'İ', 'repos', 'REPOS', 'users', 'u', 'user', 'users2', 'a-very-long-literal-segment'],
];
export const wideRoute: fc.Arbitrary<RouteDefinition> = fc
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

// Lazily compiled fan-outs: more than eight literal siblings sharing a first letter put their subtrees behind
// a Map, compiled on first use, and subtrees of one shape share code once SHARED_SHAPE of them are reached
// (generated-matcher.ts). Families of routes of one shape under such literals, so that the same request is
// answered before its subtree's code exists (by the interpreted walk) and after.
export const FAN_OUT_LITERALS = ['s1', 'sa', 'sb', 'sc', 'sd', 'se', 'sf', 'sg', 'sh', 'si', 'sj', 'S2', 'st', 'status', 'stats', 'search'];
// With `apart`, each member spells the same structure with its own parameter names and literals (numbered, one
// member's first parameter named "__proto__"): subtrees that differ only in such text share one compiled shape.
export const fanOutFamily: fc.Arbitrary<RouteDefinition[]> = fc
  .tuple(
    fc.integer({ min: 9, max: FAN_OUT_LITERALS.length }),
    fc.record({
      lead: fc.constant<''>(''),
      body: fc.array(
        fc.oneof(
          { weight: 2, arbitrary: simpleParam.map((param) => ({ param })) },
          { weight: 1, arbitrary: complexSegment },
          { weight: 1, arbitrary: literal.map((lit) => ({ lit })) },
        ),
        { minLength: 0, maxLength: 2 },
      ),
      optionals: fc.array(optionalParam, { maxLength: 1 }),
      catchAll: sometimes(2, catchAllParam),
    }),
    routeExtras,
    fc.boolean(),
  )
  .map(([count, tail, extras, apart]) =>
    FAN_OUT_LITERALS.slice(0, count).map((lead, i) => {
      const names = apart ? NAMES.map((name, j) => (i === 3 && j === 0 ? '__proto__' : `${name}${i}`)) : NAMES;
      const body = apart ? tail.body.map((segment) => ('lit' in segment ? { lit: `${segment.lit}${i}` } : segment)) : tail.body;
      const shape = buildRoute({ ...tail, body }, extras, names);
      return { ...shape, template: shape.template === '' ? lead : `${lead}/${shape.template}` };
    }),
  );
/** One or two families, plus a few other routes before, between and after them. */
export const fanOutRoutes: fc.Arbitrary<RouteDefinition[]> = fc
  .tuple(fc.array(routeArb, { maxLength: 3 }), fanOutFamily, fc.array(routeArb, { maxLength: 3 }), fc.option(fanOutFamily, { nil: undefined }))
  .map(([before, family, between, second]) => [...before, ...family, ...between, ...(second ?? [])]);

/** Hand-picked cases tried before the random ones: the root, empty segments, case, escapes. */
export const fixed = (routes: RouteDefinition[], paths: string[], method = 'GET'): [Case] => [
  new Case(
    routes,
    paths.map((path) => ({ kind: 'fixed', path, method })),
  ),
];
/** Minimum shares of requests that must match, match several routes, go to a later route, etc. */

export const EDGE_CASES: [Case][] = [
  fixed([{ template: '' }], ['//', '/', '', '///', '//?x', '?x', '#f']),
  fixed([{ template: '{*rest}' }, { template: '/' }], ['//', '//a', '/a//', '/a/', '/%2F']),
  fixed([{ template: 'a' }, { template: '{id?}' }, { template: '~/' }], ['/a//', '//a', '/A/', '/%61', '/a', 'a', '//']),
  fixed([{ template: 'api/{id:int}', methods: ['GET'] }, { template: 'API/{*x}' }, { template: 'api' }], ['/api/1', '/Api/', '/api//1', '/API', '/api/'], 'POST'),
  fixed([{ template: 'ΟΔΟΣ' }, { template: 'İ' }, { template: '\u212A' }], ['/οδοσ', '/οδος', '/ΟΔΟΣ', '/i̇', '/İ', '/k', '/K', '/%CE%9F%CE%94%CE%9F%CE%A3']),
  fixed([{ template: 'key/{id}' }, { template: 'a/{x}/{*rest}' }], ['/\u212Aey/1', '/KEY/1', '/k%65y/a%2Fb', '/a/%2F/%2F', '/a/b%2Fc/d', '/a/b/c%2F', '/ke%y/1', '/a/%zz/%']),
];

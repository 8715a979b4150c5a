// Spec generation rule 9 as a property: "The generated path round-trips: matching it yields the route values
// that produced it." Random templates, random values that satisfy them; generate(values), then match the
// generated path: the same route, and the values used (as strings, plus the route's defaults). Run for both
// strategies.
//
//   FUZZ_SEED=<n>      replay a seed (FUZZ_SEED=random: a new seed each run; default: a fixed seed)
//   FUZZ_RUNS=<x>      multiply the number of runs
//
// What "values that satisfy the template" leaves out, on purpose (ASP.NET generates these, but the URL
// cannot come back the same way, or ASP.NET refuses to generate):
// - empty strings: they are "no value" (ASP.NET IsRoutePartNonEmpty);
// - in a complex segment, a value that contains the literal to its left ({a}-{b} with b = "x-y": the match
//   searches literals from the right, so "1-x-y" gives a = "1-x", b = "y" — ASP.NET does the same);
//   when the optional extension of "{p}.{q?}" is absent, no value of that segment contains ".";
// - an optional parameter (or catch-all) with a value after one without: ASP.NET refuses to write text after
//   an empty segment, so optional values are given left to right, and the catch-all only after all of them;
// - {**x} values that start or end with "/" or contain "//" (empty path segments);
// - a constrained catch-all without a value: generation never takes a catch-all's default (ASP.NET
//   TemplateBinder.GetValues skips optional and catch-all parameters), and only optional parameters'
//   constraints pass without a value, so "{*x=1}" with a constraint on x needs an explicit value.
// A value equal to its parameter's default (ignoring case) may be left out of the URL when nothing follows
// it; matching then gives the default, which is accepted as "equal".
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compileWith, strategies } from './support/routers.js';
import { compile, type CompiledRouter, type RouteDefinition, type RouteMatch } from '../src/index.js';
import { describeRoute, fuzzHarness, sometimes } from './support/fuzz.js';

const { SEED, runs, TIMEOUT, check } = fuzzHarness('test/roundtrip.test.ts', 0x2077);




// ─── Values ───────────────────────────────────────────────────────────────────────────────────────────────

const CHARS = [...'abcxyzABCXYZ0129 _.~%/-', 'é', '日', '😀'];
const str = (min: number, max: number, chars = CHARS): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((c) => c.join(''));

/** A constraint kind: how it is written, and values it accepts. */
type Cons = 'int' | 'alpha' | 'len12' | 'regexA' | 'ab' | 'digits';
const INLINE: Record<Cons, string | null> = { int: 'int', alpha: 'alpha', len12: 'length(1,2)', regexA: 'regex(^a)', ab: null, digits: null };
const OBJECT: Record<Cons, string> = { int: 'int', alpha: 'alpha', len12: 'length(1,2)', regexA: 'a.*', ab: 'a|b', digits: '\\d+' };
/** A value that passes every constraint kind and contains no complex-segment literal. */
const FALLBACK: Record<Cons | 'none', string> = { none: 'q', int: '7', alpha: 'q', len12: 'q', regexA: 'a', ab: 'a', digits: '7' };

const valueFor = (cons: Cons | null, slashes: boolean): fc.Arbitrary<string | number> => {
  const chars = slashes ? CHARS : CHARS.filter((c) => c !== '/');
  switch (cons) {
    case 'int':
      return fc.oneof(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: -99, max: 99999 }).map(String));
    case 'alpha':
      return str(1, 4, [...'abcxyzABCXYZ']);
    case 'len12':
      return str(1, 2, chars).filter((s) => s.length <= 2);
    case 'regexA':
      return fc.tuple(fc.constantFrom('a', 'A'), str(0, 3, chars)).map(([a, b]) => a + b);
    case 'ab':
      return fc.constantFrom('a', 'b', 'A', 'B');
    case 'digits':
      return str(1, 4, [...'0123456789']);
    default:
      return str(1, slashes ? 8 : 5, chars);
  }
};

// ─── Templates ────────────────────────────────────────────────────────────────────────────────────────────

/** A parameter of the model (named when the template is built). */
interface PSpec {
  cons: Cons | null;
  consInline: boolean;
  /** A default value (written inline when the text allows it, else in the defaults object). */
  def: string | number | null;
  defInline: boolean;
}
type SegSpec =
  | { kind: 'lit'; text: string }
  | { kind: 'param'; p: PSpec }
  | { kind: 'complex'; parts: (string | PSpec)[]; optionalExt: PSpec | null };

interface TemplateSpec {
  lead: '' | '/' | '~/';
  body: SegSpec[];
  optionals: PSpec[];
  catchAll: { double: boolean; p: PSpec } | null;
  extraDefault: [string, string] | null;
  methods: string[] | null;
}

const consArb = sometimes(4, fc.constantFrom<Cons>('int', 'alpha', 'len12', 'regexA', 'ab', 'digits'));
const pspec = (withDefault: number, slashes = false): fc.Arbitrary<PSpec> =>
  consArb.chain((cons) =>
    fc.record({
      cons: fc.constant(cons),
      consInline: fc.boolean(),
      def: sometimes(withDefault, valueFor(cons, slashes)),
      defInline: fc.boolean(),
    }),
  );

const LITERALS = ['a', 'api', 'B', 'x.y', 'é', 'a{{b}}', '日本', 'A-b'];
const complexSeg: fc.Arbitrary<SegSpec> = fc.oneof(
  fc.tuple(pspec(2), pspec(2)).map(([a, b]) => ({ parts: [a, '-', b], optionalExt: null })),
  fc.tuple(fc.constantFrom('x', 'X', 'é'), pspec(2)).map(([l, a]) => ({ parts: [l, a], optionalExt: null })),
  fc.tuple(pspec(1), pspec(0)).map(([a, q]) => ({ parts: [a], optionalExt: q })),
  fc.tuple(pspec(2), pspec(2)).map(([a, b]) => ({ parts: [a, '.', b], optionalExt: null })),
  fc.tuple(pspec(1), pspec(1), pspec(1)).map(([a, b, c]) => ({ parts: [a, '-', b, '-', c], optionalExt: null })),
  fc.tuple(pspec(2), fc.constantFrom('x', '~')).map(([a, l]) => ({ parts: [a, l], optionalExt: null })),
  fc.tuple(pspec(1), pspec(1), pspec(0)).map(([a, b, q]) => ({ parts: [a, '~', b], optionalExt: q })),
).map((s) => ({ kind: 'complex' as const, ...s }));

const bodySeg: fc.Arbitrary<SegSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...LITERALS).map((text) => ({ kind: 'lit' as const, text })) },
  { weight: 3, arbitrary: pspec(3).map((p) => ({ kind: 'param' as const, p })) },
  { weight: 2, arbitrary: complexSeg },
);

const templateSpec: fc.Arbitrary<TemplateSpec> = fc.record({
  lead: fc.constantFrom<'' | '/' | '~/'>('', '', '/', '~/'),
  body: fc.array(bodySeg, { maxLength: 3 }),
  // Parameters with defaults at the end (omitted from the URL when equal to their default).
  optionals: fc.array(pspec(0), { maxLength: 2 }),
  catchAll: sometimes(3, fc.record({ double: fc.boolean(), p: pspec(1, true) })),
  extraDefault: sometimes(3, fc.tuple(fc.constantFrom('area', 'Controller'), fc.constantFrom('Home', 'a', 'x y'))),
  methods: fc.constantFrom<string[] | null>(null, null, null, ['POST'], ['get', 'PUT']),
});

// Names in order: unique in a template ignoring case. "area"/"Controller"/"rt"/"zz" are never parameters.
const NAMES = ['id', 'X', 'y', 'Name', 'slug', 'v', 'w', 'Z', 'k', 'm', 'n2', 'q', 'r', 's', 't', 'u', 'o', 'p'];

/** A parameter of a built route, with what its values must avoid. */
interface Param {
  name: string;
  kind: 'simple' | 'complex' | 'optional' | 'catchAll' | 'catchAll2' | 'optionalExt';
  cons: Cons | null;
  def: string | null;
  /** The literal just left of it in a complex segment: the value must not contain it. */
  leftLiteral: string | null;
  /** Index of the segment's optional extension parameter, when the segment has one. */
  extOf: number | null;
}

interface Route {
  definition: RouteDefinition;
  params: Param[];
  /** Non-parameter defaults. */
  extraDefaults: Record<string, string>;
}

const INLINE_SAFE = /^[A-Za-z0-9._~-]+$/;
/** Removes from `v` every character of the literal to its left (ignoring case), or falls back. */
function avoid(v: string, literal: string | null, cons: Cons | null): string {
  if (literal === null) return v;
  const bad = new Set([...literal.toLowerCase()]);
  const out = [...v].filter((c) => !bad.has(c.toLowerCase())).join('');
  return out === '' ? FALLBACK[cons ?? 'none'] : out;
}

function buildRoute(spec: TemplateSpec): Route {
  const params: Param[] = [];
  const defaults: Record<string, unknown> = {};
  const constraints: Record<string, string> = {};
  const param = (p: PSpec, kind: Param['kind'], leftLiteral: string | null = null, star = '', inExtSegment = false): string => {
    const name = NAMES[params.length];
    let def = p.def === null || kind === 'optional' || kind === 'optionalExt' ? null : String(p.def);
    if (def !== null) def = avoid(def, leftLiteral, p.cons);
    // A default is used when the extension is absent too: then no "." may appear in the segment.
    if (def !== null && inExtSegment) def = avoid(def, '.', p.cons);
    params.push({ name, kind, cons: p.cons, def, leftLiteral, extOf: null });
    let text = `{${star}${name}`;
    if (p.cons && p.consInline && INLINE[p.cons]) text += `:${INLINE[p.cons]}`;
    else if (p.cons) constraints[p.consInline ? name.toUpperCase() : name] = OBJECT[p.cons];
    if (def !== null && p.defInline && INLINE_SAFE.test(def)) text += `=${def}`;
    else if (def !== null) defaults[p.defInline ? name.toUpperCase() : name] = def;
    return text + (kind === 'optional' || kind === 'optionalExt' ? '?}' : '}');
  };
  const segments: string[] = [];
  for (const seg of spec.body) {
    if (seg.kind === 'lit') segments.push(seg.text);
    else if (seg.kind === 'param') segments.push(param(seg.p, 'simple'));
    else {
      const first = params.length;
      let text = '';
      let left: string | null = null;
      for (const part of seg.parts) {
        if (typeof part === 'string') {
          text += part;
          left = part;
        } else {
          text += param(part, 'complex', left, '', seg.optionalExt !== null);
          left = null;
        }
      }
      if (seg.optionalExt) {
        text += '.' + param(seg.optionalExt, 'optionalExt', '.');
        for (let i = first; i < params.length - 1; i++) params[i].extOf = params.length - 1;
      }
      segments.push(text);
    }
  }
  for (const o of spec.optionals) segments.push(param(o, 'optional'));
  if (spec.catchAll) {
    // A catch-all default only without optional parameters before it (an absent optional ends the URL).
    const p = spec.optionals.length ? { ...spec.catchAll.p, def: null } : spec.catchAll.p;
    const star = spec.catchAll.double ? '**' : '*';
    segments.push(param(p, spec.catchAll.double ? 'catchAll2' : 'catchAll', null, star));
  }
  const extraDefaults: Record<string, string> = {};
  if (spec.extraDefault) defaults[spec.extraDefault[0]] = extraDefaults[spec.extraDefault[0]] = spec.extraDefault[1];
  const definition: RouteDefinition = { template: spec.lead + segments.join('/') };
  if (Object.keys(defaults).length) definition.defaults = defaults;
  if (Object.keys(constraints).length) definition.constraints = constraints;
  if (spec.methods) definition.methods = spec.methods;
  return { definition, params, extraDefaults };
}

const routeArb: fc.Arbitrary<Route> = templateSpec.map(buildRoute);

// ─── Values for a route ───────────────────────────────────────────────────────────────────────────────────

const flipCase = (s: string): string => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** Per parameter: a value, "the default (in another case)", or nothing (when it may be left out). */
type Choice = { value: string | number } | { defaultCased: boolean } | null;

function choicesFor(route: Route): fc.Arbitrary<{ choices: Choice[]; presentOptionals: number; catchAllPresent: boolean }> {
  const perParam = route.params.map((p): fc.Arbitrary<Choice> => {
    const value = valueFor(p.cons, p.kind === 'catchAll' || p.kind === 'catchAll2').map((v) => ({ value: v }));
    if (p.def !== null) {
      return fc.oneof(value, fc.boolean().map((c) => ({ defaultCased: c })), fc.constant(null));
    }
    return value;
  });
  const optionalCount = route.params.filter((p) => p.kind === 'optional').length;
  return fc.record({
    choices: perParam.length ? fc.tuple(...perParam) : fc.constant([]),
    presentOptionals: fc.nat(optionalCount),
    catchAllPresent: fc.boolean(),
  });
}

/** Turns the choices into values that satisfy the template (see the header). */
function valuesFor(
  route: Route,
  c: { choices: Choice[]; presentOptionals: number; catchAllPresent: boolean },
  extEnabled: boolean[],
): Map<number, string | number> {
  const out = new Map<number, string | number>();
  // A constrained catch-all needs a value (only optional parameters' constraints pass without one; and like
  // ASP.NET's TemplateBinder, generation never takes a catch-all's default), and so do the optionals before it.
  const catchAllNeeded = route.params.some((p) => (p.kind === 'catchAll' || p.kind === 'catchAll2') && p.cons !== null);
  const optionalCount = route.params.filter((q) => q.kind === 'optional').length;
  const presentOptionals = catchAllNeeded ? optionalCount : c.presentOptionals;
  let optionalIndex = 0;
  route.params.forEach((p, i) => {
    const choice = c.choices[i];
    if (p.kind === 'optional' && optionalIndex++ >= presentOptionals) return;
    if (p.kind === 'catchAll' || p.kind === 'catchAll2') {
      if (catchAllNeeded && (choice === null || 'defaultCased' in choice)) {
        out.set(i, FALLBACK[p.cons ?? 'none']); // a value (a default-equal one would do, but keep it simple)
        return;
      }
      if (p.def === null && !catchAllNeeded && (!c.catchAllPresent || presentOptionals !== optionalCount)) return;
    }
    if (p.kind === 'optionalExt' && !extEnabled[i]) return;
    if (choice === null) return;
    if ('defaultCased' in choice) {
      out.set(i, choice.defaultCased ? flipCase(p.def!) : p.def!);
      return;
    }
    let v = choice.value;
    if (typeof v === 'string') {
      v = avoid(v, p.leftLiteral, p.cons);
      if (p.extOf !== null && !extEnabled[p.extOf]) v = avoid(v, '.', p.cons);
      if (p.kind === 'catchAll2') v = v.replace(/\/{2,}/g, '/').replace(/^\/|\/$/g, '') || FALLBACK[p.cons ?? 'none'];
    }
    out.set(i, v);
  });
  return out;
}

/** The values object given to generate(): the template's spelling of each name, or the other case. */
function valueObject(route: Route, values: Map<number, string | number>, upperKeys: boolean[]): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (const [i, v] of values) obj[upperKeys[i % Math.max(1, upperKeys.length)] ? route.params[i].name.toUpperCase() : route.params[i].name] = v;
  return obj;
}

// ─── The check ────────────────────────────────────────────────────────────────────────────────────────────

const lookup = (values: Record<string, unknown>, name: string): unknown =>
  Object.entries(values).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/** Why the matched values are not the values used (plus defaults), or null when they are. */
function mismatch(route: Route, used: Record<string, unknown>, matched: Record<string, unknown>): string | null {
  const problems: string[] = [];
  for (const p of route.params) {
    const u = lookup(used, p.name);
    const actual = matched[p.name];
    if (u !== undefined && u !== '') {
      const text = String(u);
      const isDefault = p.def !== null && text.toLowerCase() === p.def.toLowerCase();
      if (actual !== text && !(isDefault && actual === p.def)) problems.push(`${p.name}: used ${JSON.stringify(u)}, matched ${JSON.stringify(actual)}`);
    } else if (p.def !== null) {
      if (actual !== p.def) problems.push(`${p.name}: default ${JSON.stringify(p.def)}, matched ${JSON.stringify(actual)}`);
    } else if (Object.hasOwn(matched, p.name)) {
      problems.push(`${p.name}: no value used, matched ${JSON.stringify(actual)}`);
    }
  }
  for (const [k, v] of Object.entries(route.extraDefaults)) {
    if (matched[k] !== v) problems.push(`${k} (non-parameter default ${JSON.stringify(v)}): matched ${JSON.stringify(matched[k])}`);
  }
  const known = new Set([...route.params.map((p) => p.name), ...Object.keys(route.extraDefaults)]);
  for (const k of Object.keys(matched)) if (!known.has(k)) problems.push(`unexpected matched value ${k}=${JSON.stringify(matched[k])}`);
  return problems.length ? problems.join('; ') : null;
}


const summary = (m: RouteMatch | null | undefined): unknown => (m ? { index: m.route.index, values: m.values } : null);

/** One case: routes, the route the values are for, the values given to generate(). */
class Case {
  constructor(
    readonly routes: Route[],
    readonly target: number,
    readonly values: Record<string, unknown>,
    /** Whether each route filters on its own "rt" default (so only the target can generate). */
    readonly discriminated: boolean,
  ) {}
  [fc.toStringMethod](): string {
    return `\nroutes:\n${this.routes.map((r, i) => describeRoute(r.definition, i)).join('\n')}\nvalues for route ${this.target}: ${JSON.stringify(this.values)}\n`;
  }
}

// FUZZ_STATS=1 prints how often the interesting cases come up (FUZZ_STATS=2 also prints samples).
const stats = {
  cases: 0,
  generatedByTarget: 0,
  generatedByEarlier: 0,
  matchedFirst: 0,
  matchedByEarlier: 0,
  /** A parameter's matched value came from its default (left out of the URL, or given equal to it). */
  defaultUsed: 0,
  /** A value with "/" (encoded as %2F, or kept by {**x}). */
  slashValue: 0,
  /** A value with a non-ASCII character. */
  unicodeValue: 0,
  /** A complex segment matched. */
  complex: 0,
  /** "{p}.{q?}" without its extension. */
  extensionAbsent: 0,
};
const collectStats = (route: Route, used: Record<string, unknown>, matched: Record<string, unknown>, path: string): void => {
  if (!process.env.FUZZ_STATS) return;
  if (route.params.some((p) => p.def !== null && matched[p.name] === p.def)) stats.defaultUsed++;
  const values = Object.values(used).map(String);
  if (values.some((v) => v.includes('/'))) stats.slashValue++;
  if (values.some((v) => /[^\x00-\x7f]/.test(v))) stats.unicodeValue++;
  if (route.params.some((p) => p.kind === 'complex')) stats.complex++;
  if (route.params.some((p) => p.kind === 'optionalExt' && !Object.hasOwn(matched, p.name))) stats.extensionAbsent++;
  if (process.env.FUZZ_STATS === '2' && Math.random() < 0.01) {
    console.log(`${JSON.stringify(route.definition.template)}  ${JSON.stringify(used)}  →  ${path}  →  ${JSON.stringify(matched)}`);
  }
};

function roundTrip(c: Case): void {
  const definitions = c.routes.map((r) => r.definition);
  for (const strategy of strategies) {
    stats.cases++;
    let router: CompiledRouter;
    try {
      router = compileWith(definitions, { strategy });
    } catch (error) {
      throw new Error(`the generator produced an invalid route: ${(error as Error).message}`);
    }
    const fail = (what: string, details: string): never => {
      throw new Error(
        `[${strategy}] ${what}\nroutes:\n${definitions.map(describeRoute).join('\n')}\n` +
          `values for route ${c.target}: ${JSON.stringify(c.values)}\n${details}`,
      );
    };
    const generated = router.generate(c.values);
    if (generated === null) fail('generate() returned null for values that satisfy the route', '');
    const g = generated!;
    if (c.discriminated && g.route.index !== c.target) fail('another route generated (it should have refused)', `generated ${g.path} by route ${g.route.index}`);
    if (g.route.index > c.target) fail('a later route generated', `generated ${g.path} by route ${g.route.index}`);
    if (g.route.index !== c.target) {
      // An earlier route can generate from these values too; they need not satisfy its template.
      stats.generatedByEarlier++;
      return;
    }
    stats.generatedByTarget++;
    const route = c.routes[c.target];
    const method = route.definition.methods?.[0] ?? 'GET';
    const all = [...router.matches(g.path, method)];
    const own = all.find((m) => m.route.index === c.target);
    const first = router.match(g.path, method);
    const context = `generated path: ${JSON.stringify(g.path)}  (${method})\nmatch():   ${JSON.stringify(summary(first))}\nmatches(): ${JSON.stringify(all.map(summary))}`;
    if (!own) fail('the generating route does not match its own path', context);
    const problem = mismatch(route, c.values, own!.values);
    if (problem) fail(`the matched values are not the values used: ${problem}`, context);
    if (strategy === 'trie') collectStats(route, c.values, own!.values, g.path);
    // First match wins: an earlier route may take the path (that is the collection's order, not a bug), but
    // no later one, and match() is the first of matches().
    if (first === null || first.route.index > c.target) fail('match() does not give the generating route (or an earlier one)', context);
    if (!isDeepStrictEqual(summary(first), summary(all[0]))) fail('match() is not the first of matches()', context);
    if (first!.route.index === c.target) stats.matchedFirst++;
    else stats.matchedByEarlier++;
  }
}

/** `n` routes (1 for a single route), a target, values for it. */
const caseArb = (minRoutes: number, maxRoutes: number): fc.Arbitrary<Case> =>
  fc
    .record({
      routes: fc.array(routeArb, { minLength: minRoutes, maxLength: maxRoutes }),
      target: fc.nat(),
      discriminated: maxRoutes > 1 ? fc.boolean() : fc.constant(false),
    })
    .chain(({ routes, target, discriminated }) => {
      const t = target % routes.length;
      const route = routes[t];
      return fc
        .record({
          choices: choicesFor(route),
          ext: fc.array(fc.boolean(), { minLength: route.params.length, maxLength: route.params.length }),
          upperKeys: fc.array(fc.boolean(), { maxLength: 4 }),
          query: sometimes(2, fc.constantFrom('q', 'a b', 'é/?')),
          rt: fc.boolean(),
          extraDefault: fc.constantFrom<'omit' | 'same' | 'cased'>('omit', 'same', 'cased'),
        })
        .map(({ choices, ext, upperKeys, query, rt, extraDefault }) => {
          const finalRoutes = discriminated
            ? routes.map((r, i) => {
                const defaults = { ...r.definition.defaults, rt: `r${i}` };
                return { ...r, definition: { ...r.definition, defaults }, extraDefaults: { ...r.extraDefaults, rt: `r${i}` } };
              })
            : routes;
          const values = valueObject(route, valuesFor(route, choices, ext), upperKeys);
          for (const [k, v] of Object.entries(route.extraDefaults)) {
            if (extraDefault !== 'omit') values[k] = extraDefault === 'cased' ? flipCase(v) : v;
          }
          if (discriminated) values.rt = rt ? `R${t}` : `r${t}`;
          if (query !== null) values.zz = query;
          return new Case(finalRoutes, t, values, discriminated);
        });
    });

if (process.env.FUZZ_STATS) afterAll(() => console.log('roundtrip stats', stats));

describe('a value starting with "/" where the path begins', () => {
  // "//evil.com" at the start of a path is another host to a browser (an open redirect in a Location header).
  // The value goes in the template's first parameter; the others get "x".
  const templates = ['{**p}', '{*p}', '{p}', '{p?}', '{p}/y', '{p}/{**r}', '{p}.{q}', '{p}-{q}', '{p=d}/{q}'];
  const leading = fc
    .tuple(fc.integer({ min: 1, max: 3 }), str(0, 6, [...'/ab %é~']))
    .map(([slashes, rest]) => '/'.repeat(slashes) + rest);
  it.each(templates)('%s: the path never starts with "//", and matches back to the route (a {x} value comes back as it was)', (template) => {
    const routers = strategies.map((strategy) => compileWith([{ template }], { strategy }));
    const keepsSlashes = template.startsWith('{**');
    check(`leading "/" in ${template}`, fc.property(leading, (value) => {
      const values = { p: value, q: 'x', r: 'x' };
      for (const router of routers) {
        const path = router.generate(values)?.path;
        const found = path === undefined ? null : router.match(path, 'GET');
        const context = `${router.strategy}: ${JSON.stringify(value)} → ${JSON.stringify(path)} → ${JSON.stringify(found?.values)}`;
        expect(path?.startsWith('/') && !path.startsWith('//'), context).toBe(true);
        expect(found?.route.index, context).toBe(0);
        if (!keepsSlashes) expect(found?.values.p, context).toBe(value);
      }
    }), 300);
  }, TIMEOUT);
});

describe('generate → match round trip (spec generation rule 9)', () => {
  it('a single route: the same route, the values used (plus defaults)', () => {
    check('single', fc.property(caseArb(1, 1), roundTrip), 2500);
  }, TIMEOUT);

  it('small collections: the generating route matches its path with the values used; first match wins', () => {
    check('collection', fc.property(caseArb(2, 4), roundTrip), 1200);
  }, TIMEOUT);

  it('the generators produce what they promise (valid templates, every feature present)', () => {
    const sample = fc.sample(routeArb, { seed: SEED, numRuns: 2000 });
    for (const r of sample) expect(() => compile([r.definition])).not.toThrow();
    const templates = sample.map((r) => r.definition.template);
    const has = (re: RegExp): number => templates.filter((t) => re.test(t)).length;
    expect(has(/\{\*[^*]/)).toBeGreaterThan(50);
    expect(has(/\{\*\*/)).toBeGreaterThan(50);
    expect(has(/\}\.\{[^}]*\?\}/)).toBeGreaterThan(50);
    expect(has(/\}-\{[^}]*\}-\{/)).toBeGreaterThan(20);
    expect(has(/[^}]\?\}/)).toBeGreaterThan(100);
    expect(sample.filter((r) => r.params.some((p) => p.def !== null)).length).toBeGreaterThan(300);
    expect(sample.filter((r) => r.definition.constraints).length).toBeGreaterThan(300);
    const values = fc.sample(caseArb(1, 1), { seed: SEED, numRuns: 500 }).flatMap((c) => Object.values(c.values).map(String));
    for (const s of ['/', '%', ' ', 'é', '日', '.', '-', '~']) expect(values.some((v) => v.includes(s))).toBe(true);
  });
});

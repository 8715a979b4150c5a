// RouteEntry: one route, parsed and resolved once at start-up — the only shape compile/ knows routes by.
import type { InlineConstraintResolver } from '../constraints/inline-constraint-resolver.js';
import { constraintMap, NO_CONSTRAINTS, resolveRouteConstraints, type ConstraintRegistry, type ConstraintSpec } from '../constraints/registry.js';
import type { RouteConstraint } from '../constraints/route-constraint.js';
import { RouteCreationError, TemplateParseError } from '../errors.js';
import { setRouteValue, type RouteValues } from '../route-values.js';
import { findParameter, type RouteTemplate } from '../template/ast.js';
import { parseTemplate } from '../template/parser.js';
import { foldCase, type Fold } from './case-fold.js';
import { compileComplexSegment, type ComplexPattern } from './complex-segment.js';
import { frozenMatch, type RouteMatch } from './matcher.js';
import { nameKey } from '../name-key.js';
import { unknownKeys } from './unknown-keys.js';

/** A route as given to compile(). */
export interface RouteDefinition {
  /** Route name; unique (case-insensitively) when given. */
  name?: string | null;
  template: string;
  /** Default values: for parameters, or for names with no parameter (those always appear in matched values). */
  defaults?: Readonly<Record<string, unknown>> | null;
  /** Constraints per route value name: a RouteConstraint, a RegExp, a string (constraint name or regex), or a list. */
  constraints?: Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>> | null;
  /** Developer data attached to the route; never affects routing. */
  dataTokens?: Readonly<Record<string, unknown>> | null;
  /** HTTP methods the route accepts (an HttpMethodRouteConstraint under the key "httpMethod"). */
  methods?: readonly string[] | null;
  /**
   * true: the route is only for generating links (by name, or in order); it never matches a request.
   * (ASP.NET endpoint routing calls this suppressing matching.) Its index still counts in collection order.
   */
  generationOnly?: boolean | null;
  /** Opaque payload handed back on match. */
  handler?: unknown;
  /** The inline constraint resolver for this route (default: the one compile() uses for all routes). */
  constraintResolver?: ConstraintRegistry | null;
}

/** A route after compile(): what match() and generate() hand back (compiled-route.ts makes it). */
export interface CompiledRoute {
  /**
   * Position in the collection: first match wins by this order. Read when asked: after a live table's change, the
   * same route object says its new position.
   */
  readonly index: number;
  readonly name: string | null;
  /** The template text as given. */
  readonly template: string;
  readonly parsedTemplate: RouteTemplate;
  readonly defaults: Readonly<RouteValues>;
  readonly dataTokens: Readonly<Record<string, unknown>>;
  /** Upper-cased allowed methods, or null for any method. */
  readonly methods: readonly string[] | null;
  /** The resolved constraints by route value name (inline and given), as matching runs them. */
  readonly constraints: ReadonlyMap<string, RouteConstraint>;
  readonly handler: unknown;
  /** Only for generating links: it never matches a request. */
  readonly generationOnly: boolean;
}

/** How one template segment matches one path segment. */
export type SegmentPlan =
  /** `folded`: the literal by the table's fold (as written when the table is case-sensitive). */
  | { readonly kind: 'literal'; readonly folded: string }
  | { readonly kind: 'parameter'; readonly name: string }
  | { readonly kind: 'catchAll'; readonly name: string }
  | { readonly kind: 'complex'; readonly pattern: ComplexPattern };

/** The compiler's view of a route. */
export interface RouteEntry {
  readonly route: CompiledRoute;
  /**
   * Where the route stands in first-match order, the one number the trie compares: its index for a table
   * compile() made, its order key in a live table (live/route-order.ts), where an insert moves indexes but
   * never an order.
   */
  readonly order: number;
  /** The keys of the definition's constraints object as given (diagnostics() reads what resolving merged away). */
  readonly givenConstraintKeys: readonly string[];
  readonly template: RouteTemplate;
  readonly segments: readonly SegmentPlan[];
  /** Segments from this index on may be absent from the path (optional, defaulted or catch-all). */
  readonly omittableFrom: number;
  /** Every segment is a literal: the route's values are its defaults. */
  readonly isStatic: boolean;
  /** A static route's one answer, built once and given to every request it wins (frozen); null for any other route. */
  readonly staticAnswer: RouteMatch | null;
  /** The segments that produce values (parameters, complex segments, a catch-all), with their depths. */
  readonly captures: readonly { readonly depth: number; readonly plan: Exclude<SegmentPlan, { kind: 'literal' }> }[];
  /** Defaults with keys spelled as the template's parameters. */
  readonly defaults: Readonly<RouteValues>;
  /** The defaults copied into matched values (null and undefined ones left out): parameters' first, in template order. */
  readonly defaultEntries: readonly (readonly [string, unknown])[];
  /** Constraints by route value name, in the order they run. */
  readonly constraintKeys: readonly string[];
  readonly constraintList: readonly RouteConstraint[];
  /** Upper-cased methods, checked before constraints; null for any. */
  readonly methodSet: ReadonlySet<string> | null;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** Parses and resolves one route definition; throws RouteCreationError (or TemplateParseError) at start-up. */
export function createRouteEntry(
  definition: RouteDefinition,
  index: number,
  registry: ConstraintRegistry,
  /** What the routes of one table share; it lives as long as that table, never longer. */
  shared: SharedParts = createSharedParts(foldCase, compileComplexSegment),
): RouteEntry {
  checkDefinition(definition, index, checkKeys);
  let template: RouteTemplate;
  try {
    template = parseTemplate(definition.template);
  } catch (error) {
    if (error instanceof TemplateParseError) throw error;
    throw new RouteCreationError(definition.name ?? null, definition.template, (error as Error).message, { cause: error });
  }
  return entryFromTemplate(definition, template, index, registry, shared);
}

/**
 * One route of a module built ahead of time (aot/load-router.ts): its template parsed and its constraints made
 * by the module, which was built from this very definition (its digest says so): nothing is checked or resolved
 * again, so a bundle of a built router carries neither the checks nor the resolver. `constraints`: each key with
 * its constraints, as constraintMap() takes them (none: the route has no constraint).
 */
export function builtRouteEntry(
  definition: RouteDefinition,
  template: RouteTemplate,
  index: number,
  constraints: Parameters<typeof constraintMap>[0] | undefined,
  shared: SharedParts,
): RouteEntry {
  refuseMiddleware(definition);
  const fail = (reason: string): never => {
    throw new RouteCreationError(definition.name ?? null, definition.template, reason);
  };
  return assembleEntry(definition, template, index, mergeDefaults(template, definition.defaults ?? null, fail), constraints === undefined ? NO_CONSTRAINTS : constraintMap(constraints), shared);
}

/** createRouteEntry() once the template is parsed: the definition's defaults, constraints and methods checked and resolved. */
function entryFromTemplate(definition: RouteDefinition, template: RouteTemplate, index: number, registry: InlineConstraintResolver, shared: SharedParts): RouteEntry {
  const name = definition.name ?? null;
  const fail = (reason: string): never => {
    throw new RouteCreationError(name, definition.template, reason);
  };
  const defaults = mergeDefaults(template, definition.defaults ?? null, fail);
  const constraints = resolveRouteConstraints(
    { name, template: definition.template },
    template,
    definition.constraints,
    definition.constraintResolver ?? registry,
  );
  if (definition.methods != null && (!Array.isArray(definition.methods) || definition.methods.some((m) => typeof m !== 'string' || m.length === 0))) {
    const given = typeof definition.methods === 'string' ? `the string ${JSON.stringify(definition.methods)} (write [${JSON.stringify(definition.methods)}])` : JSON.stringify(definition.methods) ?? typeof definition.methods;
    fail(`methods must be a list of HTTP method names, such as ["GET", "HEAD"]; got ${given}`);
  }
  return assembleEntry(definition, template, index, defaults, constraints, shared);
}

/** The entry of a definition whose defaults are merged and constraints resolved (the one place an entry is put together). */
function assembleEntry(
  definition: RouteDefinition,
  template: RouteTemplate,
  index: number,
  defaults: Readonly<RouteValues>,
  constraints: ReadonlyMap<string, RouteConstraint>,
  shared: SharedParts,
): RouteEntry {
  // Kept apart from the constraints: checked first when matching, and against an explicit "httpMethod" value
  // when generating (ASP.NET MapVerb's HttpMethodRouteConstraint, without the per-call lookup).
  const verbs = definition.methods == null ? null : internMethods(shared, [...new Set(definition.methods.map((m) => m.toUpperCase()))]);

  const segments = template.segments.map((segment): SegmentPlan => {
    if (segment.parts.length > 1) return { kind: 'complex', pattern: shared.complex!(segment, shared.fold) };
    const part = segment.parts[0];
    if (part.kind !== 'parameter') {
      const found = shared.literalPlans?.get(part.text);
      if (found !== undefined) return found;
      const plan: SegmentPlan = { kind: 'literal', folded: shared.fold(part.text) };
      shared.literalPlans?.set(part.text, plan);
      return plan;
    }
    return part.isCatchAll ? { kind: 'catchAll', name: part.name } : { kind: 'parameter', name: part.name };
  });

  const unconstrained = constraints.size === 0;
  const route = shared.makeRoute({
    index,
    name: definition.name ?? null,
    template: definition.template,
    parsedTemplate: template,
    defaults,
    dataTokens: definition.dataTokens ? frozenData({ ...definition.dataTokens }) : EMPTY,
    methods: verbs?.list ?? null,
    constraints: unconstrained ? NO_CONSTRAINTS : constraints,
    handler: definition.handler,
    generationOnly: definition.generationOnly === true,
  });
  // A null default makes its parameter omittable but produces no value (ASP.NET stores null; we omit it).
  const defaultEntries = defaults === NO_DEFAULTS ? NONE : orNone(defaultsInTemplateOrder(template, defaults).filter(([, value]) => value !== null && value !== undefined));
  const isStatic = segments.every((s) => s.kind === 'literal');
  return {
    route,
    order: index,
    givenConstraintKeys: definition.constraints ? orNone(Object.keys(definition.constraints)) : NONE,
    template,
    segments,
    omittableFrom: omittableFrom(template, defaults),
    isStatic,
    staticAnswer: isStatic ? frozenMatch(route, valuesOfDefaults(defaultEntries)) : null,
    captures: capturesOf(segments),
    defaults,
    defaultEntries,
    constraintKeys: unconstrained ? NONE : [...constraints.keys()],
    constraintList: unconstrained ? NONE : [...constraints.values()],
    methodSet: verbs?.set ?? null,
  };
}

/** A static route's values: its defaults, in the order captureValues() gives them. */
function valuesOfDefaults(entries: readonly (readonly [string, unknown])[]): RouteValues {
  const values: RouteValues = {};
  for (const [key, value] of entries) setRouteValue(values, key, value);
  return values;
}

/** The segments that produce values, with their depths (a loop: flatMap made a list per literal segment). */
function capturesOf(segments: readonly SegmentPlan[]): RouteEntry['captures'] {
  const captures: RouteEntry['captures'][number][] = [];
  for (let depth = 0; depth < segments.length; depth++) {
    const plan = segments[depth];
    if (plan.kind !== 'literal') captures.push({ depth, plan });
  }
  // Copied at its exact size: a list grown by push keeps room for 17 items, in every route of the table.
  return captures.length === 0 ? NONE : captures.slice();
}

// A table of 10,000 routes holds 10,000 entries: the lists most routes leave empty are one shared empty list,
// and the routes of one table with the same verb limit share one frozen list and one set (never changed).
const NONE: readonly never[] = Object.freeze([]);
const orNone = <T>(list: readonly T[]): readonly T[] => (list.length === 0 ? NONE : list);

type VerbLimit = { readonly list: readonly string[]; readonly set: ReadonlySet<string> };

/**
 * The parts the routes of one table share: literal segment plans by text, verb limits by their methods. Per
 * table, so nothing outlives the router: a module-level cache kept every method list ever compiled, growing
 * without bound in a process that compiles many tables.
 */
export interface SharedParts {
  /** Null: nothing is shared (a route added to a live table gets parts of its own, none kept after it is removed). */
  readonly literalPlans: Map<string, SegmentPlan> | null;
  readonly verbLimits: Map<string, VerbLimit> | null;
  /** How the table compares literals (case-fold.ts): what its literal plans and complex patterns hold. */
  readonly fold: Fold;
  /**
   * What makes a complex segment's pattern (compileComplexSegment); null in a built module whose routes have none
   * (it imports the compiler only when one has).
   */
  readonly complex: typeof compileComplexSegment | null;
  /** What makes the route objects (RouteFactory). */
  readonly makeRoute: RouteFactory;
}

/**
 * Empty shared parts, for one table that compares literals by `fold` (and makes complex patterns with `complex`), its
 * route objects made by `makeRoute`.
 */
export function createSharedParts(fold: Fold, complex: SharedParts['complex'], makeRoute: RouteFactory = Object.freeze): SharedParts {
  return { literalPlans: new Map(), verbLimits: new Map(), fold, complex, makeRoute };
}

/** Parts that share nothing: for routes made one at a time (a live table's), with no table-wide cache to grow. */
export function unsharedParts(fold: Fold, makeRoute: RouteFactory): SharedParts {
  return { literalPlans: null, verbLimits: null, fold, complex: compileComplexSegment, makeRoute };
}

/**
 * What makes a route object of its fields: by default (a table that never changes, a built module's) the fields
 * frozen, its index for good; compile() makes its routes with compiled-route.ts's createRoute, whose index follows
 * the route through a live table's changes.
 */
export type RouteFactory = (fields: CompiledRoute) => CompiledRoute;

function internMethods(shared: SharedParts, methods: readonly string[]): VerbLimit {
  const key = methods.join(' ');
  const found = shared.verbLimits?.get(key);
  if (found !== undefined) return found;
  const made: VerbLimit = { list: Object.freeze([...methods]), set: new Set(methods) };
  shared.verbLimits?.set(key, made);
  return made;
}

/**
 * A key a route definition cannot have is an error, with a guess. Checked where a definition is first made a
 * route (compile(), a live table, the adapters): a built module's routes were checked when it was built, and its
 * runtime stays without the guesser.
 */
function checkKeys(definition: RouteDefinition): void {
  const [unknown] = unknownKeys(definition, ROUTE_KEYS, 'a route');
  if (unknown !== undefined) throw new RouteCreationError(typeof definition.name === 'string' ? definition.name : null, String(definition.template), unknown);
}

/** The keys a route definition has (`middleware` for the clear error checkDefinition gives: compile() cannot run it). */
export const ROUTE_KEYS: readonly string[] = /* @__PURE__ */ Object.keys({
  name: true,
  template: true,
  defaults: true,
  constraints: true,
  dataTokens: true,
  methods: true,
  generationOnly: true,
  handler: true,
  constraintResolver: true,
  middleware: true,
} satisfies Record<keyof RouteDefinition | 'middleware', true>);

/** A definition is an object with a template string; anything else is refused with what was given. */
function checkDefinition(definition: RouteDefinition, index: number, checkKeys?: (definition: RouteDefinition) => void): void {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    const given = typeof definition === 'string' ? `the string ${JSON.stringify(definition)} (write { template: ${JSON.stringify(definition)} })` : describeValue(definition);
    throw new TypeError(`compile: route ${index} must be an object such as { template: "products/{id}" }, got ${given}`);
  }
  checkKeys?.(definition); // before the template: `templat` is named as the mistake it is
  if (typeof definition.template !== 'string') {
    throw new RouteCreationError(definition?.name ?? null, String(definition?.template), 'the template must be a string');
  }
  refuseMiddleware(definition);
}

/**
 * A router keeps each route's handler, never its middleware: an adapter given it would run the handler alone (an
 * auth check skipped), so middleware is refused rather than dropped (a built module's too: its digest holds none).
 */
function refuseMiddleware(definition: RouteDefinition): void {
  const { middleware } = definition as { middleware?: unknown };
  if (middleware != null && !(Array.isArray(middleware) && middleware.length === 0)) {
    throw new RouteCreationError(definition.name ?? null, definition.template, "compile() cannot run a route's middleware: give the routes to your framework's adapter (switchyard(routes)), which runs it before the handler");
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * The index from which a template's trailing segments may be absent from a request path: each is a lone
 * parameter that is optional, a catch-all or has a default. The one rule the matchers, diagnostics and
 * OpenAPI's paths all use.
 */
export function omittableFrom(template: RouteTemplate, defaults: Readonly<RouteValues>): number {
  let from = template.segments.length;
  while (from > 0) {
    const parts = template.segments[from - 1].parts;
    const p = parts[0];
    if (parts.length !== 1 || p.kind !== 'parameter' || !(p.isOptional || p.isCatchAll || Object.hasOwn(defaults, p.name))) break;
    from--;
  }
  return from;
}

/**
 * The defaults of the template's parameters in template order, then those that name no parameter: the order
 * of matched values in every strategy (a value the URL did not give takes its default's place).
 */
function defaultsInTemplateOrder(template: RouteTemplate, defaults: Readonly<RouteValues>): [string, unknown][] {
  const ofParameters = template.parameters.filter((p) => Object.hasOwn(defaults, p.name)).map((p): [string, unknown] => [p.name, defaults[p.name]]);
  const named = new Set(template.parameters.map((p) => p.name));
  return [...ofParameters, ...Object.entries(defaults).filter(([key]) => !named.has(key))];
}

/** Inline defaults plus the defaults object, keyed by the parameter's spelling; a default given both ways is an error. */
function mergeDefaults(
  template: RouteTemplate,
  /** The definition's defaults object; null when it has none. */
  explicit: Readonly<Record<string, unknown>> | null,
  fail: (reason: string) => never,
): Readonly<RouteValues> {
  if (typeof explicit !== 'object') fail('defaults must be an object');
  // Most routes have no default at all: nothing to merge, nothing to allocate (10,000 routes are built at once).
  if ((explicit === null || Object.keys(explicit).length === 0) && template.parameters.every((p) => p.defaultValue === null)) return NO_DEFAULTS;
  const result: RouteValues = {};
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(explicit ?? NO_DEFAULTS)) {
    const parameter = findParameter(template, key);
    const canonical = parameter?.name ?? key;
    if (seen.has(nameKey(canonical))) fail(`the default "${key}" is given twice (names are case-insensitive)`);
    seen.add(nameKey(canonical));
    setRouteValue(result, canonical, frozenData(value));
  }
  for (const parameter of template.parameters) {
    if (parameter.defaultValue === null) continue;
    if (seen.has(nameKey(parameter.name))) {
      fail(`the parameter "${parameter.name}" has a default both inline and in the defaults object`);
    }
    setRouteValue(result, parameter.name, parameter.defaultValue);
  }
  return Object.keys(result).length === 0 ? NO_DEFAULTS : Object.freeze(result);
}
const NO_DEFAULTS: Readonly<RouteValues> = Object.freeze({});


/**
 * Plain data (objects and arrays, however deep) as a frozen copy: a route's defaults and data tokens reach every
 * request's handler through its route, so a write into them would change every later answer. Anything else (an
 * object of a class, a function) is the application's own, as a handler is: kept as it is.
 */
function frozenData<T>(value: T, copies?: Map<object, object>): T {
  if (typeof value !== 'object' || value === null) return value;
  const made = copies?.get(value);
  if (made !== undefined) return made as T; // a value met again inside itself
  const prototype: unknown = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  if (!isArray && prototype !== Object.prototype && prototype !== null) return value;
  // Copied by spread: V8's fast clone (docs/benchmarks.md, "Why these thresholds").
  const copy: Record<string, unknown> = isArray ? ([...(value as unknown[])] as unknown as Record<string, unknown>) : prototype === null ? Object.assign(Object.create(null), value) : { ...value };
  for (const key of Object.keys(copy)) {
    const item = copy[key];
    if (typeof item !== 'object' || item === null) continue;
    (copies ??= new Map()).set(value, copy);
    copy[key] = frozenData(item, copies);
  }
  return Object.freeze(copy) as T;
}

// RouteDefinition: a route as the application gives it, its checks (a clear error naming what was wrong), and its
// values made the route's own: defaults merged with the template's inline ones, plain data frozen.
import type { ConstraintRegistry, ConstraintSpec } from '../constraints/registry.js';
import { RouteCreationError } from '../errors.js';
import { nameKey } from '../name-key.js';
import { setRouteValue, type RouteValues } from '../route-values.js';
import { findParameter, type RouteTemplate } from '../template/ast.js';
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
export function checkDefinition(definition: RouteDefinition, index: number): void {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    const given = typeof definition === 'string' ? `the string ${JSON.stringify(definition)} (write { template: ${JSON.stringify(definition)} })` : describeValue(definition);
    throw new TypeError(`compile: route ${index} must be an object such as { template: "products/{id}" }, got ${given}`);
  }
  checkKeys(definition); // before the template: `templat` is named as the mistake it is
  if (typeof definition.template !== 'string') {
    throw new RouteCreationError(definition?.name ?? null, String(definition?.template), 'the template must be a string');
  }
  refuseMiddleware(definition);
}

/**
 * A router keeps each route's handler, never its middleware: an adapter given it would run the handler alone (an
 * auth check skipped), so middleware is refused rather than dropped (a built module's too: its digest holds none).
 */
export function refuseMiddleware(definition: RouteDefinition): void {
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

/** The definition's methods are a list of method names (or none); \`fail\` names what was given otherwise. */
export function checkMethods(definition: RouteDefinition, fail: (reason: string) => never): void {
  if (definition.methods != null && (!Array.isArray(definition.methods) || definition.methods.some((m) => typeof m !== 'string' || m.length === 0))) {
    const given = typeof definition.methods === 'string' ? `the string ${JSON.stringify(definition.methods)} (write [${JSON.stringify(definition.methods)}])` : JSON.stringify(definition.methods) ?? typeof definition.methods;
    fail(`methods must be a list of HTTP method names, such as ["GET", "HEAD"]; got ${given}`);
  }
}

/**
 * The defaults object is an object, and no default is given twice: by two spellings of one name, or inline and in
 * the object. Checked where a definition is first made a route; a built module's routes were checked when it was
 * built (their digests say they are the same), so its runtime merges without these checks and their messages.
 */
export function checkDefaults(template: RouteTemplate, explicit: Readonly<Record<string, unknown>> | null, fail: (reason: string) => never): void {
  if (typeof explicit !== 'object') fail('defaults must be an object');
  const seen = new Set<string>();
  for (const key of Object.keys(explicit ?? NO_DEFAULTS)) {
    const canonical = nameKey(findParameter(template, key)?.name ?? key);
    if (seen.has(canonical)) fail(`the default "${key}" is given twice (names are case-insensitive)`);
    seen.add(canonical);
  }
  for (const parameter of template.parameters) {
    if (parameter.defaultValue !== null && seen.has(nameKey(parameter.name))) {
      fail(`the parameter "${parameter.name}" has a default both inline and in the defaults object`);
    }
  }
}

/** Inline defaults plus the defaults object (checkDefaults), keyed by the parameter's spelling. */
export function mergeDefaults(
  template: RouteTemplate,
  /** The definition's defaults object; null when it has none. */
  explicit: Readonly<Record<string, unknown>> | null,
): Readonly<RouteValues> {
  // Most routes have no default at all: nothing to merge, nothing to allocate (10,000 routes are built at once).
  if ((explicit === null || Object.keys(explicit).length === 0) && template.parameters.every((p) => p.defaultValue === null)) return NO_DEFAULTS;
  const result: RouteValues = {};
  for (const [key, value] of Object.entries(explicit ?? NO_DEFAULTS)) setRouteValue(result, findParameter(template, key)?.name ?? key, frozenData(value));
  for (const parameter of template.parameters) {
    if (parameter.defaultValue !== null) setRouteValue(result, parameter.name, parameter.defaultValue);
  }
  return Object.keys(result).length === 0 ? NO_DEFAULTS : Object.freeze(result);
}
/** The defaults of a route that has none (one object for them all). */
export const NO_DEFAULTS: Readonly<RouteValues> = Object.freeze({});

/**
 * Plain data (objects and arrays, however deep) as a frozen copy: a route's defaults and data tokens reach every
 * request's handler through its route, so a write into them would change every later answer. Anything else (an
 * object of a class, a function) is the application's own, as a handler is: kept as it is.
 */
export function frozenData<T>(value: T, copies?: Map<object, object>): T {
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

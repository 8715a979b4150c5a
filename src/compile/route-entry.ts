// RouteEntry: one route as compile/ knows it, put together once at start-up from its definition
// (route-definition.ts): the route handed out (compiled-route.ts), its place in first-match order, and its plan
// (match-plan.ts), which matching and URL generation read.
import type { InlineConstraintResolver } from '../constraints/inline-constraint-resolver.js';
import { constraintMap, NO_CONSTRAINTS, resolveRouteConstraints, type ConstraintRegistry } from '../constraints/registry.js';
import type { RouteConstraint } from '../constraints/route-constraint.js';
import { RouteCreationError, TemplateParseError } from '../errors.js';
import { setRouteValue, type RouteValues } from '../route-values.js';
import type { RouteTemplate } from '../template/ast.js';
import { parseTemplate } from '../template/parser.js';
import { foldCase, type Fold } from './case-fold.js';
import type { CompiledRoute, RouteFactory } from './compiled-route.js';
import { compileComplexSegment } from './complex-segment.js';
import { createMatchPlan, type MatchPlan, type PlanParts } from './match-plan.js';
import { frozenMatch, type RouteMatch } from './matcher.js';
import { checkDefaults, checkDefinition, checkMethods, frozenData, mergeDefaults, refuseMiddleware, type RouteDefinition } from './route-definition.js';

/** The compiler's view of a route: made once, never written (a view of it at another index is a new entry). */
export interface RouteEntry {
  readonly route: CompiledRoute;
  /**
   * Where the route stands in first-match order, the one number the trie compares: its index for a table
   * compile() made, its order key in a live table (live/route-order.ts), where an insert moves indexes but
   * never an order.
   */
  readonly order: number;
  /** How the route matches (and what generation reads of it): shared by every view of the route. */
  readonly plan: MatchPlan;
  /** A static route's one answer, built once and given to every request it wins (frozen); null for any other route. */
  readonly staticAnswer: RouteMatch | null;
  /** The keys of the definition's constraints object as given (diagnostics() reads what resolving merged away). */
  readonly givenConstraintKeys: readonly string[];
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});
const NONE: readonly never[] = Object.freeze([]);

/** Parses and resolves one route definition; throws RouteCreationError (or TemplateParseError) at start-up. */
export function createRouteEntry(
  definition: RouteDefinition,
  index: number,
  registry: ConstraintRegistry,
  /** What the routes of one table share; it lives as long as that table, never longer. */
  shared: SharedParts = createSharedParts(foldCase, compileComplexSegment),
): RouteEntry {
  checkDefinition(definition, index);
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
 * its constraint, as constraintMap() takes them (none: the route has no constraint).
 */
export function builtRouteEntry(
  definition: RouteDefinition,
  template: RouteTemplate,
  index: number,
  constraints: Parameters<typeof constraintMap>[0] | undefined,
  shared: SharedParts,
): RouteEntry {
  refuseMiddleware(definition);
  return assembleEntry(definition, template, index, mergeDefaults(template, definition.defaults ?? null), constraints === undefined ? NO_CONSTRAINTS : constraintMap(constraints), shared);
}

/** createRouteEntry() once the template is parsed: the definition's defaults, constraints and methods checked and resolved. */
function entryFromTemplate(definition: RouteDefinition, template: RouteTemplate, index: number, registry: InlineConstraintResolver, shared: SharedParts): RouteEntry {
  const name = definition.name ?? null;
  const fail = (reason: string): never => {
    throw new RouteCreationError(name, definition.template, reason);
  };
  checkDefaults(template, definition.defaults ?? null, fail);
  const defaults = mergeDefaults(template, definition.defaults ?? null);
  const constraints = resolveRouteConstraints(
    { name, template: definition.template },
    template,
    definition.constraints,
    definition.constraintResolver ?? registry,
  );
  checkMethods(definition, fail);
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
  const plan = createMatchPlan(template, defaults, constraints, verbs?.set ?? null, shared);
  const route = shared.makeRoute({
    index,
    name: definition.name ?? null,
    template: definition.template,
    parsedTemplate: template,
    defaults,
    dataTokens: definition.dataTokens ? frozenData({ ...definition.dataTokens }) : EMPTY,
    methods: verbs?.list ?? null,
    constraints: constraints.size === 0 ? NO_CONSTRAINTS : constraints,
    handler: definition.handler,
    generationOnly: definition.generationOnly === true,
  });
  const givenConstraintKeys = definition.constraints ? Object.keys(definition.constraints) : NONE;
  return {
    route,
    order: index,
    plan,
    staticAnswer: plan.isStatic ? frozenMatch(route, valuesOfDefaults(plan.defaultEntries)) : null,
    givenConstraintKeys: givenConstraintKeys.length === 0 ? NONE : givenConstraintKeys,
  };
}

/** A static route's values: its defaults, in the order captureValues() gives them. */
function valuesOfDefaults(entries: readonly (readonly [string, unknown])[]): RouteValues {
  const values: RouteValues = {};
  for (const [key, value] of entries) setRouteValue(values, key, value);
  return values;
}

type VerbLimit = { readonly list: readonly string[]; readonly set: ReadonlySet<string> };

/**
 * The parts the routes of one table share: literal segment plans by text, verb limits by their methods (the routes
 * with the same verb limit share one frozen list and one set, never changed). Per table, so nothing outlives the
 * router: a module-level cache kept every method list ever compiled, growing without bound in a process that
 * compiles many tables.
 */
export interface SharedParts extends PlanParts {
  /** Null: nothing is shared (a route added to a live table gets parts of its own, none kept after it is removed). */
  readonly verbLimits: Map<string, VerbLimit> | null;
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

function internMethods(shared: SharedParts, methods: readonly string[]): VerbLimit {
  const key = methods.join(' ');
  const found = shared.verbLimits?.get(key);
  if (found !== undefined) return found;
  const made: VerbLimit = { list: Object.freeze([...methods]), set: new Set(methods) };
  shared.verbLimits?.set(key, made);
  return made;
}

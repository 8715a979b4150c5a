// MatchPlan: what matching reads of one route (and URL generation, of its defaults, constraints and methods), worked
// out once from its template, defaults, constraints and methods. Nothing in it depends on the route's place: every
// view of the route (a live table's stand-in at another index) shares the one plan.
import type { RouteConstraint } from '../constraints/route-constraint.js';
import type { RouteValues } from '../route-values.js';
import type { RouteTemplate } from '../template/ast.js';
import type { Fold } from './case-fold.js';
import type { compileComplexSegment, ComplexPattern } from './complex-segment.js';
import { NO_DEFAULTS } from './route-definition.js';

/** How one template segment matches one path segment. */
export type SegmentPlan =
  /** `folded`: the literal by the table's fold (as written when the table is case-sensitive). */
  | { readonly kind: 'literal'; readonly folded: string }
  | { readonly kind: 'parameter'; readonly name: string }
  | { readonly kind: 'catchAll'; readonly name: string }
  | { readonly kind: 'complex'; readonly pattern: ComplexPattern };

/** How one route matches: its segments' plans, the values it produces, the checks it runs. */
export interface MatchPlan {
  readonly segments: readonly SegmentPlan[];
  /** Segments from this index on may be absent from the path (optional, defaulted or catch-all). */
  readonly omittableFrom: number;
  /** Every segment is a literal: the route's values are its defaults. */
  readonly isStatic: boolean;
  /** The segments that produce values (parameters, complex segments, a catch-all), with their depths. */
  readonly captures: readonly { readonly depth: number; readonly plan: Exclude<SegmentPlan, { kind: 'literal' }> }[];
  /** Defaults with keys spelled as the template's parameters (the route's defaults). */
  readonly defaults: Readonly<RouteValues>;
  /** The defaults copied into matched values (null and undefined ones left out): parameters' first, in template order. */
  readonly defaultEntries: readonly (readonly [string, unknown])[];
  /** Constraints by route value name, in the order they run. */
  readonly constraintKeys: readonly string[];
  readonly constraintList: readonly RouteConstraint[];
  /** Upper-cased methods, checked before constraints; null for any. */
  readonly methodSet: ReadonlySet<string> | null;
}

/** What the plans of one table share, and how they compare literals (route-entry.ts's SharedParts). */
export interface PlanParts {
  /** Literal segment plans by text; null: nothing is shared (a route added to a live table). */
  readonly literalPlans: Map<string, SegmentPlan> | null;
  /** How the table compares literals (case-fold.ts): what its literal plans and complex patterns hold. */
  readonly fold: Fold;
  /**
   * What makes a complex segment's pattern (compileComplexSegment); null in a built module whose routes have none
   * (it imports the compiler only when one has).
   */
  readonly complex: typeof compileComplexSegment | null;
}

/** The plan of a route whose defaults are merged, constraints resolved and methods upper-cased. */
export function createMatchPlan(
  template: RouteTemplate,
  defaults: Readonly<RouteValues>,
  constraints: ReadonlyMap<string, RouteConstraint>,
  methodSet: ReadonlySet<string> | null,
  parts: PlanParts,
): MatchPlan {
  const segments = template.segments.map((segment): SegmentPlan => {
    if (segment.parts.length > 1) return { kind: 'complex', pattern: parts.complex!(segment, parts.fold) };
    const part = segment.parts[0];
    if (part.kind !== 'parameter') {
      const found = parts.literalPlans?.get(part.text);
      if (found !== undefined) return found;
      const plan: SegmentPlan = { kind: 'literal', folded: parts.fold(part.text) };
      parts.literalPlans?.set(part.text, plan);
      return plan;
    }
    return part.isCatchAll ? { kind: 'catchAll', name: part.name } : { kind: 'parameter', name: part.name };
  });
  const unconstrained = constraints.size === 0;
  return {
    segments,
    omittableFrom: omittableFrom(template, defaults),
    isStatic: segments.every((s) => s.kind === 'literal'),
    captures: capturesOf(segments),
    defaults,
    // A null default makes its parameter omittable but produces no value (ASP.NET stores null; we omit it).
    defaultEntries: defaults === NO_DEFAULTS ? NONE : orNone(defaultsInTemplateOrder(template, defaults).filter(([, value]) => value !== null && value !== undefined)),
    constraintKeys: unconstrained ? NONE : [...constraints.keys()],
    constraintList: unconstrained ? NONE : [...constraints.values()],
    methodSet,
  };
}

/** The segments that produce values, with their depths (a loop: flatMap made a list per literal segment). */
function capturesOf(segments: readonly SegmentPlan[]): MatchPlan['captures'] {
  const captures: MatchPlan['captures'][number][] = [];
  for (let depth = 0; depth < segments.length; depth++) {
    const plan = segments[depth];
    if (plan.kind !== 'literal') captures.push({ depth, plan });
  }
  // Copied at its exact size: a list grown by push keeps room for 17 items, in every route of the table.
  return captures.length === 0 ? NONE : captures.slice();
}

// A table of 10,000 routes holds 10,000 plans: the lists most routes leave empty are one shared empty list.
const NONE: readonly never[] = Object.freeze([]);
const orNone = <T>(list: readonly T[]): readonly T[] => (list.length === 0 ? NONE : list);

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

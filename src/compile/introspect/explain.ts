// explain(): for one request, what happened at every route, in collection order — the winner, the first
// reason each other route did not take the request, and "not tried" for the routes after the winner. It
// checks each route on its own from the route entry (segment plans, verb limit, constraints), the way the
// ordered matcher does, so it does not depend on the matching strategy; test/explain.test.ts holds it to
// match() on generated route tables and paths.
import { constraintContext } from '../../constraint-context.js';
import { getRouteValue, type RouteValues } from '../../route-values.js';
import { formatTemplate } from '../../template/format.js';
import { foldCase, type Fold } from '../case-fold.js';
import { constraintsOf, constraintText } from './constraint-info.js';
import { RequestPath } from '../match/request-path.js';
import type { RouteEntry } from '../route-entry.js';
import type { CompiledRoute } from '../compiled-route.js';
import type { RouteMatch } from '../matcher.js';
import { captureValues } from '../match/capture-values.js';
import { acceptsMethod, failingConstraint, shapeMissAt } from '../match/route-checks.js';

/** Why one route did not take a request (segment indexes count from 0, after the leading "/"). */
export type MissReason =
  | { readonly kind: 'too-many-segments'; readonly segment: number; readonly text: string }
  | { readonly kind: 'empty-segment'; readonly segment: number }
  | {
      readonly kind: 'literal-mismatch';
      readonly segment: number;
      readonly text: string;
      readonly expected: string;
      /** The table is case-sensitive and the texts differ only in case (ignoring case, they would match). */
      readonly caseOnly?: boolean;
    }
  | { readonly kind: 'complex-mismatch'; readonly segment: number; readonly text: string; readonly expected: string }
  | { readonly kind: 'too-few-segments'; readonly segment: number; readonly expected: string }
  | { readonly kind: 'method'; readonly method: string; readonly allowed: readonly string[] }
  | { readonly kind: 'constraint'; readonly key: string; readonly constraint: string; readonly value: unknown }
  | { readonly kind: 'not-a-path' };

/** What happened to the request at one route. */
export interface RouteExplanation {
  readonly route: CompiledRoute;
  /** matched: this route won. rejected: it was tried and did not accept. not-tried: an earlier route won. */
  /** 'generation-only': the route is marked generationOnly and never matches. */
  readonly outcome: 'matched' | 'rejected' | 'not-tried' | 'generation-only';
  /** The values it matched with (for not-tried: the values it would have matched with), else null. */
  readonly values: RouteValues | null;
  /** Why it does not accept the request (for not-tried: why it would not have), else null. */
  readonly reason: MissReason | null;
  /** For not-tried: the route that won. */
  readonly winner: CompiledRoute | null;
  /** How far the request got through this route's checks: segments, then the verb, then constraints. */
  readonly progress: number;
  /** One line for people. */
  readonly message: string;
}

/** The answer of explain(). */
export interface Explanation {
  readonly path: string;
  readonly method: string;
  /** What match() returns for the same request. */
  readonly match: RouteMatch | null;
  readonly routes: readonly RouteExplanation[];
  /** With no winner: the route that got furthest (the lowest index among equals), else null. */
  readonly closest: RouteExplanation | null;
}

type Verdict = { readonly values: RouteValues; readonly reason: null; readonly progress: number } | { readonly values: null; readonly reason: MissReason; readonly progress: number };

// Progress: a shape failure at segment i scores i; the verb check and each passed constraint score more.
const VERB_STAGE = 10_000;
const CONSTRAINT_STAGE = 20_000;

/**
 * Explains one request against routes in collection order; `method` is already upper-cased. `fold`: how the table
 * compares literals (case-fold.ts), as its entries were made.
 */
export function explainRequest(entries: readonly RouteEntry[], target: unknown, method: string, httpContext: unknown, fold: Fold = foldCase): Explanation {
  const path = typeof target === 'string' ? new RequestPath(target, false, fold) : null;
  let winner: RouteExplanation | null = null;
  const routes = entries.map((entry): RouteExplanation => {
    const verdict: Verdict = path === null ? { values: null, reason: { kind: 'not-a-path' }, progress: 0 } : judge(entry, path, method, httpContext);
    const route = entry.route;
    if (route.generationOnly) {
      return { route, outcome: 'generation-only', values: null, reason: null, winner: null, progress: -1, message: 'generation only (generationOnly: true): it never matches a request, it makes links' };
    }
    if (winner !== null) {
      const would = verdict.reason === null ? 'it would match too' : `it would not match either: ${reasonText(verdict.reason, entry)}`;
      return { route, outcome: 'not-tried', values: verdict.values, reason: verdict.reason, winner: winner.route, progress: verdict.progress, message: `not tried: route ${describeRoute(winner.route)} matched first (${would})` };
    }
    if (verdict.reason === null) {
      winner = { route, outcome: 'matched', values: verdict.values, reason: null, winner: null, progress: verdict.progress, message: `matched: ${JSON.stringify(verdict.values)}` };
      return winner;
    }
    return { route, outcome: 'rejected', values: null, reason: verdict.reason, winner: null, progress: verdict.progress, message: reasonText(verdict.reason, entry) };
  });
  const found = winner as RouteExplanation | null;
  let closest: RouteExplanation | null = null;
  if (found === null) for (const r of routes) if (r.outcome !== 'generation-only' && (closest === null || r.progress > closest.progress)) closest = r;
  return {
    path: typeof target === 'string' ? target : String(target),
    method,
    match: found === null ? null : { route: found.route, values: found.values! },
    routes,
    closest,
  };
}

/** "#2 "api/{id}"" (with the name when it has one). */
export function describeRoute(route: CompiledRoute): string {
  return `#${route.index}${route.name ? ` ${route.name}` : ''} ${JSON.stringify(route.template)}`;
}

/** The checks of the ordered matcher (route-checks.ts), one by one, stopping at the first that fails, and why it failed. */
function judge(entry: RouteEntry, path: RequestPath, method: string, httpContext: unknown): Verdict {
  const miss = (reason: MissReason, progress: number): Verdict => ({ values: null, reason, progress });
  const at = shapeMissAt(entry, path);
  if (at >= 0) return miss(shapeReason(entry, path, at), at);
  if (!acceptsMethod(entry, method)) {
    return miss({ kind: 'method', method, allowed: entry.route.methods ?? [] }, VERB_STAGE + path.length);
  }
  const values = captureValues(entry, path);
  if (values === null) throw new Error('explain: a complex segment split in the shape check but not in value capture');
  const i = failingConstraint(entry, values, method, httpContext);
  if (i < 0) return { values, reason: null, progress: CONSTRAINT_STAGE + entry.plan.constraintKeys.length };
  // Which of the key's constraints rejected it, run again as the matcher ran them.
  const key = entry.plan.constraintKeys[i];
  const context = constraintContext(httpContext, method);
  const failed = constraintsOf(entry, i).find((c) => !c.constraint.match(context, entry.route, key, values, 'incoming'));
  const constraint = failed?.label ?? constraintsOf(entry, i).map((c) => c.label).join(':');
  return miss({ kind: 'constraint', key, constraint, value: getRouteValue(values, key) }, CONSTRAINT_STAGE + i);
}

/** Why the shape missed at path segment `at` (shapeMissAt's answer). */
function shapeReason(entry: RouteEntry, path: RequestPath, at: number): MissReason {
  if (at === path.length) {
    // The last segment that cannot be left out (an optional one before it cannot be left out either).
    const required = entry.plan.omittableFrom - 1;
    return { kind: 'too-few-segments', segment: required, expected: templateSegment(entry, required) };
  }
  if (at >= entry.plan.segments.length) return { kind: 'too-many-segments', segment: at, text: path.decoded(at) };
  if (path.isEmpty(at)) return { kind: 'empty-segment', segment: at };
  const text = path.decoded(at);
  const expected = templateSegment(entry, at);
  const plan = entry.plan.segments[at]; // a literal or a complex segment: a parameter takes any segment that is not empty
  if (plan.kind !== 'literal') return { kind: 'complex-mismatch', segment: at, text, expected };
  const caseOnly = path.fold !== foldCase && foldCase(text) === foldCase(plan.folded);
  return { kind: 'literal-mismatch', segment: at, text, expected, ...(caseOnly ? { caseOnly } : {}) };
}

function templateSegment(entry: RouteEntry, i: number): string {
  return formatTemplate({ segments: [entry.route.parsedTemplate.segments[i]] });
}

/** One line for a reason. */
export function reasonText(reason: MissReason, entry?: RouteEntry): string {
  switch (reason.kind) {
    case 'too-many-segments':
      return `too many segments: segment ${reason.segment} ${JSON.stringify(reason.text)} is past the template's ${entry?.plan.segments.length ?? reason.segment}`;
    case 'empty-segment':
      return `segment ${reason.segment} is empty ("//"): no template segment accepts an empty segment`;
    case 'literal-mismatch':
      return `segment ${reason.segment} ${JSON.stringify(reason.text)} is not the literal ${JSON.stringify(reason.expected)}${reason.caseOnly ? ' (literals compare with their case)' : ''}`;
    case 'complex-mismatch':
      return `segment ${reason.segment} ${JSON.stringify(reason.text)} does not split as ${JSON.stringify(reason.expected)}`;
    case 'too-few-segments':
      return `too few segments: template segment ${reason.segment} ${JSON.stringify(reason.expected)} is required (the path has none there)`;
    case 'method':
      return `the verb limit (methods: ${reason.allowed.join(', ')}) rejects ${reason.method}`;
    case 'constraint':
      // The HTTP method constraint reads the request's method, not a value.
      if (reason.constraint.startsWith('httpmethod(')) return `${constraintText(reason.key, reason.constraint)} rejected the request's method`;
      return `${constraintText(reason.key, reason.constraint)} rejected ${reason.value === undefined ? 'a missing value' : JSON.stringify(reason.value)}`;
    case 'not-a-path':
      return 'the path is not a string';
  }
}

// explainGenerate(): for one generate() call, why each candidate route did or did not produce a URL. The
// verdict is the real generator's; the reason is found by running the binder's steps again with a trace
// (which value is missing, where ambient values stopped being used), then the filters, the verb limit and
// the constraints one by one.
import { getRouteValue, routePartsEqual, toRouteString, type RouteValues } from '../../route-values.js';
import { combineValues, getParameterValues, methodAllows, parameterInfos, type GenerationRequest, type ParameterInfo } from '../generate/binder.js';
import { MISSING } from '../generate/value-bag.js';
import { constraintsOf, constraintText } from './constraint-info.js';
import { describeRoute } from './explain.js';
import type { RouteEntry } from '../route-entry.js';
import type { CompiledRoute } from '../compiled-route.js';
import { nameKey } from '../../name-key.js';

/** Why one route produced no URL. */
export type GenerationMiss =
  | { readonly kind: 'missing-value'; readonly parameter: string; readonly ambientDiscarded: boolean }
  | { readonly kind: 'filter'; readonly key: string; readonly expected: unknown; readonly given: unknown }
  | { readonly kind: 'method'; readonly method: string; readonly allowed: readonly string[] }
  /** `from`: where the rejected value came from (the values given, the ambient values, the route's default), null when missing. */
  | { readonly kind: 'constraint'; readonly key: string; readonly constraint: string; readonly value: unknown; readonly from: ValueSource | null }
  | { readonly kind: 'unwritable' };

/** Where a value generation used came from. */
export type ValueSource = 'values' | 'ambient' | 'default';

/** What happened at one route. */
export interface RouteGenerationExplanation {
  readonly route: CompiledRoute;
  readonly outcome: 'generated' | 'rejected' | 'not-tried';
  /** The URL it produced (for not-tried: would have produced), else null. */
  readonly path: string | null;
  readonly reason: GenerationMiss | null;
  /** The parameter from which on ambient values were not used (the left-to-right rule), or null. */
  readonly ambientStoppedAt: string | null;
  readonly message: string;
}

/** The answer of explainGenerate(). */
export interface GenerationExplanation {
  /** The URL generate() returns for the same call, or null. */
  readonly path: string | null;
  readonly route: CompiledRoute | null;
  /** Set when a route name was given and no route has it (then `routes` is empty). */
  readonly nameNotFound: string | null;
  readonly routes: readonly RouteGenerationExplanation[];
}

/** The routes generate() tries, and how it runs one. */
export interface GenerationCandidates {
  readonly entries: readonly RouteEntry[];
  readonly routeName: string | null;
  /** The real generator: the normalized URL or null. */
  readonly generate: (entry: RouteEntry) => string | null;
}

/** Explains a generate() call; `candidates.entries` is the named route alone, or all routes in order. */
export function explainGeneration(candidates: GenerationCandidates, request: GenerationRequest): GenerationExplanation {
  if (candidates.routeName !== null && candidates.entries.length === 0) {
    return { path: null, route: null, nameNotFound: candidates.routeName, routes: [] };
  }
  let winner: { route: CompiledRoute; path: string } | null = null;
  const routes = candidates.entries.map((entry): RouteGenerationExplanation => {
    const path = candidates.generate(entry);
    const { reason, ambientStoppedAt } = diagnose(entry, request);
    const route = entry.route;
    const stopped = ambientStoppedAt ? ` (ambient values dropped at "${ambientStoppedAt}" and after)` : '';
    if (winner !== null) {
      const would = path !== null ? `it would give ${path}` : `it would not either: ${generationReasonText(reason)}`;
      return { route, outcome: 'not-tried', path, reason: path === null ? reason : null, ambientStoppedAt, message: `not tried: route ${describeRoute(winner.route)} generated first (${would})` };
    }
    if (path !== null) {
      winner = { route, path };
      return { route, outcome: 'generated', path, reason: null, ambientStoppedAt, message: `generated ${path}${stopped}` };
    }
    return { route, outcome: 'rejected', path: null, reason, ambientStoppedAt, message: generationReasonText(reason) + stopped };
  });
  const found = winner as { route: CompiledRoute; path: string } | null;
  return { path: found?.path ?? null, route: found?.route ?? null, nameNotFound: null, routes };
}

/** The binder's steps again, stopping at the first that fails; unwritable when they all pass. */
function diagnose(entry: RouteEntry, request: GenerationRequest): { reason: GenerationMiss; ambientStoppedAt: string | null } {
  const parameters = parameterInfos(entry);
  let ambientStoppedAt: string | null = null;
  let missing = -1;
  const slots = getParameterValues(parameters, request, (event, i) => {
    if (event === 'missing') missing = i;
    else ambientStoppedAt ??= parameters[i].name;
  });
  if (slots === null) {
    const p = parameters[missing];
    const ambient = request.ambient?.get(p.name, p.lower);
    return { reason: { kind: 'missing-value', parameter: p.name, ambientDiscarded: ambient !== undefined && ambient !== MISSING }, ambientStoppedAt };
  }
  const parameterNames = new Set(parameters.map((p) => p.lower));
  for (const [key, expected] of Object.entries(entry.plan.defaults)) {
    if (parameterNames.has(nameKey(key))) continue;
    const given = request.values.get(key, nameKey(key));
    if (given !== MISSING && !routePartsEqual(given, expected)) return { reason: { kind: 'filter', key, expected, given }, ambientStoppedAt };
  }
  if (!methodAllows(entry.plan.methodSet, request)) {
    const method = getRouteValue(request.values.values, 'httpMethod') ?? getRouteValue(request.ambient?.values ?? {}, 'httpMethod');
    return { reason: { kind: 'method', method: toRouteString(method), allowed: entry.route.methods ?? [] }, ambientStoppedAt };
  }
  const combined: RouteValues = combineValues(parameters, slots, request, parameterNames);
  for (let i = 0; i < entry.plan.constraintKeys.length; i++) {
    const key = entry.plan.constraintKeys[i];
    for (const info of constraintsOf(entry, i)) {
      if (!info.constraint.match(request.httpContext, entry.route, key, combined, 'generation')) {
        const value = getRouteValue(combined, key);
        return { reason: { kind: 'constraint', key, constraint: info.label, value, from: sourceOf(key, value, parameters, slots, request) }, ambientStoppedAt };
      }
    }
  }
  return { reason: { kind: 'unwritable' }, ambientStoppedAt };
}

/**
 * Where the value of `key` that the constraints saw came from: a parameter's slot holds the value given, else the
 * ambient one, else its default (getParameterValues' order); any other key, the value given, else the ambient one.
 */
function sourceOf(key: string, value: unknown, parameters: readonly ParameterInfo[], slots: readonly unknown[], request: GenerationRequest): ValueSource | null {
  if (value === undefined) return null;
  const lower = nameKey(key);
  const given = request.values.get(key, lower);
  const slot = parameters.findIndex((p) => p.lower === lower);
  if (slot < 0) return given !== MISSING ? 'values' : 'ambient';
  if (given !== MISSING && slots[slot] === given) return 'values';
  const ambient = request.ambient?.get(key, lower) ?? MISSING;
  return ambient !== MISSING && slots[slot] === ambient ? 'ambient' : 'default';
}

/** How a rejected value's source reads after it: nothing for a value given. */
const SOURCE_TEXT: Record<ValueSource, string> = { values: '', ambient: ' (from the ambient values)', default: " (the route's default)" };

/** One line for a generation miss. */
export function generationReasonText(reason: GenerationMiss): string {
  switch (reason.kind) {
    case 'missing-value':
      return reason.ambientDiscarded
        ? `no value for "${reason.parameter}": its ambient value is discarded by the left-to-right rule (a value to its left changed)`
        : `no value for the required parameter "${reason.parameter}"`;
    case 'filter':
      return `"${reason.key}" must be ${JSON.stringify(reason.expected)} (a default that is no parameter), got ${JSON.stringify(reason.given)}`;
    case 'method':
      return `the verb limit (methods: ${reason.allowed.join(', ')}) rejects httpMethod ${JSON.stringify(reason.method)}`;
    case 'constraint':
      return `${constraintText(reason.key, reason.constraint)} rejected ${reason.value === undefined ? 'a missing value' : JSON.stringify(reason.value)}${reason.from === null ? '' : SOURCE_TEXT[reason.from]}`;
    case 'unwritable':
      return 'the path cannot be written: an empty value would be followed by more text';
  }
}

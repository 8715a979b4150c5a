// One route against one request, written straight from the matching rules (ASP.NET's TemplateMatcher.TryMatch,
// then the verb limit, then the constraints). It reads the route's parsed template and its resolved defaults,
// constraints and methods, nothing the production matchers precompute: it is the definition they are tested against.
import { constraintContext } from '../../constraint-context.js';
import { setRouteValue, type RouteValues } from '../../route-values.js';
import type { LiteralPart, SeparatorPart, TemplateSegment } from '../../template/ast.js';
import type { RouteEntry } from '../route-entry.js';
import { matchComplexSegment } from './match-complex-segment.js';
import { foldForComparison, type ComparisonKey } from './comparison-key.js';
import type { SplitPath } from './split-path.js';

/**
 * The route's values if its template matches the path, null if it does not; constraints are not run. The values
 * come in one order: the template's parameters left to right (each its decoded URL value, else its default),
 * then the defaults that name no parameter; null and undefined defaults are left out.
 */
export function matchTemplate(entry: RouteEntry, request: SplitPath): RouteValues | null {
  const template = entry.route.parsedTemplate.segments;
  const path = request.segments;
  const values: RouteValues = {};
  for (let i = 0; i < template.length; i++) {
    const segment = template[i];
    if (i >= path.length) {
      // The path ran out: every template segment left must be allowed to be absent.
      if (!canBeAbsent(segment, entry)) return null;
      continue;
    }
    // An empty segment ("/a//b") is accepted by no template segment, a catch-all's included.
    if (path[i] === '') return null;
    const parts = segment.parts;
    const part = parts[0];
    if (parts.length > 1) {
      const captures = matchComplexSegment(segment, request.decoded(i), request.key);
      if (captures === null) return null;
      for (const [name, value] of captures) setRouteValue(values, name, value);
    } else if (part.kind !== 'parameter') {
      if (request.folded(i) !== literalKey(part, request.key)) return null; // case-insensitive unless the table is case-sensitive
    } else if (part.isCatchAll) {
      // The catch-all takes the rest of the path, slashes and all; an empty rest is no value.
      const rest = request.remainderFrom(i);
      if (rest !== '') setRouteValue(values, part.name, rest);
      return withDefaults(values, entry);
    } else {
      setRouteValue(values, part.name, request.decoded(i));
    }
  }
  // Path segments left over with no catch-all to take them.
  if (path.length > template.length) return null;
  return withDefaults(values, entry);
}

// Folded once per template literal, not once per request (the parsed template is immutable).
const foldedLiterals = new WeakMap<LiteralPart | SeparatorPart, string>();
function literalKey(part: LiteralPart | SeparatorPart, key: ComparisonKey): string {
  if (key !== foldForComparison) return key(part.text);
  let folded = foldedLiterals.get(part);
  if (folded === undefined) foldedLiterals.set(part, (folded = foldForComparison(part.text)));
  return folded;
}

/** A template segment the path may end before: a lone parameter that is optional, a catch-all or defaulted. */
function canBeAbsent(segment: TemplateSegment, entry: RouteEntry): boolean {
  const part = segment.parts[0];
  return (
    segment.parts.length === 1 &&
    part.kind === 'parameter' &&
    (part.isOptional || part.isCatchAll || Object.hasOwn(entry.route.defaults, part.name))
  );
}

/**
 * The URL values in template order, each parameter the URL did not set taking its default, then the other
 * defaults (a null or undefined default makes a parameter omittable, nothing more).
 */
function withDefaults(values: RouteValues, entry: RouteEntry): RouteValues {
  const ordered: RouteValues = {};
  const fill = (key: string, value: unknown): void => {
    if (value !== null && value !== undefined && !Object.hasOwn(ordered, key)) setRouteValue(ordered, key, value);
  };
  for (const { name } of entry.route.parsedTemplate.parameters) {
    fill(name, Object.hasOwn(values, name) ? values[name] : Object.hasOwn(entry.route.defaults, name) ? entry.route.defaults[name] : undefined);
  }
  for (const [key, value] of Object.entries(entry.route.defaults)) fill(key, value);
  return ordered;
}


/** The route's verb limit: no limit, or the (upper-cased) request method is one of its methods. */
export function acceptsVerb(entry: RouteEntry, method: string): boolean {
  return entry.plan.methodSet === null || entry.plan.methodSet.has(method);
}

/**
 * Every constraint of the route accepts the values, in the incoming direction (with the context
 * constraintContext() gives when the caller passed none).
 */
export function passesConstraints(entry: RouteEntry, values: RouteValues, method: string, httpContext: unknown): boolean {
  const context = constraintContext(httpContext, method);
  return entry.plan.constraintKeys.every((key, i) => entry.plan.constraintList[i].match(context, entry.route, key, values, 'incoming'));
}

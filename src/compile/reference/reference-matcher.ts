// The reference definition of matching (strategy 'reference'): every route, in collection order, tried on its
// own. It is the oracle the trie and the generated code are tested against, and the benchmarks' naive ordered
// baseline. It shares no code with
// the production matchers (only the parsed template and the resolved constraints), so that a bug in their
// path splitting, decoding, case folding or complex-segment matching shows up as a disagreement.
import type { RouteValues } from '../../route-values.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { comparisonKeyFor, type ComparisonKey } from './comparison-key.js';
import { acceptsVerb, matchTemplate, passesConstraints } from './match-route.js';
import { splitPath } from './split-path.js';

/** The reference matcher over the entries: no index, no trie, no code generation. */
export function createReferenceMatcher(entries: readonly RouteEntry[], options: { readonly caseSensitive?: boolean } = {}): Matcher {
  const key = comparisonKeyFor(options.caseSensitive === true);
  const answers = new StaticAnswers();
  return {
    strategy: 'reference',
    source: null,
    match(target, method, httpContext) {
      for (const found of referenceMatches(entries, answers, target, method, httpContext, key)) return found;
      return null;
    },
    matches: (target, method, httpContext) => referenceMatches(entries, answers, target, method, httpContext, key),
    allowedMethods: (target, httpContext) => referenceAllowedMethods(entries, target, httpContext, key),
  };
}

/**
 * A route without parameters has the same values for every request (its defaults), so its answer is made on its
 * first match, frozen (values too: it is shared), and given again after that; any other answer is fresh.
 */
class StaticAnswers {
  private readonly kept = new Map<RouteEntry, RouteMatch>();

  answer(entry: RouteEntry, values: RouteValues): RouteMatch {
    const kept = this.kept.get(entry);
    if (kept !== undefined) return kept;
    const hasParameters = entry.route.parsedTemplate.segments.some((segment) => segment.parts.some((part) => part.kind === 'parameter'));
    // Made here, not by matcher.ts's helpers: the reference shares no code with the production matchers.
    if (hasParameters) return { route: entry.route, values };
    const made: RouteMatch = Object.freeze({ route: entry.route, values: Object.freeze(values) });
    this.kept.set(entry, made);
    return made;
  }
}

/** Every route that accepts the request, in collection order (lazily). `method` is upper-cased. */
function* referenceMatches(
  entries: readonly RouteEntry[],
  answers: StaticAnswers,
  target: string,
  method: string,
  httpContext: unknown,
  key: ComparisonKey,
): Generator<RouteMatch> {
  const request = splitPath(target, key);
  for (const entry of entries) {
    // The verb limit first: the cheapest reason to skip a route, and never a reason to run its constraints.
    if (!acceptsVerb(entry, method)) continue;
    const values = matchTemplate(entry, request);
    if (values !== null && passesConstraints(entry, values, method, httpContext)) yield answers.answer(entry, values);
  }
}

/**
 * The methods of the routes whose template and constraints accept the path, the verb limit aside ("*" for
 * a route with none), sorted. The constraints see the request as if sent with the route's first method.
 */
function referenceAllowedMethods(entries: readonly RouteEntry[], target: string, httpContext: unknown, key: ComparisonKey): string[] {
  const request = splitPath(target, key);
  const allowed = new Set<string>();
  for (const entry of entries) {
    const values = matchTemplate(entry, request);
    if (values === null) continue;
    const methods = entry.route.methods ?? ['*'];
    if (passesConstraints(entry, values, methods[0] === '*' ? 'GET' : methods[0], httpContext)) {
      for (const method of methods) allowed.add(method);
    }
  }
  return [...allowed].sort();
}

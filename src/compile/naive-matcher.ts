// The reference definition of matching, "the naive ordered matcher": every route, in collection order, tried on
// its own by the reference matcher in ./reference/. The linear strategy runs on it alone; it is the oracle
// the trie (and any other strategy) is tested against, and the benchmark baseline. It shares no code with
// the production matchers (only the parsed template and the resolved constraints), so that a bug in their
// path splitting, decoding, case folding or complex-segment matching shows up as a disagreement.
import type { RouteValues } from '../route-values.js';
import type { CompiledRoute, RouteEntry } from './route-entry.js';
import { acceptsVerb, matchTemplate, passesConstraints } from './reference/match-route.js';
import { splitPath } from './reference/split-path.js';

/** A route that accepts the request, and its values. */
export interface NaiveMatch {
  readonly route: CompiledRoute;
  readonly values: RouteValues;
}

/** Every route that accepts the request, in collection order (lazily). `method` is upper-cased. */
export function* naiveMatches(
  entries: readonly RouteEntry[],
  target: string,
  method: string,
  httpContext: unknown,
): Generator<NaiveMatch> {
  const request = splitPath(target);
  for (const entry of entries) {
    // The verb limit first: the cheapest reason to skip a route, and never a reason to run its constraints.
    if (!acceptsVerb(entry, method)) continue;
    const values = matchTemplate(entry, request);
    if (values !== null && passesConstraints(entry, values, method, httpContext)) yield { route: entry.route, values };
  }
}

/**
 * The methods of the routes whose template and constraints accept the path, the verb limit aside ("*" for
 * a route with none), sorted. The constraints see the request as if sent with the route's first method.
 */
export function naiveAllowedMethods(entries: readonly RouteEntry[], target: string, httpContext: unknown): string[] {
  const request = splitPath(target);
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

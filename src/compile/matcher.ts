// The one interface every matching strategy satisfies. compile() builds the route entries once and asks the
// strategy's factory for a Matcher; it never branches on the strategy itself.
import type { RouteValues } from '../route-values.js';
import type { RouteEntry } from './route-entry.js';
import type { CompiledRoute } from './compiled-route.js';

// A request's own answer is not frozen: freezing it cost 38-40% of a lookup. The route is frozen where it is made
// (route-entry.ts).
/**
 * A successful match: the route and its values (URL values as decoded strings, plus defaults). Read-only by type.
 * An answer given to more than one request (a static route's, one the static table keeps) is frozen, its values
 * too; a request's own answer is a plain object: a write to it reaches no other request. The route is frozen
 * either way.
 */
export interface RouteMatch {
  readonly route: CompiledRoute;
  readonly values: Readonly<RouteValues>;
}

/** A request's own answer: `values` were made for this request alone, so nothing else can see a write to it. */
export function freshMatch(route: CompiledRoute, values: RouteValues): RouteMatch {
  return { route, values };
}

/** An answer given to many requests, frozen (values included): one request's write must not reach the next. */
export function frozenMatch(route: CompiledRoute, values: RouteValues): RouteMatch {
  return Object.freeze({ route, values: Object.freeze(values) });
}

/**
 * How match() finds the first route: 'generated' (the segment trie written out as JavaScript), 'trie' (the
 * segment trie, interpreted), 'reference' (every route in order: the independent reference and baseline).
 */
export type MatchStrategy = 'generated' | 'trie' | 'reference';

/** Matching over one route table. Methods are upper case; paths are request targets as sent. */
export interface Matcher {
  /** The strategy that answers (a requested 'generated' is 'trie' where new Function is unavailable). */
  readonly strategy: MatchStrategy;
  /** The code that runs, for strategies that generate code; null otherwise. */
  readonly source: string | null;
  /** The first route, in collection order, that accepts the request; null when none does. */
  match(target: string, method: string, httpContext: unknown): RouteMatch | null;
  /** Every route that accepts the request, lazily, in collection order. */
  matches(target: string, method: string, httpContext: unknown): Iterable<RouteMatch>;
  /** The methods of the routes whose template and constraints accept the path ("*": no verb limit), sorted. */
  allowedMethods(target: string, httpContext: unknown): string[];
}


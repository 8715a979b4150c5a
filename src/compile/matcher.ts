// The one interface every matching strategy satisfies. compile() builds the route entries once and asks the
// strategy's factory for a Matcher; it never branches on the strategy itself.
import type { RouteValues } from '../route-values.js';
import type { CompiledRoute, RouteEntry } from './route-entry.js';

/**
 * A successful match: the route and its values (URL values as decoded strings, plus defaults). Immutable: every
 * strategy hands it out frozen, its values too, so a static route's answer is one object built once and given to
 * every request. A caller that needs a bag it can change copies it (the pipeline's RouteData, the adapters' params).
 */
export interface RouteMatch {
  readonly route: CompiledRoute;
  readonly values: Readonly<RouteValues>;
}

/** The match of `route` with `values`, frozen (values included): the one way a strategy makes an answer. */
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
  /** The matcher's own structure for people (the trie, or the route list). */
  describe(): string;
}


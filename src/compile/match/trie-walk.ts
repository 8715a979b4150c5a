// Walking the trie for one request path. The walk is a depth-first search that carries the best (lowest order:
// compile()'s index, a live table's order key) accepted route so far and skips any subtree whose minIndex cannot
// beat it; the routes of a node are tried in order, values are bound and constraints run only for a route the
// walk reached, and the first one that passes is the best of that node. Each path segment is looked at once per
// live branch, so the work is bounded by path length × branching, with no backtracking inside a segment. The
// search keeps its own stack instead of recursing, so a template thousands of segments deep walks like a short
// one (recursion overflowed V8's stack near 10,000 segments).
import type { ComplexPattern } from '../complex-segment.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';
import type { RouteMatch } from '../matcher.js';
import type { RouteValues } from '../../route-values.js';
import { answerOf } from './answer-of.js';
import { captureValues } from './capture-values.js';
import { acceptsMethod, passesConstraints } from './route-checks.js';
import { literalChildFor, type TrieNode } from './trie.js';

/** The state of one first-match search: once it is done, the route found (null: none) and its values. */
export interface Search {
  readonly path: RequestPath;
  readonly count: number;
  readonly method: string;
  readonly httpContext: unknown;
  bestOrder: number;
  best: RouteEntry | null;
  values: RouteValues | null;
}

/** The first route (lowest order) that accepts the request, or null. */
export function findFirst(root: TrieNode, path: RequestPath, method: string, httpContext: unknown): RouteMatch | null {
  return findFirstFrom(root, 0, path, method, httpContext, Infinity);
}

/** The same below `node` (reached at segment `depth`), among routes with an order below `bestOrder`. */
export function findFirstFrom(node: TrieNode, depth: number, path: RequestPath, method: string, httpContext: unknown, bestOrder: number): RouteMatch | null {
  const search = searchFrom(node, depth, path, method, httpContext, bestOrder);
  return search.best === null ? null : answerOf(search.best, search.values!);
}

/** The search below `node` itself: the route found and its values, for a caller that answers with another route object. */
export function searchFrom(node: TrieNode, depth: number, path: RequestPath, method: string, httpContext: unknown, bestOrder: number): Search {
  const search: Search = { path, count: path.length, method, httpContext, bestOrder, best: null, values: null };
  walk(node, depth, search);
  return search;
}

function walk(start: TrieNode, startDepth: number, search: Search): void {
  const path = search.path;
  // The nodes still to visit, last first, with their depths and, for a complex edge, the pattern its segment
  // must match: checked when the node is taken, so a better route found meanwhile can prune it unchecked.
  const nodes: TrieNode[] = [start];
  const depths: number[] = [startDepth];
  const patterns: (ComplexPattern | null)[] = [null];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const pattern = patterns.pop()!;
    if (node.minIndex >= search.bestOrder) continue;
    if (pattern !== null && pattern.match(path.decoded(depth - 1)) === null) continue;
    if (depth === search.count) {
      tryRoutes(node.terminals, search);
      continue;
    }
    // An empty segment ("/a//b") is accepted by no template segment, a catch-all's included.
    if (path.isEmpty(depth)) continue;
    if (node.catchAlls.length > 0) tryRoutes(node.catchAlls, search);
    // Pushed in reverse order of visit: the literal and parameter children first (lower minIndex first: the
    // sooner a good match is found, the more branches the bound prunes), then the complex edges in order.
    for (let i = node.complex.length - 1; i >= 0; i--) {
      const edge = node.complex[i];
      nodes.push(edge.node);
      depths.push(depth + 1);
      patterns.push(edge.pattern);
    }
    const literal = node.literalKeys.length === 0 ? undefined : literalChildFor(node, path, depth);
    const parameter = node.parameter;
    const parameterFirst = literal !== undefined && parameter !== null && parameter.minIndex < literal.minIndex;
    const later = parameterFirst ? literal : parameter;
    const sooner = parameterFirst ? parameter : literal;
    if (later !== undefined && later !== null) {
      nodes.push(later);
      depths.push(depth + 1);
      patterns.push(null);
    }
    if (sooner !== undefined && sooner !== null) {
      nodes.push(sooner);
      depths.push(depth + 1);
      patterns.push(null);
    }
  }
}

/** Tries routes (ascending order) that end here; the first that binds and passes its constraints wins. */
function tryRoutes(entries: readonly RouteEntry[], search: Search): void {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.order >= search.bestOrder) return;
    if (!acceptsMethod(entry, search.method)) continue;
    const values = captureValues(entry, search.path);
    if (values !== null && passesConstraints(entry, values, search.method, search.httpContext)) {
      search.bestOrder = entry.order;
      search.best = entry;
      search.values = values;
      return;
    }
  }
}

/** The first of `entries` (ascending order, shapes known to match) that binds and passes its checks. */
export function firstAccepting(entries: readonly RouteEntry[], path: RequestPath, method: string, httpContext: unknown): RouteMatch | null {
  const search: Search = { path, count: -1, method, httpContext, bestOrder: Infinity, best: null, values: null };
  tryRoutes(entries, search);
  return search.best === null ? null : answerOf(search.best, search.values!);
}

/** Every route whose template shape matches the path (constraints not yet run), in order. */
export function collectCandidates(root: TrieNode, path: RequestPath): RouteEntry[] {
  const found: RouteEntry[] = [];
  collectInto(root, path, found);
  return found.sort(byOrder);
}

/** First-match order. */
export const byOrder = (a: RouteEntry, b: RouteEntry): number => a.order - b.order;

/** Adds the routes whose template shape matches the path to `found`, in no particular order. */
export function collectInto(root: TrieNode, path: RequestPath, found: RouteEntry[]): void {
  collect(root, 0, path, found);
}

function collect(root: TrieNode, rootDepth: number, path: RequestPath, found: RouteEntry[]): void {
  // Iterative, as walk() is: the order does not matter (the caller sorts by index).
  const nodes: TrieNode[] = [root];
  const depths: number[] = [rootDepth];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth === path.length) {
      for (const entry of node.terminals) found.push(entry); // (a spread: one call argument per route)
      continue;
    }
    if (path.isEmpty(depth)) continue;
    for (const entry of node.catchAlls) found.push(entry);
    const literal = node.literalKeys.length === 0 ? undefined : literalChildFor(node, path, depth);
    if (literal) {
      nodes.push(literal);
      depths.push(depth + 1);
    }
    if (node.parameter) {
      nodes.push(node.parameter);
      depths.push(depth + 1);
    }
    for (const edge of node.complex) {
      if (edge.pattern.match(path.decoded(depth)) !== null) {
        nodes.push(edge.node);
        depths.push(depth + 1);
      }
    }
  }
}

// Walking the trie for one request path. The walk is a depth-first search that carries the best (lowest
// index) accepted route so far and skips any subtree whose minIndex cannot beat it; the routes of a node are
// tried in index order, values are bound and constraints run only for a route the walk reached, and the
// first one that passes is the best of that node. Each path segment is looked at once per live branch, so
// the work is bounded by path length × branching, with no backtracking inside a segment.
import { matchComplexSegment } from '../complex-segment.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';
import type { RouteMatch } from '../matcher.js';
import { acceptsMethod, captureValues, passesConstraints } from './route-match.js';
import { literalChildFor, type TrieNode } from './trie.js';

/** The state of one first-match search. */
interface Search {
  readonly path: RequestPath;
  readonly count: number;
  readonly method: string;
  readonly httpContext: unknown;
  bestIndex: number;
  best: RouteMatch | null;
}

/** The first route (lowest index) that accepts the request, or null. */
export function findFirst(root: TrieNode, path: RequestPath, method: string, httpContext: unknown): RouteMatch | null {
  return findFirstFrom(root, 0, path, method, httpContext, Infinity);
}

/** The same below `node` (reached at segment `depth`), among routes with an index below `bestIndex`. */
export function findFirstFrom(node: TrieNode, depth: number, path: RequestPath, method: string, httpContext: unknown, bestIndex: number): RouteMatch | null {
  const search: Search = { path, count: path.length, method, httpContext, bestIndex, best: null };
  walk(node, depth, search);
  return search.best;
}

function walk(node: TrieNode, depth: number, search: Search): void {
  if (node.minIndex >= search.bestIndex) return;
  const path = search.path;
  if (depth === search.count) {
    tryRoutes(node.terminals, search);
    return;
  }
  // An empty segment ("/a//b") is accepted by no template segment, a catch-all's included.
  if (path.isEmpty(depth)) return;
  if (node.catchAlls.length > 0) tryRoutes(node.catchAlls, search);

  const literal = node.literalKeys.length === 0 ? undefined : literalChildFor(node, path, depth);
  const parameter = node.parameter;
  // Lower minIndex first: the sooner a good match is found, the more branches the bound prunes.
  if (literal !== undefined && parameter !== null && parameter.minIndex < literal.minIndex) {
    walk(parameter, depth + 1, search);
    walk(literal, depth + 1, search);
  } else {
    if (literal !== undefined) walk(literal, depth + 1, search);
    if (parameter !== null) walk(parameter, depth + 1, search);
  }
  for (let i = 0; i < node.complex.length; i++) {
    const edge = node.complex[i];
    if (edge.node.minIndex < search.bestIndex && matchComplexSegment(edge.pattern, path.decoded(depth)) !== null) {
      walk(edge.node, depth + 1, search);
    }
  }
}

/** Tries routes (ascending index) that end here; the first that binds and passes its constraints wins. */
function tryRoutes(entries: readonly RouteEntry[], search: Search): void {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.route.index >= search.bestIndex) return;
    if (!acceptsMethod(entry, search.method)) continue;
    const values = captureValues(entry, search.path);
    if (values !== null && passesConstraints(entry, values, search.method, search.httpContext)) {
      search.bestIndex = entry.route.index;
      search.best = { route: entry.route, values };
      return;
    }
  }
}

/** The first of `entries` (ascending index, shapes known to match) that binds and passes its checks. */
export function firstAccepting(entries: readonly RouteEntry[], path: RequestPath, method: string, httpContext: unknown): RouteMatch | null {
  const search: Search = { path, count: -1, method, httpContext, bestIndex: Infinity, best: null };
  tryRoutes(entries, search);
  return search.best;
}

/** Every route whose template shape matches the path (constraints not yet run), in index order. */
export function collectCandidates(root: TrieNode, path: RequestPath): RouteEntry[] {
  const found: RouteEntry[] = [];
  collect(root, 0, path, found);
  return found.sort((a, b) => a.route.index - b.route.index);
}

function collect(node: TrieNode, depth: number, path: RequestPath, found: RouteEntry[]): void {
  if (depth === path.length) {
    found.push(...node.terminals);
    return;
  }
  if (path.isEmpty(depth)) return;
  found.push(...node.catchAlls);
  const literal = node.literalKeys.length === 0 ? undefined : literalChildFor(node, path, depth);
  if (literal) collect(literal, depth + 1, path, found);
  if (node.parameter) collect(node.parameter, depth + 1, path, found);
  for (const edge of node.complex) {
    if (matchComplexSegment(edge.pattern, path.decoded(depth)) !== null) collect(edge.node, depth + 1, path, found);
  }
}

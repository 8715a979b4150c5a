// The 'trie' strategy: the segment trie, interpreted. Also the generated matcher's companion: it answers
// matches() and allowedMethods() for it, and the rare request the emitted code leaves to the walk.
import { foldFor, type Fold } from '../case-fold.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import type { RouteValues } from '../../route-values.js';
import { RequestPath } from './request-path.js';
import { answerOf } from './answer-of.js';
import { captureValues } from './capture-values.js';
import { acceptsMethod, passesConstraints } from './route-checks.js';
import { StaticTable } from './static-table.js';
import { collectCandidates, findFirst, findFirstFrom } from './trie-walk.js';
import { buildTrie, nodesOf, type TrieNode } from './trie.js';

/** The interpreted trie matcher, with its trie (the generated matcher emits code from it) and static table. */
export interface TrieMatcher extends Matcher {
  readonly root: TrieNode;
  readonly staticTable: StaticTable;
}

/** The candidates (routes whose template shape matches the path, in order) that accept the request, with their values. */
export function* accepting(candidates: readonly RouteEntry[], path: RequestPath, method: string, httpContext: unknown): Generator<[RouteEntry, RouteValues]> {
  for (const entry of candidates) {
    if (!acceptsMethod(entry, method)) continue;
    const values = captureValues(entry, path);
    if (values !== null && passesConstraints(entry, values, method, httpContext)) yield [entry, values];
  }
}

/**
 * The methods of the candidates whose values bind and whose constraints accept the path (the verb limit aside:
 * as if sent with one of the route's methods); "*" for a route without a verb limit. Sorted.
 */
export function methodsAllowed(candidates: readonly RouteEntry[], path: RequestPath, httpContext: unknown): string[] {
  const allowed = new Set<string>();
  for (const entry of candidates) {
    const values = captureValues(entry, path);
    if (values === null) continue;
    const methods = entry.route.methods ?? ['*'];
    if (passesConstraints(entry, values, methods[0] === '*' ? 'GET' : methods[0], httpContext)) {
      for (const m of methods) allowed.add(m);
    }
  }
  return [...allowed].sort();
}

/** The interpreted trie of a built module (no static table of its own). */
export type TrieWalker = Omit<TrieMatcher, 'staticTable'>;

/**
 * Builds the trie of the entries and, unless one is given, their static table (which the stack in front of the
 * matcher reads). `caseSensitive`: as the entries were made (their literals are folded by the same fold, and so
 * is a given table).
 */
export function createTrieMatcher(entries: readonly RouteEntry[], { staticTable, caseSensitive = false }: { readonly staticTable?: StaticTable; readonly caseSensitive?: boolean } = {}): TrieMatcher {
  const fold = foldFor(caseSensitive);
  const walker = createTrieWalker(entries, fold);
  return { ...walker, staticTable: staticTable ?? new StaticTable(entries, () => walker.root, fold) };
}

/** The trie of the entries and its walk, literals compared by `fold` (the one the entries were made with). */
export function createTrieWalker(entries: readonly RouteEntry[], fold: Fold): TrieWalker {
  const root = buildTrie(entries);
  return {
    strategy: 'trie',
    source: null,
    root,
    // The walk alone: the stack in front looks the exact target up in the static table, once (a static path
    // in another spelling, with a query or a trailing slash, is a short walk).
    match: (target, method, httpContext) => findFirst(root, new RequestPath(target, false, fold), method, httpContext),
    *matches(target, method, httpContext): Generator<RouteMatch> {
      const path = new RequestPath(target, false, fold);
      for (const [entry, values] of accepting(collectCandidates(root, path), path, method, httpContext)) yield answerOf(entry, values);
    },
    allowedMethods(target, httpContext) {
      const path = new RequestPath(target, false, fold);
      return methodsAllowed(collectCandidates(root, path), path, httpContext);
    },
  };
}

/**
 * What a built module imports when it needs the trie (switchyard-router/aot's `trie`): the walker, the walk H.walk
 * runs from a node, and the nodes its code names (N). One export, so that a module that needs none of them (built
 * --compact, its code reaching no trie node) leaves all of them out of its bundle.
 */
export const trieParts = { walker: createTrieWalker, walkFrom: findFirstFrom, nodes: nodesOf };

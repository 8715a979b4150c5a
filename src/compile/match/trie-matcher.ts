// The 'trie' strategy: the segment trie, interpreted. Also the generated matcher's companion: it answers
// matches() and allowedMethods() for it, and the rare request the emitted code leaves to the walk.
import { foldFor } from '../case-fold.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { RequestPath } from './request-path.js';
import { acceptsMethod, captureValues, passesConstraints } from './route-match.js';
import { buildStaticIndex, lookupStatic, type StaticIndex } from './static-index.js';
import { collectCandidates, findFirst, firstAccepting } from './trie-walk.js';
import { buildTrie, describeTrie, type TrieNode } from './trie.js';

/** The interpreted trie matcher, with its trie (the generated matcher emits code from it). */
export interface TrieMatcher extends Matcher {
  readonly root: TrieNode;
}

/**
 * Builds the trie of the entries. `staticIndex`: also index the all-literal paths (one Map lookup instead of a
 * walk); the generated matcher, which compares literals in its own code, does without it. `caseSensitive`: as
 * the entries were made (their literals are folded by the same fold).
 */
export function createTrieMatcher(entries: readonly RouteEntry[], { staticIndex = true, caseSensitive = false } = {}): TrieMatcher {
  const fold = foldFor(caseSensitive);
  const root = buildTrie(entries);
  const index: StaticIndex | null = staticIndex ? buildStaticIndex(root, entries, fold) : null;
  return {
    strategy: 'trie',
    source: null,
    root,
    match(target, method, httpContext) {
      const path = new RequestPath(target, false, fold);
      const listed = index === null ? undefined : lookupStatic(index, path);
      if (listed !== undefined) return firstAccepting(listed, path, method, httpContext);
      return findFirst(root, path, method, httpContext);
    },
    *matches(target, method, httpContext): Generator<RouteMatch> {
      const path = new RequestPath(target, false, fold);
      for (const entry of collectCandidates(root, path)) {
        if (!acceptsMethod(entry, method)) continue;
        const values = captureValues(entry, path);
        if (values !== null && passesConstraints(entry, values, method, httpContext)) yield { route: entry.route, values };
      }
    },
    allowedMethods(target, httpContext) {
      const path = new RequestPath(target, false, fold);
      const allowed = new Set<string>();
      // Routes whose template shape matches the path, in order (constraints not yet run).
      for (const entry of collectCandidates(root, path)) {
        const values = captureValues(entry, path);
        if (values === null) continue;
        const methods = entry.route.methods ?? ['*'];
        // The verb limit aside, do the constraints accept the request (as if sent with one of its methods)?
        if (passesConstraints(entry, values, methods[0] === '*' ? 'GET' : methods[0], httpContext)) {
          for (const m of methods) allowed.add(m);
        }
      }
      return [...allowed].sort();
    },
    describe: () => describeTrie(root),
  };
}

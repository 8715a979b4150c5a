// The static-route index: for every all-literal template, the complete ordered list of routes whose
// template shape accepts exactly that path, computed at compile time from the trie. A request for such a
// path is then one Map lookup plus the verb and constraint checks of that short list — the same answer the
// walk gives (the list is what the walk would collect), without walking.
import type { Fold } from '../case-fold.js';
import { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';
import { collectCandidates } from './trie-walk.js';
import type { TrieNode } from './trie.js';

/** Folded static path ("users/list") → the routes (ascending index) whose shape matches it. */
export interface StaticIndex {
  readonly routes: ReadonlyMap<string, readonly RouteEntry[]>;
  /** The lengths of the keys: a path of another length is not looked up (its hash is never computed). */
  readonly lengths: ReadonlySet<number>;
}

/** Looks a request path up in the index; undefined when it is not a static path. */
export function lookupStatic(index: StaticIndex, path: RequestPath): readonly RouteEntry[] | undefined {
  if (!index.lengths.has(path.bodyLength)) return undefined;
  const raw = path.rawKey();
  if (raw === null) return undefined;
  // As it is first: a lower-case request is found without folding (folding is idempotent).
  const found = index.routes.get(raw);
  if (found !== undefined) return found;
  const key = path.fold(raw);
  return key === raw ? undefined : index.routes.get(key);
}

/** Builds the index from the trie (so each list is exactly what the walk would collect). */
export function buildStaticIndex(trie: TrieNode, entries: readonly RouteEntry[], fold: Fold): StaticIndex {
  const index = new Map<string, readonly RouteEntry[]>();
  for (const entry of entries) {
    if (!entry.isStatic) continue;
    const key = entry.segments.map((s) => (s.kind === 'literal' ? s.folded : '')).join('/');
    if (index.has(key)) continue;
    // The key must be what lookupStatic() computes for that path, or lookups would silently miss.
    const path = new RequestPath(`/${key}`, false, fold);
    const raw = path.rawKey();
    if (raw === null || fold(raw) !== key) continue;
    index.set(key, collectCandidates(trie, path));
  }
  return { routes: index, lengths: new Set([...index.keys()].map((k) => k.length)) };
}

// The emitted code's helpers (H): the inline constraint checks and the few operations not worth inlining. The
// same object serves code compiled at start-up (generated-matcher.ts) and code written ahead of time into a
// module (aot/), which is why it lives apart from new Function.
import { setRouteValue } from '../../../route-values.js';
import type { Fold } from '../../case-fold.js';
import type { ComplexPattern } from '../../complex-segment.js';
import type { RouteMatch } from '../../matcher.js';
import { INLINE_CHECKS } from './inline-constraints.js';
import { RequestPath } from '../request-path.js';
import { findFirstFrom } from '../trie-walk.js';
import type { TrieNode } from '../trie.js';

/** An emitted subtree function (its parameters are the segment offsets its routes read). */
export type SubtreeMatch = (...args: unknown[]) => RouteMatch | null;

/**
 * What a literal table's entry that is not a function yet answers with (a lazily compiled subtree): the
 * generated matcher compiles or interprets it; ahead-of-time units have none (every subtree is code).
 */
export type LazyResolver = (table: Map<string, unknown>, key: string, found: unknown) => SubtreeMatch;

/**
 * The helpers object the emitted units receive as H; `fold` is the table's (case-fold.ts): one helpers object
 * per fold, shared by every table that compares literals that way.
 */
export function createEmittedHelpers(resolveLazy: LazyResolver, fold: Fold) {
  return emittedHelpersWith(INLINE_CHECKS, resolveLazy, fold, findFirstFrom);
}

/** The interpreted walk from a trie node (trie-walk.ts findFirstFrom), which H.walk runs. */
export type WalkFrom = typeof findFirstFrom;

/**
 * The helpers with the inline checks given: compile()'s, every check; a built module's, those its code calls
 * (imported one by one, so that its bundle carries no other check or parser). `walkFrom`: the walk H.walk runs; a
 * built module whose code reaches no trie node has none, and its bundle no walk.
 */
export function emittedHelpersWith<Checks extends object>(checks: Checks, resolveLazy: LazyResolver, fold: Fold, walkFrom: WalkFrom | undefined) {
  return {
    ...checks,
    complex: (pattern: ComplexPattern, text: string) => pattern.match(text),
    /** Case-insensitive equality (the table's fold) of the segment at `start` with a folded literal that has non-ASCII text. */
    foldedEquals(path: string, start: number, folded: string): boolean {
      return fold(path.slice(start, start + folded.length)) === folded;
    },
    /** Whether the segment at `start` is the folded ASCII literal: it ends after it, and each unit folds to the literal's. */
    literalAt(path: string, start: number, folded: string): boolean {
      const after = start + folded.length;
      if (after < path.length ? path.charCodeAt(after) !== 47 : after !== path.length) return false;
      for (let i = 0; i < folded.length; i++) {
        const l = folded.charCodeAt(i);
        const c = path.charCodeAt(start + i);
        // A letter in either case (`| 32`; no other unit folds to an ASCII letter), anything else as it is. No
        // foldUnit: this is inlined where it is called, and foldUnit's tables would come along.
        if (c !== l && ((c | 32) !== l || l < 97 || l > 122)) return false;
      }
      return true;
    },
    literalTable(keys: readonly string[], targets: readonly unknown[]): Map<string, unknown> {
      return new Map(keys.map((key, i) => [key, targets[i]]));
    },
    /** The function for segment [start, end) in a literal table: the segment as it is first, folded only on a miss. */
    literalChild(table: Map<string, unknown>, path: string, start: number, end: number): SubtreeMatch | undefined {
      let key = path.slice(start, end);
      let found = table.get(key);
      if (found === undefined) {
        const folded = fold(key);
        if (folded === key) return undefined;
        found = table.get((key = folded));
        if (found === undefined) return undefined;
      }
      return typeof found === 'function' ? (found as SubtreeMatch) : resolveLazy(table, key, found);
    },
    /** The interpreted walk from `node` at segment `depth` of an already decoded path (nodes below EMIT_DEPTH_MAX). */
    walk(node: TrieNode, depth: number, path: string, method: string, ctx: unknown, best: number): RouteMatch | null {
      return walkFrom!(node, depth, new RequestPath(path, true, fold), method, ctx, best);
    },
    /** values[name] = value for any name ("__proto__" included, which plain assignment would swallow). */
    setValue: setRouteValue,
  };
}

export type EmittedHelpers = ReturnType<typeof createEmittedHelpers>;

// The layers in front of a strategy's matcher, put together in one place for compile() and for built modules
// (aot/load-router.ts), so that a layer added is there for both: the static table first (an exact static target
// is one Map lookup), then the method filter (a method no route names is null before any walk), then the
// strategy's own match() (compile()'s emitted code or walk, a built module's own code). Its front is router.match()
// itself: the method's slot is found once, by one switch, for the static table and the method filter both.
import { defineGetters } from '../define-getters.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { standardSlot, verbOf } from '../verb.js';
import { methodFilter, type MethodFilter } from './method-filter.js';
import type { StaticTable } from './static-table.js';

/** router.match() as the public API takes it: any target (null unless a string), the method as given (verbOf's rules). */
export type FrontMatch = (target: string, method?: string | null, httpContext?: unknown) => RouteMatch | null;

/** A strategy's matcher as the stack receives it. */
export interface StackCore extends Matcher {
  /** The static table of the same entries (the trie strategies have one). */
  readonly staticTable?: StaticTable;
}

/** The assembled matcher, with the parts it is made of. */
export interface MatcherStack extends Matcher {
  /** The strategy's matcher: what the layers pass a request on to. */
  readonly core: StackCore;
  /** The method filter (null: some route takes every method). */
  readonly filter: MethodFilter | null;
  readonly staticTable: StaticTable | null;
  /** router.match() over the stack: the method's slot is found once, for the static table and the method filter both. */
  readonly front: FrontMatch;
}

/** router.match() over a matcher without a stack (the reference, a live table). */
export function plainFront(matcher: Matcher): FrontMatch {
  return (target, method, httpContext) => (typeof target === 'string' ? matcher.match(target, verbOf(method), httpContext) : null);
}

/** The stack over `core`, its static table and the method filter of `entries` (the routes `core` matches). */
export function stackMatcher(core: StackCore, entries: readonly RouteEntry[]): MatcherStack {
  return stackOver(core, methodFilter(entries));
}

/** The stack over `core`, its static table and `filter`. */
export function stackOver(core: StackCore, filter: MethodFilter | null): MatcherStack {
  const staticTable = core.staticTable ?? null;
  const walk = core.match;
  const table = staticTable !== null && staticTable.byTarget.size > 0 ? staticTable : null;
  const lengths = table?.targetLengths ?? new Uint8Array(0);
  const byTarget = table?.byTarget;
  // The layers for a method already upper case, with its slot (-1: not a standard method). Kept small, so that V8
  // inlines it (and the front into router.match's caller): the exact target's kept answer, else the next layers.
  const layers = (target: string, method: string, slot: number, httpContext: unknown): RouteMatch | null => {
    const length = target.length;
    if (byTarget !== undefined && length < lengths.length && lengths[length] === 1) {
      const found = byTarget.get(target);
      if (found !== undefined) {
        const kept = slot >= 0 ? found.standard[slot] : undefined;
        return kept !== undefined ? kept : found.answer(target, slot, method, httpContext);
      }
    }
    if (filter !== null && !filter(method, slot)) return null;
    return walk(target, method, httpContext);
  };
  const stack: Omit<MatcherStack, 'source'> = {
    strategy: core.strategy,
    matches: core.matches,
    allowedMethods: core.allowedMethods,
    staticTable,
    core,
    filter,
    match: (target, method, httpContext) => layers(target, method, standardSlot(method), httpContext),
    // One switch on the method as given: a standard method (node:http's are upper case) is its own verb; any other
    // (none, lower case, PURGE) takes verbOf's way, off the hot path.
    front: (target, method, httpContext) => {
      if (typeof target !== 'string') return null;
      const slot = standardSlot(method as string);
      return slot >= 0 ? layers(target, method!, slot, httpContext) : stack.match(target, verbOf(method), httpContext);
    },
  };
  // Named one by one, not spread: a spread would read `source`, which makes the generated matcher emit now.
  return defineGetters<MatcherStack>(stack, { source: () => core.source });
}

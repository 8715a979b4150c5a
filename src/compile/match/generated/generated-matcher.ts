// The 'generated' strategy: the trie's emitted source (emit-matcher.ts) turned into a function with
// new Function when the matcher is made (compile() time), behind the front every request goes through
// (emitted-front.ts): the emitted code answers from the first request.
import { foldFor, type Fold } from '../../case-fold.js';
import { emitMatcher, emitSubtree, type EmittedUnit, type LazySubtree } from './emit-matcher.js';
import { createEmittedHelpers, type EmittedHelpers, type SubtreeMatch } from './emitted-helpers.js';
import type { RouteEntry } from '../../route-entry.js';
import { emittedFront, type EmittedMatch } from './emitted-front.js';
import type { StackCore } from '../matcher-stack.js';
import { createTrieMatcher } from '../trie-matcher.js';

/** The helpers of the emitted code for tables that ignore case (the default) and for case-sensitive ones. */
const HELPERS: readonly [EmittedHelpers, EmittedHelpers] = [helpersFor(foldFor(false)), helpersFor(foldFor(true))];

function helpersFor(fold: Fold): EmittedHelpers {
  const helpers: EmittedHelpers = createEmittedHelpers(
    (table, key, found) => lazyTarget(helpers, table as Map<string, Target>, key, found as LazySubtree | LazyState),
    fold,
  );
  return helpers;
}

/** A literal table's entry: a compiled subtree, or one still to compile. */
type Target = SubtreeMatch | LazySubtree | LazyState;

/** Runs a unit's factory: the one place source becomes code. */
function compileUnit<T>({ source, constants }: EmittedUnit, helpers: EmittedHelpers): T {
  return new Function('K', 'H', source)(constants, helpers) as T;
}

type UnitFactory = (constants: readonly unknown[], helpers: EmittedHelpers) => SubtreeMatch;

/** A shape of subtree (its emitted source): compiled once, when enough requests need it. */
interface Shape {
  readonly source: string;
  factory: UnitFactory | null;
  /** How many subtrees of this shape have been reached. */
  subtrees: number;
}

/** A subtree behind a large fan-out until its code is compiled: what the literal table holds meanwhile. */
interface LazyState {
  readonly subtree: LazySubtree;
  shape: Shape | null;
  constants: readonly unknown[];
  /** The interpreted walk from this subtree's node, with the same parameters as its emitted function. */
  readonly interpret: SubtreeMatch;
}

// Code is worth compiling only where it runs hot. A subtree whose shape no other subtree shares would get a
// function of its own, which V8 interprets (slower than the trie walk, hot for every subtree) until it has
// run thousands of times, so on a large table it stays behind the walk for seconds of lookups (docs/benchmarks.md,
// "Why these thresholds"). A shape that SHARED_SHAPE subtrees have is compiled once and runs for all of them
// (a table of rN/items/{id} routes compiles one function); every other subtree is answered by the walk.
export const SHARED_SHAPE = 4;

/** What a literal table's entry answers with now, compiling its code when it is worth it. */
function lazyTarget(helpers: EmittedHelpers, table: Map<string, Target>, key: string, found: LazySubtree | LazyState): SubtreeMatch {
  let state: LazyState;
  if ('interpret' in found) state = found;
  else {
    const { node, depth } = found;
    const interpret: SubtreeMatch = (path, _end, method, ctx, best) => helpers.walk(node, depth, path as string, method as string, ctx, best as number);
    state = { subtree: found, shape: null, constants: [], interpret };
    table.set(key, state);
  }
  if (state.shape === null) {
    const { source, constants } = emitSubtree(state.subtree);
    let shape = state.subtree.shapes.get(source) as Shape | undefined;
    if (shape === undefined) state.subtree.shapes.set(source, (shape = { source, factory: null, subtrees: 0 }));
    shape.subtrees++;
    state.shape = shape;
    state.constants = constants;
  }
  const shape = state.shape;
  if (shape.factory === null && shape.subtrees >= SHARED_SHAPE) {
    shape.factory = new Function('K', 'H', shape.source) as UnitFactory;
  }
  if (shape.factory === null) return state.interpret;
  // Closures of one factory share one SharedFunctionInfo: one bytecode, one feedback vector, one optimized code.
  const compiled = shape.factory(state.constants, helpers);
  table.set(key, compiled);
  return compiled;
}

/** Whether this runtime lets code be compiled from strings (a Content Security Policy, some edge runtimes do not). */
function canCompile(): boolean {
  try {
    new Function('');
    return true;
  } catch (error) {
    if (error instanceof EvalError || (error as Error)?.name === 'EvalError') return false;
    throw error;
  }
}

/**
 * The 'generated' strategy's matcher, or null when the runtime forbids new Function (a Content Security
 * Policy without 'unsafe-eval', some edge runtimes): compile() then uses the interpreted trie. The code is
 * emitted and compiled now, and answers from the first request; each function holds a bounded part of the trie
 * (emit/budget.ts), so that V8 runs it well before it optimizes it and optimizes it quickly. Subtrees behind a
 * large literal fan-out are compiled on their first requests, so a large table holds code only for what is
 * used. The interpreted trie answers matches(), allowedMethods() and the rare request the emitted code cannot
 * take: a path with an escaped "/" ("%2F").
 */
export function createGeneratedMatcher(entries: readonly RouteEntry[], { caseSensitive = false }: { readonly caseSensitive?: boolean } = {}): StackCore | null {
  if (!canCompile()) return null;
  const trie = createTrieMatcher(entries, { caseSensitive });
  const helpers = HELPERS[caseSensitive ? 1 : 0];
  const main = emitMatcher(trie.root, entries, { lazy: true, caseSensitive });
  const front = emittedFront(compileUnit<EmittedMatch>(main, helpers), trie);
  return {
    strategy: 'generated',
    staticTable: trie.staticTable,
    // What runs: the table's unit, then each subtree shape compiled so far (a subtree whose shape is not
    // compiled yet is answered by the interpreted walk).
    get source() {
      const shapes = [...main.shapes.values()].filter((shape) => (shape as Shape).factory !== null) as Shape[];
      return [
        main.source,
        ...shapes.map((shape) => `\n// A subtree shape reached by ${shape.subtrees} subtrees behind a literal table, compiled once for all of them:\n${shape.source}`),
      ].join('\n');
    },
    match: front,
    matches: trie.matches,
    allowedMethods: trie.allowedMethods,
  };
}

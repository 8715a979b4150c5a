// The 'generated' strategy: the trie's emitted source (emit-matcher.ts) turned into a function with
// new Function when the matcher is made (compile() time), behind the front every request goes through
// (emitted-front.ts): the emitted code answers from the first request.
//
// router.source shows that code as it runs: each unit under the name stack traces give it (//# sourceURL), its
// lines numbered as they number them, with the legend of its constants after it; then what the interpreted walk
// answers instead of code.
import { foldFor, type Fold } from '../../case-fold.js';
import { emitMatcher, emitSubtree, withLegend, type EmittedUnit, type LazySubtree } from './emit-matcher.js';
import { createEmittedHelpers, type EmittedHelpers, type SubtreeMatch } from './emitted-helpers.js';
import type { RouteEntry } from '../../route-entry.js';
import { emittedFront, type EmittedMatch } from './emitted-front.js';
import { quoteInComment } from './emit/writer.js';
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

/**
 * One router's lazily compiled code: the cache of its subtrees' shapes by source text (what LazySubtree.shapes
 * holds), and for router.source the shapes compiled so far and the subtrees reached that have no code yet.
 */
class LazyCode extends Map<string, unknown> {
  readonly compiled: Shape[] = [];
  readonly uncompiled = new Set<LazyState>();
}

/** How many characters of a unit's source its name hashes. */
const NAME_SAMPLE = 64;

/**
 * The name of a unit's code in stack traces (//# sourceURL): the same for the same code, from run to run. It
 * hashes (FNV-1a) the source's length and NAME_SAMPLE characters spread over it: a hash of every character cost
 * a tenth of compile() on a large table, and a loop of a thousand of them about 0.3% of a start-up.
 */
function nameOf(source: string): string {
  const step = Math.max(1, Math.floor(source.length / NAME_SAMPLE));
  let h = 0x811c9dc5 ^ source.length;
  for (let i = 0; i < source.length; i += step) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
  return `switchyard-router-${(h >>> 0).toString(16).padStart(8, '0')}.js`;
}

/** A unit's source as new Function compiles it: named, so that stack traces name it (and router.source shows it). */
function named(source: string, name: string): string {
  return `${source}\n//# sourceURL=${name}`;
}

/** A unit's factory: given its constants and the helpers, it returns the unit's function. */
type Factory<T> = (constants: readonly unknown[], helpers: EmittedHelpers) => T;

/** Makes a unit's factory: the one place source becomes code. */
function factoryOf<T>(source: string, name: string): Factory<T> {
  return new Function('K', 'H', named(source, name)) as Factory<T>;
}

/**
 * A unit as router.source shows it: two lines where new Function puts the two of its header (`function
 * anonymous(K,H` and `) {`), so that every line has the number stack traces give it, then the unit as compiled,
 * then the legend of its constants (never compiled: comments after the code).
 */
function shown(name: string, unit: EmittedUnit): string {
  return [
    `// ${name}: new Function("K", "H", code); stack traces count its lines from this one.`,
    '// K: its constants (legend after the code), H: the helpers (emitted-helpers.ts).',
    withLegend({ ...unit, source: named(unit.source, name) }),
  ].join('\n');
}

/** A shape of subtree (its emitted source): compiled once, when enough requests need it. */
interface Shape {
  /** The unit of the first subtree of this shape (its legend says what each constant is, for every subtree). */
  readonly unit: EmittedUnit;
  factory: Factory<SubtreeMatch> | null;
  /** Its name in stack traces, once compiled. */
  name: string | null;
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
  const code = state.subtree.shapes as LazyCode;
  if (state.shape === null) {
    const unit = emitSubtree(state.subtree);
    let shape = code.get(unit.source) as Shape | undefined;
    if (shape === undefined) code.set(unit.source, (shape = { unit, factory: null, name: null, subtrees: 0 }));
    shape.subtrees++;
    state.shape = shape;
    state.constants = unit.constants;
    code.uncompiled.add(state);
  }
  const shape = state.shape;
  if (shape.factory === null && shape.subtrees >= SHARED_SHAPE) {
    shape.name = nameOf(shape.unit.source);
    code.compiled.push(shape);
    shape.factory = factoryOf<SubtreeMatch>(shape.unit.source, shape.name);
  }
  if (shape.factory === null) return state.interpret;
  // Closures of one factory share one SharedFunctionInfo: one bytecode, one feedback vector, one optimized code.
  const compiled = shape.factory(state.constants, helpers);
  table.set(key, compiled);
  code.uncompiled.delete(state);
  return compiled;
}

/** How many of the subtrees the walk answers router.source names (the others it counts). */
const NAMED_MAX = 10;

/**
 * The note at the end of router.source: where the interpreted walk answers instead of code (none was emitted
 * there, or none compiled yet), naming the subtrees reached so far that it answers.
 */
function walkNote(main: EmittedUnit, code: LazyCode, entries: readonly RouteEntry[]): string[] {
  const lines = ['// The interpreted walk answers, where no code runs:', '//   a path with an escaped "/" ("%2F");'];
  if ([main, ...code.compiled.map((shape) => shape.unit)].some((unit) => unit.source.includes('H.walk('))) {
    lines.push('//   past EMIT_DEPTH_MAX segments (H.walk above);');
  }
  if (main.source.includes('H.literalTable(')) {
    const walked = [...code.uncompiled].filter((state) => state.shape!.factory === null);
    lines.push(`//   a subtree behind a literal table whose shape fewer than ${SHARED_SHAPE} reached subtrees share; reached so far: ${walked.length || 'none'}`);
    for (const { subtree } of walked.slice(0, NAMED_MAX)) {
      const { route } = entries.find((entry) => entry.route.index === subtree.node.minIndex)!;
      lines.push(`//     from segment ${subtree.depth} of route ${route.index} ${quoteInComment(route.template)}`);
    }
    if (walked.length > NAMED_MAX) lines.push(`//     and ${walked.length - NAMED_MAX} more`);
  }
  return lines;
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
  const code = new LazyCode();
  const main = emitMatcher(trie.root, entries, { lazy: true, caseSensitive, shapes: code });
  const name = nameOf(main.source);
  const front = emittedFront(factoryOf<EmittedMatch>(main.source, name)(main.constants, helpers), trie);
  return {
    strategy: 'generated',
    staticTable: trie.staticTable,
    // What runs: the table's unit, then each subtree shape compiled so far; then what the walk answers.
    get source() {
      return [
        shown(name, main),
        ...code.compiled.map((shape) => `\n// A subtree shape reached by ${shape.subtrees} subtrees behind a literal table, compiled once for all of them:\n${shown(shape.name!, shape.unit)}`),
        '',
        ...walkNote(main, code, entries),
      ].join('\n');
    },
    match: front,
    matches: trie.matches,
    allowedMethods: trie.allowedMethods,
  };
}

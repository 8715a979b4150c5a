// One emitted unit: a factory `(K, H) => function` with its own constants, helper functions and literal tables.
// The shape of the trie becomes nested blocks: a node at depth d finds the end of segment d with one indexOf,
// literal edges are char-code comparisons (a switch on the first char and a Map past LITERAL_CHAIN_MAX edges),
// the parameter edge is a plain block, complex edges call the complex-segment matcher. Values stay offsets into
// the path until a route passes its verb limit and its inline constraints (route-code.ts).
import { asciiFoldClass } from '../../../case-fold.js';
import { LITERAL_CHAIN_MAX, literalEdges, type TrieNode } from '../../trie.js';
import { FunctionBudget } from './budget.js';
import { ConstantPool } from './constant-pool.js';
import { GuardState } from './guards.js';
import { describePattern, legendOf } from './legend.js';
import { literalLength, literalTest, UNROLL_MAX } from './literal-test.js';
import { emitRoutes } from './route-code.js';
import { quoteInComment, Writer } from './writer.js';

/**
 * Nodes deeper than this are answered by the interpreted walk (H.walk), which keeps its own stack: the emitter
 * recurses per segment, and a template 800 segments deep overflowed V8's stack. The deepest route of the
 * GitHub API set has 7 segments; real tables stay far below 64.
 */
export const EMIT_DEPTH_MAX = 64;

/** How segment j (j < depth) was matched on the way to the current node. */
export type Taken = { readonly kind: 'literal' } | { readonly kind: 'parameter' } | { readonly kind: 'complex'; readonly match: string };

/**
 * A subtree behind a large literal fan-out, compiled on its first requests (with `lazy`): a table of 10,000
 * routes then costs, at start-up, only the functions its requests reach. Read by H.literalChild.
 */
export interface LazySubtree {
  readonly node: TrieNode;
  readonly depth: number;
  readonly taken: readonly Taken[];
  /** The compiled units of this router by source text, shared by all its lazy subtrees (see emitSubtree). */
  readonly shapes: Map<string, unknown>;
  /** The table compares literals with their case. */
  readonly caseSensitive: boolean;
}

/** A unit's source (the body of `function (K, H) { … }`) and the constants it reads. */
export interface EmittedUnit {
  readonly source: string;
  readonly constants: readonly unknown[];
  /** The legend of the constants (comment lines, legend.ts), made when asked: the code that runs has none. */
  legend(): string[];
}

/**
 * The emitter of one unit. With a `base` (emitSubtree), route indexes are written as `b + offset`, and no text
 * of the routes enters the source, not even as a comment: literals, parameter names and defaults are read from
 * the constants, so that subtrees of the same structure share one compiled function.
 */
export class UnitEmitter {
  readonly pool = new ConstantPool();
  readonly guards = new GuardState();
  private readonly budget = new FunctionBudget();
  private readonly functions: Writer[] = [];
  private readonly tables: string[] = [];
  private functionCount = 0;

  constructor(
    /** Large fan-outs point to LazySubtrees compiled on first use (else every subtree is emitted now). */
    private readonly lazy: boolean,
    /** The lazy subtrees' shared cache of compiled shapes. */
    readonly shapes: Map<string, unknown>,
    /** The index relative route indexes count from (K[0]), or null for absolute indexes. */
    readonly base: number | null = null,
    /** Literals compare with their case (the trie's literal keys are then as written). */
    private readonly caseSensitive = false,
    /** Literals longer than this are compared by a helper loop, not char by char (literal-test.ts). */
    private readonly unrollMax = UNROLL_MAX,
  ) {
    if (base !== null) this.pool.ref(base, 'base');
  }

  /** A route index in the source: a number, or `b + offset` in a relative unit. */
  ix(index: number): string {
    const base = this.base;
    return base === null ? String(index) : index === base ? 'b' : `b + ${index - base}`;
  }

  /** The root's code inside match(), where nothing is found yet (best is Infinity). */
  emitMain(w: Writer, root: TrieNode): void {
    this.guards.known = Infinity;
    this.emitNode(w, root, 0, []);
  }

  /** Emits a function for `node` at `depth` and returns its name; it returns the best match it finds or null. */
  emitFunction(node: TrieNode, depth: number, taken: readonly Taken[]): string {
    const name = `n${++this.functionCount}`;
    this.writeFunction(name, node.minIndex, depth, taken, (w) => this.emitNode(w, node, depth, taken));
    return name;
  }

  /**
   * Writes function `name` of a subtree whose routes' lowest index is `min` (its own budget and guards; it
   * returns the best match it finds or null), its body by `emitBody`.
   */
  private writeFunction(name: string, min: number, depth: number, taken: readonly Taken[], emitBody: (w: Writer) => void): void {
    const outerBudget = this.budget.enter();
    const outer = this.guards.save();
    this.guards.known = min;
    this.guards.stale = false;
    const w = new Writer();
    w.open(`function ${name}(path, end, method, ctx, best, ${scopeVariables(taken, depth).join(', ')}) {`);
    w.line(`if (best <= ${this.ix(min)}) return null; // nothing here comes before the best match found so far`);
    w.line(`const length = path.length;`);
    w.line(`let found = null;`);
    emitBody(w);
    w.line('return found;');
    w.close();
    this.functions.push(w);
    this.budget.leave(outerBudget);
    this.guards.known = outer.known;
    this.guards.stale = outer.stale;
  }

  /** The unit's source: its functions, its literal tables, then `tail` (the return statement). */
  finish(title: string, tail: readonly string[]): EmittedUnit {
    const source = [title, '"use strict";', ...this.functions.flatMap((f) => f.lines), ...this.tables, ...tail].join('\n');
    const { constants, kinds, abouts, more } = this.pool;
    const base = this.base;
    return { source, constants, legend: () => legendOf({ constants, kinds, abouts, more }, base) };
  }

  /**
   * A call of a split function, keeping its answer: it answers only with a route before `best`, so its answer is
   * the better one (`best` follows where it is read next: guards.ts).
   */
  private emitCall(w: Writer, fn: string, taken: readonly Taken[], depth: number, start: string): void {
    const args = scopeVariables(taken, depth).slice(1);
    this.guards.refresh(w);
    w.line(`const m = ${fn}(path, end, method, ctx, best, ${[start, ...args].join(', ')});`);
    w.line('if (m !== null) found = m;');
    this.guards.foundBelow();
  }

  /** Emits a child at depth + 1 whose segment starts at `start`, under its guard. */
  private emitChild(w: Writer, child: TrieNode, depth: number, taken: readonly Taken[], start: string): void {
    const saved = this.guards.save();
    if (!this.guards.open(w, child.minIndex, (i) => this.ix(i))) w.open('{');
    this.emitBelow(w, child, depth, taken, start);
    w.close();
    this.guards.after(saved);
  }

  /** A child's code once its segment start is known: inline, a call when it does not fit, or the walk when deep. */
  private emitBelow(w: Writer, child: TrieNode, depth: number, taken: readonly Taken[], start: string): void {
    if (depth + 1 > EMIT_DEPTH_MAX) {
      this.guards.refresh(w);
      w.line(`const m = H.walk(${this.pool.ref(child, 'node', depth + 1)}, ${depth + 1}, path, method, ctx, best); // deeper than EMIT_DEPTH_MAX: the interpreted walk`);
      w.line('if (m !== null) found = m;');
      this.guards.foundBelow();
    } else if (!this.budget.fitsInline(child)) {
      this.emitCall(w, this.emitFunction(child, depth + 1, taken), taken, depth + 1, start);
    } else {
      w.line(`const s${depth + 1} = ${start};`);
      this.emitNode(w, child, depth + 1, taken);
    }
  }

  private emitNode(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const s = `s${depth}`;
    const e = `e${depth}`;
    const hasBelow = node.catchAlls.length > 0 || node.literalKeys.length > 0 || node.parameter !== null || node.complex.length > 0;
    // Segment `depth` starts at s; it is empty ("a//b") when a "/" stands there, and then nothing matches it.
    // Literal edges read its first unit, once (c<depth>).
    const first = node.literalKeys.length > 0 ? `c${depth}` : null;
    const segmentHere = `path.charCodeAt(${s}) !== 47`;
    const mark = this.guards.save();
    if (node.terminals.length > 0) {
      w.open(`if (${s} > end) {`);
      w.line(`// the path ends here`);
      emitRoutes(this, w, node.terminals, depth, taken, null);
      this.guards.branch(mark); // the else branch runs instead of the routes above
      if (!hasBelow) w.close();
      else if (first === null) w.reopen(`} else if (${segmentHere}) {`);
      else w.reopen('} else {');
    } else if (hasBelow) {
      w.open(first === null ? `if (${s} <= end && ${segmentHere}) {` : `if (${s} <= end) {`);
    }
    if (!hasBelow) {
      this.guards.after(mark);
      return;
    }
    if (first !== null) {
      w.line(`const ${first} = path.charCodeAt(${s});`);
      w.open(`if (${first} !== 47) {`);
    }
    emitRoutes(this, w, node.catchAlls, depth, taken, s);
    if (node.literalKeys.length > 0) this.emitLiterals(w, node, depth, taken);
    if (node.parameter !== null || node.complex.length > 0) {
      // Only a parameter needs the segment's end; a literal knows its own length.
      w.line(`let ${e} = path.indexOf("/", ${s});`);
      w.line(`if (${e} < 0) ${e} = end;`);
    }
    if (node.parameter !== null) this.emitChild(w, node.parameter, depth, [...taken, { kind: 'parameter' }], `${e} + 1`);
    if (node.complex.length > 0) {
      w.line(`const t${depth} = path.substring(${s}, ${e});`);
      node.complex.forEach((edge, i) => {
        const match = `x${depth}_${i}`;
        const saved = this.guards.save();
        if (!this.guards.open(w, edge.node.minIndex, (j) => this.ix(j))) w.open('{');
        const comment = this.base === null ? ` // ${quoteInComment(describePattern(edge.pattern))}` : '';
        w.line(`const ${match} = H.complex(${this.pool.ref(edge.pattern, 'pattern')}, t${depth});${comment}`);
        w.open(`if (${match} !== null) {`);
        this.emitBelow(w, edge.node, depth, [...taken, { kind: 'complex', match }], `${e} + 1`);
        w.close();
        w.close();
        this.guards.after(saved);
      });
    }
    if (first !== null) w.close();
    w.close();
    this.guards.after(mark);
  }

  /**
   * The literal edges of a node. Up to LITERAL_CHAIN_MAX: compared one by one, in place. More: one switch on
   * the segment's first char code (both cases of a letter), then the same chain within a case, or, for a case
   * that still has more than LITERAL_CHAIN_MAX edges, one Map lookup of the sliced segment.
   */
  private emitLiterals(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const edges = literalEdges(node);
    const next = [...taken, { kind: 'literal' } as const];
    if (edges.length <= LITERAL_CHAIN_MAX) {
      this.emitLiteralChain(w, edges, depth, next, `c${depth}`);
      return;
    }
    const buckets = new Map<number, [string, TrieNode][]>(); // first char code (-1: non-ASCII) → edges
    for (const edge of edges) {
      const first = edge[0].charCodeAt(0);
      const key = first < 128 ? first : -1;
      const bucket = buckets.get(key);
      // Pushed, not copied: a copy per edge makes compiling a large fan-out quadratic.
      if (bucket === undefined) buckets.set(key, [edge]);
      else bucket.push(edge);
    }
    const mark = this.guards.save();
    w.open(`switch (c${depth}) {`);
    for (const [first, bucket] of buckets) {
      if (first < 0) continue;
      this.guards.branch(mark); // each case runs only when the ones before it did not
      const labels = this.caseSensitive ? [first] : asciiFoldClass(first); // a letter's two cases
      w.open(`${labels.map((code) => `case ${code}:`).join(' ')} {`);
      this.emitBucketCall(w, bucket, depth, taken, next);
      w.line('break;');
      w.close();
    }
    const other = buckets.get(-1);
    if (other) {
      this.guards.branch(mark);
      w.open('default: {');
      this.emitBucketCall(w, other, depth, taken, next);
      w.close();
    }
    w.close();
    this.guards.after(mark);
  }

  /**
   * A bucket of a large fan-out, in a function of its own called from the switch, so that a fan-out's literal
   * tests and children never pile up in one function: one function of a few hundred literal tests took TurboFan
   * seconds to optimize; the calls it inlines are bounded by V8's inlining budget, code in place is not (and
   * buckets kept in place while they fit the function's budget counted more by the 10,000th lookup:
   * docs/benchmarks.md, "Compiled from the first request").
   */
  private emitBucketCall(w: Writer, edges: [string, TrieNode][], depth: number, taken: readonly Taken[], next: readonly Taken[]): void {
    const name = `n${++this.functionCount}`;
    // A loop, not Math.min(...): a bucket may hold more edges than a call takes arguments (200,000 routes under "r").
    let min = Infinity;
    for (const [, child] of edges) if (child.minIndex < min) min = child.minIndex;
    const saved = this.guards.save();
    if (!this.guards.open(w, min, (i) => this.ix(i))) w.open('{');
    this.writeFunction(name, min, depth, taken, (f) => this.emitBucket(f, edges, depth, next));
    this.emitCall(w, name, taken, depth, `s${depth}`);
    w.close();
    this.guards.after(saved);
  }

  private emitBucket(w: Writer, edges: [string, TrieNode][], depth: number, next: readonly Taken[]): void {
    if (edges.length <= LITERAL_CHAIN_MAX) {
      w.line(`const c${depth} = path.charCodeAt(s${depth});`);
      this.emitLiteralChain(w, edges, depth, next, `c${depth}`);
      return;
    }
    // One hash: the raw segment first, then folded (a lower-case request never folds).
    const s = `s${depth}`;
    const number = this.tables.length;
    const table = `L${number}`;
    const keys = this.pool.ref(edges.map(([text]) => text), 'keys', number);
    if (this.lazy) {
      const subtrees: LazySubtree[] = edges.map(([, child]) => ({ node: child, depth: depth + 1, taken: next, shapes: this.shapes, caseSensitive: this.caseSensitive }));
      this.tables.push(`const ${table} = H.literalTable(${keys}, ${this.pool.ref(subtrees, 'subtrees', number)}); // subtrees compiled on first use`);
    } else {
      const targets = edges.map(([, child]) => this.emitFunction(child, depth + 1, next));
      this.tables.push(`const ${table} = H.literalTable(${keys}, [${targets.join(', ')}]);`);
    }
    w.line(`let e = path.indexOf("/", ${s});`);
    w.line(`if (e < 0) e = end;`);
    w.line(`const f = H.literalChild(${table}, path, ${s}, e);`);
    w.open(`if (f !== undefined) {`);
    this.emitCall(w, 'f', next, depth + 1, `e + 1`);
    w.close();
  }

  /** Literal edges compared one by one; `first` holds the segment's first unit. */
  private emitLiteralChain(w: Writer, edges: [string, TrieNode][], depth: number, next: readonly Taken[], first: string): void {
    const s = `s${depth}`;
    const saved = this.guards.save();
    const asData = this.base !== null;
    const ref = (value: unknown): string => this.pool.ref(value, 'literal');
    edges.forEach(([text, child], i) => {
      const condition = literalTest(text, s, ref, asData, this.caseSensitive, this.unrollMax, first);
      const test = asData ? `(${condition}) {` : `(${condition}) { // ${quoteInComment(text)}`;
      if (i === 0) w.open(`if ${test}`);
      else w.reopen(`} else if ${test}`);
      this.guards.branch(saved); // each branch runs only when the ones before it did not
      this.emitChild(w, child, depth, next, asData ? `${s} + ${literalLength(text, ref, true)} + 1` : `${s} + ${text.length + 1}`);
    });
    w.close();
    this.guards.after(saved);
  }
}

/** The variables a node at `depth` reads from the segments before it (passed to a split function). */
function scopeVariables(taken: readonly Taken[], depth: number): string[] {
  const names = [`s${depth}`];
  taken.forEach((t, j) => {
    if (t.kind === 'parameter') names.push(`s${j}`, `e${j}`);
    else if (t.kind === 'complex') names.push(t.match);
  });
  return names;
}

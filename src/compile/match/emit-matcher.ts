// emitMatcher: the segment trie written out as JavaScript source, one function per route collection (plus one
// per large subtree), for the 'generated' strategy. The shape of the trie becomes nested blocks: a node at
// depth d finds the end of segment d with one indexOf, literal edges are length-then-char-code comparisons (a
// Map lookup past LITERAL_CHAIN_MAX edges), the parameter edge is a plain block, complex edges call the
// complex-segment matcher. Values stay offsets into the path until a route passes its verb limit and its
// inline constraints; only then is anything sliced. First match wins as in the interpreted walk: every subtree
// is guarded by `best > minIndex`, so a subtree is entered only when it could hold an earlier route.
//
// Injection safety: nothing from a template or a route definition is concatenated into the source. Strings,
// defaults, regular expressions and routes are passed in the constants array K (read as K[i]); keys and
// method names enter only as JSON.stringify output (with U+2028/U+2029 escaped), route indexes and char codes
// as numbers.
import type { ComplexPattern } from '../complex-segment.js';
import { inlineChecksFor, type InlineCheck } from './inline-constraints.js';
import type { RouteEntry } from '../route-entry.js';
import { literalEdges, nodesOf, type TrieNode } from './trie.js';

/** Up to this many literal edges are compared in place; more are looked up in a Map (one hash, not a scan). */
const LITERAL_CHAIN_MAX = 8;
/**
 * The size budget of one emitted function, in trie nodes plus routes (each is a few lines of source). A child
 * subtree that does not fit in what is left becomes a function of its own: V8 optimizes small functions
 * soon and never optimizes very large ones, and no function grows with the size of the table.
 */
const FUNCTION_BUDGET = 64;
/** A subtree this small is always inlined: a function per leaf would only add calls (and JIT warm-up). */
const ALWAYS_INLINE = 6;
/** Literals up to this length are compared char by char in the source; longer ones by a helper loop. */
const UNROLL_MAX = 16;
/**
 * Nodes deeper than this are answered by the interpreted walk (H.walk), which keeps its own stack: the emitter
 * recurses per segment, and a template 800 segments deep overflowed V8's stack. The deepest route of the
 * GitHub API set has 7 segments; real tables stay far below 64.
 */
const EMIT_DEPTH_MAX = 64;

/** The generated source and the values it reads from K. */
export interface EmittedMatcher {
  /** The body of `function (K, H) { … return match; }`. */
  readonly source: string;
  readonly constants: readonly unknown[];
}

/** A JavaScript string literal for any text (JSON.stringify leaves U+2028/U+2029 raw, which ends a // comment). */
export function quote(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** How segment j (j < depth) was matched on the way to the current node. */
type Taken = { readonly kind: 'literal' } | { readonly kind: 'parameter' } | { readonly kind: 'complex'; readonly match: string };

class Writer {
  readonly lines: string[] = [];
  private indent = '';
  line(text: string): void {
    this.lines.push(this.indent + text);
  }
  open(text: string): void {
    this.line(text);
    this.indent += '  ';
  }
  close(text = '}'): void {
    this.indent = this.indent.slice(2);
    this.line(text);
  }
  /** Closes a block and opens the next one on the same line ("} else {"). */
  reopen(text: string): void {
    this.indent = this.indent.slice(2);
    this.open(text);
  }
}

/** Emits the matcher for a trie built from `entries`. */
/**
 * A subtree behind a large literal fan-out, compiled on its first request (with `lazy`): a table of 10,000
 * routes then costs, at start-up, only the functions its requests reach. Read by H.literalChild.
 */
export interface LazySubtree {
  readonly node: TrieNode;
  readonly depth: number;
  readonly taken: readonly Taken[];
  /** The compiled units of this router by source text, shared by all its lazy subtrees (see emitSubtree). */
  readonly shapes: Map<string, unknown>;
}

/** Emits the matcher for a trie built from `entries`; with `lazy`, large fan-outs point to LazySubtrees. */
export function emitMatcher(root: TrieNode, entries: readonly RouteEntry[], lazy = false): EmittedMatcher {
  const unit = unitEmitter(lazy);
  const main = new Writer();
  main.open('return function match(path, method, ctx) {');
  main.line('// Segment 0 starts after a leading "/"; the path ends before one trailing "/" ("" and "/" have no segment).');
  main.line('const length = path.length;');
  main.line('const s0 = length > 0 && path.charCodeAt(0) === 47 ? 1 : 0;');
  main.line('const end = length <= s0 ? s0 - 1 : path.charCodeAt(length - 1) === 47 ? length - 1 : length;');
  main.line('let best = Infinity, found = null, c = 0;');
  unit.emitMain(main, root);
  main.line('return found;');
  main.close('};');
  return unit.finish(`// Generated by switchyard from ${entries.length} route${entries.length === 1 ? '' : 's'}.`, main.lines);
}

/**
 * Emits one lazy subtree as a unit of its own, whose factory returns the subtree's function. Route indexes
 * are written relative to the subtree's first route (`b + 2`, b = K[0]) and no template text is written, so
 * subtrees of the same shape (rN/items/{id} for every N) have the same source: the caller compiles that
 * source once and V8 shares its bytecode, feedback and optimized code between them.
 */
export function emitSubtree(subtree: LazySubtree): EmittedMatcher {
  const unit = unitEmitter(true, subtree.node.minIndex);
  const name = unit.emitFunction(subtree.node, subtree.depth, subtree.taken);
  return unit.finish('// Generated by switchyard: a subtree, compiled on its first request.', ['const b = K[0];', `return ${name};`]);
}

/**
 * The emitter of one unit: a factory `(K, H) => function` with its own constants and helper functions. With
 * a `base`, route indexes are written as `b + offset` and routes are named by offset only (emitSubtree).
 */
function unitEmitter(lazy: boolean, base: number | null = null) {
  const constants: unknown[] = [];
  const constantIndex = new Map<unknown, number>();
  /** K[i] for a value: strings and numbers deduplicated by value, objects by identity. */
  const k = (value: unknown): string => {
    let i = constantIndex.get(value);
    if (i === undefined) {
      i = constants.push(value) - 1;
      constantIndex.set(value, i);
    }
    return `K[${i}]`;
  };
  const functions: Writer[] = [];
  let functionCount = 0;
  if (base !== null) k(base); // K[0]: the index the relative ones count from
  /** A route index in the source: a number, or `b + offset` in a relative unit. */
  const ix = (index: number): string => (base === null ? String(index) : index === base ? 'b' : `b + ${index - base}`);
  /** Lazy subtrees of this unit share one cache of compiled shapes. */
  const shapes = new Map<string, unknown>();
  /**
   * A bound the code being emitted has already checked (`best > known`) and not changed since, so a guard
   * that asks no more is left out; Infinity at the start of match(), where nothing is found yet.
   */
  let known = -1;
  /** How many places so far may have lowered `best` (a route tried, a subtree called). */
  let changes = 0;
  /** Opens `if (best > min) {` unless that already holds here; true when it opened a block. */
  const openGuard = (w: Writer, min: number): boolean => {
    if (known >= min) return false;
    w.open(`if (best > ${ix(min)}) {`);
    known = min;
    return true;
  };
  /** After a block: what held before it still holds, unless something inside may have lowered best. */
  const afterBlock = (savedKnown: number, savedChanges: number): void => {
    known = changes === savedChanges ? savedKnown : -1;
  };
  /** What is left of the budget of the function being emitted. */
  let budget = FUNCTION_BUDGET;
  /** True when `child` is emitted inline (and charged to the current function), false when it needs its own. */
  const fitsInline = (child: TrieNode): boolean => {
    const size = sizeOf(child);
    if (size > budget && size > ALWAYS_INLINE) return false;
    budget -= size;
    return true;
  };

  /** The weight of a subtree (nodes plus routes), to decide what becomes a function of its own. */
  const sizes = new Map<TrieNode, number>();
  const sizeOf = (node: TrieNode): number => {
    if (!sizes.has(node)) {
      // Children before parents, without recursion (a template may be thousands of segments deep).
      const order = nodesOf(node);
      for (let i = order.length - 1; i >= 0; i--) {
        const n = order[i];
        if (sizes.has(n)) continue;
        let size = 1 + n.terminals.length + n.catchAlls.length;
        for (const child of n.literalNodes) size += sizes.get(child)!;
        if (n.parameter) size += sizes.get(n.parameter)!;
        for (const edge of n.complex) size += sizes.get(edge.node)!;
        sizes.set(n, size);
      }
    }
    return sizes.get(node)!;
  };

  /** The variables a node at `depth` reads from the segments before it (passed to a split function). */
  const scopeVariables = (taken: readonly Taken[], depth: number): string[] => {
    const names = [`s${depth}`];
    taken.forEach((t, j) => {
      if (t.kind === 'parameter') names.push(`s${j}`, `e${j}`);
      else if (t.kind === 'complex') names.push(t.match);
    });
    return names;
  };

  /** Emits a function for `node` at `depth` and returns its name; it returns the best match it finds or null. */
  const emitFunction = (node: TrieNode, depth: number, taken: readonly Taken[]): string => {
    const name = `n${++functionCount}`;
    const outerBudget = budget;
    const outerKnown = known;
    budget = FUNCTION_BUDGET;
    known = node.minIndex;
    const w = new Writer();
    w.open(`function ${name}(path, end, method, ctx, best, ${scopeVariables(taken, depth).join(', ')}) {`);
    w.line(`if (best <= ${ix(node.minIndex)}) return null; // nothing here comes before the best match found so far`);
    w.line(`const length = path.length;`);
    w.line(`let found = null, c = 0;`);
    emitNode(w, node, depth, taken);
    w.line('return found;');
    w.close();
    functions.push(w);
    budget = outerBudget;
    known = outerKnown;
    return name;
  };

  /** A call of a split function, keeping the better of its answer and ours. */
  const emitCall = (w: Writer, fn: string, taken: readonly Taken[], depth: number, start: string): void => {
    const args = scopeVariables(taken, depth).slice(1);
    w.line(`const m = ${fn}(path, end, method, ctx, best, ${[start, ...args].join(', ')});`);
    w.line('if (m !== null) { best = m.route.index; found = m; }');
    changes++;
    known = -1;
  };

  /** Emits the code for a child at depth + 1 whose segment starts at `start`: inline, or a call when it is large. */
  const emitChild = (w: Writer, child: TrieNode, depth: number, taken: readonly Taken[], start: string): void => {
    const savedKnown = known;
    const savedChanges = changes;
    if (!openGuard(w, child.minIndex)) w.open('{');
    emitBelow(w, child, depth, taken, start);
    w.close();
    afterBlock(savedKnown, savedChanges);
  };

  /** A child's code once its segment start is known: inline, or a call when it does not fit the budget. */
  const emitBelow = (w: Writer, child: TrieNode, depth: number, taken: readonly Taken[], start: string): void => {
    if (depth + 1 > EMIT_DEPTH_MAX) {
      w.line(`const m = H.walk(${k(child)}, ${depth + 1}, path, method, ctx, best); // deeper than EMIT_DEPTH_MAX: the interpreted walk`);
      w.line('if (m !== null) { best = m.route.index; found = m; }');
      changes++;
      known = -1;
    } else if (!fitsInline(child)) {
      emitCall(w, emitFunction(child, depth + 1, taken), taken, depth + 1, start);
    } else {
      w.line(`const s${depth + 1} = ${start};`);
      emitNode(w, child, depth + 1, taken);
    }
  };

  function emitNode(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const s = `s${depth}`;
    const e = `e${depth}`;
    const hasBelow = node.catchAlls.length > 0 || node.literalKeys.length > 0 || node.parameter !== null || node.complex.length > 0;
    // Segment `depth` starts at s; it is empty ("a//b") when a "/" stands there, and then nothing matches it.
    const segmentHere = `path.charCodeAt(${s}) !== 47`;
    if (node.terminals.length > 0) {
      const before = known;
      w.open(`if (${s} > end) {`);
      w.line(`// the path ends here`);
      for (const entry of node.terminals) emitRoute(w, entry, depth, taken, null);
      known = before; // the else branch runs instead of the routes above
      if (hasBelow) w.reopen(`} else if (${segmentHere}) {`);
      else w.close();
    } else if (hasBelow) {
      w.open(`if (${s} <= end && ${segmentHere}) {`);
    }
    if (!hasBelow) return;
    for (const entry of node.catchAlls) emitRoute(w, entry, depth, taken, s);
    if (node.literalKeys.length > 0) emitLiterals(w, node, depth, taken);
    if (node.parameter !== null || node.complex.length > 0) {
      // Only a parameter needs the segment's end; a literal knows its own length.
      w.line(`let ${e} = path.indexOf("/", ${s});`);
      w.line(`if (${e} < 0) ${e} = end;`);
    }
    if (node.parameter !== null) emitChild(w, node.parameter, depth, [...taken, { kind: 'parameter' }], `${e} + 1`);
    if (node.complex.length > 0) {
      w.line(`const t${depth} = path.slice(${s}, ${e});`);
      node.complex.forEach((edge, i) => {
        const match = `x${depth}_${i}`;
        const savedKnown = known;
        const savedChanges = changes;
        if (!openGuard(w, edge.node.minIndex)) w.open('{');
        w.line(`const ${match} = H.complex(${k(edge.pattern)}, t${depth}); // ${quote(describePattern(edge.pattern))}`);
        w.open(`if (${match} !== null) {`);
        emitBelow(w, edge.node, depth, [...taken, { kind: 'complex', match }], `${e} + 1`);
        w.close();
        w.close();
        afterBlock(savedKnown, savedChanges);
      });
    }
    w.close();
  }

  /**
   * The literal edges of a node. Up to LITERAL_CHAIN_MAX: compared one by one, in place. More: one switch on
   * the segment's first char code (both cases of a letter), then the same chain within a case, or, for a case
   * that still has more than LITERAL_CHAIN_MAX edges, one Map lookup of the sliced segment.
   */
  function emitLiterals(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const edges = literalEdges(node);
    const next = [...taken, { kind: 'literal' } as const];
    if (edges.length <= LITERAL_CHAIN_MAX) {
      emitLiteralChain(w, edges, depth, next);
      return;
    }
    const buckets = new Map<number, [string, TrieNode][]>(); // first char code (-1: non-ASCII) → edges
    for (const edge of edges) {
      const first = edge[0].charCodeAt(0);
      const key = first < 128 ? first : -1;
      const bucket = buckets.get(key);
      // Pushed, not copied: a copy per edge made a 20,000-literal fan-out quadratic (9.9 s to compile).
      if (bucket === undefined) buckets.set(key, [edge]);
      else bucket.push(edge);
    }
    w.open(`switch (path.charCodeAt(s${depth})) {`);
    for (const [first, bucket] of buckets) {
      if (first < 0) continue;
      const labels = [first];
      if (first >= 97 && first <= 122) labels.push(first - 32);
      if (first === 107) labels.push(8490); // the Kelvin sign folds to "k"
      w.open(`${labels.map((code) => `case ${code}:`).join(' ')} {`);
      emitBucket(w, bucket, depth, next);
      w.line('break;');
      w.close();
    }
    const other = buckets.get(-1);
    if (other) {
      w.open('default: {');
      emitBucket(w, other, depth, next);
      w.close();
    }
    w.close();
  }

  function emitBucket(w: Writer, edges: [string, TrieNode][], depth: number, next: readonly Taken[]): void {
    if (edges.length <= LITERAL_CHAIN_MAX) {
      emitLiteralChain(w, edges, depth, next);
      return;
    }
    // One hash: the raw segment first, then folded (a lower-case request never folds).
    const s = `s${depth}`;
    const map = `L${mapDeclarations.length}`;
    const keys = k(edges.map(([text]) => text));
    if (lazy) {
      const subtrees: LazySubtree[] = edges.map(([, child]) => ({ node: child, depth: depth + 1, taken: next, shapes }));
      mapDeclarations.push(`const ${map} = H.literalTable(${keys}, ${k(subtrees)}); // subtrees compiled on first use`);
    } else {
      const targets = edges.map(([, child]) => emitFunction(child, depth + 1, next));
      mapDeclarations.push(`const ${map} = H.literalTable(${keys}, [${targets.join(', ')}]);`);
    }
    w.line(`let e = path.indexOf("/", ${s});`);
    w.line(`if (e < 0) e = end;`);
    w.line(`const f = H.literalChild(${map}, path, ${s}, e);`);
    w.open(`if (f !== undefined) {`);
    emitCall(w, 'f', next, depth + 1, `e + 1`);
    w.close();
  }

  function emitLiteralChain(w: Writer, edges: [string, TrieNode][], depth: number, next: readonly Taken[]): void {
    const s = `s${depth}`;
    const before = known;
    const beforeChanges = changes;
    edges.forEach(([text, child], i) => {
      const test = `(${literalTest(text, s)}) { // ${quote(text)}`;
      if (i === 0) w.open(`if ${test}`);
      else w.reopen(`} else if ${test}`);
      known = before; // each branch runs only when the ones before it did not
      emitChild(w, child, depth, next, `${s} + ${text.length + 1}`);
    });
    w.close();
    afterBlock(before, beforeChanges);
  }

  /** A test that the segment at `s` equals the folded literal `text`, case-insensitively. */
  function literalTest(text: string, s: string): string {
    // The segment ends right after the literal: a "/" there, or the end of the path (end is at most length).
    // (Every read stays inside the string: V8 deoptimizes optimized code on an out-of-bounds charCodeAt.)
    const after = `${s} + ${text.length}`;
    const length = `(${after} < length ? path.charCodeAt(${after}) === 47 : ${after} === length)`;
    if (!/^[\x00-\x7f]*$/.test(text)) return `${length} && H.foldedEquals(path, ${s}, ${k(text)})`;
    if (text.length > UNROLL_MAX) return `${length} && H.asciiEquals(path, ${s}, ${k(text)})`;
    const chars = [...text].map((ch, i) => {
      const code = ch.charCodeAt(0);
      const at = i === 0 ? s : `${s} + ${i}`;
      if (code < 97 || code > 122) return `path.charCodeAt(${at}) === ${code}`;
      // | 32 lower-cases A-Z (and nothing else) into a-z; the Kelvin sign is the one non-ASCII code that folds to ASCII.
      if (code === 107) return `(((c = path.charCodeAt(${at})) | 32) === 107 || c === 8490)`;
      return `(path.charCodeAt(${at}) | 32) === ${code}`;
    });
    // The first char first (segment `s` is not empty, so it is inside the string): most candidates fail there.
    return [chars[0], length, ...chars.slice(1)].join(' && ');
  }

  /**
   * Tries one route: `catchAllStart` is the catch-all's start variable when the route is tried as a catch-all
   * at `depth`, else null (the path ended at `depth`). Sets best and found when it accepts the request.
   */
  function emitRoute(w: Writer, entry: RouteEntry, depth: number, taken: readonly Taken[], catchAllStart: string | null): void {
    const index = entry.route.index;
    const conditions = known >= index ? [] : [`best > ${ix(index)}`];
    if (entry.methodSet !== null) conditions.push(`(${[...entry.methodSet].map((m) => `method === ${quote(m)}`).join(' || ')})`);

    // The route's values here, in template order (a parameter the URL did not give takes its default in its
    // place), then the defaults that name no parameter: the order every strategy gives. An object literal keeps
    // that order while every key is certain; from the first value that may be absent (an optional extension
    // with no default) on, the values are set one by one.
    const fields: string[] = [];
    const laterFields: string[] = [];
    const urlParameters = new Map<string, number>(); // simple parameters captured here → their depth
    const set = new Set<string>();
    const add = (name: string, expression: string): void => {
      if (laterFields.length === 0) fields.push(`${key(name)}: ${expression}`);
      else laterFields.push(`H.setValue(v, ${k(name)}, ${expression});`);
      set.add(name);
    };
    const addDefault = (name: string): void => {
      const value = Object.hasOwn(entry.defaults, name) ? entry.defaults[name] : null;
      if (value !== null && value !== undefined) add(name, k(value));
    };
    for (const { depth: at, plan } of entry.captures) {
      if (plan.kind === 'parameter') {
        if (at < depth) {
          add(plan.name, `path.slice(s${at}, e${at})`);
          urlParameters.set(plan.name, at);
        } else addDefault(plan.name);
      } else if (plan.kind === 'complex') {
        const match = at < depth ? (taken[at] as { match: string }).match : null;
        plan.pattern.names.forEach((name, slot) => {
          const optional = plan.pattern.hasOptionalExtension && slot === plan.pattern.names.length - 1;
          const hasDefault = Object.hasOwn(entry.defaults, name) && entry.defaults[name] != null;
          if (match === null) addDefault(name);
          else if (!optional) add(name, `${match}[${slot}]`);
          else if (hasDefault) add(name, `${match}[${slot}] ?? ${k(entry.defaults[name])}`);
          else {
            laterFields.push(`if (${match}[${slot}] !== undefined) H.setValue(v, ${k(name)}, ${match}[${slot}]);`);
            set.add(name);
          }
        });
      } else if (catchAllStart !== null && at === depth) {
        add(plan.name, `path.slice(${catchAllStart})`); // never empty: segment `depth` is not
      } else addDefault(plan.name);
    }
    for (const [name, value] of entry.defaultEntries) {
      if (!set.has(name)) add(name, k(value));
    }

    // Constraints: inline on the offsets where they have an inline form, else the RouteConstraint on the values.
    const objectConstraints: string[] = [];
    entry.constraintKeys.forEach((name, i) => {
      const constraint = entry.constraintList[i];
      const at = urlParameters.get(name);
      const checks: InlineCheck[] | null = at === undefined ? null : inlineChecksFor(constraint);
      if (checks !== null) {
        for (const check of checks) {
          const args = [`path`, `s${at}`, `e${at}`, ...check.args.map((a) => k(a))];
          conditions.push(`H.${check.helper}(${args.join(', ')})`);
        }
      } else {
        objectConstraints.push(`${k(constraint)}.match(ctx ?? { request: { method } }, ${k(entry.route)}, ${k(name)}, v, "incoming")`);
      }
    });

    const label = base === null ? `// ${index}: ${quote(entry.route.template)}` : `// route ${ix(index)}`;
    w.open(conditions.length > 0 ? `if (${conditions.join(' && ')}) { ${label}` : `{ ${label}`);
    w.line(`const v = { ${fields.join(', ')} };`);
    for (const line of laterFields) w.line(line);
    if (objectConstraints.length > 0) w.open(`if (${objectConstraints.join(' && ')}) {`);
    w.line(`best = ${ix(index)};`);
    w.line(`found = { route: ${k(entry.route)}, values: v };`);
    if (objectConstraints.length > 0) w.close();
    w.close();
    changes++;
    known = -1;
  }

  const mapDeclarations: string[] = [];
  /** The unit's source: its functions, its literal tables, then `tail` (the return statement). */
  const finish = (title: string, tail: readonly string[]): EmittedMatcher => {
    const source = [title, '"use strict";', ...functions.flatMap((f) => f.lines), ...mapDeclarations, ...tail].join('\n');
    return { source, constants };
  };
  /** The root's code inside match(), where nothing is found yet (best is Infinity). */
  const emitMain = (w: Writer, root: TrieNode): void => {
    known = Infinity;
    emitNode(w, root, 0, []);
  };
  return { emitMain, emitFunction, finish };

  /** An object-literal key for a route value name ("__proto__" as a computed key, so it stays a plain property). */
  function key(name: string): string {
    return name === '__proto__' ? `[${k(name)}]` : quote(name);
  }
}

/** "{}.{}?" for a complex pattern, in comments. */
function describePattern(pattern: ComplexPattern): string {
  return pattern.parts.map((p) => ('literal' in p ? p.literal : '{}')).join('') + (pattern.hasOptionalExtension ? '?' : '');
}

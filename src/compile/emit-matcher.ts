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
import type { ComplexPattern } from './complex-segment.js';
import { inlineChecksFor, type InlineCheck } from './inline-constraints.js';
import type { RouteEntry } from './route-entry.js';
import type { TrieNode } from './trie.js';

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
export function emitMatcher(root: TrieNode, entries: readonly RouteEntry[]): EmittedMatcher {
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
    let size = sizes.get(node);
    if (size !== undefined) return size;
    size = 1 + node.terminals.length + node.catchAlls.length;
    if (node.literals) for (const child of node.literals.values()) size += sizeOf(child);
    if (node.parameter) size += sizeOf(node.parameter);
    for (const edge of node.complex) size += sizeOf(edge.node);
    sizes.set(node, size);
    return size;
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
    budget = FUNCTION_BUDGET;
    const w = new Writer();
    w.open(`function ${name}(path, end, method, ctx, best, ${scopeVariables(taken, depth).join(', ')}) {`);
    w.line(`if (best <= ${node.minIndex}) return null; // nothing here comes before the best match found so far`);
    w.line(`const length = path.length;`);
    w.line(`let found = null, c = 0;`);
    emitNode(w, node, depth, taken);
    w.line('return found;');
    w.close();
    functions.push(w);
    budget = outerBudget;
    return name;
  };

  /** A call of a split function, keeping the better of its answer and ours. */
  const emitCall = (w: Writer, fn: string, taken: readonly Taken[], depth: number, start: string): void => {
    const args = scopeVariables(taken, depth).slice(1);
    w.line(`const m = ${fn}(path, end, method, ctx, best, ${[start, ...args].join(', ')});`);
    w.line('if (m !== null) { best = m.route.index; found = m; }');
  };

  /** Emits the code for a child at depth + 1 whose segment starts at `start`: inline, or a call when it is large. */
  const emitChild = (w: Writer, child: TrieNode, depth: number, taken: readonly Taken[], start: string): void => {
    w.open(`if (best > ${child.minIndex}) {`);
    if (!fitsInline(child)) {
      emitCall(w, emitFunction(child, depth + 1, taken), taken, depth + 1, start);
    } else {
      w.line(`const s${depth + 1} = ${start};`);
      emitNode(w, child, depth + 1, taken);
    }
    w.close();
  };

  function emitNode(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const s = `s${depth}`;
    const e = `e${depth}`;
    const hasBelow = node.catchAlls.length > 0 || node.literals !== null || node.parameter !== null || node.complex.length > 0;
    if (node.terminals.length > 0) {
      w.open(`if (${s} > end) {`);
      w.line(`// the path ends here`);
      for (const entry of node.terminals) emitRoute(w, entry, depth, taken, null);
      if (hasBelow) w.reopen('} else {');
      else w.close();
    } else if (hasBelow) {
      w.open(`if (${s} <= end) {`);
    }
    if (!hasBelow) return;
    // Segment `depth` starts at s; it is empty ("a//b") when a "/" stands there, and then nothing matches it.
    w.open(`if (path.charCodeAt(${s}) !== 47) {`);
    for (const entry of node.catchAlls) emitRoute(w, entry, depth, taken, s);
    if (node.literals !== null) emitLiterals(w, node, depth, taken);
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
        w.open(`if (best > ${edge.node.minIndex}) {`);
        w.line(`const ${match} = H.complex(${k(edge.pattern)}, t${depth}); // ${quote(describePattern(edge.pattern))}`);
        w.open(`if (${match} !== null) {`);
        const next = [...taken, { kind: 'complex', match } as const];
        if (!fitsInline(edge.node)) {
          emitCall(w, emitFunction(edge.node, depth + 1, next), next, depth + 1, `${e} + 1`);
        } else {
          w.line(`const s${depth + 1} = ${e} + 1;`);
          emitNode(w, edge.node, depth + 1, next);
        }
        w.close();
        w.close();
      });
    }
    w.close();
    w.close();
  }

  /**
   * The literal edges of a node. Up to LITERAL_CHAIN_MAX: compared one by one, in place. More: one switch on
   * the segment's first char code (both cases of a letter), then the same chain within a case, or, for a case
   * that still has more than LITERAL_CHAIN_MAX edges, one Map lookup of the sliced segment.
   */
  function emitLiterals(w: Writer, node: TrieNode, depth: number, taken: readonly Taken[]): void {
    const edges = [...node.literals!];
    const next = [...taken, { kind: 'literal' } as const];
    if (edges.length <= LITERAL_CHAIN_MAX) {
      emitLiteralChain(w, edges, depth, next);
      return;
    }
    const buckets = new Map<number, [string, TrieNode][]>(); // first char code (-1: non-ASCII) → edges
    for (const edge of edges) {
      const first = edge[0].charCodeAt(0);
      const key = first < 128 ? first : -1;
      buckets.set(key, [...(buckets.get(key) ?? []), edge]);
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
    const table = new Map(edges.map(([text, child]) => [text, emitFunction(child, depth + 1, next)]));
    const map = `L${mapDeclarations.length}`;
    mapDeclarations.push(`const ${map} = H.literalTable(${k([...table.keys()])}, [${[...table.values()].join(', ')}]);`);
    w.line(`let e = path.indexOf("/", ${s});`);
    w.line(`if (e < 0) e = end;`);
    w.line(`const f = H.literalChild(${map}, path, ${s}, e);`);
    w.open(`if (f !== undefined) {`);
    emitCall(w, 'f', next, depth + 1, `e + 1`);
    w.close();
  }

  function emitLiteralChain(w: Writer, edges: [string, TrieNode][], depth: number, next: readonly Taken[]): void {
    const s = `s${depth}`;
    edges.forEach(([text, child], i) => {
      const test = `(${literalTest(text, s)}) { // ${quote(text)}`;
      if (i === 0) w.open(`if ${test}`);
      else w.reopen(`} else if ${test}`);
      emitChild(w, child, depth, next, `${s} + ${text.length + 1}`);
    });
    w.close();
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
    return [length, ...chars].join(' && ');
  }

  /**
   * Tries one route: `catchAllStart` is the catch-all's start variable when the route is tried as a catch-all
   * at `depth`, else null (the path ended at `depth`). Sets best and found when it accepts the request.
   */
  function emitRoute(w: Writer, entry: RouteEntry, depth: number, taken: readonly Taken[], catchAllStart: string | null): void {
    const index = entry.route.index;
    const conditions = [`best > ${index}`];
    if (entry.methodSet !== null) conditions.push(`(${[...entry.methodSet].map((m) => `method === ${quote(m)}`).join(' || ')})`);

    // Which values this route has here, and where they come from.
    const fields: string[] = [];
    const optionalFields: string[] = [];
    const urlParameters = new Map<string, number>(); // simple parameters captured here → their depth
    const set = new Set<string>();
    for (const { depth: at, plan } of entry.captures) {
      if (plan.kind === 'parameter' && at < depth) {
        fields.push(`${key(plan.name)}: path.slice(s${at}, e${at})`);
        urlParameters.set(plan.name, at);
        set.add(plan.name);
      } else if (plan.kind === 'complex' && at < depth) {
        const match = (taken[at] as { match: string }).match;
        plan.pattern.names.forEach((name, slot) => {
          const optional = plan.pattern.hasOptionalExtension && slot === plan.pattern.names.length - 1;
          if (!optional) {
            fields.push(`${key(name)}: ${match}[${slot}]`);
            set.add(name);
          } else if (Object.hasOwn(entry.defaults, name) && entry.defaults[name] != null) {
            fields.push(`${key(name)}: ${match}[${slot}] ?? ${k(entry.defaults[name])}`);
            set.add(name);
          } else {
            optionalFields.push(`if (${match}[${slot}] !== undefined) H.setValue(v, ${k(name)}, ${match}[${slot}]);`);
          }
        });
      } else if (plan.kind === 'catchAll' && catchAllStart !== null && at === depth) {
        fields.push(`${key(plan.name)}: path.slice(${catchAllStart})`); // never empty: segment `depth` is not
        set.add(plan.name);
      }
    }
    for (const [name, value] of entry.defaultEntries) {
      if (!set.has(name)) fields.push(`${key(name)}: ${k(value)}`);
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

    w.open(`if (${conditions.join(' && ')}) { // ${index}: ${quote(entry.route.template)}`);
    w.line(`const v = { ${fields.join(', ')} };`);
    for (const line of optionalFields) w.line(line);
    if (objectConstraints.length > 0) w.open(`if (${objectConstraints.join(' && ')}) {`);
    w.line(`best = ${index};`);
    w.line(`found = { route: ${k(entry.route)}, values: v };`);
    if (objectConstraints.length > 0) w.close();
    w.close();
  }

  const mapDeclarations: string[] = [];
  const main = new Writer();
  main.open('return function match(path, method, ctx) {');
  main.line('// Segment 0 starts after a leading "/"; the path ends before one trailing "/" ("" and "/" have no segment).');
  main.line('const length = path.length;');
  main.line('const s0 = length > 0 && path.charCodeAt(0) === 47 ? 1 : 0;');
  main.line('const end = length <= s0 ? s0 - 1 : path.charCodeAt(length - 1) === 47 ? length - 1 : length;');
  main.line('let best = Infinity, found = null, c = 0;');
  emitNode(main, root, 0, []);
  main.line('return found;');
  main.close('};');

  const source = [
    `// Generated by switchyard from ${entries.length} route${entries.length === 1 ? '' : 's'}.`,
    '"use strict";',
    ...functions.flatMap((f) => f.lines),
    ...mapDeclarations,
    ...main.lines,
  ].join('\n');
  return { source, constants };

  /** An object-literal key for a route value name ("__proto__" as a computed key, so it stays a plain property). */
  function key(name: string): string {
    return name === '__proto__' ? `[${k(name)}]` : quote(name);
  }
}

/** "{}.{}?" for a complex pattern, in comments. */
function describePattern(pattern: ComplexPattern): string {
  return pattern.parts.map((p) => ('literal' in p ? p.literal : '{}')).join('') + (pattern.hasOptionalExtension ? '?' : '');
}

// buildTrie: the ordered route collection lowered into a segment trie.
//
//   routes: 0 "api/{controller=Home}"   1 "api/todo/{id:int}"   2 "files/{name}.{ext?}"   3 "{*path}"
//
//   (root) min 0                 catch-all: 3  terminals: 3
//    ├─ "api" min 0              terminals: 0   ← "/api": route 0, controller from its default
//    │   ├─ "todo" min 1                        (literal edges, keyed by case-folded text)
//    │   │   └─ {} min 1         terminals: 1   ← "/api/todo/5": route 1 if {id:int} accepts "5"
//    │   └─ {} min 0             terminals: 0   ← "/api/todo" too: a parameter edge takes any segment
//    └─ "files" min 2
//        └─ {}.{}? min 2         terminals: 2   ← a complex edge, matched by literal search
//
// Every node records the lowest route index beneath it (min), so the walk skips branches that cannot beat
// the best match found so far: the answer is always the lowest-index route that accepts the request, the
// order of the collection — never reordered by specificity.
import type { ComplexPattern } from './complex-segment.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from './route-entry.js';

/** One edge for a complex segment pattern; routes with the same pattern (names aside) share it. */
export interface ComplexEdge {
  readonly pattern: ComplexPattern;
  readonly node: TrieNode;
}

// Up to this many literal edges are compared one by one; more go through a Map. A request segment is a fresh
// string whose hash V8 must compute before Map.get, while === rejects most keys on their length alone
// (rou3 measured its crossover at 8 too; on our GitHub API mix the chain trimmed the deep requests most).
const LITERAL_CHAIN_MAX = 8;

/** A trie node: the routes that end or catch-all here, and the edges for the next path segment. */
export interface TrieNode {
  /** Literal segments, keyed by their case-folded text (built here; read through literalChild()). */
  literals: Map<string, TrieNode> | null;
  /** The same edges as parallel arrays, for small fan-outs (when literalMap is null). */
  literalKeys: string[];
  literalNodes: TrieNode[];
  /** The literal edges when there are more than LITERAL_CHAIN_MAX of them. */
  literalMap: Map<string, TrieNode> | null;
  /** Simple parameter segments (any non-empty path segment), whatever their names and constraints. */
  parameter: TrieNode | null;
  complex: ComplexEdge[];
  /** Routes whose catch-all stands at this depth: they take any non-empty rest of the path. */
  catchAlls: RouteEntry[];
  /** Routes that match when the path ends at this depth (later segments optional, defaulted or catch-all). */
  terminals: RouteEntry[];
  /** The lowest route index in this subtree (Infinity when empty). */
  minIndex: number;
}

function createNode(): TrieNode {
  return {
    literals: null,
    literalKeys: [],
    literalNodes: [],
    literalMap: null,
    parameter: null,
    complex: [],
    catchAlls: [],
    terminals: [],
    minIndex: Infinity,
  };
}

/**
 * The child for path segment `depth`, or undefined: the decoded segment is tried as it is first (the usual
 * lower-case request needs no folding), then folded.
 */
export function literalChildFor(node: TrieNode, path: RequestPath, depth: number): TrieNode | undefined {
  const segment = path.decoded(depth);
  const child = literalChild(node, segment);
  if (child !== undefined) return child;
  const folded = path.folded(depth);
  return folded === segment ? undefined : literalChild(node, folded);
}

/** The child for a folded literal segment, or undefined. */
export function literalChild(node: TrieNode, key: string): TrieNode | undefined {
  if (node.literalMap !== null) return node.literalMap.get(key);
  const keys = node.literalKeys;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === key) return node.literalNodes[i];
  }
  return undefined;
}

/** Builds the trie for routes given in collection order. */
export function buildTrie(entries: readonly RouteEntry[]): TrieNode {
  const root = createNode();
  for (const entry of entries) insert(root, entry);
  computeMinIndex(root);
  return root;
}

function insert(root: TrieNode, entry: RouteEntry): void {
  let node = root;
  for (let depth = 0; depth < entry.segments.length; depth++) {
    if (depth >= entry.omittableFrom) node.terminals.push(entry);
    const plan = entry.segments[depth];
    switch (plan.kind) {
      case 'catchAll':
        node.catchAlls.push(entry);
        return; // a catch-all is always the last segment
      case 'literal': {
        node.literals ??= new Map();
        let child = node.literals.get(plan.folded);
        if (!child) node.literals.set(plan.folded, (child = createNode()));
        node = child;
        break;
      }
      case 'parameter':
        node = node.parameter ??= createNode();
        break;
      case 'complex': {
        let edge = node.complex.find((e) => e.pattern.key === plan.pattern.key);
        if (!edge) node.complex.push((edge = { pattern: plan.pattern, node: createNode() }));
        node = edge.node;
        break;
      }
    }
  }
  node.terminals.push(entry);
}

function computeMinIndex(node: TrieNode): number {
  if (node.literals !== null) {
    if (node.literals.size > LITERAL_CHAIN_MAX) node.literalMap = node.literals;
    else {
      node.literalKeys = [...node.literals.keys()];
      node.literalNodes = [...node.literals.values()];
    }
  }
  let min = Infinity;
  for (const entry of node.terminals) min = Math.min(min, entry.route.index);
  for (const entry of node.catchAlls) min = Math.min(min, entry.route.index);
  if (node.literals) for (const child of node.literals.values()) min = Math.min(min, computeMinIndex(child));
  if (node.parameter) min = Math.min(min, computeMinIndex(node.parameter));
  for (const edge of node.complex) min = Math.min(min, computeMinIndex(edge.node));
  node.minIndex = min;
  return min;
}

/** A text picture of the trie, for debugging and snapshot tests. */
export function describeTrie(root: TrieNode): string {
  const lines: string[] = [];
  const routes = (label: string, list: RouteEntry[]): string =>
    list.length ? ` ${label}: ${list.map((e) => e.route.index).join(',')}` : '';
  const visit = (node: TrieNode, label: string, indent: string): void => {
    lines.push(`${indent}${label} min ${node.minIndex}${routes('catch-all', node.catchAlls)}${routes('terminals', node.terminals)}`);
    const next = `${indent}  `;
    if (node.literals) for (const [text, child] of node.literals) visit(child, JSON.stringify(text), next);
    if (node.parameter) visit(node.parameter, '{}', next);
    for (const edge of node.complex) {
      const shape = edge.pattern.parts.map((p) => ('literal' in p ? p.literal : '{}')).join('');
      visit(edge.node, shape + (edge.pattern.hasOptionalExtension ? '?' : ''), next);
    }
  };
  visit(root, '(root)', '');
  return lines.join('\n');
}

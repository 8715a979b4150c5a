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
import type { ComplexPattern } from '../complex-segment.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';

/** One edge for a complex segment pattern; routes with the same pattern (names aside) share it. */
export interface ComplexEdge {
  readonly pattern: ComplexPattern;
  readonly node: TrieNode;
}

/**
 * Up to this many literal edges are compared one by one (in the walk and in the emitted code); more go through a
 * Map. A request segment is a fresh string whose hash V8 must compute before Map.get, while === rejects most keys
 * on their length alone (rou3 chose 8 too; 4, 8 and 16 counted alike under callgrind on our tables).
 */
export const LITERAL_CHAIN_MAX = 8;

/** A trie node: the routes that end or catch-all here, and the edges for the next path segment. */
export interface TrieNode {
  /** Literal segments: their case-folded texts and child nodes, in parallel (empty when there are none). */
  literalKeys: readonly string[];
  literalNodes: readonly TrieNode[];
  /** The same edges in a Map when there are more than LITERAL_CHAIN_MAX of them. */
  literalMap: Map<string, TrieNode> | null;
  /** Simple parameter segments (any non-empty path segment), whatever their names and constraints. */
  parameter: TrieNode | null;
  complex: readonly ComplexEdge[];
  /** Routes whose catch-all stands at this depth: they take any non-empty rest of the path. */
  catchAlls: readonly RouteEntry[];
  /** Routes that match when the path ends at this depth (later segments optional, defaulted or catch-all). */
  terminals: readonly RouteEntry[];
  /** The lowest route index in this subtree (Infinity when empty). */
  minIndex: number;
}

// A large table has tens of thousands of nodes, most with no complex edge, no catch-all and no terminal:
// they share these empty lists until something is added (a list is replaced, never pushed to while shared).
const NONE: readonly never[] = Object.freeze([]);

function createNode(): TrieNode {
  return {
    literalKeys: NONE,
    literalNodes: NONE,
    literalMap: null,
    parameter: null,
    complex: NONE,
    catchAlls: NONE,
    terminals: NONE,
    minIndex: Infinity,
  };
}

/** `list` with `item` added (a new array when `list` is the shared empty one). */
function added<T>(list: readonly T[], item: T): readonly T[] {
  if (list === NONE) return [item];
  (list as T[]).push(item);
  return list;
}

/** The literal edges of a node as [folded text, child] pairs. */
export function literalEdges(node: TrieNode): [string, TrieNode][] {
  return node.literalKeys.map((key, i) => [key, node.literalNodes[i]]);
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
  // The literal edges by text while building (a lookup per insert); kept afterwards only for large fan-outs.
  const literals = new Map<TrieNode, Map<string, TrieNode>>();
  for (const entry of entries) insert(root, entry, literals);
  for (const [node, edges] of literals) {
    node.literalKeys = [...edges.keys()];
    node.literalNodes = [...edges.values()];
    if (edges.size > LITERAL_CHAIN_MAX) node.literalMap = edges;
  }
  computeMinIndex(root);
  return root;
}

function insert(root: TrieNode, entry: RouteEntry, literals: Map<TrieNode, Map<string, TrieNode>>): void {
  let node = root;
  for (let depth = 0; depth < entry.segments.length; depth++) {
    if (depth >= entry.omittableFrom) node.terminals = added(node.terminals, entry);
    const plan = entry.segments[depth];
    switch (plan.kind) {
      case 'catchAll':
        node.catchAlls = added(node.catchAlls, entry);
        return; // a catch-all is always the last segment
      case 'literal': {
        let edges = literals.get(node);
        if (!edges) literals.set(node, (edges = new Map()));
        let child = edges.get(plan.folded);
        if (!child) edges.set(plan.folded, (child = createNode()));
        node = child;
        break;
      }
      case 'parameter':
        node = node.parameter ??= createNode();
        break;
      case 'complex': {
        let edge = node.complex.find((e) => e.pattern.key === plan.pattern.key);
        if (!edge) node.complex = added(node.complex, (edge = { pattern: plan.pattern, node: createNode() }));
        node = edge.node;
        break;
      }
    }
  }
  node.terminals = added(node.terminals, entry);
}

/** The child nodes of a node: literal edges, the parameter edge, complex edges (the order describeTrie shows). */
export function childrenOf(node: TrieNode): TrieNode[] {
  const children = [...node.literalNodes];
  if (node.parameter) children.push(node.parameter);
  for (const edge of node.complex) children.push(edge.node);
  return children;
}

/** The nodes below `root`, parents before children (an explicit stack: templates may be thousands deep). */
export function nodesOf(root: TrieNode): TrieNode[] {
  const order: TrieNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    order.push(node);
    stack.push(...childrenOf(node));
  }
  return order;
}

function computeMinIndex(root: TrieNode): void {
  // Children before parents: every child's minIndex is known when its parent's is computed.
  const order = nodesOf(root);
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    let min = Infinity;
    for (const entry of node.terminals) min = Math.min(min, entry.route.index);
    for (const entry of node.catchAlls) min = Math.min(min, entry.route.index);
    for (const child of childrenOf(node)) min = Math.min(min, child.minIndex);
    node.minIndex = min;
  }
}

/** A text picture of the trie, for debugging and snapshot tests. */
export function describeTrie(root: TrieNode): string {
  const lines: string[] = [];
  const routes = (label: string, list: readonly RouteEntry[]): string =>
    list.length ? ` ${label}: ${list.map((e) => e.route.index).join(',')}` : '';
  const labelOf = (node: TrieNode): Map<TrieNode, string> => {
    const labels = new Map<TrieNode, string>();
    for (const [text, child] of literalEdges(node)) labels.set(child, JSON.stringify(text));
    if (node.parameter) labels.set(node.parameter, '{}');
    for (const edge of node.complex) {
      const shape = edge.pattern.parts.map((p) => ('literal' in p ? p.literal : '{}')).join('');
      labels.set(edge.node, shape + (edge.pattern.hasOptionalExtension ? '?' : ''));
    }
    return labels;
  };
  // Depth first with an explicit stack (children pushed in reverse, so they print in order). Past INDENT_MAX
  // levels a node says its depth instead of indenting further: the picture of a template thousands of
  // segments deep would otherwise grow with the square of its depth.
  const INDENT_MAX = 32;
  const stack: [TrieNode, string, number][] = [[root, '(root)', 0]];
  while (stack.length > 0) {
    const [node, label, depth] = stack.pop()!;
    const indent = depth <= INDENT_MAX ? '  '.repeat(depth) : `${'  '.repeat(INDENT_MAX)}[depth ${depth}] `;
    lines.push(`${indent}${label} min ${node.minIndex}${routes('catch-all', node.catchAlls)}${routes('terminals', node.terminals)}`);
    const children = [...labelOf(node)];
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i][0], children[i][1], depth + 1]);
  }
  return lines.join('\n');
}

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
// order of the collection — never reordered by specificity. The trie compares routes by their `order` (a
// table compile() made: the index). A live table's trie changes in place (insertRoute, removeRoute): its
// routes are ordered by their order keys, and a node's min is a lower bound (a removed route's key may stay
// there: a low bound only prunes less, it never skips a route).
import type { ComplexPattern } from '../complex-segment.js';
import { insertAt, removeAt } from '../list-edits.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';
import type { SegmentPlan } from '../match-plan.js';

/** One edge for a complex segment pattern; routes with the same pattern (names aside) share it. */
export interface ComplexEdge {
  readonly pattern: ComplexPattern;
  readonly node: TrieNode;
}

/**
 * Up to this many literal edges are compared one by one (in the walk and in the emitted code); more go through a
 * Map. A request segment is a fresh string whose hash V8 must compute before Map.get, while === rejects most keys
 * on their length alone (rou3 chose 8 too; docs/benchmarks.md, "Why these thresholds").
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
  /**
   * The lowest route order in this subtree (Infinity when empty): the lowest index in a trie compile() built
   * (the emitted code compares it with indexes), at most the lowest order key in a live table's trie.
   */
  minIndex: number;
}

// A large table has tens of thousands of nodes, most with no complex edge, no catch-all and no terminal:
// they share these empty lists until something is added (a list is replaced, never pushed to while shared).
// Pure: a bundle that takes another export of a chunk holding this (a Worker's, the route scan's) drops it.
const NONE: readonly never[] = /* @__PURE__ */ Object.freeze([]);

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

/**
 * Builds the trie for routes given in collection order: each is inserted as a live table inserts one
 * (insertRoute), so a table built at once and one changed route by route are the same trie.
 */
export function buildTrie(entries: readonly RouteEntry[]): TrieNode {
  const root = createNode();
  for (const entry of entries) insertRoute(root, entry);
  return root;
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
    for (const child of childrenOf(node)) stack.push(child); // (a spread: one call argument per child)
  }
  return order;
}

/** The lowest order of a node's routes and its children's bounds (its route lists are in order). */
function ownMin(node: TrieNode): number {
  let min = Infinity;
  if (node.terminals.length > 0) min = node.terminals[0].order;
  if (node.catchAlls.length > 0) min = Math.min(min, node.catchAlls[0].order);
  for (const child of node.literalNodes) min = Math.min(min, child.minIndex);
  if (node.parameter !== null) min = Math.min(min, node.parameter.minIndex);
  for (const edge of node.complex) min = Math.min(min, edge.node.minIndex);
  return min;
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

// ─── A trie that changes in place (live tables) ──────────────────────────────────────────────────────────

/** An empty trie, to change with insertRoute and removeRoute. */
export function createTrie(): TrieNode {
  return createNode();
}

/** `list` with `entry` placed by its order (a new array when `list` is the shared empty one). */
function placed(list: readonly RouteEntry[], entry: RouteEntry): readonly RouteEntry[] {
  if (list === NONE) return [entry];
  const items = list as RouteEntry[];
  let low = 0;
  let high = items.length;
  if (items[high - 1].order < entry.order) low = high; // the usual append
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle].order < entry.order) low = middle + 1;
    else high = middle;
  }
  insertAt(items, low, entry);
  return items;
}

/** `list` without `entry` (the shared empty list when nothing is left). */
function without(list: readonly RouteEntry[], entry: RouteEntry): readonly RouteEntry[] {
  const at = list.indexOf(entry);
  if (at < 0) return list;
  if (list.length === 1) return NONE;
  removeAt(list as RouteEntry[], at);
  return list;
}

/** The child for folded literal `key`, made when missing (with the Map once there are more than LITERAL_CHAIN_MAX). */
function literalChildMade(node: TrieNode, key: string): TrieNode {
  const found = literalChild(node, key);
  if (found !== undefined) return found;
  const child = createNode();
  if (node.literalKeys === NONE) {
    node.literalKeys = [key];
    node.literalNodes = [child];
  } else {
    (node.literalKeys as string[]).push(key);
    (node.literalNodes as TrieNode[]).push(child);
  }
  if (node.literalMap !== null) node.literalMap.set(key, child);
  else if (node.literalKeys.length > LITERAL_CHAIN_MAX) node.literalMap = new Map(literalEdges(node));
  return child;
}

/** The complex edge for a pattern (patterns with the same key match the same paths), if the node has one. */
function complexEdge(node: TrieNode, pattern: ComplexPattern): ComplexEdge | undefined {
  return node.complex.find((edge) => edge.pattern.key === pattern.key);
}

/** The child a route's (non-catch-all) segment leads to from `node`, if the trie has it. */
function childOn(node: TrieNode, plan: Exclude<SegmentPlan, { kind: 'catchAll' }>): TrieNode | null | undefined {
  if (plan.kind === 'literal') return literalChild(node, plan.folded);
  return plan.kind === 'parameter' ? node.parameter : complexEdge(node, plan.pattern)?.node;
}

/**
 * Adds a route to a trie in place, in O(template length): the nodes on its path are made where missing, the
 * route is placed by its order in their lists, and each node's min is lowered to its order where higher.
 */
export function insertRoute(root: TrieNode, entry: RouteEntry): void {
  let node = root;
  const { segments, omittableFrom } = entry.plan;
  for (let depth = 0; depth < segments.length; depth++) {
    if (entry.order < node.minIndex) node.minIndex = entry.order;
    if (depth >= omittableFrom) node.terminals = placed(node.terminals, entry);
    const plan = segments[depth];
    switch (plan.kind) {
      case 'catchAll':
        node.catchAlls = placed(node.catchAlls, entry);
        return;
      case 'literal':
        node = literalChildMade(node, plan.folded);
        break;
      case 'parameter':
        node = node.parameter ??= createNode();
        break;
      case 'complex': {
        let edge = complexEdge(node, plan.pattern);
        if (!edge) node.complex = added(node.complex, (edge = { pattern: plan.pattern, node: createNode() }));
        node = edge.node;
        break;
      }
    }
  }
  if (entry.order < node.minIndex) node.minIndex = entry.order;
  node.terminals = placed(node.terminals, entry);
}

/** Lowers the min of every node on a route's path to its order (the route is in the trie; its order key was rewritten). */
export function lowerBounds(root: TrieNode, entry: RouteEntry): void {
  let node: TrieNode | null | undefined = root;
  const segments = entry.plan.segments;
  for (let depth = 0; node && depth <= segments.length; depth++) {
    if (entry.order < node.minIndex) node.minIndex = entry.order;
    const plan = segments[depth];
    if (plan === undefined || plan.kind === 'catchAll') return;
    node = childOn(node, plan);
  }
}

/** A node's children are few enough to compute its min again on a remove (more: the bound stays low). */
const RECOMPUTE_FANOUT_MAX = 64;

/**
 * Removes a route from a trie in place (the route must be in it), in O(template length): it leaves its
 * nodes' lists, nodes left with no route and no child are cut off, and a node whose min was the route's
 * order gets its min again where its children are few.
 */
export function removeRoute(root: TrieNode, entry: RouteEntry): void {
  const path = removalPath;
  let count = 0;
  path[count++] = root;
  try {
    let node = root;
    let caught = false;
    const { segments, omittableFrom } = entry.plan;
    for (let depth = 0; depth < segments.length; depth++) {
      if (depth >= omittableFrom) node.terminals = without(node.terminals, entry);
      const plan = segments[depth];
      if (plan.kind === 'catchAll') {
        node.catchAlls = without(node.catchAlls, entry);
        caught = true;
        break;
      }
      const next = childOn(node, plan);
      if (next === undefined || next === null) throw new Error(`removeRoute: the route "${entry.route.template}" is not in this trie`);
      path[count++] = node = next;
    }
    if (!caught) node.terminals = without(node.terminals, entry);
    // Bottom up: cut off empty nodes, and tighten the bounds the removed route set.
    for (let i = count - 1; i >= 0; i--) {
      const at = path[i]!;
      if (i > 0 && isEmpty(at)) detach(path[i - 1]!, at, segments[i - 1]);
      else if (at.minIndex === entry.order && at.literalNodes.length + at.complex.length <= RECOMPUTE_FANOUT_MAX) at.minIndex = ownMin(at);
    }
  } finally {
    // Emptied by hand: keeps no node alive, and keeps its room (setting its length to 0 would free that).
    for (let i = 0; i < count; i++) path[i] = null;
  }
}

/** removeRoute's nodes on the removed route's path, one list for every remove (nothing in it calls out). */
const removalPath: (TrieNode | null)[] = [];

function isEmpty(node: TrieNode): boolean {
  return node.terminals.length === 0 && node.catchAlls.length === 0 && node.literalKeys.length === 0 && node.parameter === null && node.complex.length === 0;
}

/** Cuts `child`, reached by the template segment `plan`, off `parent`. */
function detach(parent: TrieNode, child: TrieNode, plan: SegmentPlan): void {
  if (plan.kind === 'parameter') parent.parameter = null;
  else if (plan.kind === 'complex') parent.complex = parent.complex.length === 1 ? NONE : parent.complex.filter((edge) => edge.node !== child);
  else if (plan.kind === 'literal') {
    if (parent.literalKeys.length === 1) {
      parent.literalKeys = NONE;
      parent.literalNodes = NONE;
    } else {
      // The last edge moves into the hole: the edges' order means nothing (they are found by their text).
      const keys = parent.literalKeys as string[];
      const nodes = parent.literalNodes as TrieNode[];
      const at = nodes.indexOf(child);
      keys[at] = keys[keys.length - 1];
      nodes[at] = nodes[nodes.length - 1];
      keys.pop();
      nodes.pop();
    }
    if (parent.literalMap !== null) {
      parent.literalMap.delete(plan.folded);
      if (parent.literalKeys.length <= LITERAL_CHAIN_MAX) parent.literalMap = null;
    }
  }
}

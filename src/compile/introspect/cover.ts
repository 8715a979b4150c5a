// Proving that an earlier route takes every request a later one accepts: the shadowing analysis of diagnostics()
// and of OpenAPI's paths (a path of a route that can never win is left out of the document). Sound by
// construction: only what is proven counts; a custom constraint, a constraint against a literal or a complex
// segment, or a cover by several routes together is not claimed.
import { constraintContext } from '../../constraint-context.js';
import { getRouteValue } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import type { SegmentPlan } from '../match-plan.js';
import { constraintsOf, type ConstraintInfo } from './constraint-info.js';

const catchAllAt = (entry: RouteEntry): number => entry.plan.segments.findIndex((p) => p.kind === 'catchAll');

/** Path lengths (segment counts) the template shape accepts: n ≥ omittableFrom, and no more than its segments without a catch-all. */
function acceptsLength(entry: RouteEntry, n: number): boolean {
  return n >= entry.plan.omittableFrom && (catchAllAt(entry) >= 0 || n <= entry.plan.segments.length);
}

/**
 * Proves that `a` (earlier) accepts every request `b` accepts, so that b is unreachable. For each path length
 * b accepts (past both templates with a catch-all, every length behaves alike): a accepts that length; each
 * segment a checks accepts everything b's segment accepts (a parameter takes any non-empty segment, a literal
 * only the same literal, a complex segment only the same pattern, a catch-all the rest); a's verb limit allows
 * b's methods; and a's constraints pass on every value they can see: a built-in constraint on a segment that
 * b constrains with the same built-in constraints, or a constraint on a fixed value (a default, or a missing
 * value) that passes it. Anything else — custom constraints, a constraint against a literal or a complex
 * segment — is not proven, and the route is not reported.
 */
export function provesCover(a: RouteEntry, b: RouteEntry): boolean {
  if (a.plan.methodSet !== null && (b.plan.methodSet === null || [...b.plan.methodSet].some((m) => !a.plan.methodSet!.has(m)))) return false;
  return coversLengths(a, b, b.plan.omittableFrom, null);
}

/**
 * The same for the requests of b whose paths have from to `to` segments (null: from on, any length), the verb
 * limits aside: what OpenAPI asks of one path of b (a catch-all path covers every length from its own on).
 */
export function coversLengths(a: RouteEntry, b: RouteEntry, from: number, to: number | null): boolean {
  const bCatch = catchAllAt(b);
  const aCatch = catchAllAt(a);
  // Past both templates (with a catch-all), every length behaves alike: one more is enough to check.
  const longest = bCatch >= 0 ? Math.max(a.plan.segments.length, b.plan.segments.length) + 1 : b.plan.segments.length;
  const last = to === null ? longest : Math.min(to, longest);
  for (let n = from; n <= last; n++) {
    if (!acceptsLength(b, n)) continue;
    if (!acceptsLength(a, n)) return false;
    const checked = aCatch >= 0 && aCatch < n ? aCatch : n;
    for (let j = 0; j < checked; j++) {
      // Past b's catch-all the segments are anything at all, empty ones included.
      const bPlan: SegmentPlan | null = bCatch >= 0 && j >= bCatch ? null : b.plan.segments[j];
      if (!segmentCovers(a.plan.segments[j], bPlan)) return false;
    }
    for (let i = 0; i < a.plan.constraintKeys.length; i++) {
      if (!constraintCovers(a, i, b, n)) return false;
    }
  }
  return true;
}

function segmentCovers(a: SegmentPlan, b: SegmentPlan | null): boolean {
  if (b === null) return false;
  switch (a.kind) {
    case 'parameter':
      return true; // b rejects an empty segment before its catch-all; any other segment is a value
    case 'literal':
      return b.kind === 'literal' && b.folded === a.folded;
    case 'complex':
      return b.kind === 'complex' && b.pattern.key === a.pattern.key;
    case 'catchAll':
      return true;
  }
}

/** Does a's constraint i pass on every request of length n that b accepts? */
function constraintCovers(a: RouteEntry, i: number, b: RouteEntry, n: number): boolean {
  const infos = constraintsOf(a, i);
  if (infos.some((c) => c.identity === null)) return false;
  const key = a.plan.constraintKeys[i];
  const depth = a.plan.segments.findIndex((plan) => (plan.kind === 'parameter' || plan.kind === 'catchAll' ? plan.name === key : plan.kind === 'complex' && plan.pattern.names.includes(key)));
  const plan = depth >= 0 ? a.plan.segments[depth] : null;
  if (plan === null || depth >= n) {
    // A fixed value: the default (of a parameter left out, or of a name that is no parameter), or none.
    return passesAlone(a, i, getRouteValue(a.plan.defaults, key));
  }
  const bPlan = b.plan.segments[depth];
  if (plan.kind === 'complex' || bPlan === undefined || bPlan.kind !== plan.kind) return false;
  if (plan.kind === 'catchAll' && depth !== catchAllAt(b)) return false;
  const bKey = b.plan.constraintKeys.findIndex((k) => k === (bPlan as { name: string }).name);
  if (bKey < 0) return false;
  const bIdentities = new Set(constraintsOf(b, bKey).map((c: ConstraintInfo) => c.identity));
  return infos.every((c) => bIdentities.has(c.identity));
}

/** Does constraint i accept `value` for its key, with no other values? (Built-in constraints read only their key.) */
export function passesAlone(entry: RouteEntry, i: number, value: unknown): boolean {
  const key = entry.plan.constraintKeys[i];
  const values = value === undefined || value === null ? {} : { [key]: value };
  return entry.plan.constraintList[i].match(constraintContext(null, 'GET'), entry.route, key, values, 'incoming');
}

/**
 * The earlier routes that could cover a route, so that diagnostics() compares each route with those alone
 * instead of with every earlier one. Routes are filed in a trie by their segments: a literal under its folded
 * text, a complex segment under its pattern, any parameter under one "parameter" edge; a route stops at its
 * catch-all (filed there in `catchAll`), and is filed in `ends` at every depth it accepts as a path length
 * (omittableFrom to its last segment). A route a covers b only if it accepts b's shortest path (b.omittableFrom
 * segments) and each of a's segments there covers b's (segmentCovers: a parameter covers any segment, a literal
 * only the same literal, a complex segment only the same pattern, a catch-all the rest): so the candidates are
 * found by walking b's required segments along both the edge of b's own segment and the parameter edge, taking
 * the catch-all routes met on the way and the routes that end where the walk ends. (Comparing with every earlier
 * route, or filing routes only by their leading literals, is quadratic on large tables: a table whose routes
 * start with a complex segment or a parameter put every route in one list.)
 */
export class CoverIndex {
  private readonly root = createCoverNode();

  add(entry: RouteEntry): void {
    let node = this.root;
    for (let depth = 0; depth < entry.plan.segments.length; depth++) {
      if (depth >= entry.plan.omittableFrom) node.ends.push(entry);
      const plan = entry.plan.segments[depth];
      if (plan.kind === 'catchAll') {
        node.catchAll.push(entry);
        return;
      }
      const edges = plan.kind === 'literal' ? node.literals : plan.kind === 'complex' ? node.complex : null;
      const key = plan.kind === 'literal' ? plan.folded : plan.kind === 'complex' ? plan.pattern.key : '';
      let child = edges === null ? node.parameter : edges.get(key);
      if (child === undefined || child === null) {
        child = createCoverNode();
        if (edges === null) node.parameter = child;
        else edges.set(key, child);
      }
      node = child;
    }
    node.ends.push(entry);
  }

  /** The first (lowest-index) route filed so far that proves to cover `b` and passes `usable`, or undefined. */
  firstCover(b: RouteEntry, usable: (a: RouteEntry) => boolean): RouteEntry | undefined {
    let best: RouteEntry | undefined;
    for (const list of this.candidates(b)) {
      // Each list is in index order: the first cover in it is its best; only a lower index can win.
      for (const a of list) {
        if (best !== undefined && a.route.index >= best.route.index) break;
        if (usable(a) && provesCover(a, b)) {
          best = a;
          break;
        }
      }
    }
    return best;
  }

  /**
   * Several earlier routes that together cover `b`, or null: each accepts every request `b` accepts but for
   * its verb limit, and their verb limits together allow all of b's methods (GET and POST routes before a GET,
   * POST route of the same shape). Sound for the same reason one cover is: a request of b with method m goes
   * to a route that allows m, if not to an earlier one. Only for a b with a verb limit of its own. The
   * candidates are tried in index order, as trying every earlier route in order would.
   */
  coverTogether(b: RouteEntry, usable: (a: RouteEntry) => boolean): RouteEntry[] | null {
    if (b.plan.methodSet === null) return null;
    const needed = new Set(b.plan.methodSet);
    const together: RouteEntry[] = [];
    const inOrder = this.candidates(b).flat().sort((x, y) => x.route.index - y.route.index);
    for (const a of inOrder) {
      if (a.plan.methodSet === null || !usable(a) || ![...a.plan.methodSet].some((m) => needed.has(m))) continue;
      if (!coversLengths(a, b, b.plan.omittableFrom, null)) continue;
      together.push(a);
      for (const m of a.plan.methodSet) needed.delete(m);
      if (needed.size === 0) return together;
    }
    return null;
  }

  /** The lists of earlier routes that may cover `b` (see the class comment), each in index order. */
  private candidates(b: RouteEntry): (readonly RouteEntry[])[] {
    const lists: (readonly RouteEntry[])[] = [];
    // Each node is reached by one path of segments, so the walk meets every node at most once. A loop, not
    // recursion: a template may have thousands of segments.
    const stack: { node: CoverNode; depth: number }[] = [{ node: this.root, depth: 0 }];
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      if (depth === b.plan.omittableFrom) {
        lists.push(node.ends);
        continue;
      }
      if (node.catchAll.length > 0) lists.push(node.catchAll);
      const plan = b.plan.segments[depth];
      const own = plan.kind === 'literal' ? node.literals.get(plan.folded) : plan.kind === 'complex' ? node.complex.get(plan.pattern.key) : undefined;
      if (own !== undefined) stack.push({ node: own, depth: depth + 1 });
      if (node.parameter !== null) stack.push({ node: node.parameter, depth: depth + 1 });
    }
    return lists;
  }
}

interface CoverNode {
  /** Routes whose segment at this depth is a catch-all (the segments before it lead here). */
  readonly catchAll: RouteEntry[];
  /** Routes that accept a path of exactly this many segments (the segments before lead here). */
  readonly ends: RouteEntry[];
  readonly literals: Map<string, CoverNode>;
  readonly complex: Map<string, CoverNode>;
  /** The edge of a parameter segment, whatever its name. */
  parameter: CoverNode | null;
}

const createCoverNode = (): CoverNode => ({ catchAll: [], ends: [], literals: new Map(), complex: new Map(), parameter: null });

// A live table: a route table that changes (add, insert, remove) without compiling it again. The routes are
// kept in order (route-order.ts) and split into partitions by their literal prefix, PREFIX_DEPTH segments of
// it: "t5/users/{id}" and "t5/{page}" go to "t5", "{*path}" to the partition of routes with no literal prefix
// (""). A route can only accept a request whose first segments spell its literal prefix, so a request is
// answered by at most PREFIX_DEPTH + 1 partitions: "" and the one its first segment names; the answer is the
// one of the routes they found that comes first in the list.
//
// Each partition keeps a trie that changes in place (trie.ts: insertRoute, removeRoute), its routes ordered by
// their order keys, so a change costs the length of one template, whatever the table's size, and no index is
// renumbered. Each partition also gets the matcher the table's factory makes of its routes (compile()'s: the
// strategy's code or walk, with its static table), on the microtask queue: after a change to the partition (a
// burst of changes made in one go is built once, after the code that made them, before the next I/O event), or
// after the first request that finds it without one. A request never builds: until its partition's matcher is
// made, the partition's trie answers it, interpreted. The other partitions keep the matchers (and code) they have.
import { RouteCreationError, RouteTableError, TemplateParseError } from '../../errors.js';
import type { RouteValues } from '../../route-values.js';
import type { Fold } from '../case-fold.js';
import { answerOf } from '../match/answer-of.js';
import { RequestPath } from '../match/request-path.js';
import { accepting, methodsAllowed } from '../match/trie-matcher.js';
import { byOrder, collectInto, searchFrom } from '../match/trie-walk.js';
import { createTrie, insertRoute, lowerBounds, nodesOf, removeRoute, type TrieNode } from '../match/trie.js';
import { frozenMatch, type Matcher, type MatchStrategy, type RouteMatch } from '../matcher.js';
import type { RouteGeneration } from '../generate/url-generator.js';
import type { RouteEntry } from '../route-entry.js';
import type { RouteDefinition } from '../route-definition.js';
import { placeRoute, routeAt, type CompiledRoute } from '../compiled-route.js';
import { duplicateName, nameOf, RoutesByName } from '../route-names.js';
import { RouteOrder, type Block, type Ordered } from './route-order.js';

/**
 * How deep the partitions' keys go. One segment: a multi-tenant table ("t5/…") gets a partition per tenant, and
 * deeper keys would give nearly every route a partition of its own (docs/benchmarks.md, "Why these thresholds").
 */
const PREFIX_DEPTH = 1;
/** The partition of routes with no literal prefix. */
const NO_PREFIX = '';

/**
 * One route of a live table, as its partition's trie holds it: the route's entry with its order key as its
 * order (written by the list, route-order.ts), and what the table keeps of the route.
 */
export interface Slot extends RouteEntry, Ordered<Slot> {
  block: Block<Slot> | null;
  order: number;
  /** The route as created (its index is where it was first placed). */
  readonly entry: RouteEntry;
  /** Its partition's key; null for a generation-only route, which no matcher sees. */
  readonly prefix: string | null;
  /** The entry as its partition's built matcher sees it (its index in the partition), kept while that index holds. */
  local: RouteEntry | null;
  /** URL generation's state of the route (live-url-generator.ts), made on its first use: it moves with the slot. */
  generation: RouteGeneration | null;
}

/** The routes of one literal prefix: their trie, changed in place, and the factory's matcher of them once it is made. */
interface Partition {
  readonly root: TrieNode;
  /** How many routes it has (they are in its trie). */
  size: number;
  /** The factory's matcher of its routes (their indexes: places in `local`), or null: the trie answers. */
  built: Matcher | null;
  /** Its routes in order, as `built` indexes them. */
  local: Slot[];
  /** Whether its matcher is to be made on the microtask queue (LiveTable.queue). */
  queued: boolean;
}

/** What a live table needs from compile(): a matcher factory, and route creation. */
export interface LiveTableParts {
  /** What the table reports as its strategy (the factory's). */
  readonly strategy: MatchStrategy;
  /** How the router compares literals (case-fold.ts): partition keys and request segments are folded by it. */
  readonly fold: Fold;
  /** The matcher compile() would make for these entries (their indexes 0..n-1 in order): each partition's. */
  buildMatcher(entries: readonly RouteEntry[]): Matcher;
  /** A route entry as compile() makes it at `index` (with `fold`): throws compile()'s error for a bad route. */
  createEntry(definition: RouteDefinition, index: number): RouteEntry;
}

/** An entry whose route is a stand-in at another index (compiled-route.ts, routeAt), its static answer with it. */
function standIn(entry: RouteEntry, index: number): RouteEntry {
  const route = routeAt(entry.route, index);
  return { ...entry, route, order: index, staticAnswer: entry.staticAnswer === null ? null : frozenMatch(route, { ...entry.staticAnswer.values }) };
}

/** The partition key of a route: its literal prefix, PREFIX_DEPTH segments at most, folded by the table's fold. */
function prefixOf(entry: RouteEntry): string | null {
  if (entry.route.generationOnly) return null;
  let prefix = NO_PREFIX;
  for (let depth = 0; depth < PREFIX_DEPTH && depth < entry.plan.segments.length; depth++) {
    const plan = entry.plan.segments[depth];
    if (plan.kind !== 'literal') break;
    prefix = depth === 0 ? plan.folded : `${prefix}/${plan.folded}`;
  }
  return prefix;
}

export class LiveTable implements Matcher {
  readonly strategy: MatchStrategy;
  private readonly order = new RouteOrder<Slot>();
  private readonly partitions = new Map<string, Partition>();
  /** Routes by name, in any case. */
  private readonly byName = new RoutesByName<Slot>();
  private entriesCache: { readonly version: number; readonly entries: readonly RouteEntry[] } | null = null;
  private routesCache: { readonly version: number; readonly routes: readonly CompiledRoute[] } | null = null;
  /** The partitions whose matchers are to be made, in one microtask for them all (empty: none is queued). */
  private readonly queue: Partition[] = [];

  constructor(
    private readonly parts: LiveTableParts,
    entries: readonly RouteEntry[],
  ) {
    this.strategy = parts.strategy;
    // The compiled table's routes, at once: ordered in one pass (no search per route), then indexed. Their
    // partitions get matchers as requests reach them: a table of many tenants does not compile them all at once.
    const slots = entries.map((entry) => this.slotOf(entry));
    this.order.appendAll(slots);
    for (const slot of slots) {
      placeRoute(slot.route, this.order, slot, slot.route.index);
      this.index(slot, false);
    }
  }

  get length(): number {
    return this.order.length;
  }

  // ─── Changes ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Inserts a route at `position`; throws (and changes nothing) for a bad route or a duplicate name. */
  insert(position: number, definition: RouteDefinition): void {
    if (!Number.isInteger(position) || position < 0 || position > this.order.length) {
      throw new RangeError(`insert: the index must be an integer from 0 to ${this.order.length} (the number of routes), got ${String(position)}`);
    }
    const slot = this.slotOf(this.createEntry(definition, position));
    const name = slot.route.name;
    const other = name === null ? undefined : this.byName.get(name);
    if (other !== undefined) {
      // compile() reports the later of the two routes that share the name.
      const later = this.order.positionOf(other) >= position ? other.route : slot.route;
      throw duplicateName(later.name!, later.template);
    }
    this.place(position, slot);
    placeRoute(slot.route, this.order, slot, position);
  }

  /**
   * The new route's entry, or compile()'s error for the list with it: a bad route whose name a later route
   * has makes that route a duplicate too, and compile() reports both.
   */
  private createEntry(definition: RouteDefinition, position: number): RouteEntry {
    try {
      return this.parts.createEntry(definition, position);
    } catch (error) {
      const name = nameOf(definition);
      const other = name === null ? undefined : this.byName.get(name);
      const routeError = error instanceof TemplateParseError || error instanceof RouteCreationError || error instanceof TypeError;
      if (other === undefined || !routeError || this.order.positionOf(other) < position) throw error;
      const route = other.route;
      throw new RouteTableError([
        { routeIndex: position, error },
        { routeIndex: this.order.positionOf(other) + 1, error: duplicateName(route.name!, route.template) },
      ]);
    }
  }

  /** Removes the route at a position or with a name (ignoring case); whether there was one. */
  remove(nameOrIndex: string | number): boolean {
    let position: number;
    if (typeof nameOrIndex === 'number') {
      if (!Number.isInteger(nameOrIndex) || nameOrIndex < 0 || nameOrIndex >= this.order.length) return false;
      position = nameOrIndex;
    } else if (typeof nameOrIndex === 'string') {
      const slot = this.named(nameOrIndex);
      if (slot === undefined) return false;
      position = this.order.positionOf(slot);
    } else {
      throw new TypeError(`remove: give a route name (string) or an index (number), got ${nameOrIndex === null ? 'null' : typeof nameOrIndex}`);
    }
    const slot = this.order.removeAt(position);
    placeRoute(slot.route, null, null, position); // it keeps the index it last had
    const name = slot.route.name;
    if (name !== null) this.byName.delete(name);
    if (slot.prefix !== null) {
      const partition = this.partitions.get(slot.prefix)!;
      if (--partition.size === 0) this.partitions.delete(slot.prefix);
      else {
        removeRoute(partition.root, slot);
        this.changed(partition);
      }
    }
    return true;
  }

  /** The route as the table keeps it: its entry, ordered by the key the list gives it when it is placed. */
  private slotOf(entry: RouteEntry): Slot {
    // Field by field, not spread: one object shape for every slot. The plan is the entry's own (a slot is a view of
    // the route, as a stand-in is). The order starts as a non-integer number, as the keys the list writes are: had it
    // started as a small integer, the first key written would change the field's representation and make V8 migrate
    // every slot made so far.
    return {
      route: entry.route,
      order: Number.NaN,
      plan: entry.plan,
      staticAnswer: entry.staticAnswer,
      givenConstraintKeys: entry.givenConstraintKeys,
      block: null,
      entry,
      prefix: prefixOf(entry),
      local: null,
      generation: null,
    };
  }

  private place(position: number, slot: Slot): void {
    // Order keys rewritten around the new route: the bounds on their paths are lowered to the new keys.
    const moved = this.order.insert(position, slot);
    for (let i = 0; i < moved.length; i++) {
      const route = moved[i];
      if (route !== slot && route.prefix !== null) lowerBounds(this.partitions.get(route.prefix)!.root, route);
    }
    this.index(slot);
  }

  /** A placed route enters the name index and its partition's trie (`change`: the partition's matcher is made again). */
  private index(slot: Slot, change = true): void {
    const name = slot.route.name;
    if (name !== null) this.byName.set(name, slot);
    if (slot.prefix === null) return;
    let partition = this.partitions.get(slot.prefix);
    if (partition === undefined) this.partitions.set(slot.prefix, (partition = { root: createTrie(), size: 0, built: null, local: [], queued: false }));
    partition.size++;
    insertRoute(partition.root, slot);
    if (change) this.changed(partition);
  }

  /** A partition's routes changed: its matcher is dropped (its trie is already up to date) and made again, queued. */
  private changed(partition: Partition): void {
    partition.built = null;
    this.enqueue(partition);
  }

  /**
   * The partition's matcher is to be made on the microtask queue: after the code running now (a burst of changes,
   * the request being answered), never inside a request. One microtask makes every partition queued meanwhile.
   */
  private enqueue(partition: Partition): void {
    if (partition.queued) return;
    partition.queued = true;
    if (this.queue.push(partition) === 1) void Promise.resolve().then(() => this.buildQueued());
  }

  /** Makes the matchers of the queued partitions that still lack one (a partition emptied since is gone). */
  private buildQueued(): void {
    for (const partition of this.queue.splice(0)) {
      partition.queued = false;
      if (partition.built === null && partition.size > 0) this.builtOf(partition);
    }
  }

  // ─── Reading ─────────────────────────────────────────────────────────────────────────────────────────────

  /** The route with this name, in any case. */
  named(name: string): Slot | undefined {
    return this.byName.get(name);
  }

  /** The slots in list order. */
  slots(): IterableIterator<Slot> {
    return this.order[Symbol.iterator]();
  }

  /** The slot at a position. */
  slotAt(position: number): Slot {
    return this.order.at(position);
  }

  /** Every entry, in order, with its position as index (what compile() of the current list would hold). */
  entries(): readonly RouteEntry[] {
    if (this.entriesCache?.version !== this.order.version) {
      // Introspection's entries, ordered by their positions: an entry of a route that moved is copied with it as
      // its order (the entry, never the route: a route's index reads its place itself).
      const entries = Array.from(this.order, (slot, position) => (slot.entry.order === position ? slot.entry : { ...slot.entry, order: position }));
      this.entriesCache = { version: this.order.version, entries };
    }
    return this.entriesCache.entries;
  }

  /** The routes in order, as router.routes gives them. */
  routes(): readonly CompiledRoute[] {
    if (this.routesCache?.version !== this.order.version) this.routesCache = { version: this.order.version, routes: Array.from(this.order, (slot) => slot.route) };
    return this.routesCache.routes;
  }

  /** What the heap check counts: everything the table keeps grows with its routes, nothing with its changes. */
  sizes(): Record<string, number> {
    let partitionRoutes = 0;
    let trieNodes = 0;
    let trieRoutes = 0;
    for (const partition of this.partitions.values()) {
      partitionRoutes += partition.size;
      for (const node of nodesOf(partition.root)) {
        trieNodes++;
        trieRoutes += node.terminals.length + node.catchAlls.length + node.literalKeys.length + (node.literalMap?.size ?? 0);
      }
    }
    return { routes: this.order.length, blocks: this.order.blockCount, partitions: this.partitions.size, partitionRoutes, trieNodes, trieRoutes, names: this.byName.size };
  }

  /** The partitions (by prefix) that answer by the factory's matcher now, not by their trie. */
  builtPartitions(): string[] {
    return [...this.partitions].filter(([, partition]) => partition.built !== null).map(([prefix]) => prefix);
  }

  // ─── Matching ────────────────────────────────────────────────────────────────────────────────────────────

  /** The partition's built matcher, made now if it has none (its routes indexed by their place in the partition). */
  private builtOf(partition: Partition): Matcher {
    if (partition.built === null) {
      partition.local = routesOf(partition.root).sort(byOrder);
      // Routes whose place in the partition did not move keep their entries.
      partition.built = this.parts.buildMatcher(
        partition.local.map((slot, i) => (slot.local?.route.index === i ? slot.local : (slot.local = standIn(slot.entry, i)))),
      );
    }
    return partition.built;
  }

  /** The partition's matcher, else null (its trie answers, and its matcher is queued: never made in a request). */
  private hotMatcher(partition: Partition): Matcher | null {
    if (partition.built === null) this.enqueue(partition);
    return partition.built;
  }

  /** The partitions that may hold a route accepting this path: "", then the one its first segment names. */
  private partitionsFor(target: string): Partition[] {
    const found: Partition[] = [];
    const none = this.partitions.get(NO_PREFIX);
    if (none !== undefined) found.push(none);
    const keyed = this.partitionNamed(target);
    if (keyed !== undefined) found.push(keyed);
    return found;
  }

  /**
   * The partition the path's first segment names, as the trie compares literals (decoded, then folded by the
   * table's fold: a case-sensitive table keeps the text as it is). The usual path has no "%": its first
   * segment is cut here, without tokenizing the whole path.
   */
  private partitionNamed(target: string): Partition | undefined {
    const start = target.charCodeAt(0) === 47 /* / */ ? 1 : 0;
    let end = start;
    for (; end < target.length; end++) {
      const c = target.charCodeAt(end);
      if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
      if (c === 37 /* % */) {
        const path = new RequestPath(target, false, this.parts.fold);
        return path.length === 0 || path.isEmpty(0) ? undefined : this.partitions.get(path.folded(0));
      }
    }
    if (end === start) return undefined; // no first segment, or an empty one: no literal accepts it
    const segment = target.slice(start, end);
    const found = this.partitions.get(segment);
    if (found !== undefined) return found;
    const folded = this.parts.fold(segment);
    return folded === segment ? undefined : this.partitions.get(folded);
  }

  /** The partitions' matchers' code (each made now if it has none); null when the factory's matchers have none. */
  get source(): string | null {
    const sources: string[] = [];
    for (const [prefix, partition] of this.partitions) {
      const source = this.builtOf(partition).source;
      if (source !== null) sources.push(`// The routes under ${JSON.stringify(prefix)}:\n${source}`);
    }
    return sources.length === 0 ? null : sources.join('\n\n');
  }

  match(target: string, method: string, httpContext: unknown): RouteMatch | null {
    const keyed = this.partitionNamed(target);
    const none = this.partitions.get(NO_PREFIX);
    let path: RequestPath | null = null;
    let best: Slot | null = null;
    let values: RouteValues | null = null;
    if (keyed !== undefined) {
      const built = this.hotMatcher(keyed);
      if (built !== null) {
        const found = built.match(target, method, httpContext);
        if (found !== null) {
          best = keyed.local[found.route.index];
          values = found.values as RouteValues;
        }
      } else {
        const search = searchFrom(keyed.root, 0, (path = new RequestPath(target, false, this.parts.fold)), method, httpContext, Infinity);
        best = search.best as Slot | null;
        values = search.values;
      }
    }
    // The routes with no literal prefix, unless the one found comes before all of them.
    if (none !== undefined && (best === null || none.root.minIndex < best.order)) {
      const built = this.hotMatcher(none);
      if (built !== null) {
        const found = built.match(target, method, httpContext);
        const slot = found === null ? null : none.local[found.route.index];
        if (slot !== null && (best === null || slot.order < best.order)) {
          best = slot;
          values = found!.values as RouteValues;
        }
      } else {
        const search = searchFrom(none.root, 0, path ?? new RequestPath(target, false, this.parts.fold), method, httpContext, best === null ? Infinity : best.order);
        if (search.best !== null) {
          best = search.best as Slot;
          values = search.values;
        }
      }
    }
    return best === null ? null : answerOf(best, values!);
  }

  /** The routes of the partitions this path may reach whose template shape accepts it, in order. */
  private candidates(target: string, path: RequestPath): Slot[] {
    const found: RouteEntry[] = [];
    for (const partition of this.partitionsFor(target)) collectInto(partition.root, path, found);
    return (found as Slot[]).sort(byOrder);
  }

  /**
   * The routes that accept the request, read as the table is at this call: its candidates and their indexes
   * are taken now (the answers' constraints run lazily, as they are read), so a change made while the answers
   * are read is for the calls after it, as if a copy of the table were iterated.
   */
  matches(target: string, method: string, httpContext: unknown): Iterable<RouteMatch> {
    const path = new RequestPath(target, false, this.parts.fold);
    const candidates = this.candidates(target, path);
    // Their places now: an answer read after a change names its route as it stood at this call.
    const version = this.order.version;
    const at = new Map(candidates.map((slot) => [slot, slot.route.index]));
    return answersOf(accepting(candidates, path, method, httpContext), (slot) => (this.order.version === version ? slot : standIn(slot, at.get(slot as Slot)!)));
  }

  allowedMethods(target: string, httpContext: unknown): string[] {
    const path = new RequestPath(target, false, this.parts.fold);
    return methodsAllowed(this.candidates(target, path), path, httpContext);
  }
}

/** The answers of the entries that accept a request (their indexes as they were when the entries were read). */
function* answersOf(accepted: Iterable<[RouteEntry, RouteValues]>, asAtCall: (entry: RouteEntry) => RouteEntry): Generator<RouteMatch> {
  for (const [entry, values] of accepted) yield answerOf(asAtCall(entry), values);
}

/** The routes of a trie, each once (a route with omittable segments ends at several nodes). */
function routesOf(root: TrieNode): Slot[] {
  const routes = new Set<Slot>();
  for (const node of nodesOf(root)) {
    for (const entry of node.terminals) routes.add(entry as Slot);
    for (const entry of node.catchAlls) routes.add(entry as Slot);
  }
  return [...routes];
}

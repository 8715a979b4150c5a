// The order of a live table's routes. A route's index is its position in the list, and an insert or a remove
// shifts every later position; renumbering 100,000 routes on each change would cost more than the change. So the
// list is cut into blocks (a position is a block's start plus a place inside it, starts recomputed only from the
// first block that changed), and each route carries an order key, a number that only grows along the list:
// comparing two routes' order needs no position at all (the tries of a live table compare nothing else).

/** What the list keeps of each item: its block and its order key (managed here). */
export interface Ordered<T> {
  block: Block<T> | null;
  order: number;
}

export interface Block<T> {
  readonly items: T[];
  /** The position of the block's first item (valid for blocks before `validStarts`). */
  start: number;
  /** The version when this block's start or items last changed: a position computed earlier is still right if not later. */
  changedAt: number;
}

// Blocks are split past this size: a position is found by a scan of one block plus a binary search over blocks.
const BLOCK_MAX = 256;
// The gap between the keys of routes appended one after another: room for ~30 halvings between two neighbours
// before the keys around them are spread out again (in order, without moving a route).
const KEY_GAP = 2 ** 20;
// The least gap between two keys a spread leaves: keys stay below 2^40 for any table that fits in memory, where a
// double still halves a gap of 16 a dozen times before two keys meet.
const ROOM_MIN = 16;

export class RouteOrder<T extends Ordered<T>> {
  private blocks: Block<T>[] = [];
  /** Blocks before this one have the right start. */
  private validStarts = 0;
  private count = 0;
  /** Bumped on every change; positions computed at an older version are checked against blocks' changedAt. */
  version = 0;

  get length(): number {
    return this.count;
  }

  /** The item at `position` (0 ≤ position < length). */
  at(position: number): T {
    const block = this.blockAt(position);
    return block.items[position - block.start];
  }

  /** The position of an item in the list. */
  positionOf(item: T): number {
    this.refreshStarts();
    const block = item.block!;
    return block.start + block.items.indexOf(item);
  }

  /** Whether a position computed at `version` is still the item's position. */
  isCurrent(item: T, version: number): boolean {
    this.refreshStarts();
    return item.block!.changedAt <= version;
  }

  /**
   * Inserts `item` at `position` (0 ≤ position ≤ length) and gives it an order key between its neighbours. When
   * there is no room left between them, the keys around it are spread out again (in the same order): the items
   * whose key changed are returned (else none), for whatever holds their keys as bounds.
   */
  insert(position: number, item: T): readonly T[] {
    this.version++;
    this.refreshStarts();
    const before = position > 0 ? this.at(position - 1).order : null;
    const after = position < this.count ? this.at(position).order : null;
    if (this.blocks.length === 0) this.blocks.push({ items: [], start: 0, changedAt: this.version });
    const b = position === this.count ? this.blocks.length - 1 : this.blockIndexAt(position);
    const block = this.blocks[b];
    block.items.splice(position - block.start, 0, item);
    item.block = block;
    this.count++;
    this.touched(b);
    if (block.items.length > BLOCK_MAX) this.split(b);
    item.order = before === null ? (after === null ? 0 : after - KEY_GAP) : after === null ? before + KEY_GAP : (before + after) / 2;
    if ((before === null || item.order > before) && (after === null || item.order < after)) return NONE;
    return this.spreadAround(this.blocks.indexOf(item.block!));
  }

  /** Removes and returns the item at `position`. */
  removeAt(position: number): T {
    this.version++;
    const b = this.blockIndexAt(position);
    const block = this.blocks[b];
    const [item] = block.items.splice(position - block.start, 1);
    item.block = null;
    this.count--;
    if (block.items.length === 0) this.blocks.splice(b, 1);
    this.touched(b);
    return item;
  }

  /** The items in order. */
  *[Symbol.iterator](): IterableIterator<T> {
    for (const block of this.blocks) yield* block.items;
  }

  /** The number of blocks (the heap check counts what the list keeps). */
  get blockCount(): number {
    return this.blocks.length;
  }

  /** Block `b` changed: its items (and every later block's start) moved. */
  private touched(b: number): void {
    if (b < this.blocks.length) this.blocks[b].changedAt = this.version;
    this.validStarts = Math.min(this.validStarts, b);
  }

  private split(b: number): void {
    const block = this.blocks[b];
    const moved = block.items.splice(BLOCK_MAX >> 1);
    const next: Block<T> = { items: moved, start: block.start + block.items.length, changedAt: this.version };
    for (const item of moved) item.block = next;
    this.blocks.splice(b + 1, 0, next);
  }

  private refreshStarts(): void {
    const blocks = this.blocks;
    let start = this.validStarts === 0 ? 0 : blocks[this.validStarts - 1].start + blocks[this.validStarts - 1].items.length;
    for (let b = this.validStarts; b < blocks.length; b++) {
      if (blocks[b].start !== start) {
        blocks[b].start = start;
        blocks[b].changedAt = this.version;
      }
      start += blocks[b].items.length;
    }
    this.validStarts = blocks.length;
  }

  private blockIndexAt(position: number): number {
    if (position < 0 || position >= this.count) throw new RangeError(`position ${position} is outside the list of ${this.count}`);
    this.refreshStarts();
    let low = 0;
    let high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.blocks[middle].start <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private blockAt(position: number): Block<T> {
    return this.blocks[this.blockIndexAt(position)];
  }

  /**
   * New keys, evenly spaced, for the items of block `b`, or of twice as many blocks around it while the room
   * between the keys on either side is too small (at most the whole list): a run of inserts at one place
   * rewrites a few hundred keys now and then, never the whole list each time. Returns the items rewritten.
   */
  private spreadAround(b: number): T[] {
    const blocks = this.blocks;
    let first = b;
    let last = b;
    for (;;) {
      const low = first > 0 ? blocks[first - 1].items[blocks[first - 1].items.length - 1].order : null;
      const high = last < blocks.length - 1 ? blocks[last + 1].items[0].order : null;
      const items = blocks.slice(first, last + 1).flatMap((block) => block.items);
      let start: number;
      let step = KEY_GAP;
      if (low === null) start = high === null ? 0 : high - (items.length + 1) * KEY_GAP;
      else if (high === null) start = low;
      else {
        step = (high - low) / (items.length + 1);
        start = low;
        if (step < ROOM_MIN) {
          const width = last - first + 1;
          first = Math.max(0, first - width);
          last = Math.min(blocks.length - 1, last + width);
          continue;
        }
      }
      items.forEach((item, i) => (item.order = start + step * (i + 1)));
      return items;
    }
  }
}

const NONE: readonly never[] = Object.freeze([]);

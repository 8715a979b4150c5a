// The order of a live table's routes. A route's index is its position in the list, and an insert or a remove
// shifts every later position; renumbering 100,000 routes on each change would cost more than the change. So the
// list is cut into blocks, a position is the sizes of the blocks before an item's block plus its place inside it,
// and those sums come from a Fenwick tree over the block sizes (O(log blocks) to read or to change). Each route
// also carries an order key, a number that only grows along the list: comparing two routes' order needs no
// position at all (the tries of a live table compare nothing else).
import { insertAt, removeAt } from '../list-edits.js';

/** What the list keeps of each item: its block and its order key (managed here). */
export interface Ordered<T> {
  block: Block<T> | null;
  order: number;
}

export interface Block<T> {
  readonly items: T[];
  /** Where the block stands in the list of blocks (kept right when blocks are split or dropped). */
  index: number;
}

// Blocks are split past this size: a position is found by a search of the tree plus a scan of one block.
const BLOCK_MAX = 256;
// The gap between the keys of routes appended one after another: room for ~30 halvings between two neighbours
// before the keys around them are spread out again (in order, without moving a route).
const KEY_GAP = 2 ** 20;
// The least gap between two keys a spread leaves: keys stay below 2^40 for any table that fits in memory, where a
// double still halves a gap of 16 a dozen times before two keys meet.
const ROOM_MIN = 16;
// The changes remembered, by the position each one shifted from: a position computed fewer changes ago than this
// is checked against them; an older one is computed again.
const CHANGES_KEPT = 32;

export class RouteOrder<T extends Ordered<T>> {
  private readonly blocks: Block<T>[] = [];
  /**
   * The Fenwick tree of the blocks' sizes (1-based: tree[i] sums the sizes of blocks i - (i & -i) .. i - 1), in one
   * array of numbers: a change in the middle of a 100,000-route list reads and writes a dozen of them, where
   * rewriting the starts of hundreds of blocks scattered in the heap was mostly cache misses.
   */
  private tree: number[] = [0];
  /**
   * The blocks' sizes, in parallel with `blocks`: the tree is built again from these numbers, not by reading
   * hundreds of block objects scattered in the heap (a split of the last block happens every BLOCK_MAX / 2 adds).
   */
  private readonly sizes: number[] = [];
  private count = 0;
  /** Bumped on every change. */
  version = 0;
  /** The position each of the last CHANGES_KEPT changes shifted from (items at or after it moved), by version. */
  private readonly shiftedFrom = new Float64Array(CHANGES_KEPT);

  get length(): number {
    return this.count;
  }

  /** The item at `position` (0 ≤ position < length). */
  at(position: number): T {
    const b = this.blockIndexAt(position);
    return this.blocks[b].items[position - this.startOf(b)];
  }

  /** The position of an item in the list. */
  positionOf(item: T): number {
    const block = item.block!;
    return this.startOf(block.index) + block.items.indexOf(item);
  }

  /** Whether `position`, the item's position at `version`, is still its position (no change since moved it). */
  isCurrent(position: number, version: number): boolean {
    if (this.version - version >= CHANGES_KEPT) return false;
    for (let v = version + 1; v <= this.version; v++) if (this.shiftedFrom[v % CHANGES_KEPT] <= position) return false;
    return true;
  }

  /**
   * Inserts `item` at `position` (0 ≤ position ≤ length) and gives it an order key between its neighbours. When
   * there is no room left between them, the keys around it are spread out again (in the same order): the items
   * whose key changed are returned (else none), for whatever holds their keys as bounds.
   */
  insert(position: number, item: T): readonly T[] {
    this.changed(position);
    const before = position > 0 ? this.at(position - 1).order : null;
    const after = position < this.count ? this.at(position).order : null;
    // An add at the end of the list starts a new block when the last one is full, rather than splitting it:
    // a split moves half a block's routes, each a write to a route object somewhere in the heap.
    const last = this.blocks.length - 1;
    if (last < 0 || (position === this.count && this.sizes[last] >= BLOCK_MAX)) this.addBlock(last + 1, []);
    const b = position === this.count ? this.blocks.length - 1 : this.blockIndexAt(position);
    const block = this.blocks[b];
    insertAt(block.items, position - this.startOf(b), item);
    item.block = block;
    this.count++;
    this.resized(b, 1);
    if (block.items.length > BLOCK_MAX) this.split(b);
    item.order = before === null ? (after === null ? 0 : after - KEY_GAP) : after === null ? before + KEY_GAP : (before + after) / 2;
    if ((before === null || item.order > before) && (after === null || item.order < after)) return NONE;
    return this.spreadAround(item.block!.index);
  }

  /** Fills an empty list with `items` in one pass: blocks filled half way (room to insert), keys KEY_GAP apart. */
  appendAll(items: readonly T[]): void {
    this.changed(0);
    const half = BLOCK_MAX >> 1;
    for (let from = 0; from < items.length; from += half) {
      const block: Block<T> = { items: items.slice(from, from + half), index: this.blocks.length };
      block.items.forEach((item, i) => {
        item.block = block;
        item.order = (from + i) * KEY_GAP;
      });
      this.blocks.push(block);
      this.sizes.push(block.items.length);
    }
    this.count = items.length;
    this.reindexFrom(this.blocks.length);
  }

  /** Removes and returns the item at `position`. */
  removeAt(position: number): T {
    this.changed(position);
    const b = this.blockIndexAt(position);
    const items = this.blocks[b].items;
    const item = removeAt(items, position - this.startOf(b));
    item.block = null;
    this.count--;
    if (items.length === 0) this.dropBlock(b);
    else this.resized(b, -1);
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

  private changed(position: number): void {
    this.version++;
    this.shiftedFrom[this.version % CHANGES_KEPT] = position;
  }

  /** The position of block `b`'s first item: the sum of the sizes before it. */
  private startOf(b: number): number {
    let sum = 0;
    for (let i = b; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }

  /** Block `b` grew (or shrank) by `delta` items. */
  private resized(b: number, delta: number): void {
    this.sizes[b] += delta;
    for (let i = b + 1; i < this.tree.length; i += i & -i) this.tree[i] += delta;
  }

  /** The block that holds `position`: the last block whose start is at most `position`. */
  private blockIndexAt(position: number): number {
    if (position < 0 || position >= this.count) throw new RangeError(`position ${position} is outside the list of ${this.count}`);
    const tree = this.tree;
    let b = 0; // blocks before it, and the items in them:
    let before = 0;
    for (let step = 1 << (31 - Math.clz32(tree.length - 1)); step > 0; step >>= 1) {
      if (b + step < tree.length && before + tree[b + step] <= position) {
        b += step;
        before += tree[b];
      }
    }
    return b;
  }

  /**
   * A new block at index `b` (the blocks after it move up one). At the end of the list, where adds split
   * blocks, the tree grows by one entry (the sum it covers read from the tree): no block moves, nothing is
   * built again. A split in the middle is once per BLOCK_MAX / 2 inserts there.
   */
  private addBlock(b: number, items: T[]): Block<T> {
    const block: Block<T> = { items, index: b };
    if (b === this.blocks.length) {
      const i = b + 1;
      this.tree.push(items.length + this.startOf(b) - this.startOf(i - (i & -i)));
      this.blocks.push(block);
      this.sizes.push(items.length);
      return block;
    }
    this.blocks.splice(b, 0, block);
    this.sizes.splice(b, 0, items.length);
    this.reindexFrom(b + 1);
    return block;
  }

  /** Drops block `b`, emptied (the last block's tree entry covers no other block: it is simply dropped). */
  private dropBlock(b: number): void {
    if (b === this.blocks.length - 1) {
      this.blocks.pop();
      this.sizes.pop();
      this.tree.pop();
      return;
    }
    this.blocks.splice(b, 1);
    this.sizes.splice(b, 1);
    this.reindexFrom(b);
  }

  /**
   * The blocks' list changed at `b` (a split or a drop in the middle of the list): blocks from `b` on learn
   * their new index, and the tree is built again, in O(blocks).
   */
  private reindexFrom(b: number): void {
    const { blocks, sizes } = this;
    for (let k = b; k < blocks.length; k++) blocks[k].index = k;
    const tree = new Array<number>(sizes.length + 1).fill(0);
    for (let i = 1; i <= sizes.length; i++) {
      tree[i] += sizes[i - 1];
      const parent = i + (i & -i);
      if (parent <= sizes.length) tree[parent] += tree[i];
    }
    this.tree = tree;
  }

  private split(b: number): void {
    const moved = this.blocks[b].items.splice(BLOCK_MAX >> 1);
    this.resized(b, -moved.length);
    const next = this.addBlock(b + 1, moved);
    for (const item of moved) item.block = next;
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

// FrozenMap: a map that cannot change once made, for what every answer hands out (a route's constraints). Not a
// Map subclass: Map.prototype.set.call(map, …) would still write into a subclass's own entries; a FrozenMap holds
// its entries in a private Map no caller can reach, and its set, delete and clear throw.

/** A read-only map: made from its entries, never changed (set, delete and clear throw a TypeError). */
export class FrozenMap<K, V> implements ReadonlyMap<K, V> {
  readonly #entries: Map<K, V>;

  constructor(entries: Iterable<readonly [K, V]> = []) {
    this.#entries = new Map(entries);
    Object.freeze(this);
  }

  get size(): number {
    return this.#entries.size;
  }
  get(key: K): V | undefined {
    return this.#entries.get(key);
  }
  has(key: K): boolean {
    return this.#entries.has(key);
  }
  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.#entries) callback.call(thisArg, value, key, this);
  }
  keys(): MapIterator<K> {
    return this.#entries.keys();
  }
  values(): MapIterator<V> {
    return this.#entries.values();
  }
  entries(): MapIterator<[K, V]> {
    return this.#entries.entries();
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#entries.entries();
  }

  set(_key: K, _value: V): never {
    return refuse();
  }
  delete(_key: K): never {
    return refuse();
  }
  clear(): never {
    return refuse();
  }
}

function refuse(): never {
  throw new TypeError("a FrozenMap cannot change (a route's constraints are fixed when it is created)");
}

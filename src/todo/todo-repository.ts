// TodoRepository: the controller's only way to the data. Asynchronous, so a database can stand behind it.
import { randomUUID } from 'node:crypto';
import { RememberedKeys, type IdempotentAdd, type IdempotentRepository } from './idempotency.js';
import { JSON_ESCAPED, storedBytes, storedItem, type TodoItem } from './todo-item.js';

/** Thrown by update() when the new item does not fit in the store. */
export class TodoStoreFullError extends Error {
  override readonly name = 'TodoStoreFullError';
}

/**
 * Thrown by a repository whose backing service cannot answer now (a database that is down, or no free
 * connection within a short wait); the request gets 503 with Retry-After, and a retry can succeed.
 */
export class TodoStoreUnavailableError extends Error {
  override readonly name = 'TodoStoreUnavailableError';
}

/** A value, or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/**
 * The data layer of the to-do API (Add, GetAll, Find, Remove, Update). A store answers with a promise (a
 * database) or at once (the in-memory store): the controller awaits only a promise, since suspending an async
 * handler costs a few hundred bytes of garbage per request.
 */
export interface TodoRepository {
  /** Stores the item under a new key and returns it; null when the store is full. */
  add(item: Omit<TodoItem, 'Key'>): Awaitable<TodoItem | null>;
  getAll(): Awaitable<readonly TodoItem[]>;
  find(key: string): Awaitable<TodoItem | null>;
  /** Removes the item and returns it, or null when there was none. */
  remove(key: string): Awaitable<TodoItem | null>;
  /** Replaces the stored item with the same key; false when there is none; TodoStoreFullError when it does not fit. */
  update(item: TodoItem): Awaitable<boolean>;
  /** Whether the store can answer now (reported by /healthz); a store without it is always 'ok'. */
  health?(): Promise<'ok' | 'unavailable'>;
}

/** Options of the in-memory repository. */
export interface InMemoryTodoRepositoryOptions {
  /** The most items it stores (default 100,000); add() returns null past it. */
  maxItems?: number;
  /**
   * The most bytes of item JSON it stores (default 128 MiB): a bound on memory, and on the size of the GET
   * all response, which must stay far below V8's longest string. add() returns null past it.
   */
  maxBytes?: number;
  /**
   * The most bytes its Idempotency-Keys are counted for (default 32 MiB; see keySizeOf): past it the oldest
   * keys are forgotten. A key keeps a digest and the item's key, never the body.
   */
  maxKeyBytes?: number;
  /** The items it starts with (default: one, "Item1", not complete). */
  seed?: readonly Omit<TodoItem, 'Key'>[];
}

/**
 * Items in a Map, and the Idempotency-Keys that created them. Every operation runs to completion without
 * awaiting in between, so concurrent requests cannot interleave inside one: no lost update, no duplicate key
 * (keys are random UUIDs, checked anyway).
 */
export class InMemoryTodoRepository implements IdempotentRepository {
  private readonly items = new Map<string, TodoItem>();
  private readonly keys: RememberedKeys;
  readonly maxItems: number;
  readonly maxBytes: number;
  private bytes = 0;

  constructor(options: InMemoryTodoRepositoryOptions = {}) {
    this.maxItems = options.maxItems ?? 100_000;
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    this.keys = new RememberedKeys(options.maxKeyBytes);
    for (const item of options.seed ?? [{ Name: 'Item1', IsComplete: false }]) this.insert(item);
  }

  private insert(item: Omit<TodoItem, 'Key'>): TodoItem | null {
    const size = sizeOf(item);
    if (this.items.size >= this.maxItems || this.bytes + size > this.maxBytes) return null;
    let key = randomUUID();
    while (this.items.has(key)) key = randomUUID();
    const stored = storedItem(key, item.Name, item.IsComplete, size);
    this.items.set(key, stored);
    this.bytes += size;
    return stored;
  }

  add(item: Omit<TodoItem, 'Key'>): TodoItem | null {
    return this.insert(item);
  }

  async addOnce(item: Omit<TodoItem, 'Key'>, idempotencyKey: string, fingerprint: string): Promise<IdempotentAdd> {
    const known = this.keys.find(idempotencyKey);
    if (known !== undefined) return known.fingerprint === fingerprint ? { kind: 'replayed', key: known.itemKey } : { kind: 'mismatch' };
    const created = this.insert(item);
    if (created === null) return { kind: 'full' };
    this.keys.remember(idempotencyKey, fingerprint, created.Key);
    return { kind: 'created', item: created };
  }

  async keyBytes(): Promise<number> {
    return this.keys.bytes;
  }

  getAll(): readonly TodoItem[] {
    return [...this.items.values()];
  }

  find(key: string): TodoItem | null {
    return this.items.get(key) ?? null;
  }

  remove(key: string): TodoItem | null {
    const item = this.items.get(key) ?? null;
    if (item) {
      this.items.delete(key);
      this.bytes -= storedBytes(item) ?? sizeOf(item);
    }
    return item;
  }

  update(item: TodoItem): boolean {
    const previous = this.items.get(item.Key);
    if (previous === undefined) return false;
    // The stored item's size was counted when it was stored: only the new one is counted now.
    const size = sizeOf(item);
    const bytes = this.bytes - (storedBytes(previous) ?? sizeOf(previous)) + size;
    if (bytes > this.maxBytes) throw new TodoStoreFullError('The updated item does not fit in the store.');
    this.items.set(item.Key, storedItem(item.Key, item.Name, item.IsComplete, size));
    this.bytes = bytes;
    return true;
  }

  /** The number of stored items. */
  get size(): number {
    return this.items.size;
  }
}

/**
 * The bytes an item takes in the API's JSON, as UTF-8 (what is stored and sent): its Name escaped as JSON writes
 * it, plus the fixed part. A Name of CJK characters takes 3 bytes a character, not the 1 of its string length.
 */
export function sizeOf(item: Omit<TodoItem, 'Key'>): number {
  const name = item.Name;
  if (name === null) return 84;
  // The usual Name, printable ASCII without a quote or backslash, is one byte a character: one regex test. Any
  // other without JSON_ESCAPED characters takes its own UTF-8 bytes plus two quotes, counted without a copy
  // where JSON.stringify would write a throw-away one; a lone surrogate is escaped, so only then a copy.
  if (!NOT_PLAIN_ASCII.test(name)) return name.length + 82;
  return (JSON_ESCAPED.test(name) ? Buffer.byteLength(JSON.stringify(name)) : Buffer.byteLength(name) + 2) + 80;
}

/** A character other than printable ASCII, or a quote or backslash (which JSON escapes). */
const NOT_PLAIN_ASCII = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

// TodoRepository: the controller's only way to the data. Asynchronous, so a database can stand behind it.
import { randomUUID } from 'node:crypto';
import { storedItem, type TodoItem } from './todo-item.js';

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

/** The data layer of the to-do API (Add, GetAll, Find, Remove, Update). */
export interface TodoRepository {
  /** Stores the item under a new key and returns it; null when the store is full. */
  add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null>;
  getAll(): Promise<readonly TodoItem[]>;
  find(key: string): Promise<TodoItem | null>;
  /** Removes the item and returns it, or null when there was none. */
  remove(key: string): Promise<TodoItem | null>;
  /** Replaces the stored item with the same key; false when there is none; TodoStoreFullError when it does not fit. */
  update(item: TodoItem): Promise<boolean>;
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
  /** The items it starts with (default: one, "Item1", not complete). */
  seed?: readonly Omit<TodoItem, 'Key'>[];
}

/**
 * Items in a Map. Every operation runs to completion without awaiting in between, so concurrent requests
 * cannot interleave inside one: no lost update, no duplicate key (keys are random UUIDs, checked anyway).
 */
export class InMemoryTodoRepository implements TodoRepository {
  private readonly items = new Map<string, TodoItem>();
  readonly maxItems: number;
  readonly maxBytes: number;
  private bytes = 0;

  constructor(options: InMemoryTodoRepositoryOptions = {}) {
    this.maxItems = options.maxItems ?? 100_000;
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    for (const item of options.seed ?? [{ Name: 'Item1', IsComplete: false }]) this.insert(item);
  }

  private insert(item: Omit<TodoItem, 'Key'>): TodoItem | null {
    const size = sizeOf(item);
    if (this.items.size >= this.maxItems || this.bytes + size > this.maxBytes) return null;
    let key = randomUUID();
    while (this.items.has(key)) key = randomUUID();
    const stored = storedItem(key, item.Name, item.IsComplete);
    this.items.set(key, stored);
    this.bytes += size;
    return stored;
  }

  async add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null> {
    return this.insert(item);
  }

  async getAll(): Promise<readonly TodoItem[]> {
    return [...this.items.values()];
  }

  async find(key: string): Promise<TodoItem | null> {
    return this.items.get(key) ?? null;
  }

  async remove(key: string): Promise<TodoItem | null> {
    const item = this.items.get(key) ?? null;
    if (item) {
      this.items.delete(key);
      this.bytes -= sizeOf(item);
    }
    return item;
  }

  async update(item: TodoItem): Promise<boolean> {
    const previous = this.items.get(item.Key);
    if (previous === undefined) return false;
    const bytes = this.bytes - sizeOf(previous) + sizeOf(item);
    if (bytes > this.maxBytes) throw new TodoStoreFullError('The updated item does not fit in the store.');
    this.items.set(item.Key, storedItem(item.Key, item.Name, item.IsComplete));
    this.bytes = bytes;
    return true;
  }

  /** The number of stored items. */
  get size(): number {
    return this.items.size;
  }
}

/** The bytes an item takes in the API's JSON (its Name escaped as JSON writes it, plus the fixed part). */
export function sizeOf(item: Omit<TodoItem, 'Key'>): number {
  return (item.Name === null ? 4 : JSON.stringify(item.Name).length) + 80;
}

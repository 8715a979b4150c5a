import { randomUUID } from 'node:crypto';
import { createTodoServer } from '../../../src/todo/server.js';
import type { TodoRepository } from '../../../src/todo/todo-repository.js';
import type { TodoItem } from '../../../src/todo/todo-item.js';

// A Map standing in for a database.
class MyRepository implements TodoRepository {
  private readonly items = new Map<string, TodoItem>();
  async add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null> { // null when full (→ 507)
    const stored = { ...item, Key: randomUUID() };
    this.items.set(stored.Key, stored);
    return stored;
  }
  async getAll(): Promise<readonly TodoItem[]> { return [...this.items.values()]; }
  async find(key: string): Promise<TodoItem | null> { return this.items.get(key) ?? null; } // null → 404
  async remove(key: string): Promise<TodoItem | null> {
    const item = this.items.get(key) ?? null;
    this.items.delete(key);
    return item;
  }
  async update(item: TodoItem): Promise<boolean> { // false when there is none (→ 404)
    if (!this.items.has(item.Key)) return false;
    this.items.set(item.Key, item);
    return true;
  }
}

const server = createTodoServer({ repository: new MyRepository() });

export {};

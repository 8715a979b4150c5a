// Idempotent creation: POST with an Idempotency-Key header (the IETF httpapi draft). The first request with a
// key creates the item and its response is kept; a retry with the same key and the same body gets that
// response again (201, the same Key and Location) and stores nothing; the same key with another body is 422;
// a key whose first request is still running is 409. Keys are kept for KEY_WINDOW_MS and at most MAX_KEYS.
import type { TodoItem } from './todo-item.js';
import type { TodoRepository } from './todo-repository.js';

/** How long a key is remembered: a day, as the draft suggests and most payment APIs do. */
export const KEY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most keys one process remembers (the oldest are forgotten first). */
export const MAX_KEYS = 100_000;

/** The outcome of a create with a key. */
export type IdempotentAdd =
  | { readonly kind: 'created'; readonly item: TodoItem }
  | { readonly kind: 'replayed'; readonly key: string; readonly json: string }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'full' };

/** A store that records the key in the same transaction as the item (so it holds across processes). */
export interface IdempotentRepository extends TodoRepository {
  addOnce(item: Omit<TodoItem, 'Key'>, idempotencyKey: string, fingerprint: string): Promise<IdempotentAdd>;
}

/**
 * The key of a request, from its Idempotency-Key headers one by one (node's headersDistinct: node joins
 * repeated headers into "k1, k2", which would pass as one key): null when there is none, a string, or an error
 * text. The draft's value is a structured-field string ("abc"); a bare token is accepted too. 1–255 printable
 * ASCII characters.
 */
export function readIdempotencyKey(headers: readonly string[] | undefined): string | null | { readonly error: string } {
  if (headers === undefined || headers.length === 0) return null;
  if (headers.length > 1) return { error: 'Send one Idempotency-Key header, not several.' };
  const header = headers[0];
  const value = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  if (!/^[\x21\x23-\x5b\x5d-\x7e][\x20\x21\x23-\x5b\x5d-\x7e]{0,254}$/.test(value)) {
    return { error: 'The Idempotency-Key must be 1 to 255 printable ASCII characters (optionally in quotes), without " or \\.' };
  }
  return value;
}

/** What identifies "the same request" for a key: the item as validated (so {"name":…} equals {"Name":…}). */
export function fingerprintOf(item: Omit<TodoItem, 'Key'>): string {
  return JSON.stringify([item.Name, item.IsComplete]);
}

interface Remembered {
  readonly fingerprint: string;
  /** The item's key and JSON once created; null while the first request runs. */
  outcome: { readonly key: string; readonly json: string } | null;
  readonly at: number;
}

/**
 * Creates items with keys for one process: keys in flight are 409 here, whatever the store. Over a store with
 * addOnce (PostgreSQL), the store decides replay and mismatch, across processes; over any other store the keys
 * are remembered here, in insertion order, for the window and up to the cap.
 */
export class IdempotentCreator {
  private readonly remembered = new Map<string, Remembered>();
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly repository: TodoRepository,
    private readonly toJson: (item: TodoItem) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** 'in-flight' when the key's first request is still running in this process. */
  async add(item: Omit<TodoItem, 'Key'>, key: string): Promise<IdempotentAdd | { readonly kind: 'in-flight' }> {
    if (this.inFlight.has(key)) return { kind: 'in-flight' };
    const fingerprint = fingerprintOf(item);
    this.inFlight.add(key);
    try {
      const store = this.repository as Partial<IdempotentRepository>;
      if (typeof store.addOnce === 'function') return await store.addOnce(item, key, fingerprint);
      return await this.addRemembered(item, key, fingerprint);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async addRemembered(item: Omit<TodoItem, 'Key'>, key: string, fingerprint: string): Promise<IdempotentAdd> {
    this.forgetOld();
    const known = this.remembered.get(key);
    if (known !== undefined && known.outcome !== null) {
      return known.fingerprint === fingerprint ? { kind: 'replayed', ...known.outcome } : { kind: 'mismatch' };
    }
    const created = await this.repository.add(item);
    if (created === null) return { kind: 'full' };
    this.remembered.set(key, { fingerprint, outcome: { key: created.Key, json: this.toJson(created) }, at: this.now() });
    return { kind: 'created', item: created };
  }

  /** Forgets keys past the window, and the oldest past the cap (the map keeps insertion order). */
  private forgetOld(): void {
    const oldest = this.now() - KEY_WINDOW_MS;
    for (const [key, entry] of this.remembered) {
      if (entry.at >= oldest && this.remembered.size < MAX_KEYS) break;
      this.remembered.delete(key);
    }
  }
}

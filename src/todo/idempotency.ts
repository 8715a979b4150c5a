// Idempotent creation: POST with an Idempotency-Key header (the IETF httpapi draft). The first request with a
// key creates the item; a retry with the same key and the same body gets the first response again (201, the
// same Key and Location) and stores nothing, even once the item is deleted or changed; the same key with
// another body is 422; a key whose first request is still running is 409. A key keeps only a digest of its
// request and the created item's key (the response is rebuilt from those and the retry, which the digest shows
// to be the same request), and keys are bounded in bytes like the items: kept for KEY_WINDOW_MS, the oldest
// forgotten first past the store's maxKeyBytes.
import { createHash } from 'node:crypto';
import type { TodoItem } from './todo-item.js';
import type { TodoRepository } from './todo-repository.js';

/** How long a key is remembered: a day, as the draft suggests and most payment APIs do. */
export const KEY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * What a remembered key is counted for beside its own characters: the request's digest, the item's key, the
 * time, and the entry holding them (about what V8 or a table row spends on them).
 */
export const KEY_FIXED_BYTES = 256;
/** The default of maxKeyBytes (TODO_MAX_KEY_BYTES): 32 MiB, over 100,000 keys of 36 characters. */
export const DEFAULT_MAX_KEY_BYTES = 32 * 1024 * 1024;

/** The bytes a remembered key is counted for (a key is ASCII: one byte a character). */
export function keySizeOf(key: string): number {
  return key.length + KEY_FIXED_BYTES;
}

/** The outcome of a create with a key. */
export type IdempotentAdd =
  | { readonly kind: 'created'; readonly item: TodoItem }
  | { readonly kind: 'replayed'; readonly key: string }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'full' };

/** A store that records the key with the item, atomically (in PostgreSQL, across processes). */
export interface IdempotentRepository extends TodoRepository {
  /** add() under a key: 'replayed' names the item the key's first request created (it may be gone since). */
  addOnce(item: Omit<TodoItem, 'Key'>, idempotencyKey: string, fingerprint: string): Promise<IdempotentAdd>;
  /** The bytes the remembered keys are counted for (keySizeOf each); at most the store's maxKeyBytes. */
  keyBytes(): Promise<number>;
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

/**
 * What identifies "the same request" for a key: a SHA-256 digest of the item as validated (so {"name":…} equals
 * {"Name":…}), never the body itself.
 */
export function fingerprintOf(item: Omit<TodoItem, 'Key'>): string {
  return createHash('sha256').update(JSON.stringify([item.Name, item.IsComplete])).digest('hex');
}

interface Remembered {
  readonly fingerprint: string;
  readonly itemKey: string;
  readonly at: number;
}

/** Keys remembered in memory, in insertion order, for the window and within a byte cap (oldest forgotten first). */
export class RememberedKeys {
  private readonly keys = new Map<string, Remembered>();
  private bytesValue = 0;

  constructor(readonly maxBytes: number = DEFAULT_MAX_KEY_BYTES) {}

  /** The bytes the remembered keys are counted for. */
  get bytes(): number {
    return this.bytesValue;
  }

  /** The outcome of `key`'s first request, unless it is forgotten. */
  find(key: string): Remembered | undefined {
    this.forget(Date.now() - KEY_WINDOW_MS);
    return this.keys.get(key);
  }

  remember(key: string, fingerprint: string, itemKey: string): void {
    if (this.keys.delete(key)) this.bytesValue -= keySizeOf(key);
    this.keys.set(key, { fingerprint, itemKey, at: Date.now() });
    this.bytesValue += keySizeOf(key);
    this.forget(Date.now() - KEY_WINDOW_MS);
  }

  /** Forgets keys from before `oldest`, and the oldest ones while over the cap (the map keeps insertion order). */
  private forget(oldest: number): void {
    for (const [key, entry] of this.keys) {
      if (entry.at >= oldest && this.bytesValue <= this.maxBytes) break;
      this.keys.delete(key);
      this.bytesValue -= keySizeOf(key);
    }
  }
}

/**
 * Creates items with keys for one process: keys in flight are 409 here, whatever the store. A store with
 * addOnce (the memory store, PostgreSQL) decides replay and mismatch itself; over any other store the keys are
 * remembered here, with the default cap.
 */
export class IdempotentCreator {
  private readonly remembered = new RememberedKeys();
  private readonly inFlight = new Set<string>();

  constructor(private readonly repository: TodoRepository) {}

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
    const known = this.remembered.find(key);
    if (known !== undefined) return known.fingerprint === fingerprint ? { kind: 'replayed', key: known.itemKey } : { kind: 'mismatch' };
    const created = await this.repository.add(item);
    if (created === null) return { kind: 'full' };
    this.remembered.remember(key, fingerprint, created.Key);
    return { kind: 'created', item: created };
  }
}

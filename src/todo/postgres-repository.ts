// PostgresTodoRepository: the to-do items in one PostgreSQL table, through a bounded node-postgres pool.
// Every operation is one SQL statement with bound parameters. The item cap and the byte budget are kept by
// the database itself (a trigger maintains a one-row usage table whose row lock serializes writers), so any
// number of processes can share one database without a racy count.
import type { Pool, PoolClient, PoolConfig } from 'pg';
import { DEFAULT_MAX_KEY_BYTES, KEY_WINDOW_MS, keySizeOf, type IdempotentAdd, type IdempotentRepository } from './idempotency.js';
import { storedItem, type TodoItem } from './todo-item.js';
import { sizeOf, TodoStoreFullError, TodoStoreUnavailableError, type TodoRepository } from './todo-repository.js';
import { migrate } from './postgres-schema.js';

/** Options of the PostgreSQL repository. */
export interface PostgresTodoRepositoryOptions {
  /** postgres://user:password@host:port/database */
  connectionString: string;
  /** The most pooled connections (default 10). */
  poolSize?: number;
  /** How long a request waits for a free connection (or a new one) before it gets 503 (default 1000 ms). */
  connectTimeoutMs?: number;
  /** The longest a statement may run before the request gets 503 (default 5000 ms). */
  statementTimeoutMs?: number;
  /** The most items stored (default 100,000); add() returns null past it. */
  maxItems?: number;
  /** The most bytes of item JSON stored (default 128 MiB); add() returns null past it. */
  maxBytes?: number;
  /** The most bytes the Idempotency-Keys are counted for (default 32 MiB); past it the oldest are forgotten. */
  maxKeyBytes?: number;
}

// Keys are the canonical lowercase form PostgreSQL prints; anything else (uppercase, braces, "not-a-guid")
// is not a key this store ever gave out, so it is answered without a query, exactly like the memory store.
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// SQLSTATE raised by the usage trigger when an item does not fit (class 53, "insufficient resources").
const STORE_FULL = '53400';

interface Row {
  key: string;
  name: string | null;
  is_complete: boolean;
}

const toItem = (row: Row): TodoItem => storedItem(row.key, row.name, row.is_complete);

/** Host, port, database and user of a connection string: what a message may show (never the password). */
export function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `${user}${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname || '/'}`;
  } catch {
    return 'an unparsable PostgreSQL URL';
  }
}

/**
 * True for errors that mean "the database cannot be reached or cannot serve now" (the request gets 503 and
 * a retry can succeed), as opposed to a bug (a 500): no SQLSTATE at all (a socket error, a pool or query
 * timeout), connection exceptions (08…), insufficient resources (53…) other than our own "full", operator
 * intervention such as a shutdown (57…), and serialization failures or deadlocks (40…).
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  if (code === STORE_FULL) return false;
  return /^(08|53|57|40)/.test(code);
}

export class PostgresTodoRepository implements IdempotentRepository {
  readonly kind = 'postgres';
  private constructor(
    private readonly pool: Pool,
    readonly description: string,
  ) {}

  /**
   * Connects (failing fast with the host, never the password, in the message), migrates the schema, sets the
   * caps and seeds one item into an empty store; then serves from a pool of at most `poolSize` connections.
   */
  static async open(options: PostgresTodoRepositoryOptions): Promise<PostgresTodoRepository> {
    // Loaded only when this store is chosen: the library and `npm start` with the memory store never need pg.
    const pg = (await import('pg')).default;
    const description = describeDatabase(options.connectionString);
    const statementTimeout = options.statementTimeoutMs ?? 5_000;
    const config: PoolConfig = {
      connectionString: options.connectionString,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 1_000,
      // The server cancels a statement that runs too long; the client gives up a little later if even that
      // cancellation cannot arrive (the server is frozen or the network is gone).
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 1_000,
      idleTimeoutMillis: 30_000,
      application_name: 'switchyard-todo',
    };
    const pool = new pg.Pool(config);
    // An idle connection that the server closes (a restart, an admin's kill) is reported here; the pool
    // drops it and opens a new one on demand. Without a listener it would crash the process.
    pool.on('error', () => undefined);
    try {
      await migrate(pool, { maxItems: options.maxItems ?? 100_000, maxBytes: options.maxBytes ?? 128 * 1024 * 1024, maxKeyBytes: options.maxKeyBytes ?? DEFAULT_MAX_KEY_BYTES });
    } catch (error) {
      await pool.end().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot use the PostgreSQL store at ${description}: ${redact(reason, options.connectionString)}`);
    }
    return new PostgresTodoRepository(pool, description);
  }

  private async query(text: string, values: unknown[]): Promise<Row[]> {
    try {
      return (await this.pool.query<Row>(text, values)).rows;
    } catch (error) {
      if ((error as { code?: unknown }).code === STORE_FULL) throw new TodoStoreFullError('The item does not fit in the store.');
      throw this.translate(error);
    }
  }

  async add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null> {
    try {
      const [row] = await this.query(
        'INSERT INTO todo_items (name, is_complete, size) VALUES ($1, $2, $3) RETURNING key, name, is_complete',
        [item.Name, item.IsComplete, sizeOf(item)],
      );
      return toItem(row);
    } catch (error) {
      if (error instanceof TodoStoreFullError) return null;
      throw error;
    }
  }

  /**
   * add() with an idempotency key, in one transaction: the key is claimed first (a concurrent request with the
   * same key, in any process, waits on its row and then sees the outcome), then the item is inserted and the
   * response recorded. A rollback (the store is full, the process dies) leaves neither, so a retry creates it.
   */
  async addOnce(item: Omit<TodoItem, 'Key'>, idempotencyKey: string, fingerprint: string): Promise<IdempotentAdd> {
    await this.forgetOldKeys();
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.translate(error);
    }
    // A connection the server ends while it is checked out (a restart) reports an 'error' event: without a
    // listener that event would end the process. The failed query reports it to the request as well.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      // A key seen taken and then not found was forgotten in between (the window, the cap): claim it again.
      for (let attempt = 1; ; attempt++) {
        const claimed = await client.query('INSERT INTO todo_idempotency_keys (key, fingerprint, size) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key', [
          idempotencyKey,
          fingerprint,
          keySizeOf(idempotencyKey),
        ]);
        if (claimed.rows.length > 0) break;
        const { rows } = await client.query<{ fingerprint: string; item_key: string }>('SELECT fingerprint, item_key FROM todo_idempotency_keys WHERE key = $1', [idempotencyKey]);
        const [known] = rows;
        if (known !== undefined) {
          await client.query('COMMIT');
          return known.fingerprint === fingerprint ? { kind: 'replayed', key: known.item_key } : { kind: 'mismatch' };
        }
        if (attempt === 3) throw new Error(`The Idempotency-Key row of "${idempotencyKey}" neither exists nor can be claimed`);
      }
      const { rows } = await client.query<Row>('INSERT INTO todo_items (name, is_complete, size) VALUES ($1, $2, $3) RETURNING key, name, is_complete', [
        item.Name,
        item.IsComplete,
        sizeOf(item),
      ]);
      const created = toItem(rows[0]);
      await client.query('UPDATE todo_idempotency_keys SET item_key = $2 WHERE key = $1', [idempotencyKey, created.Key]);
      await client.query('COMMIT');
      return { kind: 'created', item: created };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: unknown }).code === STORE_FULL) return { kind: 'full' };
      broken = error instanceof Error ? error : new Error(String(error)); // the pool discards this connection
      throw this.translate(error);
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  private lastForget = 0;
  /** Deletes keys past the window, at most once a minute per process. */
  private async forgetOldKeys(): Promise<void> {
    const now = Date.now();
    if (now - this.lastForget < 60_000) return;
    this.lastForget = now;
    await this.query(`DELETE FROM todo_idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, [KEY_WINDOW_MS / 1000]);
  }

  async keyBytes(): Promise<number> {
    const { rows } = await this.pool.query<{ key_bytes: string }>('SELECT key_bytes FROM todo_usage').catch((error: unknown) => {
      throw this.translate(error);
    });
    return Number(rows[0].key_bytes);
  }

  /** A driver error as the repository reports it: unavailable (503) or as it is (500). */
  private translate(error: unknown): unknown {
    if (isUnavailable(error)) return new TodoStoreUnavailableError(`The PostgreSQL store at ${this.description} is unavailable.`, { cause: error });
    return error;
  }

  async getAll(): Promise<readonly TodoItem[]> {
    return (await this.query('SELECT key, name, is_complete FROM todo_items ORDER BY created_at, key', [])).map(toItem);
  }

  async find(key: string): Promise<TodoItem | null> {
    if (!CANONICAL_UUID.test(key)) return null;
    const [row] = await this.query('SELECT key, name, is_complete FROM todo_items WHERE key = $1', [key]);
    return row ? toItem(row) : null;
  }

  async remove(key: string): Promise<TodoItem | null> {
    if (!CANONICAL_UUID.test(key)) return null;
    const [row] = await this.query('DELETE FROM todo_items WHERE key = $1 RETURNING key, name, is_complete', [key]);
    return row ? toItem(row) : null;
  }

  async update(item: TodoItem): Promise<boolean> {
    if (!CANONICAL_UUID.test(item.Key)) return false;
    const rows = await this.query('UPDATE todo_items SET name = $2, is_complete = $3, size = $4 WHERE key = $1 RETURNING key', [
      item.Key,
      item.Name,
      item.IsComplete,
      sizeOf(item),
    ]);
    return rows.length > 0;
  }

  /** 'ok' when a trivial statement succeeds now, else 'unavailable'. */
  async health(): Promise<'ok' | 'unavailable'> {
    try {
      await this.query('SELECT 1', []);
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  /** Closes the pool (waits for the connections in use to be released). */
  close(): Promise<void> {
    return this.pool.end();
  }
}

function redact(message: string, connectionString: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(connectionString).password);
  } catch {
    // not a URL: nothing recognizable to hide
  }
  return password ? message.split(password).join('***') : message;
}

// The PostgreSQL store's schema as numbered migrations, applied at start-up in one transaction under an
// advisory lock (several workers or instances starting at once apply each migration exactly once).
import type { Pool } from 'pg';
import { DEFAULT_MAX_KEY_BYTES, KEY_FIXED_BYTES } from './idempotency.js';
import { sizeOf } from './todo-repository.js';

/** Each entry runs once, in order; its index + 1 is the version recorded in todo_schema_migrations. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE todo_items (
    key uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text,
    is_complete boolean NOT NULL,
    size integer NOT NULL,                           -- bytes of the item's JSON (UTF-8 from migration 4), as the memory store counts them
    created_at timestamptz NOT NULL DEFAULT clock_timestamp()  -- GET all lists items in creation order
  );
  CREATE INDEX todo_items_created_at ON todo_items (created_at, key);

  -- One row: the totals and the caps. Writers update it from the trigger below, so its row lock serializes
  -- them and every check sees the totals of all committed writes (READ COMMITTED re-reads a row it waited for).
  CREATE TABLE todo_usage (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    items bigint NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    max_items bigint NOT NULL DEFAULT 100000,
    max_bytes bigint NOT NULL DEFAULT 134217728
  );
  INSERT INTO todo_usage DEFAULT VALUES;

  CREATE FUNCTION todo_items_usage() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    more_items bigint := 0;
    more_bytes bigint := 0;
    usage todo_usage;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      more_items := 1; more_bytes := NEW.size;
    ELSIF TG_OP = 'DELETE' THEN
      more_items := -1; more_bytes := -OLD.size;
    ELSE
      more_bytes := NEW.size - OLD.size;
    END IF;
    UPDATE todo_usage SET items = items + more_items, bytes = bytes + more_bytes RETURNING * INTO usage;
    -- Only growth is refused: a delete, or an update that shrinks an item, always goes through.
    IF (more_items > 0 AND usage.items > usage.max_items) OR (more_bytes > 0 AND usage.bytes > usage.max_bytes) THEN
      RAISE EXCEPTION 'the to-do store is full' USING ERRCODE = '53400';
    END IF;
    RETURN NULL;
  END $$;

  CREATE TRIGGER todo_items_count AFTER INSERT OR DELETE ON todo_items
    FOR EACH ROW EXECUTE FUNCTION todo_items_usage();
  CREATE TRIGGER todo_items_resize AFTER UPDATE OF size ON todo_items
    FOR EACH ROW WHEN (OLD.size IS DISTINCT FROM NEW.size) EXECUTE FUNCTION todo_items_usage();
  `,
  // Idempotency keys, written in the same transaction as the item they created (so every worker and every
  // instance on this database sees them): the fingerprint of the first body and the first response.
  `
  CREATE TABLE todo_idempotency_keys (
    key text PRIMARY KEY,
    fingerprint text NOT NULL,
    item_key uuid,
    response text,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX todo_idempotency_keys_created_at ON todo_idempotency_keys (created_at);
  `,
  // A key keeps a SHA-256 digest of its request, not the request or its response (rebuilt from item_key and the
  // retry, which the digest shows to be the same request), and keys count against a byte cap of their own: past
  // it the oldest are forgotten, by the trigger, under the usage row's lock like the item caps. The digests of
  // the keys kept so far are those of their old fingerprints, which were the very text now digested.
  `
  ALTER TABLE todo_idempotency_keys DROP COLUMN response, ADD COLUMN size integer;
  UPDATE todo_idempotency_keys SET fingerprint = encode(sha256(convert_to(fingerprint, 'UTF8')), 'hex'), size = octet_length(key) + ${KEY_FIXED_BYTES};
  ALTER TABLE todo_idempotency_keys ALTER COLUMN size SET NOT NULL;
  ALTER TABLE todo_usage ADD COLUMN key_bytes bigint NOT NULL DEFAULT 0, ADD COLUMN max_key_bytes bigint NOT NULL DEFAULT ${DEFAULT_MAX_KEY_BYTES};
  UPDATE todo_usage SET key_bytes = (SELECT coalesce(sum(size), 0) FROM todo_idempotency_keys);

  CREATE FUNCTION todo_keys_usage() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    usage todo_usage;
  BEGIN
    IF TG_OP = 'DELETE' THEN
      UPDATE todo_usage SET key_bytes = key_bytes - OLD.size;
      RETURN NULL;
    END IF;
    UPDATE todo_usage SET key_bytes = key_bytes + NEW.size RETURNING * INTO usage;
    -- Each DELETE comes back to this function and lowers key_bytes.
    WHILE usage.key_bytes > usage.max_key_bytes LOOP
      DELETE FROM todo_idempotency_keys WHERE key = (SELECT key FROM todo_idempotency_keys ORDER BY created_at, key LIMIT 1);
      EXIT WHEN NOT FOUND;
      SELECT * INTO usage FROM todo_usage;
    END LOOP;
    RETURN NULL;
  END $$;

  CREATE TRIGGER todo_idempotency_keys_usage AFTER INSERT OR DELETE ON todo_idempotency_keys
    FOR EACH ROW EXECUTE FUNCTION todo_keys_usage();
  `,
  // An item's size is the UTF-8 bytes of its JSON (it was counted in UTF-16 code units, so a Name of CJK
  // characters counted a third of its bytes). The rows stored so far are counted again, and the usage row with
  // them; without the resize trigger, which would refuse the growth of an item already stored past the cap:
  // such a store takes no new bytes until enough are deleted. PostgreSQL escapes a Name as JSON.stringify does.
  `
  ALTER TABLE todo_items DISABLE TRIGGER todo_items_resize;
  UPDATE todo_items SET size = CASE WHEN name IS NULL THEN 84 ELSE octet_length(to_json(name)::text) + 80 END;
  ALTER TABLE todo_items ENABLE TRIGGER todo_items_resize;
  UPDATE todo_usage SET bytes = (SELECT coalesce(sum(size), 0) FROM todo_items);
  `,
];

// pg_advisory_xact_lock key for schema changes: any constant, the same in every process.
const MIGRATION_LOCK = 727_100_014;

const SEED = { Name: 'Item1', IsComplete: false } as const;

/**
 * Brings the schema up to the newest version, sets the caps, and seeds one item when the store is empty;
 * all in one transaction, serialized with any other process doing the same.
 */
export async function migrate(pool: Pool, caps: { maxItems: number; maxBytes: number; maxKeyBytes: number }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS todo_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM todo_schema_migrations');
    const current = rows[0].version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(`the database schema is at version ${current}, newer than this server knows (${MIGRATIONS.length})`);
    }
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1]);
      await client.query('INSERT INTO todo_schema_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('UPDATE todo_usage SET max_items = $1, max_bytes = $2, max_key_bytes = $3', [caps.maxItems, caps.maxBytes, caps.maxKeyBytes]);
    await client.query('INSERT INTO todo_items (name, is_complete, size) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM todo_items)', [
      SEED.Name,
      SEED.IsComplete,
      sizeOf(SEED),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

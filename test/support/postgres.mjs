// A real, throw-away PostgreSQL server for the tests: initdb into a temporary directory, postgres on a free
// loopback port, removed afterwards. The binaries are Debian's `postgresql` package (.ci/run installs it);
// PG_BIN=<dir> points at others. PostgreSQL refuses to run as root, so as root the server runs as the
// package's `postgres` user (runuser), in a data directory that user owns.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The directory of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else none. */
function findBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'The PostgreSQL tests need a real PostgreSQL server, and no server binaries were found ' +
        `(looked in ${candidates.join(', ') || '/usr/lib/postgresql/<version>/bin'}). ` +
        'Install Debian\'s package (`apt-get update && apt-get install -y postgresql`, as .ci/run does) or set PG_BIN to the directory holding initdb and pg_ctl.',
    );
  }
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}


/** See postgres.d.mts. */
export async function startPostgres({ durable = false } = {}) {
  const bin = findBinaries();
  const asRoot = userInfo().uid === 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('Running as root, the PostgreSQL tests need the `postgres` user that Debian\'s postgresql package creates.');
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (file, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, file), ...args]) : run(join(bin, file), args);
  const port = await freePort();
  const pgdata = join(dataDir, 'data');
  await as('initdb', ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  // Durability settings off unless asked for: the tests' data is thrown away, and they check behaviour, not disks.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
  const pgCtl = (args) => as('pg_ctl', ['-D', pgdata, '-l', join(dataDir, 'log'), ...args]);
  const startServer = async () => {
    try {
      await pgCtl(['-o', options, '-w', '-t', '30', 'start']);
    } catch (error) {
      const log = existsSync(join(dataDir, 'log')) ? readFileSync(join(dataDir, 'log'), 'utf8').slice(-2000) : '';
      throw new Error(`PostgreSQL did not start: ${error.message}\n${log}`);
    }
  };
  await startServer();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let names = 0;
  const admin = async (sql) => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    async createDatabase() {
      const name = `todo_${process.pid}_${++names}`;
      await admin(`CREATE DATABASE ${name} STRATEGY FILE_COPY`);
      return url(name);
    },
    async createSchema() {
      const name = `todo_${process.pid}_${++names}`;
      await admin(`CREATE SCHEMA ${name}`);
      return `${url()}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    },
    async stop() {
      await pgCtl(['-m', 'fast', '-w', 'stop']);
    },
    start: startServer,
    async destroy() {
      await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

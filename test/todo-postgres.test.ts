// The PostgreSQL store and TODO_WORKERS against a real PostgreSQL server of this file's own (started here on a
// free port in a temporary directory, stopped mid-way by the outage test, removed at the end): migrations and
// seeding, caps enforced by the database across processes, 503s while the database is down and recovery,
// pool exhaustion, worker processes sharing one database, a worker killed mid-burst, start-up failures.
// (The whole black-box suite of test/todo.test.ts also runs against PostgreSQL: project "postgres".)
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent, Client, request, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readWorkerCount } from '../src/todo/cluster.js';
import { describeDatabase, isUnavailable, PostgresTodoRepository } from '../src/todo/postgres-repository.js';
import { createTodoServer } from '../src/todo/server.js';
import { readStoreCaps, readStoreConfig } from '../src/todo/store.js';
import type { TodoItem } from '../src/todo/todo-item.js';
import { sizeOf, TodoStoreUnavailableError } from '../src/todo/todo-repository.js';
import { fingerprintOf, keySizeOf } from '../src/todo/idempotency.js';
import { MIGRATIONS } from '../src/todo/postgres-schema.js';
import { startPostgres, type PostgresServer } from './support/postgres.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JSON_HEADERS = { 'content-type': 'application/json' };

let db: PostgresServer;
beforeAll(async () => {
  db = await startPostgres();
  if (!existsSync(`${ROOT}dist/todo-server.js`)) execFileSync(process.execPath, ['build.mjs'], { cwd: ROOT, stdio: 'inherit', timeout: 120_000 });
});
afterAll(async () => {
  await db?.destroy();
});

// ---------------------------------------------------------------------------------------------------------
// Helpers: in-process servers on a repository, and server processes (dist/todo-server.js)

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// A loaded machine (CI runs the suites side by side on two cores) can keep a request waiting for a pooled
// connection past the server's 1 s default, and then it answers 503 by design. The tests that count exact
// answers under concurrency are not about that wait, so they get a long one; the pool tests set it back.
async function openStore(
  url: string,
  options: { maxItems?: number; maxBytes?: number; maxKeyBytes?: number; poolSize?: number; connectTimeoutMs?: number } = {},
): Promise<PostgresTodoRepository> {
  const repository = await PostgresTodoRepository.open({ connectionString: url, connectTimeoutMs: 10_000, ...options });
  cleanups.push(() => repository.close());
  return repository;
}

async function serve(repository: PostgresTodoRepository): Promise<string> {
  const server: Server = createTodoServer({ log: false, repository });
  // Idle connections stay open until the test closes them: a pooled connection that the client reuses just as
  // the server's keep-alive timer closes it is an ECONNRESET, which a busy machine makes likely.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function http(base: string, method: string, path: string, body?: unknown, dispatcher?: Dispatcher): Promise<Reply> {
  const res = await request(base + path, {
    dispatcher,
    method: method as 'GET',
    headers: body === undefined ? {} : JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

async function items(base: string): Promise<TodoItem[]> {
  const reply = await http(base, 'GET', '/api/todo');
  expect(reply.status).toBe(200);
  return JSON.parse(reply.text) as TodoItem[];
}

/** Runs SQL on the schema or database of `url` (connection string with its search_path). */
async function sql<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The usage row equals the real totals: the trigger kept count of every committed write. */
async function expectUsageConsistent(url: string): Promise<void> {
  type Totals = { items: string; bytes: string; key_bytes: string };
  const [usage] = await sql<Totals>(url, 'SELECT items, bytes, key_bytes FROM todo_usage');
  const [real] = await sql<Totals>(url, 'SELECT count(*) AS items, coalesce(sum(size), 0) AS bytes, (SELECT coalesce(sum(size), 0) FROM todo_idempotency_keys) AS key_bytes FROM todo_items');
  const numbers = (t: Totals) => ({ items: Number(t.items), bytes: Number(t.bytes), keyBytes: Number(t.key_bytes) });
  expect(numbers(usage)).toEqual(numbers(real));
}

function expect503(reply: Reply): void {
  expect(reply.status).toBe(503);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(reply.headers['retry-after']).toBe('2');
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 503, title: 'Service Unavailable' });
  expect(reply.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i); // no internals in the answer
}

interface Launched {
  child: ChildProcess;
  base: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts dist/todo-server.js; resolves once it prints its address, or with the exit when it fails to start. */
async function launch(env: Record<string, string>): Promise<Launched> {
  const base: Record<string, string | undefined> = { ...process.env, PORT: '0', TODO_LOG: 'off' };
  delete base.DATABASE_URL;
  delete base.TODO_STORE;
  const child = spawn(process.execPath, ['dist/todo-server.js'], { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = once(child, 'close').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (found) resolve(found[1]);
    });
    void exit.then(() => resolve(''));
  });
  return { child, base: url, stdout: () => stdout, stderr: () => stderr, exit };
}

/** Keep-alive clients, each held by one worker, until `count` different workers answer; keyed by pid. */
async function clientsPerWorker(base: string, count: number): Promise<Map<number, Client>> {
  const byPid = new Map<number, Client>();
  for (let attempt = 0; byPid.size < count; attempt++) {
    if (attempt > 0) await sleep(20);
    const client = new Client(base, { pipelining: 1 });
    cleanups.push(() => client.destroy());
    const res = await client.request({ path: '/healthz', method: 'GET' });
    const { worker } = (await res.body.json()) as { worker: number };
    if (!byPid.has(worker)) byPid.set(worker, client);
  }
  expect(byPid.size).toBe(count);
  return byPid;
}

/** The pids of the workers answering 12 new connections. */
async function workerPids(base: string): Promise<Set<number>> {
  const pids = new Set<number>();
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      const client = new Client(base, { headersTimeout: 2_000, bodyTimeout: 2_000 });
      try {
        const res = await client.request({ path: '/healthz', method: 'GET' });
        if (res.statusCode === 200) pids.add(((await res.body.json()) as { worker: number }).worker);
      } catch {
        // a connection handed to a dying worker: not an answer
      } finally {
        await client.destroy();
      }
    }),
  );
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Configuration

describe('configuration from the environment', () => {
  it.each([
    { env: {}, expected: { kind: 'memory' } },
    { env: { TODO_STORE: 'memory', DATABASE_URL: 'postgres://h/db' }, expected: { kind: 'memory' } },
    { env: { TODO_STORE: 'postgres://u:p@h:5433/db' }, expected: { kind: 'postgres', connectionString: 'postgres://u:p@h:5433/db', poolSize: 10 } },
    { env: { DATABASE_URL: 'postgresql://h/db', TODO_PG_POOL: '3' }, expected: { kind: 'postgres', connectionString: 'postgresql://h/db', poolSize: 3 } },
  ])('$env → $expected', ({ env, expected }) => {
    expect(readStoreConfig(env)).toEqual(expected);
  });

  it.each([
    { env: { TODO_STORE: 'mysql://h/db' }, message: /TODO_STORE must be "memory" or a postgres:\/\// },
    { env: { TODO_STORE: 'postgres://h/db', TODO_PG_POOL: '0' }, message: /TODO_PG_POOL must be a whole number/ },
    { env: { TODO_STORE: 'postgres://h/db', TODO_PG_POOL: 'ten' }, message: /TODO_PG_POOL must be a whole number/ },
  ])('$env is refused', ({ env, message }) => {
    expect(() => readStoreConfig(env)).toThrow(message);
  });

  it.each([
    { env: {}, expected: {} },
    { env: { TODO_MAX_ITEMS: '5' }, expected: { maxItems: 5 } },
    { env: { TODO_MAX_ITEMS: ' 10000000 ', TODO_MAX_BYTES: '1048576' }, expected: { maxItems: 10_000_000, maxBytes: 1_048_576 } },
    { env: { TODO_MAX_KEY_BYTES: '65536' }, expected: { maxKeyBytes: 65_536 } },
  ])('store caps: $env → $expected', ({ env, expected }) => {
    expect(readStoreCaps(env)).toStrictEqual(expected);
  });

  it.each([
    { env: { TODO_MAX_ITEMS: '0' }, message: /TODO_MAX_ITEMS must be a whole number/ },
    { env: { TODO_MAX_ITEMS: '1e6' }, message: /TODO_MAX_ITEMS must be a whole number/ },
    { env: { TODO_MAX_BYTES: '-1' }, message: /TODO_MAX_BYTES must be a whole number/ },
    { env: { TODO_MAX_BYTES: '99999999999999' }, message: /TODO_MAX_BYTES must be a whole number/ },
    { env: { TODO_MAX_KEY_BYTES: '32MiB' }, message: /TODO_MAX_KEY_BYTES must be a whole number/ },
  ])('store caps: $env is refused', ({ env, message }) => {
    expect(() => readStoreCaps(env)).toThrow(message);
  });

  it.each([
    { value: undefined, expected: 1 },
    { value: '4', expected: 4 },
    { value: '0', expected: /TODO_WORKERS must be a whole number/ },
    { value: '-2', expected: /TODO_WORKERS must be a whole number/ },
    { value: 'two', expected: /TODO_WORKERS must be a whole number/ },
  ])('TODO_WORKERS=$value', ({ value, expected }) => {
    const read = () => readWorkerCount(value === undefined ? {} : { TODO_WORKERS: value });
    if (typeof expected === 'number') expect(read()).toBe(expected);
    else expect(read).toThrow(expected);
  });

  it.each([
    { url: 'postgres://todo:s3cret@db.example:6543/items', shown: 'todo@db.example:6543/items' },
    { url: 'postgres://db.example/items', shown: 'db.example:5432/items' },
  ])('describeDatabase($url) names the host, never the password', ({ url, shown }) => {
    expect(describeDatabase(url)).toBe(shown);
  });

  it.each([
    { error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), unavailable: true },
    { error: new Error('timeout exceeded when trying to connect'), unavailable: true },
    { error: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), unavailable: true },
    { error: Object.assign(new Error('the database system is starting up'), { code: '57P03' }), unavailable: true },
    { error: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), unavailable: true },
    { error: Object.assign(new Error('too many connections'), { code: '53300' }), unavailable: true },
    { error: Object.assign(new Error('the to-do store is full'), { code: '53400' }), unavailable: false },
    { error: Object.assign(new Error('syntax error'), { code: '42601' }), unavailable: false },
  ])('isUnavailable($error.message) → $unavailable', ({ error, unavailable }) => {
    expect(isUnavailable(error)).toBe(unavailable);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Schema, seeding and caps

describe('schema and seed', () => {
  it('creates the schema once (versions 1 to 4), seeds only an empty store, and keeps data across restarts', async () => {
    const url = await db.createSchema();
    const first = await PostgresTodoRepository.open({ connectionString: url });
    const [seed] = await first.getAll();
    expect(seed).toMatchObject({ Name: 'Item1', IsComplete: false });
    const added = (await first.add({ Name: 'kept', IsComplete: true }))!;
    await first.remove(seed.Key);
    await first.close();

    const second = await openStore(url); // a restart: not empty, so no new seed
    expect(await second.getAll()).toEqual([added]);
    expect(await sql(url, 'SELECT version FROM todo_schema_migrations ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
    await expectUsageConsistent(url);
  });

  it('several processes starting at once on an empty database migrate once and seed one item', async () => {
    const url = await db.createSchema();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore(url, { poolSize: 2 })));
    expect(await stores[3].getAll()).toHaveLength(1);
    // Every migration recorded exactly once, however many processes raced to apply them.
    expect(await sql(url, 'SELECT count(*)::int AS n FROM todo_schema_migrations')).toEqual([{ n: 4 }]);
  });

  it('a database from a newer server version is refused at start', async () => {
    const url = await db.createSchema();
    await (await PostgresTodoRepository.open({ connectionString: url })).close();
    await sql(url, 'INSERT INTO todo_schema_migrations (version) VALUES (99)');
    await expect(PostgresTodoRepository.open({ connectionString: url })).rejects.toThrow(/schema is at version 99, newer than this server knows/);
  });
});

describe('idempotency keys in the database', () => {
  it('two processes (two pools) racing with one key store one item; both answer with it', async () => {
    const url = await db.createSchema();
    const [a, b] = await Promise.all([openStore(url), openStore(url)]);
    const before = (await a.getAll()).length;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).addOnce({ Name: 'race', IsComplete: false }, 'shared-key', '["race",false]')),
    );
    expect((await a.getAll()).length).toBe(before + 1);
    const keys = outcomes.map((o) => (o.kind === 'created' ? o.item.Key : o.kind === 'replayed' ? o.key : o.kind));
    expect(new Set(keys).size).toBe(1);
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    // Another body under that key is refused; the key outlives the item it made.
    expect((await b.addOnce({ Name: 'other', IsComplete: false }, 'shared-key', '["other",false]')).kind).toBe('mismatch');
    await expectUsageConsistent(url);
  });

  it('a connection the server ends in the middle of an idempotent POST is a 503, not a crash', async () => {
    const url = await db.createSchema();
    const store = await openStore(url);
    const pg = (await import('pg')).default;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Another transaction holds the key's row: addOnce waits on it, inside its own transaction.
      await holder.query('BEGIN');
      await holder.query("INSERT INTO todo_idempotency_keys (key, fingerprint, size) VALUES ('held', 'x', 260)");
      // Its outcome is taken at once (a rejection left unobserved while the test waits would be reported apart).
      const pending = store.addOnce({ Name: 'x', IsComplete: false }, 'held', '["x",false]').then(() => null, (error: unknown) => error);
      let pid: number | undefined;
      while (pid === undefined) { // as long as it takes: a loaded machine is slow to get there
        const { rows } = await holder.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'switchyard-todo' AND wait_event_type = 'Lock'");
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((r) => setTimeout(r, 20));
      }
      expect(pid).toBeDefined();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      expect(await pending).toBeInstanceOf(TodoStoreUnavailableError);
      await holder.query('ROLLBACK');
      // The process is alive and the store serves again, with a fresh connection.
      expect((await store.addOnce({ Name: 'x', IsComplete: false }, 'held', '["x",false]')).kind).toBe('created');
    } finally {
      await holder.end().catch(() => undefined);
    }
  });

  it('two processes adding 40 keys at once keep them within maxKeyBytes, the newest kept, the count true', async () => {
    const url = await db.createSchema();
    const key = (i: number) => `k-${String(i).padStart(2, '0')}`;
    const cap = 10 * keySizeOf(key(0));
    const [a, b] = await Promise.all([openStore(url, { maxKeyBytes: cap }), openStore(url, { maxKeyBytes: cap })]);
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).addOnce({ Name: `n${i}`, IsComplete: false }, key(i), `f${i}`)));
    expect(outcomes.every((o) => o.kind === 'created')).toBe(true);
    expect(await a.keyBytes()).toBe(cap);
    await expectUsageConsistent(url);
  });

  it('keys kept before the digests (schema version 2) still replay after the upgrade, and are counted', async () => {
    const url = await db.createSchema();
    await sql(url, `CREATE TABLE todo_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()); ${MIGRATIONS[0]}; ${MIGRATIONS[1]}; INSERT INTO todo_schema_migrations (version) VALUES (1), (2)`);
    const item = { Name: 'bought milk', IsComplete: true };
    const itemKey = '6f1e2a9c-0000-4000-8000-000000000001';
    const old = JSON.stringify([item.Name, item.IsComplete]); // a version 2 fingerprint: the request itself
    await sql(url, 'INSERT INTO todo_idempotency_keys (key, fingerprint, item_key, response) VALUES ($1, $2, $3, $4)', ['old-key', old, itemKey, `{"Key":"${itemKey}"}`]);
    const store = await openStore(url);
    expect(await store.addOnce(item, 'old-key', fingerprintOf(item))).toEqual({ kind: 'replayed', key: itemKey });
    expect((await store.addOnce({ ...item, IsComplete: false }, 'old-key', fingerprintOf({ ...item, IsComplete: false }))).kind).toBe('mismatch');
    expect(await store.keyBytes()).toBe(keySizeOf('old-key'));
  });

  it('items stored while sizes were UTF-16 code units (schema version 3) are counted again in UTF-8 bytes, the usage row with them', async () => {
    const url = await db.createSchema();
    await sql(url, `CREATE TABLE todo_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()); ${MIGRATIONS[0]}; ${MIGRATIONS[1]}; ${MIGRATIONS[2]}; INSERT INTO todo_schema_migrations (version) VALUES (1), (2), (3)`);
    const names = ['漢字'.repeat(500), 'plain', null, 'é "quoted"\n\u0001 😀'];
    const version3Size = (name: string | null): number => (name === null ? 84 : JSON.stringify(name).length + 80);
    for (const name of names) await sql(url, 'INSERT INTO todo_items (name, is_complete, size) VALUES ($1, false, $2)', [name, version3Size(name)]);
    const total = names.reduce((sum, name) => sum + sizeOf({ Name: name, IsComplete: false }), 0);
    expect(total).toBeGreaterThan(names.reduce((sum, name) => sum + version3Size(name), 0) + 2000);
    // A cap the stored items now pass: the upgrade goes through, and the store takes no more bytes until some go.
    const store = await openStore(url, { maxBytes: total - 1 });
    const rows = await sql<{ name: string | null; size: number }>(url, 'SELECT name, size FROM todo_items');
    expect(rows.map((row) => row.size).sort()).toEqual(names.map((name) => sizeOf({ Name: name, IsComplete: false })).sort());
    expect(await sql(url, 'SELECT items, bytes FROM todo_usage')).toEqual([{ items: '4', bytes: String(total) }]);
    expect(await store.add({ Name: 'x', IsComplete: false })).toBeNull();
    const cjk = (await store.getAll()).find((item) => item.Name === names[0])!;
    await store.remove(cjk.Key);
    expect(await sql(url, 'SELECT bytes FROM todo_usage')).toEqual([{ bytes: String(total - 3082) }]);
    expect(await store.add({ Name: '漢', IsComplete: false })).not.toBeNull();
  });

  it('a full store records no key: the retry can create once there is room', async () => {
    const url = await db.createSchema();
    const store = await openStore(url, { maxItems: 1 });
    expect((await store.addOnce({ Name: 'x', IsComplete: false }, 'k', '["x",false]')).kind).toBe('full');
    const [seeded] = await store.getAll();
    await store.remove(seeded.Key);
    expect((await store.addOnce({ Name: 'x', IsComplete: false }, 'k', '["x",false]')).kind).toBe('created');
  });
});

describe('caps enforced by the database', () => {
  it('two servers with their own pools on one database: concurrent POSTs stop exactly at maxItems (507 past it)', async () => {
    const url = await db.createSchema();
    const a = await serve(await openStore(url, { maxItems: 20 }));
    const b = await serve(await openStore(url, { maxItems: 20 }));
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => http(i % 2 ? a : b, 'POST', '/api/todo', { Name: `n${i}` })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(19); // 20 with the seed
    expect(statuses.filter((s) => s === 507)).toHaveLength(41);
    expect(await items(a)).toHaveLength(20);
    await expectUsageConsistent(url);
  });

  it('the byte budget holds under concurrent POSTs and PUTs that grow items', async () => {
    const url = await db.createSchema();
    const base = await serve(await openStore(url, { maxBytes: 4000 }));
    const [seed] = await items(base);
    const replies = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => http(base, 'POST', '/api/todo', { Name: 'x'.repeat(100 + i) })),
      ...Array.from({ length: 10 }, (_, i) => http(base, 'PUT', `/api/todo/${seed.Key}`, { Key: seed.Key, Name: 'y'.repeat(200 * i) })),
    ]);
    expect(replies.every((r) => [201, 204, 507].includes(r.status))).toBe(true);
    expect(replies.some((r) => r.status === 507)).toBe(true);
    const [usage] = await sql<{ bytes: string }>(url, 'SELECT bytes FROM todo_usage');
    expect(Number(usage.bytes)).toBeLessThanOrEqual(4000);
    await expectUsageConsistent(url);
  });

  it('concurrent PUTs of one item leave exactly one of the written states', async () => {
    const url = await db.createSchema();
    const base = await serve(await openStore(url));
    const [seed] = await items(base);
    const states = Array.from({ length: 40 }, (_, i) => ({ Key: seed.Key, Name: `state ${i} ${'z'.repeat(i)}`, IsComplete: i % 2 === 0 }));
    const replies = await Promise.all(states.map((state) => http(base, 'PUT', `/api/todo/${seed.Key}`, state)));
    expect(replies.map((r) => r.status)).toEqual(states.map(() => 204));
    const stored = await items(base);
    expect(stored).toHaveLength(1);
    expect(states).toContainEqual(stored[0]);
    await expectUsageConsistent(url);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Database trouble

describe('database trouble', () => {
  it('pool exhausted past a short wait → 503 with Retry-After, then normal service', async () => {
    const url = await db.createSchema();
    const base = await serve(await openStore(url, { poolSize: 1, connectTimeoutMs: 1_000 }));
    // Another session holds the table: the one pooled connection blocks on it, the next request finds none.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE todo_items IN ACCESS EXCLUSIVE MODE');
    const blocked = http(base, 'GET', '/api/todo');
    // Waited for, not slept on: the pooled connection is blocked on the lock before the next request comes.
    while ((await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows[0].n === 0) await sleep(20);
    expect503(await http(base, 'GET', '/api/todo'));
    await locker.query('COMMIT');
    expect((await blocked).status).toBe(200);
    expect((await http(base, 'POST', '/api/todo', { Name: 'after' })).status).toBe(201);
  });

  it('PostgreSQL stopped mid-way → 503s and /healthz "unavailable", never a hang or a crash; it recovers by itself', async () => {
    const url = await db.createSchema();
    const base = await serve(await openStore(url));
    const created = JSON.parse((await http(base, 'POST', '/api/todo', { Name: 'before the outage' })).text) as TodoItem;
    expect((await http(base, 'GET', '/healthz')).status).toBe(200);

    await db.stop();
    try {
      const during = await Promise.all([
        http(base, 'GET', '/api/todo'),
        http(base, 'GET', `/api/todo/${created.Key}`),
        http(base, 'POST', '/api/todo', { Name: 'during the outage' }),
        http(base, 'PUT', `/api/todo/${created.Key}`, { Key: created.Key, Name: 'changed during the outage' }),
        http(base, 'DELETE', `/api/todo/${created.Key}`),
      ]);
      for (const reply of during) expect503(reply);
      const health = await http(base, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(JSON.parse(health.text)).toEqual({ status: 'unavailable', store: 'postgres' });
      // Bad requests are still answered as such: no store is needed to refuse them.
      expect((await http(base, 'POST', '/api/todo', [1, 2])).status).toBe(400);
    } finally {
      await db.start();
    }

    // Broken pooled connections are dropped and new ones opened: no restart of the server needed.
    let reply = await http(base, 'GET', '/api/todo');
    while (reply.status !== 200) {
      await sleep(100);
      reply = await http(base, 'GET', '/api/todo');
    }
    expect(reply.status).toBe(200);
    const after = JSON.parse(reply.text) as TodoItem[];
    expect(after).toContainEqual(created);
    expect(after.map((item) => item.Name)).not.toContain('during the outage');
    expect((await http(base, 'GET', '/healthz')).status).toBe(200);
    expect((await http(base, 'POST', '/api/todo', { Name: 'after the outage' })).status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Processes: start-up, workers

describe('start-up', () => {
  it.each([
    { workers: '1', env: {} },
    { workers: '2', env: {} },
    { workers: '1', env: { TODO_STORE: '' } }, // DATABASE_URL alone
  ])('an unreachable database fails fast (TODO_WORKERS=$workers), naming the host but not the password', async ({ workers, env }) => {
    const closed = 1; // nothing listens on port 1: the connection is refused at once
    const url = `postgres://todo:s3cr3t-Pa55@127.0.0.1:${closed}/todo`;
    const run = await launch({ TODO_WORKERS: workers, ...(env.TODO_STORE === '' ? { DATABASE_URL: url } : { TODO_STORE: url }) });
    expect(await run.exit).toBe(1);
    expect(run.base).toBe('');
    expect(run.stderr()).toContain(`127.0.0.1:${closed}/todo`);
    expect(run.stderr() + run.stdout()).not.toContain('s3cr3t-Pa55');
  });

  it('TODO_WORKERS=2 with the memory store is refused with a clear message', async () => {
    const run = await launch({ TODO_WORKERS: '2' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(/TODO_WORKERS=2 needs a shared store: with TODO_STORE=memory each worker would keep its own items/);
  });
});

describe('TODO_WORKERS', () => {
  it('two workers share one database: a write through one is read through the other', async () => {
    const run = await launch({ TODO_STORE: await db.createSchema(), TODO_WORKERS: '2' });
    expect(run.base).not.toBe('');
    const [[pidA, viaA], [pidB, viaB]] = [...(await clientsPerWorker(run.base, 2))];
    expect(pidA).not.toBe(pidB);
    const post = await viaA.request({ path: '/api/todo', method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ Name: 'written by A' }) });
    expect(post.statusCode).toBe(201);
    const created = (await post.body.json()) as TodoItem;
    const get = await viaB.request({ path: `/api/todo/${created.Key}`, method: 'GET' });
    expect(get.statusCode).toBe(200);
    expect(await get.body.json()).toEqual(created);
    const put = await viaB.request({ path: `/api/todo/${created.Key}`, method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ ...created, IsComplete: true }) });
    expect(put.statusCode).toBe(204);
    await put.body.text();
    const again = await viaA.request({ path: `/api/todo/${created.Key}`, method: 'GET' });
    expect(await again.body.json()).toEqual({ ...created, IsComplete: true });
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('a worker killed in the middle of a burst of POSTs: every 201 is stored once, nothing answered otherwise is; the worker is replaced', async () => {
    const url = await db.createSchema();
    const run = await launch({ TODO_STORE: url, TODO_WORKERS: '2' });
    const pids = [...(await clientsPerWorker(run.base, 2)).keys()];
    const victim = pids[0];

    const outcomes = new Map<string, number | 'error'>();
    let answered = 0;
    // A connection the primary had handed to the worker as it died is never answered: time out, as a client would.
    const agent = new Agent({ headersTimeout: 3_000, bodyTimeout: 3_000 });
    cleanups.push(() => agent.close());
    const post = async (name: string): Promise<void> => {
      try {
        const reply = await http(run.base, 'POST', '/api/todo', { Name: name }, agent);
        outcomes.set(name, reply.status);
      } catch {
        outcomes.set(name, 'error');
      }
      if (++answered === 60) process.kill(victim, 'SIGKILL');
    };
    // 300 POSTs, 10 at a time, over fresh connections spread across both workers by the primary.
    const names = Array.from({ length: 300 }, (_, i) => `burst ${i}`);
    const queue = [...names];
    await Promise.all(Array.from({ length: 10 }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) await post(name);
    }));
    expect(alive(victim)).toBe(false);

    const stored = (await items(run.base)).map((item) => item.Name!).filter((name) => name.startsWith('burst '));
    expect(new Set(stored).size).toBe(stored.length); // nothing stored twice
    const created = names.filter((name) => outcomes.get(name) === 201);
    const failed = names.filter((name) => outcomes.get(name) === 'error');
    expect(created.length + failed.length).toBe(names.length); // every request was a 201 or a broken connection
    expect(created.length).toBeGreaterThan(200);
    for (const name of created) expect(stored).toContain(name);
    // A POST whose connection broke may or may not have committed; no other POST left anything behind.
    for (const name of stored) expect([201, 'error']).toContain(outcomes.get(name));
    expect(stored.length).toBeLessThanOrEqual(created.length + failed.length);
    await expectUsageConsistent(url);

    // The primary started a replacement: two live workers again, the victim not among them.
    let now = await workerPids(run.base);
    while (now.size < 2) {
      await sleep(100);
      now = await workerPids(run.base);
    }
    expect(now.size).toBe(2);
    expect(now.has(victim)).toBe(false);
    expect(run.stderr()).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\); starting a new one`));
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('workers that die while the database is down are replaced (with a growing delay) until it is back', async () => {
    const run = await launch({ TODO_STORE: await db.createSchema(), TODO_WORKERS: '2' });
    const first = [...(await clientsPerWorker(run.base, 2)).keys()];
    await db.stop();
    try {
      for (const pid of first) process.kill(pid, 'SIGKILL');
      // Replacements cannot open the store now and die at start; the primary keeps trying.
      while (!/failed to start[^\n]*\n[^]*failed to start/.test(run.stderr())) await sleep(50);
      expect(run.stderr()).toMatch(/switchyard to-do API failed to start: Cannot use the PostgreSQL store at postgres@127\.0\.0\.1:\d+\/postgres/);
      await sleep(500);
      expect(alive(run.child.pid!)).toBe(true);
    } finally {
      await db.start();
    }
    let now = await workerPids(run.base);
    while (now.size < 2) {
      await sleep(100);
      now = await workerPids(run.base);
    }
    expect(now.size).toBe(2);
    for (const pid of first) expect(now.has(pid)).toBe(false);
    expect((await http(run.base, 'POST', '/api/todo', { Name: 'back' })).status).toBe(201);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('SIGTERM drains every worker: a request in flight completes, then all exit and the primary exits 0', async () => {
    const run = await launch({ TODO_STORE: await db.createSchema(), TODO_WORKERS: '2' });
    const pids = [...(await clientsPerWorker(run.base, 2)).keys()];
    const { port } = new URL(run.base);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const body = JSON.stringify({ Name: 'in flight' });
    socket.write(`POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await sleep(200);
    run.child.kill('SIGTERM');
    await sleep(200);
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.write(body.slice(5));
    await once(socket, 'close');
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toMatch(/SIGTERM: shutting down 2 workers/);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });
});

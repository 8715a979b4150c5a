// The to-do API (docs/todo-api.md) over real HTTP: undici against createTodoServer() on port 0, raw
// node:net sockets for what undici will not send (malformed HTTP, a lying Content-Length, slow clients), and
// the bundled server (dist/todo-server.js) as `npm start` runs it. vitest runs this file twice: with the
// memory store, and (project "postgres", TODO_TEST_STORE=postgres) with every server on a fresh schema of a
// real PostgreSQL server.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PATIENCE_MS } from './support/patience.js';
import { closingRequests, expectNoStack, expectProblem, MANY_HEADERS, raw, rawConnect, readResponse, readUntilClose, socketClosed, type ClosingRow, type RawReply, type Reply } from './support/raw-http.js';
import { createTodoServer, shutdown, type TodoServerOptions } from '../src/todo/server.js';
import { PostgresTodoRepository } from '../src/todo/postgres-repository.js';
import { InMemoryTodoRepository, type TodoRepository } from '../src/todo/todo-repository.js';
import { keySizeOf } from '../src/todo/idempotency.js';
import { readJsonBody, type BodyResult } from '../src/todo/json-body.js';
import type { HttpContext } from '../src/http.js';
import type { TodoItem } from '../src/todo/todo-item.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_CT = 'application/json; charset=utf-8';
const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------
// Helpers

interface Running {
  server: Server;
  port: number;
  base: string;
}

const running = new Set<Server>();
const STORE = process.env.TODO_TEST_STORE === 'postgres' ? 'postgres' : 'memory';
const closeStore = new Map<Server, () => Promise<void>>();

/** A fresh, empty PostgreSQL schema (its own store) on the project's server. */
async function freshPostgresUrl(): Promise<string> {
  const pg = (await import('pg')).default;
  const name = `todo_${process.pid}_${Math.random().toString(36).slice(2)}`;
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  await client.query(`CREATE SCHEMA ${name}`).finally(() => client.end());
  return `${inject('postgresUrl')}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
}

async function start(options: TodoServerOptions = {}): Promise<Running> {
  let repository = options.repository;
  if (STORE === 'postgres' && repository === undefined) {
    repository = await PostgresTodoRepository.open({ connectionString: await freshPostgresUrl(), connectTimeoutMs: 10_000, maxItems: options.maxItems, maxBytes: options.maxBytes });
  }
  const server = createTodoServer({ log: false, ...options, repository });
  // Idle connections stay open until the test closes them: a pooled connection that the client reuses just as
  // the server's keep-alive timer closes it is an ECONNRESET, which a busy machine makes likely.
  server.keepAliveTimeout = 0;
  if (repository instanceof PostgresTodoRepository) closeStore.set(server, () => repository.close());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  running.add(server);
  const { port } = server.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}` };
}

async function stop(server: Server): Promise<void> {
  running.delete(server);
  const close = closeStore.get(server);
  closeStore.delete(server);
  if (server.listening) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  await close?.();
}

afterEach(async () => {
  await Promise.all([...running].map(stop));
});

type Body = string | Buffer | AsyncIterable<Buffer> | undefined;

async function http(base: string, method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await request(base + path, { method: method as 'GET', headers, body: body as string | undefined });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

const json = (value: unknown): string => JSON.stringify(value);
const postJson = (base: string, value: unknown, headers: Record<string, string> = {}) =>
  http(base, 'POST', '/api/todo', json(value), { 'content-type': 'application/json', ...headers });
const putJson = (base: string, id: string, value: unknown) =>
  http(base, 'PUT', `/api/todo/${id}`, json(value), { 'content-type': 'application/json' });

async function getAll(base: string): Promise<TodoItem[]> {
  const reply = await http(base, 'GET', '/api/todo');
  expect(reply.status).toBe(200);
  return JSON.parse(reply.text) as TodoItem[];
}

async function seededKey(base: string): Promise<string> {
  const items = await getAll(base);
  expect(items).toHaveLength(1);
  return items[0].Key;
}

/**
 * The server's own timers switched off, so that what a test waits for can only come from what it tests: a
 * server that waited for them instead would hang the test (ended by the suite's time limit) rather than pass
 * late: a busy machine is slow, not wrong.
 */
function withoutServerTimers(server: Server): void {
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  server.headersTimeout = 0;
}

/** A repository that records its calls and can be told to fail; proves the controller uses the one injected. */
class FakeRepository implements TodoRepository {
  readonly calls: string[] = [];
  items: TodoItem[] = [{ Key: 'fake-1', Name: 'from the fake', IsComplete: true }];
  failGetAll = false;
  async add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null> {
    this.calls.push('add');
    const stored = { Key: `fake-${this.items.length + 1}`, Name: item.Name, IsComplete: item.IsComplete };
    this.items.push(stored);
    return stored;
  }
  async getAll(): Promise<readonly TodoItem[]> {
    this.calls.push('getAll');
    if (this.failGetAll) throw new Error('database is down at /secret/path/db.ts:42');
    return this.items;
  }
  async find(key: string): Promise<TodoItem | null> {
    this.calls.push(`find:${key}`);
    return this.items.find((item) => item.Key === key) ?? null;
  }
  async remove(key: string): Promise<TodoItem | null> {
    this.calls.push(`remove:${key}`);
    const item = this.items.find((i) => i.Key === key) ?? null;
    this.items = this.items.filter((i) => i.Key !== key);
    return item;
  }
  async update(item: TodoItem): Promise<boolean> {
    this.calls.push(`update:${item.Key}`);
    const index = this.items.findIndex((i) => i.Key === item.Key);
    if (index < 0) return false;
    this.items[index] = item;
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The seeded store and the endpoint table

describe('fresh server', () => {
  it('holds exactly one seeded item: GUID Key, non-empty Name, IsComplete false', async () => {
    const { base } = await start();
    const reply = await http(base, 'GET', '/api/todo');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    const items = JSON.parse(reply.text) as TodoItem[];
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0])).toEqual(['Key', 'Name', 'IsComplete']);
    expect(items[0].Key).toMatch(GUID);
    expect(typeof items[0].Name).toBe('string');
    expect(items[0].Name!.length).toBeGreaterThan(0);
    expect(items[0].IsComplete).toBe(false);
  });

  it('two servers have separate stores', async () => {
    const a = await start();
    const b = await start();
    expect((await postJson(a.base, { Name: 'only in a' })).status).toBe(201);
    expect(await getAll(a.base)).toHaveLength(2);
    expect(await getAll(b.base)).toHaveLength(1);
  });
});

describe('endpoint table', () => {
  it('GET /api/todo → 200, JSON array of every item (exact property names, utf-8 JSON)', async () => {
    const { base } = await start();
    const created = JSON.parse((await postJson(base, { Name: 'é ünïcode ✓', IsComplete: true })).text) as TodoItem;
    const reply = await http(base, 'GET', '/api/todo');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    const items = JSON.parse(reply.text) as TodoItem[];
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(2);
    expect(items).toContainEqual({ Key: created.Key, Name: 'é ünïcode ✓', IsComplete: true });
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['IsComplete', 'Key', 'Name']);
    expect(reply.text).toContain('"Key":');
    expect(reply.text).toContain('"Name":');
    expect(reply.text).toContain('"IsComplete":');
    expect(reply.text).not.toMatch(/"(key|name|isComplete|iscomplete)":/);
  });

  it('GET /api/todo/{id} → 200, the item', async () => {
    const { base } = await start();
    const [seed] = await getAll(base);
    const reply = await http(base, 'GET', `/api/todo/${seed.Key}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    expect(JSON.parse(reply.text)).toEqual(seed);
    expect(Object.keys(JSON.parse(reply.text))).toEqual(['Key', 'Name', 'IsComplete']);
  });

  it('GET /api/todo/{id} → 404 problem when no item has that Key', async () => {
    const { base } = await start();
    expectProblem(await http(base, 'GET', '/api/todo/00000000-0000-0000-0000-000000000000'), 404);
    expectProblem(await http(base, 'GET', '/api/todo/not-a-guid'), 404);
  });

  it('POST /api/todo → 201 with a new GUID Key (ignoring the Key sent), IsComplete false when omitted, absolute Location', async () => {
    const { base, port } = await start();
    const reply = await postJson(base, { Key: 'client-chosen', Name: 'walk dog' });
    expect(reply.status).toBe(201);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    const created = JSON.parse(reply.text) as TodoItem;
    expect(Object.keys(created)).toEqual(['Key', 'Name', 'IsComplete']);
    expect(created.Key).toMatch(GUID);
    expect(created.Key).not.toBe('client-chosen');
    expect(created.Name).toBe('walk dog');
    expect(created.IsComplete).toBe(false);
    expect(reply.headers.location).toBe(`http://127.0.0.1:${port}/api/todo/${created.Key}`);

    // The Location resolves to the item.
    const fetched = await request(reply.headers.location as string);
    expect(fetched.statusCode).toBe(200);
    expect(await fetched.body.json()).toEqual(created);
    // The client's Key was not stored anywhere.
    expect((await http(base, 'GET', '/api/todo/client-chosen')).status).toBe(404);
    expect(await getAll(base)).toHaveLength(2);
  });

  it('POST keeps IsComplete true and a null Name when sent', async () => {
    const { base } = await start();
    const created = JSON.parse((await postJson(base, { Name: null, IsComplete: true })).text) as TodoItem;
    expect(created).toEqual({ Key: created.Key, Name: null, IsComplete: true });
    const empty = await postJson(base, {});
    expect(empty.status).toBe(201);
    expect(JSON.parse(empty.text)).toMatchObject({ Name: null, IsComplete: false });
  });

  it('every POST gets a different Key', async () => {
    const { base } = await start();
    const a = JSON.parse((await postJson(base, { Name: 'a' })).text) as TodoItem;
    const b = JSON.parse((await postJson(base, { Name: 'a' })).text) as TodoItem;
    expect(a.Key).not.toBe(b.Key);
  });

  it('Location is built from the request Host header (URL generation from the GetTodo route)', async () => {
    const { base } = await start();
    const reply = await postJson(base, { Name: 'hosted' }, { host: 'example.test:8080' });
    expect(reply.status).toBe(201);
    const created = JSON.parse(reply.text) as TodoItem;
    expect(reply.headers.location).toBe(`http://example.test:8080/api/todo/${created.Key}`);
  });

  it('POST /api/todo → 400 problem when the body is missing', async () => {
    const { base } = await start();
    expectProblem(await http(base, 'POST', '/api/todo', undefined, { 'content-type': 'application/json' }), 400);
    expect(await getAll(base)).toHaveLength(1);
  });

  it('PUT /api/todo/{id} → 204, no body, and the item is replaced', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const reply = await putJson(base, key, { Key: key, Name: 'replaced', IsComplete: true });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    const got = await http(base, 'GET', `/api/todo/${key}`);
    expect(JSON.parse(got.text)).toEqual({ Key: key, Name: 'replaced', IsComplete: true });
    // The whole entity is replaced: omitted fields take their defaults (no partial update).
    expect((await putJson(base, key, { Key: key })).status).toBe(204);
    expect(JSON.parse((await http(base, 'GET', `/api/todo/${key}`)).text)).toEqual({ Key: key, Name: null, IsComplete: false });
    expect(await getAll(base)).toHaveLength(1);
  });

  it('DELETE /api/todo/{id} → 204, no body; the item is gone', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const reply = await http(base, 'DELETE', `/api/todo/${key}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await http(base, 'GET', `/api/todo/${key}`)).status).toBe(404);
    expect(await getAll(base)).toEqual([]);
  });
});

describe('PUT check order (spec rule 5)', () => {
  it('missing body → 400, also for an unknown id', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    expectProblem(await http(base, 'PUT', `/api/todo/${key}`, undefined, { 'content-type': 'application/json' }), 400);
    expectProblem(await http(base, 'PUT', '/api/todo/unknown-id', undefined, { 'content-type': 'application/json' }), 400);
  });

  it('Key ≠ id → 400, even when the id is unknown (400 is checked before 404)', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const before = await getAll(base);
    expectProblem(await putJson(base, key, { Key: 'other', Name: 'x' }), 400);
    expectProblem(await putJson(base, 'unknown-id', { Key: 'other', Name: 'x' }), 400);
    // A body without Key does not equal the id either.
    expectProblem(await putJson(base, key, { Name: 'x' }), 400);
    expectProblem(await putJson(base, 'unknown-id', { Name: 'x' }), 400);
    expect(await getAll(base)).toEqual(before);
  });

  it('then an unknown id → 404, nothing is created', async () => {
    const { base } = await start();
    const before = await getAll(base);
    expectProblem(await putJson(base, 'unknown-id', { Key: 'unknown-id', Name: 'x' }), 404);
    expect(await getAll(base)).toEqual(before);
  });

  it('a deleted item cannot be PUT back (404)', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    expect((await http(base, 'DELETE', `/api/todo/${key}`)).status).toBe(204);
    expectProblem(await putJson(base, key, { Key: key, Name: 'again' }), 404);
    expect(await getAll(base)).toEqual([]);
  });
});

describe('DELETE is idempotent (spec rule 6)', () => {
  it('204 for an existing item, 204 again, 204 for an id that never existed', async () => {
    const { base } = await start();
    const created = JSON.parse((await postJson(base, { Name: 'to delete' })).text) as TodoItem;
    expect((await http(base, 'DELETE', `/api/todo/${created.Key}`)).status).toBe(204);
    expect((await http(base, 'DELETE', `/api/todo/${created.Key}`)).status).toBe(204);
    expect((await http(base, 'DELETE', '/api/todo/never-existed')).status).toBe(204);
    expect((await http(base, 'DELETE', '/api/todo/00000000-0000-0000-0000-000000000000')).status).toBe(204);
    const items = await getAll(base);
    expect(items).toHaveLength(1);
    expect(items.map((i) => i.Key)).not.toContain(created.Key);
  });
});

describe('Idempotency-Key on POST', () => {
  const postWithKey = (base: string, key: string, value: unknown) => postJson(base, value, { 'idempotency-key': key });

  it('a retry with the same key and body replays the first response and stores one item', async () => {
    const { base } = await start();
    const before = await getAll(base);
    const first = await postWithKey(base, 'order-1', { Name: 'once' });
    const again = await postWithKey(base, 'order-1', { Name: 'once' });
    const camel = await postWithKey(base, '"order-1"', { name: 'once', isComplete: false }); // the same request, written otherwise
    for (const reply of [first, again, camel]) expect(reply.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(camel.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    const after = await getAll(base);
    expect(after).toHaveLength(before.length + 1);
  });

  it('the same key with another body is 422 and stores nothing', async () => {
    const { base } = await start();
    expect((await postWithKey(base, 'k', { Name: 'a' })).status).toBe(201);
    const before = await getAll(base);
    const reply = await postWithKey(base, 'k', { Name: 'b' });
    expectProblem(reply, 422);
    expect(await getAll(base)).toEqual(before);
  });

  it('different keys create different items; a POST without a key always creates', async () => {
    const { base } = await start();
    const before = (await getAll(base)).length;
    const keys = await Promise.all(['a', 'b'].map(async (k) => (JSON.parse((await postWithKey(base, k, { Name: 'same' })).text) as TodoItem).Key));
    expect(keys[0]).not.toBe(keys[1]);
    await postJson(base, { Name: 'same' });
    await postJson(base, { Name: 'same' });
    expect(await getAll(base)).toHaveLength(before + 4);
  });

  it('20 concurrent POSTs with one key store exactly one item; each gets 201 (first or replay) or 409 (in flight)', async () => {
    const { base } = await start();
    const before = (await getAll(base)).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => postWithKey(base, 'burst', { Name: 'burst' })));
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const created = replies.filter((r) => r.status === 201).map((r) => (JSON.parse(r.text) as TodoItem).Key);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created).size).toBe(1);
    expect(await getAll(base)).toHaveLength(before + 1);
  });

  it.each([
    ['empty', ''],
    ['empty quotes', '""'],
    ['too long', 'k'.repeat(256)],
    ['a control character', 'a\u0001b'],
    ['a quote inside', 'a"b'],
  ])('a malformed key (%s) is 400 and stores nothing', async (_label, key) => {
    const { port, base } = await start();
    const before = await getAll(base);
    const body = json({ Name: 'x' });
    const reply = await raw(port, `POST /api/todo HTTP/1.1\r\nHost: x\r\nIdempotency-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect([400]).toContain(reply.status);
    expect(await getAll(base)).toEqual(before);
  });

  // node joins repeated headers it does not know into one value ("k1, k2"), which would pass as one key.
  it.each([
    ['two keys', 'Idempotency-Key: k1\r\nIdempotency-Key: k2\r\n'],
    ['the same key twice', 'Idempotency-Key: k1, k2\r\nIdempotency-Key: k1, k2\r\n'],
    ['names in other cases', 'idempotency-key: k1\r\nIDEMPOTENCY-KEY: k2\r\n'],
  ])('two Idempotency-Key headers (%s) are 400 problem+json and store nothing; no key is taken', async (_label, headers) => {
    const { port, base } = await start();
    const before = await getAll(base);
    const body = json({ Name: 'x' });
    const post = (keyHeaders: string) => raw(port, `POST /api/todo HTTP/1.1\r\nHost: x\r\n${keyHeaders}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expectProblem(await post(headers), 400);
    expect(await getAll(base)).toEqual(before);
    // The joined value was not remembered as a key: one header with it creates an item, it replays nothing.
    const single = await post('Idempotency-Key: k1, k2\r\n');
    expect([single.status, single.headers['idempotent-replayed']]).toEqual([201, undefined]);
  });
});

describe('Idempotency-Keys are bounded in bytes, whatever the bodies', () => {
  it('30 rounds of POST (100 KB Name, a fresh key) and DELETE: the keys are counted within maxKeyBytes, oldest forgotten first', async () => {
    const cap = 4096;
    const url = STORE === 'postgres' ? await freshPostgresUrl() : '';
    const repository = url ? await PostgresTodoRepository.open({ connectionString: url, connectTimeoutMs: 10_000, maxKeyBytes: cap }) : new InMemoryTodoRepository({ maxKeyBytes: cap });
    const { base } = await start({ repository });
    const body = (round: number) => ({ Name: `${round}:${'n'.repeat(100_000)}` });
    const key = (round: number) => `round-${String(round).padStart(2, '0')}`;
    const created: string[] = [];
    for (let round = 0; round < 30; round++) {
      const reply = await postJson(base, body(round), { 'idempotency-key': key(round) });
      expect(reply.status).toBe(201);
      created.push((JSON.parse(reply.text) as TodoItem).Key);
      expect((await http(base, 'DELETE', `/api/todo/${created[round]}`)).status).toBe(204);
      expect(await repository.keyBytes()).toBeLessThanOrEqual(cap);
    }
    const kept = Math.floor(cap / keySizeOf(key(0))); // every key is counted alike, whatever its body
    expect(await repository.keyBytes()).toBe(kept * keySizeOf(key(0)));
    if (url) {
      // What the table really holds: a digest and the item's key per row, not the 100 KB bodies.
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS keys, coalesce(sum(pg_column_size(k.*)), 0)::int AS bytes FROM todo_idempotency_keys k').finally(() => client.end());
      expect(rows[0].keys).toBe(kept);
      expect(rows[0].bytes).toBeLessThanOrEqual(cap);
    }
    const before = await getAll(base);
    // The newest key replays its first response although the item is deleted, and stores nothing.
    const replay = await postJson(base, body(29), { 'idempotency-key': key(29) });
    expect([replay.status, replay.headers['idempotent-replayed'], (JSON.parse(replay.text) as TodoItem).Key]).toEqual([201, 'true', created[29]]);
    expect(JSON.parse(replay.text)).toEqual({ Key: created[29], ...body(29), IsComplete: false });
    expect(await getAll(base)).toEqual(before);
    expectProblem(await postJson(base, body(28), { 'idempotency-key': key(29) }), 422);
    // The oldest was forgotten past the cap: the same request is new again.
    const again = await postJson(base, body(0), { 'idempotency-key': key(0) });
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect((JSON.parse(again.text) as TodoItem).Key).not.toBe(created[0]);
  });
});

describe('request targets and Host (RFC 9112)', () => {
  const post = (target: string, host: string, extra = ''): string => {
    const body = json({ Name: 'absolute' });
    return `POST ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  };

  it.each([
    ['GET http://host/api/todo', (port: number) => `GET http://127.0.0.1:${port}/api/todo HTTP/1.1\r\nHost: ignored.example\r\n\r\n`, 200],
    ['GET http://host/API/Todo?x=1 (case and query)', (port: number) => `GET http://127.0.0.1:${port}/API/Todo?x=1 HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
    ['GET https://host/healthz', (port: number) => `GET https://127.0.0.1:${port}/healthz HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
    ['GET http://host/nothing', (port: number) => `GET http://127.0.0.1:${port}/nothing HTTP/1.1\r\nHost: x\r\n\r\n`, 404],
  ])('an absolute-form target is routed by its path: %s', async (_label, request, status) => {
    const { port } = await start();
    expect((await raw(port, request(port))).status).toBe(status);
  });

  it('POST with an absolute-form target builds Location from the target\'s authority, not the Host header', async () => {
    const { port, base } = await start();
    const reply = await raw(port, post(`http://user:secret@api.example:8080/api/todo`, 'other.example'));
    expect(reply.status).toBe(201);
    const created = JSON.parse(reply.text) as TodoItem;
    expect(reply.headers.location).toBe(`http://api.example:8080/api/todo/${created.Key}`);
    expect((await getAll(base)).map((i) => i.Key)).toContain(created.Key);
  });

  it('OPTIONS * answers 204 with the methods the server offers', async () => {
    const { port } = await start();
    const reply = await raw(port, 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(reply.status).toBe(204);
    expect(String(reply.headers.allow).split(', ')).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
  });

  it('"*" with another method is 400', async () => {
    const { port } = await start();
    const reply = await raw(port, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n');
    expectProblem(reply, 400);
  });

  it.each([
    ['two Host headers', 'Host: b.example\r\n'],
    ['two Host headers, other case', 'HOST: b.example\r\n'],
  ])('%s: 400, nothing stored, and the connection is closed', async (_label, extra) => {
    const { port, base } = await start();
    const before = await getAll(base);
    const reply = await raw(port, post('/api/todo', 'a.example', extra));
    expectProblem(reply, 400);
    expect(reply.headers.connection).toBe('close');
    expect(await getAll(base)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Requests on one connection, in order (RFC 9112 §9.3 and §9.6): a request received whole before a line the
// server cannot read is answered first; after a response that says "connection: close", no request behind it
// runs. Several requests are sent in one write, on raw sockets, and every response is read until the close.

const PIPELINED_POST = ((body: string) => `POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`)(
  json({ Name: 'pipelined' }),
);

// Each request is answered with "connection: close": what any app on node:http refuses (closingRequests, made
// of a POST of an item), a body the server does not take, and a request whose client asks for the close.
const CLOSING: ClosingRow[] = [
  ...closingRequests({ change: 'POST /api/todo', body: json({ Name: 'refused' }), contentType: 'application/json', get: '/api/todo' }),
  { name: 'a body sent as text/plain', request: `POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}`, status: 415 },
  { name: 'a GET whose client asks for Connection: close', request: 'GET /api/todo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', status: 200 },
  { name: 'OPTIONS * without Host', request: 'OPTIONS * HTTP/1.1\r\n\r\n', status: 400 },
];

describe('requests on one connection, in order (RFC 9112)', () => {
  it.each(CLOSING)('$name: $status and the connection closes; a POST pipelined behind it is not run', async ({ request, status }) => {
    const { port, base } = await start();
    const before = await getAll(base);
    const socket = await rawConnect(port);
    const read = readUntilClose(socket);
    socket.write(request + PIPELINED_POST);
    const { replies } = await read;
    expect(replies.map((r) => [r.status, r.headers.connection])).toEqual([[status, 'close']]);
    if (status >= 400) expectProblem(replies[0], status);
    expect(await getAll(base)).toEqual(before); // read on a connection of its own
  });

  it('Transfer-Encoding: CHUNKED (any case) is chunked: 201', async () => {
    const { port } = await start();
    const body = json({ Name: 'chunked' });
    const reply = await raw(port, `POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: CHUNKED\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
    expect(reply.status).toBe(201);
  });

  const GARBAGE: [string, string][] = [
    ['a line that is not HTTP', 'GARBAGE\r\n\r\n'],
    ['a request with a malformed header', 'GET /api/todo HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    ['a chunked POST whose chunk size is not a number', 'POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['a CONNECT (a tunnel, for proxies)', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
  ];
  const GARBAGE_ROWS = GARBAGE.flatMap(([name, text]) => [1, 2].map((posts): [string, number, string] => [name, posts, text]));

  it.each(GARBAGE_ROWS)('%s after %i valid POSTs in one write: each POST 201, in order, then 400 and the close; what is stored is what was answered 201', async (_name, posts, garbage) => {
    const { port, base } = await start();
    const before = await getAll(base);
    const socket = await rawConnect(port);
    const read = readUntilClose(socket);
    socket.write(PIPELINED_POST.repeat(posts) + garbage);
    const { replies } = await read;
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(posts).fill(201), 400]);
    expectProblem(replies[posts], 400);
    expect(replies[posts].headers.connection).toBe('close');
    const created = replies.slice(0, posts).map((r) => (JSON.parse(r.text) as TodoItem).Key);
    expect((await getAll(base)).map((i) => i.Key).sort()).toEqual([...before.map((i) => i.Key), ...created].sort());
  });

  // A handler that reads no body (DELETE) still waits for it: a request whose body never arrives whole is a bad
  // request, and a bad request changes nothing.
  const BROKEN_BODIES: [string, (key: string) => string][] = [
    ['a chunk size that is not a number', (key) => `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`],
    ['a chunk cut by garbage', (key) => `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\nGARBAGE\r\n\r\n`],
    ['a Content-Length body the client never finishes', (key) => `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc`],
    ['a chunk size that is not a number, after 2,000 other headers', (key) => `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\n${MANY_HEADERS}Transfer-Encoding: chunked\r\n\r\nzz\r\n`],
    ['a Content-Length body the client never finishes, after 2,000 other headers', (key) => `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\n${MANY_HEADERS}Content-Length: 10\r\n\r\nabc`],
  ];
  it.each(BROKEN_BODIES)('a DELETE whose body is broken (%s) deletes nothing', async (_name, request) => {
    const { port, base } = await start();
    const key = await seededKey(base);
    const socket = await rawConnect(port);
    const read = readUntilClose(socket);
    socket.write(request(key));
    if (request(key).includes('Content-Length: 10')) socket.end(); // the client goes away mid-body
    const { replies } = await read;
    expect(replies.every((r) => r.status === 400)).toBe(true);
    expect((await getAll(base)).map((i) => i.Key)).toContain(key);
  });

  it('a DELETE with a whole body it ignores deletes: 204', async () => {
    const { port, base } = await start();
    const key = await seededKey(base);
    const reply = await raw(port, `DELETE /api/todo/${key} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n`);
    expect(reply.status).toBe(204);
    expect((await getAll(base)).map((i) => i.Key)).not.toContain(key);
  });
});

describe('routing details', () => {
  it('paths are case-insensitive', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const all = await http(base, 'GET', '/API/TODO');
    expect(all.status).toBe(200);
    expect(JSON.parse(all.text)).toHaveLength(1);
    const one = await http(base, 'GET', `/Api/Todo/${key}`);
    expect(one.status).toBe(200);
    expect(JSON.parse(one.text).Key).toBe(key);
    const created = await http(base, 'POST', '/API/ToDo', json({ Name: 'caps' }), { 'content-type': 'application/json' });
    expect(created.status).toBe(201);
    const newKey = (JSON.parse(created.text) as TodoItem).Key;
    expect((await http(base, 'PUT', `/aPi/tOdO/${newKey}`, json({ Key: newKey, Name: 'c' }), { 'content-type': 'application/json' })).status).toBe(204);
    expect((await http(base, 'DELETE', `/API/TODO/${newKey}`)).status).toBe(204);
    expect(await getAll(base)).toHaveLength(1);
  });

  it.each(['/DOCS', '/Docs/', '/docs/SWAGGER-UI.CSS', '/DOCS/Init.js', '/HEALTHZ', '/OpenAPI.json'])('GET %s → 200: every path of the server ignores case, the explorer\'s too', async (path) => {
    const { base } = await start();
    expect((await http(base, 'GET', path)).status).toBe(200);
  });

  it.each(['/docs', '/DOCS'])('POST %s → 405 with Allow, as on every path', async (path) => {
    const { base } = await start();
    const reply = await http(base, 'POST', path, json({}), HEADERS_JSON);
    expectProblem(reply, 405);
    expect(String(reply.headers.allow).split(', ')).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('a trailing slash is accepted', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const all = await http(base, 'GET', '/api/todo/');
    expect(all.status).toBe(200);
    expect(JSON.parse(all.text)).toHaveLength(1);
    const one = await http(base, 'GET', `/api/todo/${key}/`);
    expect(one.status).toBe(200);
    expect(JSON.parse(one.text).Key).toBe(key);
  });

  it('the query string does not affect routing', async () => {
    const { base } = await start();
    const reply = await http(base, 'GET', '/api/todo?x=1');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toHaveLength(1);
  });

  it('HEAD where GET exists: same status and headers, content-length, no body', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    for (const path of ['/api/todo', `/api/todo/${key}`, '/healthz']) {
      const get = await http(base, 'GET', path);
      const head = await http(base, 'HEAD', path);
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers['content-type']).toBe(JSON_CT);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    }
    const missing = await http(base, 'HEAD', '/api/todo/unknown-id');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('');
  });

  it('GET /healthz → 200 {"status":"ok"}', async () => {
    const { base } = await start();
    const reply = await http(base, 'GET', '/healthz');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    expect(JSON.parse(reply.text)).toEqual({ status: 'ok', store: STORE });
  });

  it('OPTIONS on a known path → 204 with Allow', async () => {
    const { base } = await start();
    const collection = await http(base, 'OPTIONS', '/api/todo');
    expect(collection.status).toBe(204);
    expect(collection.text).toBe('');
    const allowCollection = String(collection.headers.allow).split(/\s*,\s*/);
    expect(allowCollection).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST']));
    expect(allowCollection).not.toContain('PUT');
    expect(allowCollection).not.toContain('DELETE');

    const item = await http(base, 'OPTIONS', '/api/todo/some-id');
    expect(item.status).toBe(204);
    const allowItem = String(item.headers.allow).split(/\s*,\s*/);
    expect(allowItem).toEqual(expect.arrayContaining(['GET', 'HEAD', 'PUT', 'DELETE']));
    expect(allowItem).not.toContain('POST');
    expect(allowItem).not.toContain('PATCH');
  });

  it('POST on an item path and PUT/DELETE on the collection → 405 with Allow', async () => {
    const { base } = await start();
    const before = await getAll(base);
    const post = expectProblem(await http(base, 'POST', '/api/todo/x', json({ Name: 'x' }), { 'content-type': 'application/json' }), 405);
    expect(post.status).toBe(405);
    const put = await http(base, 'PUT', '/api/todo', json({ Name: 'x' }), { 'content-type': 'application/json' });
    expectProblem(put, 405);
    expect(String(put.headers.allow)).toContain('POST');
    expectProblem(await http(base, 'DELETE', '/api/todo'), 405);
    expect(await getAll(base)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Concurrency, the injected repository, the item cap

describe('concurrency', () => {
  it('500 concurrent POSTs → all 201, 500 unique keys, 501 items', async () => {
    const { base } = await start();
    const replies = await Promise.all(Array.from({ length: 500 }, (_, i) => postJson(base, { Name: `item ${i}`, IsComplete: i % 2 === 0 })));
    expect(replies.map((r) => r.status)).toEqual(Array(500).fill(201));
    const created = replies.map((r) => JSON.parse(r.text) as TodoItem);
    const keys = new Set(created.map((c) => c.Key));
    expect(keys.size).toBe(500);
    for (const key of keys) expect(key).toMatch(GUID);
    const all = await getAll(base);
    expect(all).toHaveLength(501);
    const stored = new Map(all.map((item) => [item.Key, item]));
    for (const item of created) expect(stored.get(item.Key)).toEqual(item);
  });

  it('concurrent PUTs and DELETEs on the same item leave a consistent store', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const puts = Array.from({ length: 50 }, (_, i) => putJson(base, key, { Key: key, Name: `v${i}`, IsComplete: true }));
    const results = await Promise.all(puts);
    for (const r of results) expect(r.status).toBe(204);
    const item = JSON.parse((await http(base, 'GET', `/api/todo/${key}`)).text) as TodoItem;
    expect(item.Name).toMatch(/^v\d+$/);
    const deletes = await Promise.all(Array.from({ length: 20 }, () => http(base, 'DELETE', `/api/todo/${key}`)));
    for (const r of deletes) expect(r.status).toBe(204);
    expect(await getAll(base)).toEqual([]);
  });
});

describe('injected repository (spec rule 4)', () => {
  it('the TodoRepository passed as `repository` is the one every operation uses', async () => {
    const fake = new FakeRepository();
    const { base } = await start({ repository: fake });
    expect(await getAll(base)).toEqual([{ Key: 'fake-1', Name: 'from the fake', IsComplete: true }]);
    expect(JSON.parse((await http(base, 'GET', '/api/todo/fake-1')).text)).toEqual(fake.items[0]);
    const created = await postJson(base, { Name: 'new' });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.text)).toEqual({ Key: 'fake-2', Name: 'new', IsComplete: false });
    expect(created.headers.location).toMatch(/\/api\/todo\/fake-2$/);
    expect((await putJson(base, 'fake-2', { Key: 'fake-2', Name: 'changed', IsComplete: true })).status).toBe(204);
    expect((await http(base, 'DELETE', '/api/todo/fake-1')).status).toBe(204);
    expect(fake.calls).toEqual(['getAll', 'find:fake-1', 'add', 'update:fake-2', 'remove:fake-1']);
    expect(fake.items).toEqual([{ Key: 'fake-2', Name: 'changed', IsComplete: true }]);
  });

  // The Location's path is generated once and each plain key written into it; a key that needs encoding is
  // generated by the route each time: both give what URL generation from the GetTodo route gives.
  it.each([
    ['a GUID', 'd3b07384-d9a0-4c9b-8f3e-1c2a3b4c5d6e', 'd3b07384-d9a0-4c9b-8f3e-1c2a3b4c5d6e'],
    ['the slot\'s own text', 'KeySlotOfTheLocation', 'KeySlotOfTheLocation'],
    ['a space', 'a b', 'a%20b'],
    ['a slash', 'x/y', 'x%2Fy'],
    ['a non-ASCII letter', 'é', '%C3%A9'],
    ['a quote', "it's", 'it%27s'],
  ])('Location for a key with %s, after a plain one: /api/todo/%s written as %s', async (_, key, written) => {
    const keys = ['plain-first', key];
    const fake = new (class extends FakeRepository {
      override async add(item: Omit<TodoItem, 'Key'>): Promise<TodoItem | null> {
        const stored = { Key: keys.shift()!, Name: item.Name, IsComplete: item.IsComplete };
        this.items.push(stored);
        return stored;
      }
    })();
    const { base } = await start({ repository: fake });
    expect((await postJson(base, { Name: 'first' })).headers.location).toBe(`${base}/api/todo/plain-first`);
    expect((await postJson(base, { Name: 'second' })).headers.location).toBe(`${base}/api/todo/${written}`);
  });

  it('a repository without addOnce still honours Idempotency-Keys (remembered by the controller): one add, then the same response', async () => {
    const fake = new FakeRepository();
    const { base } = await start({ repository: fake });
    const first = await postJson(base, { Name: 'once' }, { 'idempotency-key': 'fake-key' });
    const again = await postJson(base, { Name: 'once' }, { 'idempotency-key': 'fake-key' });
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect([again.text, again.headers.location]).toEqual([first.text, first.headers.location]);
    expect(fake.calls.filter((call) => call === 'add')).toHaveLength(1);
  });

  it('a repository that throws → 500 problem+json without the stack; the server keeps answering', async () => {
    const fake = new FakeRepository();
    fake.failGetAll = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { base } = await start({ repository: fake });
      const reply = await http(base, 'GET', '/api/todo');
      const body = expectProblem(reply, 500);
      expect(reply.text).not.toContain('database is down');
      expect(reply.text).not.toContain('/secret/path');
      expect(body.title).toBe('Internal Server Error');
      expect(logged).toHaveBeenCalled(); // the error goes to the log, not to the client
      // Still up.
      expect((await http(base, 'GET', '/healthz')).status).toBe(200);
      expect((await http(base, 'GET', '/api/todo/fake-1')).status).toBe(200);
      fake.failGetAll = false;
      expect(await getAll(base)).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('item cap', () => {
  it('maxItems: 1 (filled by the seed) → POST 507 problem, nothing stored', async () => {
    const { base } = await start({ maxItems: 1 });
    const before = await getAll(base);
    expect(before).toHaveLength(1);
    const reply = await postJson(base, { Name: 'one too many' });
    expectProblem(reply, 507);
    expect(reply.headers.location).toBeUndefined();
    expect(await getAll(base)).toEqual(before);
    // Room again after a DELETE.
    expect((await http(base, 'DELETE', `/api/todo/${before[0].Key}`)).status).toBe(204);
    expect((await postJson(base, { Name: 'fits now' })).status).toBe(201);
  });

  it('maxItems: 3 → exactly two more POSTs succeed, even when sent concurrently', async () => {
    const { base } = await start({ maxItems: 3 });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => postJson(base, { Name: `c${i}` })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 507)).toHaveLength(8);
    expect(await getAll(base)).toHaveLength(3);
  });
});

describe('byte cap (maxBytes) counts the UTF-8 bytes of item JSON', () => {
  // The seeded item ("Item1") is counted as 87 bytes; an item of each case's Name as its UTF-8 bytes in JSON
  // (quotes included) plus the 80 of the other fields.
  const SEED_BYTES = 87;
  const NAMES = [
    { script: 'CJK, 3 bytes a character', name: '漢字'.repeat(500), bytes: 3002 },
    { script: 'accented Latin, 2 bytes', name: 'é'.repeat(1000), bytes: 2002 },
    { script: 'emoji, 4 bytes (a surrogate pair)', name: '😀'.repeat(1000), bytes: 4002 },
    { script: 'mixed, with an escaped quote', name: 'a漢é😀"'.repeat(200), bytes: (1 + 3 + 2 + 4 + 2) * 200 + 2 },
  ];

  it.each(NAMES)('$script: POST exactly at the cap → 201, one byte over → 507', async ({ name, bytes }) => {
    const cap = SEED_BYTES + bytes + 80;
    const over = await start({ maxBytes: cap - 1 });
    expectProblem(await postJson(over.base, { Name: name }), 507);
    expect(await getAll(over.base)).toHaveLength(1);
    const at = await start({ maxBytes: cap });
    expect((await postJson(at.base, { Name: name })).status).toBe(201);
    expect((await getAll(at.base)).map((item) => item.Name)).toEqual(['Item1', name]);
    expectProblem(await postJson(at.base, { Name: null }), 507); // full to the byte
  });

  it.each(NAMES)('$script: PUT to exactly the cap → 204, one byte over → 507', async ({ name, bytes }) => {
    const cap = bytes + 80;
    for (const [maxBytes, status] of [[cap - 1, 507], [cap, 204]] as const) {
      const { base } = await start({ maxBytes });
      const key = await seededKey(base);
      const reply = await putJson(base, key, { Key: key, Name: name });
      expect(reply.status).toBe(status);
      expect((await getAll(base)).map((item) => item.Name)).toEqual([status === 204 ? name : 'Item1']);
    }
  });

  it.each(NAMES)('$script: DELETE gives back the bytes of the item as a PUT last stored it', async ({ name, bytes }) => {
    const cap = 87 + bytes + 80; // the seeded item and one item of this Name
    const { base } = await start({ maxBytes: cap });
    const key = (JSON.parse((await postJson(base, { Name: 'x' })).text) as TodoItem).Key;
    expect((await putJson(base, key, { Key: key, Name: name })).status).toBe(204); // grown to the cap
    expectProblem(await postJson(base, { Name: '' }), 507);
    expect((await http(base, 'DELETE', `/api/todo/${key}`)).status).toBe(204);
    expect((await postJson(base, { Name: name })).status).toBe(201); // all of the grown item's bytes came back
    expectProblem(await postJson(base, { Name: '' }), 507);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Bad input: each row is rejected with a problem, changes nothing, and leaves the server answering.

async function* chunks(total: number, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += size) {
    yield Buffer.alloc(Math.min(size, total - sent), 0x20);
  }
}

interface BadRow {
  name: string;
  status: number | readonly number[];
  /** Sends the request; `key` is the seeded item's Key. */
  send: (target: Running, key: string) => Promise<Reply>;
  /** Extra assertions on the reply. */
  check?: (reply: Reply) => void;
}

const HEADERS_JSON = { 'content-type': 'application/json' };

/** A validation problem naming `field` under `errors`, as ASP.NET's. */
const fieldError = (field: string) => (reply: Reply): void => {
  const body = JSON.parse(reply.text) as { errors?: Record<string, string[]> };
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
};

function bodyRows(method: 'POST' | 'PUT'): BadRow[] {
  const path = (key: string): string => (method === 'POST' ? '/api/todo' : `/api/todo/${key}`);
  const send =
    (body: Body | ((key: string) => Body), headers: Record<string, string> = HEADERS_JSON) =>
    ({ base }: Running, key: string): Promise<Reply> =>
      http(base, method, path(key), typeof body === 'function' ? body(key) : body, headers);
  // A body that would be valid for this method, so only the tested defect makes it fail.
  const valid = (key: string): string => json({ Key: key, Name: 'ok', IsComplete: true });
  const withKey = (fields: Record<string, unknown>) => (key: string) => json(method === 'PUT' ? { Key: key, ...fields } : fields);
  return [
    { name: 'Content-Type text/plain', status: 415, send: send(valid, { 'content-type': 'text/plain' }) },
    { name: 'Content-Type application/jsonx', status: 415, send: send(valid, { 'content-type': 'application/jsonx' }) },
    { name: 'Content-Type application/json; charset=latin1', status: 415, send: send(valid, { 'content-type': 'application/json; charset=latin1' }) },
    { name: 'Content-Type text/json', status: 415, send: send(valid, { 'content-type': 'text/json' }) },
    { name: 'no Content-Type with a body', status: 415, send: send(valid, {}) },
    { name: 'no body', status: 400, send: send(undefined, {}) },
    { name: 'empty body with a JSON type', status: 400, send: send('') },
    { name: 'invalid JSON "{"', status: 400, send: send('{') },
    { name: 'JSON array []', status: 400, send: send('[]') },
    { name: 'JSON string "x"', status: 400, send: send('"x"') },
    { name: 'JSON null', status: 400, send: send('null') },
    { name: 'JSON number 42', status: 400, send: send('42') },
    { name: 'Name: 5', status: 400, send: send(withKey({ Name: 5 })) },
    { name: 'Name: {}', status: 400, send: send(withKey({ Name: {} })) },
    { name: 'IsComplete: "yes"', status: 400, send: send(withKey({ Name: 'x', IsComplete: 'yes' })) },
    { name: 'IsComplete: null', status: 400, send: send(withKey({ Name: 'x', IsComplete: null })) },
    { name: 'Key: 7', status: 400, send: send(json({ Key: 7, Name: 'x' })) },
    // One rule for every store: text that a store cannot keep exactly is refused, naming the field.
    { name: 'Name with U+0000', status: 400, send: send(withKey({ Name: 'a\u0000b' })), check: fieldError('Name') },
    { name: 'name (any case) with U+0000', status: 400, send: send((key: string) => (method === 'PUT' ? `{"key":${json(key)},"name":"a\\u0000b"}` : '{"name":"a\\u0000b"}')), check: fieldError('Name') },
    { name: 'Name with a lone high surrogate', status: 400, send: send(withKey({ Name: 'x\ud800y' })), check: fieldError('Name') },
    { name: 'Name with a lone low surrogate (escaped in the JSON)', status: 400, send: send((key: string) => (method === 'PUT' ? `{"Key":${json(key)},"Name":"\\udc00"}` : '{"Name":"\\udc00"}')), check: fieldError('Name') },
    { name: 'Key with U+0000', status: 400, send: send(json({ Key: 'k\u0000', Name: 'x' })), check: fieldError('Key') },
    // Invalid UTF-8 under charset=utf-8 is refused, never stored with replacement characters.
    { name: 'invalid UTF-8 bytes FF FE in a string', status: 400, send: send(Buffer.concat([Buffer.from('{"Name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]), { 'content-type': 'application/json; charset=utf-8' }) },
    { name: 'an overlong "/" (C0 AF)', status: 400, send: send(Buffer.concat([Buffer.from('{"Name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])) },
    { name: 'an encoded surrogate (ED A0 80)', status: 400, send: send(Buffer.concat([Buffer.from('{"Name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])) },
    { name: 'a truncated sequence at the end (E2 82)', status: 400, send: send(Buffer.concat([Buffer.from('{"Name":"x"}'), Buffer.from([0xe2, 0x82])])) },
    { name: 'invalid bytes (FF) beside a real U+FFFD', status: 400, send: send(Buffer.concat([Buffer.from('{"Name":"\ufffd'), Buffer.from([0xff]), Buffer.from('"}')])) },
    {
      name: 'body > 1 MiB with Content-Length (only the headers and a few bytes sent)',
      status: 413,
      send: ({ port }, key) =>
        raw(port, `${method} ${path(key)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"Name":"`),
    },
    {
      name: 'chunked body > 1 MiB',
      status: 413,
      send: send(() => chunks(MIB + 64 * 1024)),
    },
  ];
}

const bad: BadRow[] = [
  ...bodyRows('POST').map((row) => ({ ...row, name: `POST ${row.name}` })),
  ...bodyRows('PUT').map((row) => ({ ...row, name: `PUT ${row.name}` })),
  {
    name: 'PATCH /api/todo/{id}',
    status: 405,
    send: ({ base }, key) => http(base, 'PATCH', `/api/todo/${key}`, json({ Key: key, Name: 'patched' }), HEADERS_JSON),
    check: (reply) => {
      const allow = String(reply.headers.allow).split(/\s*,\s*/);
      expect(allow).toEqual(expect.arrayContaining(['GET', 'HEAD', 'PUT', 'DELETE']));
      expect(allow).not.toContain('PATCH');
    },
  },
  { name: 'PATCH /api/todo', status: 405, send: ({ base }) => http(base, 'PATCH', '/api/todo', json({ Name: 'p' }), HEADERS_JSON) },
  { name: 'unknown path /api/nothing', status: 404, send: ({ base }) => http(base, 'GET', '/api/nothing') },
  { name: 'POST to an unknown path', status: 404, send: ({ base }) => http(base, 'POST', '/api/nothing', json({ Name: 'x' }), HEADERS_JSON) },
  { name: 'GET /api/todo/%zz (malformed escape)', status: [400, 404], send: ({ port }) => raw(port, 'GET /api/todo/%zz HTTP/1.1\r\nHost: x\r\n\r\n') },
  { name: 'GET /api/todo/%E0%A4 (truncated UTF-8)', status: [400, 404], send: ({ base }) => http(base, 'GET', '/api/todo/%E0%A4') },
  {
    name: 'PUT /api/todo/%zz',
    status: [400, 404],
    send: ({ port }) => {
      const body = json({ Key: '%zz', Name: 'x' });
      return raw(port, `PUT /api/todo/%zz HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    },
  },
  { name: 'DELETE /api/todo/%E0%A4', status: [204, 400, 404], send: ({ base }) => http(base, 'DELETE', '/api/todo/%E0%A4') },
  { name: 'URL over 8 KiB', status: 414, send: ({ base }) => http(base, 'GET', `/api/todo/${'a'.repeat(9 * 1024)}`) },
  { name: 'URL over 8 KiB on POST', status: 414, send: ({ base }) => http(base, 'POST', `/api/todo?${'q'.repeat(9 * 1024)}`, json({ Name: 'x' }), HEADERS_JSON) },
  {
    name: 'malformed request line "GARBAGE"',
    status: 400,
    send: ({ port }) => raw(port, 'GARBAGE\r\n\r\n'),
    check: (reply) => expect((reply as RawReply).headers.connection).toBe('close'),
  },
  { name: 'request headers over 128 KiB', status: 431, send: ({ port }) => raw(port, `GET /api/todo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(140 * 1024)}\r\n\r\n`) },
  // Node's 16 KiB budget for the request line and headers: a 20 KB junk header is refused (431), while a
  // request line past the budget is still told apart as an over-long URL (414).
  { name: 'a 20 KB request header', status: 431, send: ({ port }) => raw(port, `GET /api/todo HTTP/1.1\r\nHost: x\r\nX-Junk: ${'a'.repeat(20_000)}\r\n\r\n`) },
  { name: 'URL over 16 KiB (past the header budget)', status: 414, send: ({ port }) => raw(port, `GET /api/todo/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`) },
  { name: 'URL over 16 KiB via undici', status: 414, send: ({ base }) => http(base, 'GET', `/api/todo?${'q'.repeat(40_000)}`) },
  { name: 'malformed header line', status: 400, send: ({ port }) => raw(port, 'GET /api/todo HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n') },
  {
    name: 'Content-Length and Transfer-Encoding both sent (request smuggling)',
    status: 400,
    send: ({ port }) =>
      raw(port, 'POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'),
  },
];

describe('bad input', () => {
  it.each(bad)('$name', async (row) => {
    const target = await start();
    const before = await getAll(target.base);
    const key = before[0].Key;
    const reply = await row.send(target, key);
    const statuses = typeof row.status === 'number' ? [row.status] : row.status;
    expect(statuses).toContain(reply.status);
    if (reply.status !== 204) expectProblem(reply, reply.status);
    row.check?.(reply);
    // The store is unchanged and the server still answers.
    expect(await getAll(target.base)).toEqual(before);
    expect((await http(target.base, 'GET', `/api/todo/${key}`)).status).toBe(200);
  });

  it('415 is answered before the body is read and the connection is closed after it', async () => {
    const { base } = await start();
    const reply = await http(base, 'POST', '/api/todo', json({ Name: 'x' }), { 'content-type': 'text/plain' });
    expectProblem(reply, 415);
    expect(reply.headers.connection).toBe('close');
  });
});

interface GoodRow {
  name: string;
  body: string;
  contentType?: string;
  expected: Omit<TodoItem, 'Key'>;
  check?: () => void;
}

const good: GoodRow[] = [
  { name: 'Content-Type APPLICATION/JSON; Charset="UTF-8"', body: json({ Name: 'caps', IsComplete: true }), contentType: 'APPLICATION/JSON; Charset="UTF-8"', expected: { Name: 'caps', IsComplete: true } },
  { name: 'Content-Type application/json;charset=utf-8', body: json({ Name: 'tight' }), contentType: 'application/json;charset=utf-8', expected: { Name: 'tight', IsComplete: false } },
  { name: 'unknown fields are ignored', body: json({ Name: 'extra', Priority: 5, tags: ['a'], Id: 'x' }), expected: { Name: 'extra', IsComplete: false } },
  // ASP.NET binds JSON property names ignoring case: the tutorials' own JavaScript clients send these.
  { name: 'camelCase names (the ASP.NET tutorial client)', body: json({ name: 'walk dog', isComplete: true }), expected: { Name: 'walk dog', IsComplete: true } },
  { name: 'names in any case', body: json({ NAME: 'shout', iscomplete: true }), expected: { Name: 'shout', IsComplete: true } },
  { name: 'a name in two cases: the last one wins (System.Text.Json)', body: '{"Name":"first","name":"last"}', expected: { Name: 'last', IsComplete: false } },
  { name: 'a UTF-8 byte-order mark before the JSON', body: '\ufeff' + json({ Name: 'bom' }), expected: { Name: 'bom', IsComplete: false } },
  { name: 'well-formed surrogate pairs and U+FFFD are kept', body: json({ Name: '😀 \ufffd ok' }), expected: { Name: '😀 \ufffd ok', IsComplete: false } },
  {
    name: '"__proto__" key: no prototype pollution',
    body: '{"__proto__": {"polluted": true, "IsComplete": true}, "Name":"x"}',
    expected: { Name: 'x', IsComplete: false },
    check: () => expect(({} as Record<string, unknown>).polluted).toBeUndefined(),
  },
  { name: '"constructor" key is ignored', body: '{"constructor": {"prototype": {"polluted": true}}, "Name":"c"}', expected: { Name: 'c', IsComplete: false }, check: () => expect(({} as Record<string, unknown>).polluted).toBeUndefined() },
  { name: 'Name with escapes and unicode', body: '{"Name":"line\\nbreak \\"quoted\\" \\u00e9 😀"}', expected: { Name: 'line\nbreak "quoted" é 😀', IsComplete: false } },
  { name: 'a body of exactly 1 MiB', body: json({ Name: 'big' }).padEnd(MIB, ' '), expected: { Name: 'big', IsComplete: false } },
];

describe('accepted input', () => {
  it.each(good)('POST $name → 201, only Key/Name/IsComplete stored', async (row) => {
    const { base } = await start();
    const reply = await http(base, 'POST', '/api/todo', row.body, { 'content-type': row.contentType ?? 'application/json' });
    expect(reply.status).toBe(201);
    const created = JSON.parse(reply.text) as TodoItem;
    expect(Object.keys(created)).toEqual(['Key', 'Name', 'IsComplete']);
    expect(created).toEqual({ Key: created.Key, ...row.expected });
    const stored = JSON.parse((await http(base, 'GET', `/api/todo/${created.Key}`)).text) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['Key', 'Name', 'IsComplete']);
    expect(stored).toEqual(created);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    row.check?.();
  });

  it('PUT with Content-Type APPLICATION/JSON; Charset="UTF-8" → 204', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const reply = await http(base, 'PUT', `/api/todo/${key}`, json({ Key: key, Name: 'caps', IsComplete: true }), {
      'content-type': 'APPLICATION/JSON; Charset="UTF-8"',
    });
    expect(reply.status).toBe(204);
    expect(JSON.parse((await http(base, 'GET', `/api/todo/${key}`)).text)).toEqual({ Key: key, Name: 'caps', IsComplete: true });
  });

  it('PUT with a "__proto__" key changes only Key/Name/IsComplete', async () => {
    const { base } = await start();
    const key = await seededKey(base);
    const reply = await http(base, 'PUT', `/api/todo/${key}`, `{"Key":${json(key)},"__proto__":{"polluted":true},"Name":"p"}`, HEADERS_JSON);
    expect(reply.status).toBe(204);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = JSON.parse((await http(base, 'GET', `/api/todo/${key}`)).text) as Record<string, unknown>;
    expect(stored).toEqual({ Key: key, Name: 'p', IsComplete: false });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Slow clients, timeouts, graceful shutdown

describe('connections', () => {
  it('is configured with the documented timeouts: 30 s headers and request, 5 s keep-alive', () => {
    const server = createTodoServer({ log: false }); // (start() switches the keep-alive timeout off)
    expect(server.headersTimeout).toBe(30_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
  });

  it('a slow client sending its headers bit by bit does not block other clients', async () => {
    const { base, port } = await start();
    const slow = await rawConnect(port);
    let slowData = '';
    slow.on('data', (chunk: Buffer) => (slowData += chunk.toString('latin1')));
    slow.write('GET /api/todo HTTP/1.1\r\n');
    let writing = true;
    const dribble = (async () => {
      for (let i = 0; writing; i++) {
        await sleep(50);
        if (writing) slow.write(`X-Slow-${i}: ${i}\r\n`);
      }
    })();
    try {
      await sleep(120);
      const replies = await Promise.all([http(base, 'GET', '/api/todo'), http(base, 'GET', '/healthz')]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(slowData).toBe(''); // the slow request is still open, unanswered
      writing = false;
      await dribble;
      const slowReply = readResponse(slow);
      slow.write('Host: x\r\n\r\n');
      expect((await slowReply).status).toBe(200);
    } finally {
      writing = false;
      slow.destroy();
    }
  });

  it('a client that stalls in the middle of a body does not block other clients', async () => {
    const { server, base, port } = await start();
    withoutServerTimers(server);
    const stalled = await rawConnect(port);
    stalled.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Na');
    try {
      await sleep(50);
      const reply = await http(base, 'POST', '/api/todo', json({ Name: 'fast' }), HEADERS_JSON);
      expect(reply.status).toBe(201);
      expect(await getAll(base)).toHaveLength(2);
    } finally {
      stalled.destroy();
    }
  });

  it('a client that goes away in the middle of a body: the body read ends in a 400, and nothing is thrown', async () => {
    // Against the body reader itself, on a plain node:http server: the answer cannot reach a client that is gone.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const read = new Promise<BodyResult>((resolve) => server.once('request', (req) => readJsonBody({ request: { raw: req } } as unknown as HttpContext, (_, body) => resolve(body))));
      const gone = await rawConnect((server.address() as AddressInfo).port);
      const received = once(server, 'request');
      gone.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Na');
      await received;
      gone.destroy();
      expect(await read).toEqual({ ok: false, status: 400, detail: 'The body could not be read.' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a continuation that throws on a body read from the stream: readJsonBody\'s promise rejects with it, nothing is thrown out of the stream', async () => {
    // The handlers pass their rest as a continuation; what it throws must reach the app's 500 as a rejection, not the
    // 'end' event (an uncaught exception).
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const failure = new Error('the continuation failed');
      const seen: BodyResult[] = [];
      const read = new Promise<unknown>((resolve) =>
        server.once('request', (req, res) => {
          const done = readJsonBody({ request: { raw: req }, response: { raw: res } } as unknown as HttpContext, (_, body) => {
            seen.push(body);
            throw failure;
          });
          resolve(Promise.resolve(done).then(() => 'resolved', (error: unknown) => error));
          res.end();
        }),
      );
      const socket = await rawConnect((server.address() as AddressInfo).port);
      socket.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"Name":"a"}\n');
      expect(await read).toBe(failure);
      expect(seen).toEqual([{ ok: true, value: { Name: 'a' } }]);
      socket.destroy();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('keeps a connection alive across requests', async () => {
    const { port } = await start();
    const socket = await rawConnect(port);
    try {
      for (let i = 0; i < 3; i++) {
        const reply = readResponse(socket);
        socket.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
        const r = await reply;
        expect(r.status).toBe(200);
        expect(r.socketClosed).toBe(false);
      }
    } finally {
      socket.destroy();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Connections on which nothing moves (writeTimeoutMs): closed by one sweep, with no timer per request. The bound
// is set small here; each test waits for the close event, it does not time it.

describe('connections on which nothing moves (writeTimeoutMs)', () => {
  const BOUND_MS = 100;

  /**
   * A server with the small bound, without node's request timeouts (the bound, not they, closes a stalled
   * connection), and whose idle keep-alive connections stay (the client's pooled ones too: reused, not reset).
   * Its store is in memory whatever the project's: it answers in the turn that reads the request, so no request
   * of the test itself waits on a database for longer than the bound.
   */
  const startBounded = async (repository: TodoRepository = new InMemoryTodoRepository()): Promise<Running> => {
    const running = await start({ writeTimeoutMs: BOUND_MS, repository });
    withoutServerTimers(running.server);
    running.server.keepAliveTimeout = PATIENCE_MS * 2;
    return running;
  };

  /** The server's side of the next connection. */
  const nextConnection = (server: Server): Promise<Socket> => once(server, 'connection').then(([socket]) => socket as Socket);

  it('a request arms no socket timer: the bound costs nothing per request', async () => {
    // server.setTimeout's timer per socket, which node re-arms on every read and write, cost ~1,400 instructions a request.
    const { server, base } = await start();
    const timeouts: (number | undefined)[] = [];
    server.on('request', (req) => timeouts.push(req.socket.timeout));
    expect((await http(base, 'GET', '/api/todo')).status).toBe(200);
    expect((await putJson(base, 'none', { Key: 'none', Name: 'x' })).status).toBe(404);
    expect(timeouts).toHaveLength(2);
    for (const timeout of timeouts) expect(timeout ?? 0).toBe(0);
  });

  it('a request that stalls in its body is closed, and others are served meanwhile', async () => {
    const { base, port } = await startBounded();
    const stalled = await rawConnect(port);
    const closed = once(stalled, 'close');
    stalled.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Na');
    expect((await postJson(base, { Name: 'fast' })).status).toBe(201);
    await closed;
    expect(await getAll(base)).toHaveLength(2); // the stalled POST stored nothing
  });

  it('a connection that sends nothing is closed', async () => {
    const { port } = await startBounded();
    const silent = await rawConnect(port);
    await once(silent, 'close');
  });

  it('a response the client does not read is closed', async () => {
    // A list far larger than the kernel's socket buffers: the server has bytes it cannot send.
    const ITEMS = 16;
    const NAME_LENGTH = 1_000_000;
    const seed = Array.from({ length: ITEMS }, (_, i) => ({ Name: `${i}`.padEnd(NAME_LENGTH, 'x'), IsComplete: false }));
    const { server, port } = await startBounded(new InMemoryTodoRepository({ seed }));
    const serverSide = nextConnection(server);
    const client = await rawConnect(port);
    client.pause(); // never read
    client.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
    const socket = await serverSide;
    await once(socket, 'close');
    expect(socket.bytesWritten - socket.writableLength).toBeLessThan(ITEMS * NAME_LENGTH); // it was stuck, not done
    client.destroy();
  });

  it.each<[string, string, boolean]>([
    ['its headers cut short, sent after the first response', 'GET /api/todo HTTP/1.1\r\nHo', false],
    ['its request line cut short, sent after the first response', 'GET /api/to', false],
    ['its headers cut short, sent with the first request', 'GET /api/todo HTTP/1.1\r\nHo', true],
    ['its body cut short, sent after the first response', 'POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Na', false],
  ])('a second request on a kept-alive connection, %s, stalls as any other: closed by the bound', async (_name, partial, together) => {
    const { base, port } = await startBounded();
    const socket = await rawConnect(port);
    const closed = socketClosed(socket);
    const first = readResponse(socket);
    const get = 'GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n';
    socket.write(together ? get + partial : get);
    expect((await first).status).toBe(200);
    if (!together) socket.write(partial);
    await closed;
    expect(await getAll(base)).toHaveLength(1); // the cut POST stored nothing
  });

  it('a connection idle between keep-alive requests is keepAliveTimeout\'s, not closed by the bound', async () => {
    const { port } = await startBounded();
    const idle = await rawConnect(port);
    const first = readResponse(idle);
    idle.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await first).status).toBe(200);
    // Idle from now on. A connection that stalls after it is closed by the bound: the idle one has been idle longer.
    const stalled = await rawConnect(port);
    const closed = once(stalled, 'close');
    stalled.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Na');
    await closed;
    const second = readResponse(idle);
    idle.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
    const reply = await second;
    expect(reply.status).toBe(200);
    expect(reply.socketClosed).toBe(false);
    idle.destroy();
  });
});

// ---------------------------------------------------------------------------------------------------------
// Pipelined requests that are never read: a connection is not read while its unsent responses are over the bound

describe('pipelined requests a client never reads (maxUnsentBytes)', () => {
  const BOUND = 64 * 1024;
  // Requests of 1 KiB (a padding header), so that one read of the server (64 KiB at most) holds 64 of them and
  // the pipeline is many reads long.
  const REQUEST = `GET /api/todo HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(1024 - 44)}\r\n\r\n`;
  const READ_BYTES = 64 * 1024;
  // A small list (one string, one write) and a large one (over 64 KiB: streamed); each pipeline's responses are
  // many times what the kernel's socket buffers take, so the server must stop somewhere.
  const LISTS = [
    { list: 'small', items: 10, nameLength: 500, requests: 4_000 },
    { list: 'large', items: 20, nameLength: 10_000, requests: 150 },
  ];

  it.each(LISTS)('$list list: the unsent bytes stay within the bound and one response, reading stops, and every response comes once read', async ({ items, nameLength, requests }) => {
    const { server, port, base } = await start({ maxUnsentBytes: BOUND, writeTimeoutMs: 0 });
    withoutServerTimers(server);
    for (let i = 1; i < items; i++) expect((await postJson(base, { Name: `${i}`.padEnd(nameLength, 'x') })).status).toBe(201);
    const list = (await http(base, 'GET', '/api/todo')).text;
    expect(REQUEST.length).toBe(1024);

    // The server's side of the pipelining connection: its responses, and the most it ever had unsent.
    let serverSocket: Socket | null = null;
    server.once('connection', (socket: Socket) => (serverSocket = socket));
    const live = new Set<import('node:http').ServerResponse>();
    let parsed = 0;
    let mostUnsent = 0;
    let mostPending = 0;
    /** Bytes written for the client and not yet taken by the kernel: the socket's buffer, and the responses queued behind the one that has the socket. */
    const measure = (): void => {
      let unsent = serverSocket?.writableLength ?? 0;
      for (const res of live) if (res.socket === null) unsent += res.writableLength;
      mostUnsent = Math.max(mostUnsent, unsent);
      mostPending = Math.max(mostPending, live.size);
    };
    server.on('request', (_req, res) => {
      parsed++;
      live.add(res);
      const done = (): void => {
        measure();
        live.delete(res);
      };
      res.once('finish', done);
      res.once('close', done);
      measure();
    });
    const responseBytes = list.length + 200; // the status line and headers are under 200 bytes
    const withinBounds = (): boolean => mostUnsent <= BOUND + responseBytes && mostPending <= READ_BYTES / REQUEST.length + 2;

    const client = await rawConnect(port);
    client.pause(); // never read (until the end)
    client.write(REQUEST.repeat(requests));
    // Until the server is stuck: requests wait that cannot run (their response has not started) and the socket
    // holds bytes the kernel will not take; or, on a server without the bound, until it is over it.
    const stuck = (): boolean => {
      if (serverSocket === null) return false;
      let waiting = 0;
      for (const res of live) if (!res.headersSent) waiting++;
      return waiting > 0 && serverSocket.isPaused() && serverSocket.writableLength > 0;
    };
    await vi.waitFor(() => {
      measure();
      expect(!withinBounds() || stuck()).toBe(true);
    }, { timeout: PATIENCE_MS, interval: 5 });
    expect(mostUnsent, `unsent bytes (bound ${BOUND}, response ${responseBytes})`).toBeLessThanOrEqual(BOUND + responseBytes);
    expect(mostPending, 'requests parsed and not answered').toBeLessThanOrEqual(READ_BYTES / REQUEST.length + 2);
    expect(serverSocket!.bytesRead, 'the server stopped reading').toBeLessThan(REQUEST.length * requests);

    // The client reads at last: every request is answered, in order, with the list, and the bound holds throughout.
    const answered: number[] = [];
    const firstBody: Buffer[] = [];
    let buffer: Buffer = Buffer.alloc(0);
    let rest = 0; // body bytes of the response at hand still to take
    const all = new Promise<void>((resolve, reject) => {
      client.on('close', () => reject(new Error(`closed after ${answered.length} responses`)));
      client.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          if (rest > 0) {
            const take = Math.min(rest, buffer.length);
            if (answered.length === 1) firstBody.push(buffer.subarray(0, take));
            rest -= take;
            buffer = buffer.subarray(take);
            if (rest > 0) return;
            if (answered.length === requests) resolve();
          }
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          answered.push(Number(head.split(' ')[1]));
          rest = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
          buffer = buffer.subarray(end + 4);
          if (rest === 0 && answered.length === requests) resolve();
        }
      });
    });
    client.resume();
    await all;
    measure();
    expect(answered).toEqual(Array(requests).fill(200));
    expect(Buffer.concat(firstBody).toString()).toBe(list);
    expect(parsed).toBe(requests);
    expect(mostUnsent).toBeLessThanOrEqual(BOUND + responseBytes);
    expect(mostPending).toBeLessThanOrEqual(READ_BYTES / REQUEST.length + 2);
    client.destroy();
  });
});

describe('graceful shutdown', () => {
  it('resolves while an idle keep-alive connection is open (closes it) and stops accepting', async () => {
    const { server, port, base } = await start();
    withoutServerTimers(server); // the idle connection is closed by shutdown, not by the keep-alive timeout
    const idle = await rawConnect(port);
    const reply = readResponse(idle);
    idle.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
    const r = await reply;
    expect(r.status).toBe(200);
    expect(r.socketClosed).toBe(false); // keep-alive: the connection stays open, idle
    const closed = socketClosed(idle);
    await shutdown(server);
    await closed;
    expect(server.listening).toBe(false);
    await expect(request(`${base}/api/todo`)).rejects.toThrow();
    running.delete(server);
  });

  it('lets a request in flight finish: its body completes after shutdown starts and it gets its response', async () => {
    const { server, port } = await start();
    const socket = await rawConnect(port);
    const body = json({ Name: 'finished during shutdown' });
    const arrived = once(server, 'request');
    socket.write(`POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    socket.write(body.slice(0, 5));
    await arrived; // the handler is now waiting for the rest of the body
    let done = false;
    const stopping = shutdown(server).then(() => (done = true));
    await sleep(100);
    expect(done).toBe(false); // it waits for the request in flight
    expect(server.listening).toBe(false); // but no longer accepts new connections
    const reply = readResponse(socket);
    socket.write(body.slice(5));
    const r = await reply;
    expect(r.status).toBe(201);
    expect(JSON.parse(r.text)).toMatchObject({ Name: 'finished during shutdown', IsComplete: false });
    await stopping; // after the last response: the connection is idle now
    socket.destroy();
    running.delete(server);
  });

  it('forces the connections closed after the grace period', async () => {
    const { server, port } = await start();
    withoutServerTimers(server); // only the grace period can end the stalled request
    const socket = await rawConnect(port);
    const arrived = once(server, 'request');
    socket.write('POST /api/todo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{');
    await arrived;
    const closed = socketClosed(socket);
    await shutdown(server, 200);
    await closed;
    running.delete(server);
  });
});

// ---------------------------------------------------------------------------------------------------------
// `npm start`: the bundled server as a process

describe('dist/todo-server.js (npm start)', () => {
  const children: ChildProcess[] = [];

  beforeAll(() => {
    if (!existsSync(`${ROOT}dist/todo-server.js`)) {
      execFileSync(process.execPath, ['build.mjs'], { cwd: ROOT, stdio: 'inherit', timeout: 120_000 });
    }
  });

  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  async function launch(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
    const child = spawn(process.execPath, ['dist/todo-server.js'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', ...(STORE === 'postgres' ? { TODO_STORE: await freshPostgresUrl() } : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const lines: string[] = [];
    let pending = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          pending += chunk.toString();
          const parts = pending.split('\n');
          pending = parts.pop()!;
          for (const line of parts) {
            lines.push(line);
            const found = /listening on (http:\/\/127\.0\.0\.1:(\d+))\s*$/.exec(lines[0]);
            if (lines.length === 1) (found && Number(found[2]) > 0 ? resolve(found[1]) : reject(new Error(`unexpected first line: ${line}`)));
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
      });
    return { child, url, lines };
  }

  async function exitOf(child: ChildProcess): Promise<number | null> {
    if (child.exitCode !== null && child.stdout!.closed) return child.exitCode;
    const [code] = (await once(child, 'close')) as [number | null];
    return code;
  }

  it('serves the API on the port it prints, logs one JSON line per request, and exits 0 on SIGTERM', async () => {
    const { child, url, lines } = await launch({});
    const reply = await http(url, 'GET', '/api/todo');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(JSON_CT);
    const items = JSON.parse(reply.text) as TodoItem[];
    expect(items).toHaveLength(1);
    expect(items[0].IsComplete).toBe(false);
    const created = await postJson(url, { Name: 'from the process' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`${url}/api/todo/${(JSON.parse(created.text) as TodoItem).Key}`);

    // The log is written in batches (every 20 ms): wait until both lines have arrived, however busy the machine.
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(3), { timeout: PATIENCE_MS, interval: 20 });
    const logs = lines.slice(1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logs).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/todo', status: 200 }));
    expect(logs).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/todo', status: 201 }));
    for (const log of logs) expect(typeof log.durationMs).toBe('number');

    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('TODO_LOG=off prints no request lines; SIGTERM with an idle keep-alive connection exits 0 without waiting for it', async () => {
    // The keep-alive timeout is longer than the suite's time limit: a shutdown that waited for the idle
    // connection would never exit in time, whatever the machine's speed.
    const { child, url, lines } = await launch({ TODO_LOG: 'off', TODO_KEEP_ALIVE_MS: String(PATIENCE_MS * 2) });
    const { port } = new URL(url);
    const idle = await rawConnect(Number(port));
    const reply = readResponse(idle);
    idle.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await reply).status).toBe(200);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Everything the process printed has arrived by its exit: the start line and the shutdown line, no request line.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/SIGTERM/);
    idle.destroy();
  });

  it('TODO_KEEP_ALIVE_MS that is not a number of milliseconds stops the start with a clear message', async () => {
    const child = spawn(process.execPath, ['dist/todo-server.js'], { cwd: ROOT, env: { ...process.env, PORT: '0', TODO_KEEP_ALIVE_MS: '5s' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('TODO_KEEP_ALIVE_MS must be a whole number of milliseconds from 1 to 3600000 (got "5s")');
  });
});

// The to-do API on fastify over PostgreSQL with `pg`: the baseline of the to-do server's PostgreSQL store. The
// same schema (the store's own migrations, bundled from src/todo/postgres-schema.ts at start-up, with its
// triggers that count items and bytes), the same pool settings and the same SQL statements as
// src/todo/postgres-repository.ts, the same JSON shapes and status codes as fastify-todo.mjs. With WORKERS=2
// it runs in node:cluster, as the to-do server does under TODO_WORKERS.
// Env: PORT, HOST (default 127.0.0.1), DATABASE_URL (postgres://…), WORKERS (default 1), TODO_MAX_ITEMS.
import cluster from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import Fastify from 'fastify';
import pg from 'pg';

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  console.error('fastify-pg-todo: set DATABASE_URL to a postgres:// URL');
  process.exit(2);
}
const workers = Number(process.env.WORKERS ?? 1);
const statementTimeout = 5_000;
const pool = new pg.Pool({
  connectionString,
  max: 10,
  connectionTimeoutMillis: 1_000,
  statement_timeout: statementTimeout,
  query_timeout: statementTimeout + 1_000,
  idleTimeoutMillis: 30_000,
  application_name: 'fastify-todo',
});
pool.on('error', () => undefined);

if (cluster.isPrimary) {
  // The store's own migrations, once, in the primary (as the to-do server does).
  const dir = mkdtempSync(join(tmpdir(), 'fastify-pg-todo-'));
  try {
    const file = join(dir, 'schema.mjs');
    const source = fileURLToPath(new URL('../../src/todo/postgres-schema.ts', import.meta.url));
    await build({ entryPoints: [source], outfile: file, bundle: true, format: 'esm', platform: 'node', external: ['pg'], logLevel: 'error' });
    const { migrate } = await import(pathToFileURL(file).href);
    await migrate(pool, { maxItems: Number(process.env.TODO_MAX_ITEMS ?? 100_000), maxBytes: 128 * 1024 * 1024, maxKeyBytes: 32 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (workers > 1) {
    await pool.end();
    for (let i = 0; i < workers; i++) cluster.fork();
    process.on('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGTERM');
      cluster.on('exit', () => Object.keys(cluster.workers).length === 0 && process.exit(0));
    });
  }
}

if (cluster.isWorker || workers <= 1) {
  const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;
  // The bytes an item is counted for, as the store counts them (src/todo/todo-repository.ts sizeOf).
  const sizeOf = (name) => (name === null ? 84 : (ESCAPED.test(name) ? JSON.stringify(name).length : name.length + 2) + 80);
  const toItem = (row) => ({ Key: row.key, Name: row.name, IsComplete: row.is_complete });

  const todoItem = {
    type: 'object',
    properties: { Key: { type: 'string' }, Name: { type: ['string', 'null'] }, IsComplete: { type: 'boolean' } },
  };
  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });

  app.get('/api/todo', { schema: { response: { 200: { type: 'array', items: todoItem } } } }, async () =>
    (await pool.query('SELECT key, name, is_complete FROM todo_items ORDER BY created_at, key', [])).rows.map(toItem),
  );

  app.get('/api/todo/:id', { schema: { response: { 200: todoItem } } }, async (request, reply) => {
    const id = request.params.id;
    const row = CANONICAL_UUID.test(id) ? (await pool.query('SELECT key, name, is_complete FROM todo_items WHERE key = $1', [id])).rows[0] : undefined;
    if (row === undefined) return reply.code(404).send();
    return toItem(row);
  });

  app.post('/api/todo', { schema: { response: { 201: todoItem } } }, async (request, reply) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send();
    const name = typeof body.Name === 'string' ? body.Name : null;
    const { rows } = await pool.query('INSERT INTO todo_items (name, is_complete, size) VALUES ($1, $2, $3) RETURNING key, name, is_complete', [
      name,
      body.IsComplete === true,
      sizeOf(name),
    ]);
    const item = toItem(rows[0]);
    reply.code(201).header('location', `http://${request.host}/api/todo/${item.Key}`);
    return item;
  });

  app.put('/api/todo/:id', async (request, reply) => {
    const body = request.body;
    const id = request.params.id;
    if (body === null || typeof body !== 'object' || body.Key !== id) return reply.code(400).send();
    const name = typeof body.Name === 'string' ? body.Name : null;
    const { rows } = CANONICAL_UUID.test(id)
      ? await pool.query('UPDATE todo_items SET name = $2, is_complete = $3, size = $4 WHERE key = $1 RETURNING key', [id, name, body.IsComplete === true, sizeOf(name)])
      : { rows: [] };
    if (rows.length === 0) return reply.code(404).send();
    return reply.code(204).send();
  });

  app.delete('/api/todo/:id', async (request, reply) => {
    const id = request.params.id;
    if (CANONICAL_UUID.test(id)) await pool.query('DELETE FROM todo_items WHERE key = $1 RETURNING key, name, is_complete', [id]);
    return reply.code(204).send();
  });

  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  process.on('SIGTERM', () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
}

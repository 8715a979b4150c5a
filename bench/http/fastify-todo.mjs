// The to-do API's five operations written for fastify (the peer the switchyard server is compared with):
// in-memory Map, one seeded item, the same JSON shapes and status codes as spec/todo-api.md, case-insensitive
// paths, and response schemas (fastify's documented fast path for serialization).
// Env: PORT, HOST (default 127.0.0.1); FASTIFY_LOG=on: fastify's own logger (pino, a JSON line on stdout when a
// request comes in and one when it is answered), the peer of the to-do server's request log.
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';

const items = new Map();
const seed = { Key: randomUUID(), Name: 'Item1', IsComplete: false };
items.set(seed.Key, seed);

const todoItem = {
  type: 'object',
  properties: { Key: { type: 'string' }, Name: { type: ['string', 'null'] }, IsComplete: { type: 'boolean' } },
};
const app = Fastify({ logger: process.env.FASTIFY_LOG === 'on', routerOptions: { caseSensitive: false } });

app.get('/api/todo', { schema: { response: { 200: { type: 'array', items: todoItem } } } }, async () => [...items.values()]);

app.get('/api/todo/:id', { schema: { response: { 200: todoItem } } }, async (request, reply) => {
  const item = items.get(request.params.id);
  if (item === undefined) return reply.code(404).send();
  return item;
});

app.post('/api/todo', { schema: { response: { 201: todoItem } } }, async (request, reply) => {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send();
  const item = { Key: randomUUID(), Name: typeof body.Name === 'string' ? body.Name : null, IsComplete: body.IsComplete === true };
  items.set(item.Key, item);
  reply.code(201).header('location', `http://${request.host}/api/todo/${item.Key}`);
  return item;
});

app.put('/api/todo/:id', async (request, reply) => {
  const body = request.body;
  const id = request.params.id;
  if (body === null || typeof body !== 'object' || body.Key !== id) return reply.code(400).send();
  if (!items.has(id)) return reply.code(404).send();
  items.set(id, { Key: id, Name: typeof body.Name === 'string' ? body.Name : null, IsComplete: body.IsComplete === true });
  return reply.code(204).send();
});

app.delete('/api/todo/:id', async (request, reply) => {
  items.delete(request.params.id);
  return reply.code(204).send();
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

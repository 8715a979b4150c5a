// GET /openapi.json against the running to-do server: the document is valid OpenAPI 3.1, every route of the
// server is in it, and every documented operation and status is produced by a real request — with the
// documented content type, headers and body schema. The 503s come from a real PostgreSQL store whose server
// has been stopped.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER, Route, type RouteCollection } from '../src/http.js';
import { type OpenApiDocument } from '../src/openapi.js';
import { PostgresTodoRepository } from '../src/todo/postgres-repository.js';
import { InMemoryTodoRepository } from '../src/todo/todo-repository.js';
import { createTodoApp, type TodoAppOptions } from '../src/todo/server.js';
import { expectValidOpenApi } from './support/openapi.js';
import { startPostgres, type PostgresServer } from './support/postgres.mjs';

interface Running {
  server: Server;
  base: string;
  port: number;
  routes: RouteCollection;
}

async function start(options: TodoAppOptions = {}): Promise<Running> {
  const app = createTodoApp({ log: false, ...options });
  const server = createServer(app.handler);
  // Idle connections stay open until the test closes them: a pooled connection that the client reuses just as
  // the server's keep-alive timer closes it is an ECONNRESET, which a busy machine makes likely.
  server.keepAliveTimeout = 0;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}`, routes: app.services.getRequired<RouteCollection>(ROUTER) };
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function send(base: string, method: string, path: string, body?: string, contentType = 'application/json', extra: Record<string, string> = {}): Promise<Reply> {
  const res = await request(base + path, { method: method as 'GET', body, headers: { ...(body === undefined ? {} : { 'content-type': contentType }), ...extra } });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** A declared 2 MB body of which only the start is sent: the server answers from Content-Length. */
async function tooLarge(port: number, method: string, path: string): Promise<Reply> {
  const socket = connect(port, '127.0.0.1');
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"Name":"`);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  await once(socket, 'close');
  const [head, body] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, text: body ?? '' };
}

let main: Running;
let slow: Running; // a store whose addOnce() waits for the test: a second request with the same key comes while the first runs
let full: Running; // a store that is full: one item, 200 bytes of item JSON at most
let down: Running; // a PostgreSQL store whose server is stopped
let db: PostgresServer;
const GUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'; // a well-formed Key: the store must be asked about it
let repository: PostgresTodoRepository;
/** A promise and its resolve (Promise.withResolvers, which Node 20 lacks). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const slowAdd = { entered: signal(), released: signal() };
let document: OpenApiDocument;
let key: string;

beforeAll(async () => {
  main = await start();
  const slowStore = new InMemoryTodoRepository();
  const addOnce = slowStore.addOnce.bind(slowStore);
  // Its addOnce() waits until the test lets it go: the first POST stays in flight for as long as the test needs.
  slowStore.addOnce = async (...args) => {
    slowAdd.entered.resolve();
    await slowAdd.released.promise;
    return addOnce(...args);
  };
  slow = await start({ repository: slowStore });
  full = await start({ maxItems: 1, maxBytes: 200 });
  db = await startPostgres();
  repository = await PostgresTodoRepository.open({ connectionString: await db.createSchema() });
  down = await start({ repository });
  await db.stop();
  const reply = await send(main.base, 'GET', '/openapi.json');
  expect(reply.status).toBe(200);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  document = JSON.parse(reply.text);
  key = JSON.parse((await send(main.base, 'GET', '/api/todo')).text)[0].Key;
});

afterAll(async () => {
  for (const running of [main, slow, full, down]) {
    running?.server.closeAllConnections();
    running?.server.close();
  }
  await repository?.close();
  await db?.destroy();
});

const item = (fields: Record<string, unknown>) => JSON.stringify(fields);

/** One request per documented operation and status: [operation, status, how]. */
type Case = [string, number, (k: string) => Promise<Reply>];
const CASES: Case[] = [
  ['GET /healthz', 200, () => send(main.base, 'GET', '/healthz')],
  ['HEAD /healthz', 200, () => send(main.base, 'HEAD', '/healthz')],
  ['GET /openapi.json', 200, () => send(main.base, 'GET', '/openapi.json')],
  ['HEAD /openapi.json', 200, () => send(main.base, 'HEAD', '/openapi.json')],
  ['GET /api/todo', 200, () => send(main.base, 'GET', '/api/todo')],
  ['HEAD /api/todo', 200, () => send(main.base, 'HEAD', '/api/todo')],
  ['GET /api/todo/{id}', 200, (k) => send(main.base, 'GET', `/api/todo/${k}`)],
  ['GET /api/todo/{id}', 404, () => send(main.base, 'GET', '/api/todo/no-such-key')],
  ['HEAD /api/todo/{id}', 200, (k) => send(main.base, 'HEAD', `/api/todo/${k}`)],
  ['HEAD /api/todo/{id}', 404, () => send(main.base, 'HEAD', '/api/todo/no-such-key')],
  ['POST /api/todo', 201, () => send(main.base, 'POST', '/api/todo', item({ Name: 'Buy milk' }))],
  ['POST /api/todo', 400, () => send(main.base, 'POST', '/api/todo', '{')],
  ['POST /api/todo', 413, () => tooLarge(main.port, 'POST', '/api/todo')],
  ['POST /api/todo', 415, () => send(main.base, 'POST', '/api/todo', item({ Name: 'x' }), 'text/plain')],
  ['POST /api/todo', 507, () => send(full.base, 'POST', '/api/todo', item({ Name: 'x' }))],
  [
    'POST /api/todo',
    409,
    async () => {
      const first = send(slow.base, 'POST', '/api/todo', item({ Name: 'slow' }), 'application/json', { 'idempotency-key': 'in-flight-1' });
      await slowAdd.entered.promise; // waited for, not slept on: the first POST is in the store's addOnce()
      const second = await send(slow.base, 'POST', '/api/todo', item({ Name: 'slow' }), 'application/json', { 'idempotency-key': 'in-flight-1' });
      slowAdd.released.resolve();
      expect((await first).status).toBe(201);
      return second;
    },
  ],
  [
    'POST /api/todo',
    422,
    async () => {
      expect((await send(main.base, 'POST', '/api/todo', item({ Name: 'first' }), 'application/json', { 'idempotency-key': 'k-422' })).status).toBe(201);
      return send(main.base, 'POST', '/api/todo', item({ Name: 'other' }), 'application/json', { 'idempotency-key': 'k-422' });
    },
  ],
  ['PUT /api/todo/{id}', 204, (k) => send(main.base, 'PUT', `/api/todo/${k}`, item({ Key: k, Name: 'Item1', IsComplete: true }))],
  ['PUT /api/todo/{id}', 400, (k) => send(main.base, 'PUT', `/api/todo/${k}`, item({ Key: 'other', Name: 'x' }))],
  ['PUT /api/todo/{id}', 404, () => send(main.base, 'PUT', '/api/todo/gone', item({ Key: 'gone', Name: 'x' }))],
  ['PUT /api/todo/{id}', 413, (k) => tooLarge(main.port, 'PUT', `/api/todo/${k}`)],
  ['PUT /api/todo/{id}', 415, (k) => send(main.base, 'PUT', `/api/todo/${k}`, item({ Key: k }), 'text/json')],
  [
    'PUT /api/todo/{id}',
    507,
    async () => {
      const fullKey = JSON.parse((await send(full.base, 'GET', '/api/todo')).text)[0].Key;
      return send(full.base, 'PUT', `/api/todo/${fullKey}`, item({ Key: fullKey, Name: 'x'.repeat(300) }));
    },
  ],
  ['DELETE /api/todo/{id}', 204, () => send(main.base, 'DELETE', '/api/todo/never-existed')],
  ['GET /healthz', 503, () => send(down.base, 'GET', '/healthz')],
  ['HEAD /healthz', 503, () => send(down.base, 'HEAD', '/healthz')],
  ['GET /api/todo', 503, () => send(down.base, 'GET', '/api/todo')],
  ['HEAD /api/todo', 503, () => send(down.base, 'HEAD', '/api/todo')],
  ['GET /api/todo/{id}', 503, () => send(down.base, 'GET', `/api/todo/${GUID}`)],
  ['HEAD /api/todo/{id}', 503, () => send(down.base, 'HEAD', `/api/todo/${GUID}`)],
  ['POST /api/todo', 503, () => send(down.base, 'POST', '/api/todo', item({ Name: 'x' }))],
  ['PUT /api/todo/{id}', 503, () => send(down.base, 'PUT', `/api/todo/${GUID}`, item({ Key: GUID, Name: 'x' }))],
  ['DELETE /api/todo/{id}', 503, () => send(down.base, 'DELETE', `/api/todo/${GUID}`)],
];

interface Response {
  content?: Record<string, { schema: object }>;
  headers?: Record<string, { required?: boolean; schema: object }>;
}

const responseOf = (operation: string, status: number): Response | undefined => {
  const [method, path] = operation.split(' ');
  return (document.paths[path]?.[method.toLowerCase()]?.responses as Record<string, Response> | undefined)?.[String(status)];
};

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document with the TodoItem schema and problem+json errors', async () => {
    await expectValidOpenApi(document);
    expect(document.components?.schemas).toHaveProperty('TodoItem');
    const created = responseOf('POST /api/todo', 201)!;
    expect(created.headers?.Location?.required).toBe(true);
    expect(Object.keys(responseOf('PUT /api/todo/{id}', 404)!.content!)).toEqual(['application/problem+json']);
  });

  it('documents every route of the server, under each of its methods', () => {
    const listed = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const served: string[] = [];
    for (let i = 0; i < main.routes.count; i++) {
      const route = main.routes.get(i);
      // The server routes HEAD as GET (the router middleware's headAsGet, on by default).
      const methods = route instanceof Route ? (route.methods ?? ['GET']) : [];
      for (const method of methods.includes('GET') ? [...methods, 'HEAD'] : methods) served.push(`${method} /${(route as Route).template}`);
    }
    expect(listed.sort()).toEqual(served.sort());
    // The five operations of the to-do API, each with an operationId.
    const ids = ['ListTodos', 'GetTodo', 'CreateTodo', 'UpdateTodo', 'DeleteTodo'];
    const all = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    for (const id of ids) expect(all).toContain(id);
  });

  it('every documented operation and status is exercised below', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => Object.keys(op.responses as object).map((s) => `${method.toUpperCase()} ${path} ${s}`)),
    );
    expect(CASES.map(([op, status]) => `${op} ${status}`).sort()).toEqual(documented.sort());
  });

  it.each(CASES)('%s answers %i as documented', async (operation, status, run) => {
    const reply = await run(key);
    expect(reply.status).toBe(status);
    const documented = responseOf(operation, status)!;
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      if (header.required) expect(reply.headers[name.toLowerCase()], name).toBeDefined();
    }
    const media = Object.keys(documented.content ?? {});
    if (operation.startsWith('HEAD') || media.length === 0) {
      expect(reply.text).toBe('');
      if (media.length === 0 && !operation.startsWith('HEAD')) expect(reply.headers['content-type']).toBeUndefined();
      return;
    }
    expect(media).toHaveLength(1);
    expect(String(reply.headers['content-type']).split(';')[0]).toBe(media[0]);
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile({ ...documented.content![media[0]].schema, components: document.components });
    const body = JSON.parse(reply.text);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});

// Every problem+json the to-do server answers has its status's reason phrase as `title` and the RFC section
// that defines the status as `type` (RFC 9457: a title that is the status phrase; "about:blank" only when nothing
// more specific exists). One request per problem the server can give, memory store.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem } from '../src/pipeline/problem-details.js';
import { createTodoServer, MAX_URL_LENGTH } from '../src/todo/server.js';
import { MAX_BODY_BYTES } from '../src/todo/json-body.js';

/** The reason phrases of RFC 9110 (and RFC 6585, RFC 4918) for the statuses the server answers with. */
const REASON: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createTodoServer({ log: false, maxItems: 2 }); // the seeded item and one more: the next POST is 507
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = { 'content-type': 'application/json' };
type Step = { method?: 'GET' | 'POST' | 'DELETE' | 'PUT'; path: string; headers?: Record<string, string>; body?: string };
const CASES: { problem: string; status: number; before?: Step; send: Step }[] = [
  { problem: 'bad JSON', status: 400, send: { method: 'POST', path: '/api/todo', headers: json, body: '{' } },
  { problem: 'an unknown path', status: 404, send: { path: '/nowhere' } },
  { problem: 'an unknown item', status: 404, send: { path: '/api/todo/00000000-0000-4000-8000-000000000000' } },
  { problem: 'a method the path has not', status: 405, send: { method: 'DELETE', path: '/api/todo' } },
  { problem: 'a body over the limit', status: 413, send: { method: 'POST', path: '/api/todo', headers: json, body: `"${'x'.repeat(MAX_BODY_BYTES)}"` } },
  { problem: 'a URL over the limit', status: 414, send: { path: `/api/todo?${'q'.repeat(MAX_URL_LENGTH)}` } },
  { problem: 'a body not sent as JSON', status: 415, send: { method: 'POST', path: '/api/todo', headers: { 'content-type': 'text/plain' }, body: '{}' } },
  {
    problem: 'an Idempotency-Key used with another body',
    status: 422,
    before: { method: 'POST', path: '/api/todo', headers: { ...json, 'idempotency-key': 'k-422' }, body: '{"name":"a"}' },
    send: { method: 'POST', path: '/api/todo', headers: { ...json, 'idempotency-key': 'k-422' }, body: '{"name":"b"}' },
  },
  { problem: 'a full store', status: 507, send: { method: 'POST', path: '/api/todo', headers: json, body: '{"name":"c"}' } },
];

describe('the to-do server\'s problems', () => {
  it.each(CASES)('$problem: $status with its reason phrase as title', async ({ status, before, send }) => {
    if (before) await (await request(base + before.path, { method: before.method, headers: before.headers, body: before.body })).body.dump();
    const reply = await request(base + send.path, { method: send.method ?? 'GET', headers: send.headers, body: send.body });
    const body = (await reply.body.json()) as { type: string; title: string; status: number };
    expect(reply.statusCode).toBe(status);
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ status, title: REASON[status] });
    expect(body.type).toMatch(/^https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+#section-[\d.]+$/);
  });
});

describe('problem()', () => {
  it.each(Object.entries(REASON).map(([status, title]) => ({ status: Number(status), title })))('$status: "$title", typed by its RFC section', ({ status, title }) => {
    expect(problem(status)).toMatchObject({ status, title });
    expect(problem(status).type).not.toBe('about:blank');
  });
});

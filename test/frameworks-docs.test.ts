// The framework pages' examples (docs/examples/frameworks/*.ts, type-checked by `npm run typecheck`) are shown
// verbatim in docs/frameworks/*.md, and do what their last comment says when run.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp as expressApp } from '../docs/examples/frameworks/express.js';
import { createApp as fastifyApp } from '../docs/examples/frameworks/fastify.js';
import { createApp as honoApp, createRoutedApp as honoRoutedApp } from '../docs/examples/frameworks/hono.js';
import { createApp as koaApp } from '../docs/examples/frameworks/koa.js';

const docs = new URL('../docs/', import.meta.url);

describe.each(['express', 'fastify', 'hono', 'koa'])('docs/frameworks/%s.md', (name) => {
  it('shows the example file as it is', () => {
    const example = readFileSync(new URL(`examples/frameworks/${name}.ts`, docs), 'utf8').trimEnd();
    expect(readFileSync(new URL(`frameworks/${name}.md`, docs), 'utf8')).toContain('```ts\n' + example + '\n```');
  });

  // `npm run typecheck` checks the example under strict: with no annotation, an untyped handler parameter
  // would be an implicit-any error there, so the adapter's own types must carry it.
  it('types its handlers without an annotation on a parameter and without a cast', () => {
    const example = readFileSync(new URL(`examples/frameworks/${name}.ts`, docs), 'utf8');
    const handlers = [...example.matchAll(/handler: (?:async )?(?:function )?\(([^)]*)\)/g)].map((m) => m[1]);
    expect(handlers.length).toBeGreaterThan(0);
    for (const parameters of handlers) expect(parameters).not.toContain(':');
    expect(example).not.toMatch(/\bas (never|unknown|[A-Z]\w*)\b/);
  });
});

/** GET a path from a node:http listener on a free port. */
async function get(listener: Parameters<typeof createServer>[1], path: string, method = 'GET'): Promise<{ status: number; body: string; allow?: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { method });
    return { status: response.status, body: await response.text(), allow: response.headers.get('allow') ?? undefined };
  } finally {
    server.close();
  }
}

describe('the examples run', () => {
  it('express: GET /api/todo/5, DELETE /api/todo/5', async () => {
    expect(await get(expressApp(), '/api/todo/5')).toMatchObject({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
    expect(await get(expressApp(), '/api/todo/5', 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
  });
  it('koa: GET /api/todo/5', async () => {
    expect(await get(koaApp().callback(), '/api/todo/5')).toMatchObject({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
  });
  it('fastify: GET /api/todo/5', async () => {
    const app = await fastifyApp();
    const reply = await app.inject({ method: 'GET', url: '/api/todo/5' });
    expect({ status: reply.statusCode, body: reply.body }).toEqual({ status: 200, body: '{"id":"5","next":"/api/todo/6"}' });
    await app.close();
  });
  it('hono: GET /api/todo/5, both ways', async () => {
    expect(await (await honoApp().request('/api/todo/5')).text()).toBe('{"id":"5","next":"/api/todo/6"}');
    expect(await (await honoRoutedApp().request('/api/todo/5')).text()).toBe('{"id":"5"}');
  });
});

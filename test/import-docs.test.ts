// docs/import.md's example of an imported table in a Node app (docs/examples/items-api): the C# app's own
// constraint kept (--keep-constraint even) and registered by the app's route module (app-routes.mjs), and an
// Express app that attaches handlers to the table by route name. The files are shown in the page as they are, the
// module the import wrote is what it writes now, and the app does what the page says when it runs.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constraints, routes } from '../docs/examples/items-api/app-routes.mjs';
import { createApp } from '../docs/examples/items-api/server.js';
import { importSources, readSources } from '../src/cli/import/import-routes.js';
import { routeModule, routeModuleTypes } from '../src/cli/import/route-module.js';

const ROOT = resolve(import.meta.dirname, '..');
const EXAMPLE = 'docs/examples/items-api';
const page = readFileSync(join(ROOT, 'docs/import.md'), 'utf8');
const text = (file: string): string => readFileSync(join(ROOT, EXAMPLE, file), 'utf8').trimEnd();

describe('docs/import.md shows the example files as they are', () => {
  it.each([
    ['app-routes.mjs', 'js'],
    ['server.ts', 'ts'],
  ])('%s', (file, fence) => {
    expect(page).toContain('```' + fence + '\n' + text(file) + '\n```');
  });

  // The page's console block writes routes.mjs; this holds the committed one to what the import writes now.
  it('routes.mjs and routes.d.mts are what `switchyard import … --keep-constraint even` writes', async () => {
    const result = importSources(await readSources([EXAMPLE], ROOT), { keepConstraints: ['even'] });
    expect(text('routes.mjs')).toBe(routeModule(result, `switchyard import ${EXAMPLE} --keep-constraint even -o ${EXAMPLE}/routes.mjs`).trimEnd());
    expect(text('routes.d.mts')).toBe(routeModuleTypes(result).trimEnd());
  });
});

/** A request to the app on a free port; the server closed (its close event) before the answer is returned. */
async function send(app: ReturnType<typeof createApp>, method: string, path: string, body?: unknown): Promise<{ status: number; location: string | null; body: unknown }> {
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const init = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, init);
    return { status: response.status, location: response.headers.get('location'), body: await response.json() };
  } finally {
    server.close();
    server.closeAllConnections();
    await once(server, 'close');
  }
}

describe('the app of docs/examples/items-api/server.ts', () => {
  interface Row {
    readonly method: string;
    readonly path: string;
    readonly body?: unknown;
    readonly status: number;
    readonly answer: unknown;
    readonly location?: string;
  }
  // The ones its last comment promises, then the rest: the kept constraint decides between the two items routes.
  const ROWS: readonly Row[] = [
    { method: 'GET', path: '/items/4', status: 200, answer: { id: 4, even: true } },
    { method: 'GET', path: '/items/3', status: 200, answer: { name: '3' } },
    { method: 'GET', path: '/health/ready', status: 200, answer: { route: 'health/ready', values: {} } },
    { method: 'GET', path: '/items/widget', status: 200, answer: { name: 'widget' } },
    { method: 'POST', path: '/items', body: { name: 'widget' }, status: 201, answer: { name: 'widget' }, location: '/items/widget' },
    { method: 'GET', path: '/nothing', status: 404, answer: { error: 'not found' } },
  ];
  it.each(ROWS)('$method $path → $status', async ({ method, path, body, status, answer, location }) => {
    const response = await send(createApp(routes, constraints), method, path, body);
    expect(response).toEqual({ status, location: location ?? null, body: answer });
  });

  it('says so in its last comment', () => {
    expect(text('server.ts').split('\n').at(-1)).toBe('// GET /items/4 → {"id":4,"even":true}; GET /items/3 → {"name":"3"}; GET /health/ready → {"route":"health/ready","values":{}}');
  });

  // A route renamed in the C# (and imported again): its handler names no route, and the app does not start.
  it.each([
    ['EvenItem', 'EvenNumberedItem', 'handlers for no route of the table: EvenItem'],
    ['Item', 'ItemByName', 'handlers for no route of the table: Item'],
    ['CreateItem', 'item', 'handlers for no route of the table: CreateItem'],
  ])('a route renamed from %s to %s: createApp throws "%s"', (from, to, message) => {
    const renamed = routes.map((route) => ('name' in route && route.name === from ? { ...route, name: to } : route));
    expect(() => createApp(renamed, constraints)).toThrow(message);
  });

  it('without the route module\'s constraints, the table does not compile: "even" is unknown', () => {
    expect(() => createApp(routes, {})).toThrow('the inline constraint "even" of parameter "id" is unknown');
  });
});

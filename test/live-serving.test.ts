// Serving while the table changes: a RouteCollection changed after build() (insert, remove, and routes its
// RouteBuilder maps after build()) while requests arrive over loopback. Every answer must be the one the table
// current when the request was routed gives: the handler that answers says which table version it saw (changes
// are made between requests' ticks, never inside one), and that version's list, compiled afresh, must pick the
// same route.
//
//   LIVE_SERVING_CHANGES=<n>   changes made while serving (default 300; the soak is 10,000)
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition } from '../src/index.js';
import { createApplication, Route, RouteBuilder, RouteHandler, useRouter, type HttpContext } from '../src/http.js';
import { PATIENCE_MS } from './support/patience.js';

const CHANGES = Number(process.env.LIVE_SERVING_CHANGES ?? 300);
const CONCURRENCY = 8;
/** Requests answered per change: changes are spread over the whole run. */
const REQUESTS_PER_CHANGE = 2;

/** A seeded generator (mulberry32): the same changes every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const servers: Server[] = [];
const agent = new Agent({ connections: CONCURRENCY });
afterAll(async () => {
  await agent.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const TEMPLATES = ['t{n}/users', 't{n}/users/{id:int}', 't{n}/{page}', 't{n}/files/{*path}', 't{n}/users/{name}', '{area}/users', 't{n}/{a}/{b?}'];
const PATHS = ['/t0/users', '/t1/users/5', '/t2/users/bob', '/t0/about', '/t1/files/a/b', '/t2/x/y', '/x/users', '/t1/users', '/nothing/here/at/all', '/T0/USERS', '/t%31/users/7', '/t2/users/7?x=1'];

describe('a RouteCollection changed while it serves', () => {
  it(`answers every request by the table current when it was routed (${CHANGES} changes)`, async () => {
    const app = createApplication();
    let version = 0;
    const answer = (name: string) => (context: HttpContext) => context.response.send(200, `${name} ${version}`);
    const builder = new RouteBuilder(app);
    builder.mapGet('t0/users', answer('first'), { name: 'first' });
    builder.mapRoute('{*all}', answer('fallback'), { name: 'fallback' });
    const collection = builder.build();
    useRouter(app, collection);
    const server = await app.listen(0);
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The list as compile() would take it, at every version.
    let list: RouteDefinition[] = [
      { name: 'first', template: 't0/users', methods: ['GET'] },
      { name: 'fallback', template: '{*all}' },
    ];
    const history: RouteDefinition[][] = [list];
    const random = prng(42);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    let made = 0;
    const change = (): void => {
      const name = `r${made++}`;
      const template = pick(TEMPLATES).replace('{n}', String(Math.floor(random() * 3)));
      const kind = random();
      if (kind < 0.45) {
        // Before the fallback, anywhere.
        const at = Math.floor(random() * list.length);
        collection.insert(at, new Route(new RouteHandler(answer(name)), name, template));
        list = [...list.slice(0, at), { name, template }, ...list.slice(at)];
      } else if (kind < 0.55) {
        builder.mapGet(template, answer(name), { name }); // after build(): appended to the collection
        list = [...list, { name, template, methods: ['GET'] }];
      } else if (list.length > 2) {
        // Any route but the fallback, by index or by name.
        const at = Math.floor(random() * list.length);
        if (list[at].name === 'fallback') return;
        expect(random() < 0.5 ? collection.remove(at) : collection.remove(list[at].name!.toUpperCase())).toBe(true);
        list = [...list.slice(0, at), ...list.slice(at + 1)];
      } else return;
      history.push(list);
      version++;
    };

    const answers: { path: string; status: number; body: string }[] = [];
    const client = async (): Promise<void> => {
      while (made < CHANGES) {
        const path = pick(PATHS);
        const response = await request(`${origin}${path}`, { dispatcher: agent });
        answers.push({ path, status: response.statusCode, body: await response.body.text() });
        if (answers.length % REQUESTS_PER_CHANGE === 0) change();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));

    // Each version seen compiled once, in turn (keeping them all would hold thousands of tables).
    const byVersion = new Map<number, typeof answers>();
    const wrong: typeof answers = [];
    for (const a of answers) {
      if (a.status !== 200) {
        wrong.push(a);
        continue;
      }
      const seen = Number(a.body.split(' ')[1]);
      byVersion.set(seen, [...(byVersion.get(seen) ?? []), a]);
    }
    for (const [seen, group] of byVersion) {
      const router: CompiledRouter = compile(history[seen], { strategy: 'reference' });
      for (const a of group) if (router.match(a.path, 'GET')?.route.name !== a.body.split(' ')[0]) wrong.push(a);
    }
    expect(wrong).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(CHANGES * REQUESTS_PER_CHANGE);
    // The versions seen are spread over the run, not all the first or the last.
    expect(new Set(answers.map(({ body }) => body.split(' ')[1])).size).toBeGreaterThan(CHANGES / 4);
    expect(collection.count).toBe(list.length);
  }, PATIENCE_MS * Math.max(1, CHANGES / 300)); // only ends a hang: the suite's limit, longer for a longer soak
});

describe('a request whose first route declines', () => {
  it.each([
    ['the target changes the table, then declines', true],
    ['the target only declines', false],
  ])('%s: the next candidate comes from the table the request was routed by', async (_name, changes) => {
    const app = createApplication();
    const builder = new RouteBuilder(app);
    let inserted = 0;
    const declining = {
      routeAsync: async () => {
        // An app may change its routes from a handler; this request still sees the table it was routed by.
        if (changes) collection.insert(1, new Route(new RouteHandler((context: HttpContext) => context.response.send(200, 'inserted')), `new${inserted++}`, 'x/{id}'));
      },
      getVirtualPath: () => null,
    };
    builder.mapRoute('x/{id}', answerWith('unused'), { name: 'declines' });
    builder.mapGet('x/{id}', answerWith('second'), { name: 'second' });
    const collection = builder.build();
    collection.remove('declines');
    collection.insert(0, new Route(declining, 'declines', 'x/{id}'));
    useRouter(app, collection);
    const server = await app.listen(0);
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const text = async (path: string) => (await request(`${origin}${path}`, { dispatcher: agent })).body.text();
    expect(await text('/x/1')).toBe('second');
    expect(await text('/x/2')).toBe(changes ? 'inserted' : 'second');
  });
});

function answerWith(text: string) {
  return (context: HttpContext) => context.response.send(200, text);
}

describe('a framework adapter given a compiled router', () => {
  it('serves the routes added to that router after the app started (Express)', async () => {
    const { default: express } = await import('express');
    const { switchyard } = await import('../src/express.js');
    const handle = (text: string) => (_req: unknown, res: { send(body: string): void }) => res.send(text);
    const router = compile([{ name: 'home', template: 'home', handler: handle('home') }] as RouteDefinition[]);
    const app = express();
    app.use(switchyard(router));
    app.use((_req, res) => void res.status(404).send('fell through'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    const text = async (path: string) => (await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { dispatcher: agent })).body.text();
    expect(await text('/late/5')).toBe('fell through');
    router.insert(0, { name: 'late', template: 'late/{id:int}', handler: handle('late') });
    expect(await text('/late/5')).toBe('late');
    expect(router.remove('late')).toBe(true);
    expect(await text('/late/5')).toBe('fell through');
  });
});

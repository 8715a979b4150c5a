// Regression tables for the hardening found in review: each row fails without its fix.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ConstraintRegistry, RegexRouteConstraint } from '../src/constraints.js';
import { compile, RouteCreationError } from '../src/index.js';
import { addRouting, answerUnreadableRequests, createApplication, Route, RouteBuilder, RouteCollection, RouteHandler, useRouter, type Application } from '../src/http.js';
import { isJsonMediaType } from '../src/todo/json-body.js';
import { createTodoServer } from '../src/todo/server.js';
import { sizeOf } from '../src/todo/todo-repository.js';
import { freshItemJson, storedItem, todoItemJson } from '../src/todo/todo-item.js';
import fc from 'fast-check';
import { fuzzHarness } from './support/fuzz.js';
import { PATIENCE_MS } from './support/patience.js';
import { headerOverflowStatus } from '../src/pipeline/unreadable-request.js';
import { closingRequests, expectProblem, rawConnect, readUntilClose } from './support/raw-http.js';

const { check } = fuzzHarness('test/hardening.test.ts', 0x4a2d);

describe('isJsonMediaType (split, never a backtracking regex)', () => {
  it.each([
    ['application/json', true],
    ['APPLICATION/JSON; Charset="UTF-8"', true],
    ['application/json;', true],
    ['application/json ; charset=utf-8 ;', true],
    ['application/json; charset=utf-8; charset=utf-8', false],
    ['application/json; charset=latin1', false],
    ['application/json; foo=bar', false],
    ['application/jsonx', false],
    ['text/json', false],
    ['', false],
    // 2^k backtracking with a nested-repetition regex: this must return at once (a hang fails the test).
    ['application/json' + ' ;'.repeat(5000) + 'x', false],
    ['application/json' + ' ;'.repeat(5000), true],
  ])('%j → %s', (value, expected) => {
    expect(isJsonMediaType(value)).toBe(expected);
  });
});

describe('constraint parsing stays linear on long inputs', () => {
  const registry = new ConstraintRegistry();
  it.each([
    ['int', '0'.repeat(20000) + 'x'],
    ['long', '0'.repeat(20000) + 'x'],
    ['range(1,5)', '0'.repeat(20000) + 'x'],
    ['datetime', '1/1/2000 10' + ' '.repeat(20000) + 'x'],
    ['datetime', '10' + ' '.repeat(20000) + 'x'],
  ])('%s rejects a 20,000-character near miss', (constraint, value) => {
    expect(registry.resolve(constraint).match(undefined, null, 'p', { p: value }, 'incoming')).toBe(false);
  });
  it('still accepts leading zeros', () => {
    expect(registry.resolve('int').match(undefined, null, 'p', { p: '000042' }, 'incoming')).toBe(true);
  });
});

describe('route creation errors', () => {
  it.each([
    [{ template: '{id=1}', defaults: { ID: 2 } }, /both inline and in the defaults/],
    [{ template: '{id}', constraints: { id: 5 as never } }, /must be a RouteConstraint, a RegExp or a string/],
  ])('%j', (definition, reason) => {
    expect(() => compile([definition])).toThrow(RouteCreationError);
    expect(() => compile([definition])).toThrow(reason);
  });
  it('accepts a default for an optional parameter in the defaults object, as ASP.NET classic routing', () => {
    // RouteTest.Match_Success_OptionalParameter_DefaultValue: the value is the default when absent.
    expect(compile([{ template: 'a/{id?}', defaults: { id: '5' } }]).match('/a')?.values).toEqual({ id: '5' });
    expect(compile([{ template: 'a/{id?}', defaults: { id: null } }]).match('/a')?.values).toEqual({});
  });
});

describe('a Route keeps its own constraint resolver inside a collection', () => {
  it('resolves {id:slug} with the registry the Route was given', async () => {
    const registry = new ConstraintRegistry({ slug: () => new RegexRouteConstraint('^[a-z-]+$') });
    const route = new Route(new RouteHandler(async (ctx) => ctx.response.send(200, 'ok')), 'r', 'p/{id:slug}', null, null, null, registry);
    const collection = new RouteCollection();
    collection.add(route);
    expect(() => collection.build()).not.toThrow();
  });
  it('does not add compile()-level names to the caller registry', () => {
    const registry = new ConstraintRegistry();
    compile([{ template: '{x:even}' }], { constraintRegistry: registry, constraints: { even: () => ({ match: () => true }) } });
    expect(registry.has('even')).toBe(false);
  });
});

describe("the store's byte accounting (sizeOf) counts a Name's UTF-8 bytes as JSON writes it", () => {
  it.each([
    ['plain', 7],
    ['quote " and backslash \\', 27],
    ['line\nbreak', 13],
    ['\u0001 control', 16],
    ['😀 pair', 11],
    ['\ud800 lone', 13],
    ['é and \u2028', 12],
    ['漢字かな', 14],
    ['', 2],
  ])('%j: %i bytes and the fixed part', (name, bytes) => {
    expect(Buffer.byteLength(JSON.stringify(name))).toBe(bytes);
    expect(sizeOf({ Name: name, IsComplete: false })).toBe(bytes + 80);
  });
  it('for any string (fast-check, 2,000 runs)', () => {
    const property = fc.property(fc.string({ unit: 'binary' }), (name) => sizeOf({ Name: name, IsComplete: false }) === Buffer.byteLength(JSON.stringify(name)) + 80);
    check('sizeOf', property, 2000);
  });
});

describe("an item's JSON is JSON.stringify's, whatever its Key and Name", () => {
  const writers = [
    ['todoItemJson of a stored item', (key: string, name: string | null) => todoItemJson(storedItem(key, name, true))],
    ['freshItemJson', (key: string, name: string | null) => freshItemJson({ Key: key, Name: name, IsComplete: true })],
  ] as const;
  describe.each(writers)('%s', (label, write) => {
    it.each([['plain'], ['a "quoted" word'], ['back\\slash'], ['line\nbreak'], ['\u0001 control'], ['😀 pair'], ['\ud800 lone'], ['é and \u2028'], [''], [null]])('Name %j', (name) => {
      expect(write('a-key', name)).toBe(JSON.stringify({ Key: 'a-key', Name: name, IsComplete: true }));
    });
    it('for any strings (fast-check, 1,000 runs)', () => {
      const property = fc.property(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' })), (key, name) =>
        write(key, name) === JSON.stringify({ Key: key, Name: name, IsComplete: true }),
      );
      check(label, property, 1000);
    });
  });
});

describe('HTTP hardening', () => {
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((s) => s.close()));
  const listen = async (server: ReturnType<typeof createServer>): Promise<string> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  };
  const post = (base: string, body: unknown, headers: Record<string, string> = {}) =>
    request(`${base}/api/todo`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('does not copy an invalid Host header into Location', async () => {
    const base = await listen(createTodoServer({ log: false }));
    const res = await post(base, { Name: 'x' }, { host: 'evil.example/x?' });
    await res.body.text();
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/todo\/[0-9a-f-]{36}$/);
  });

  it('answers 507 when the store has no room for the bytes, and changes nothing', async () => {
    const base = await listen(createTodoServer({ log: false, maxBytes: 1000 }));
    const big = await post(base, { Name: 'x'.repeat(2000) });
    expect(big.statusCode).toBe(507);
    expect(await big.body.json()).toMatchObject({ status: 507 });
    const small = await post(base, { Name: 'ok' });
    const item = (await small.body.json()) as { Key: string };
    const put = await request(`${base}/api/todo/${item.Key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Key: item.Key, Name: 'y'.repeat(2000) }),
    });
    expect(put.statusCode).toBe(507);
    await put.body.text();
    const after = await request(`${base}/api/todo/${item.Key}`);
    expect(await after.body.json()).toEqual({ Key: item.Key, Name: 'ok', IsComplete: false });
  });

  it('survives middleware that returns no promise', async () => {
    const app = createApplication({ onError: () => {} });
    app.use(((ctx: { response: { send(s: number, b: string): void } }) => {
      ctx.response.send(200, 'plain');
    }) as never);
    useRouter(app, () => {});
    const base = await listen(createServer(app.handler));
    const res = await request(`${base}/x`);
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('plain');
  });
});

describe('compile() API tolerance', () => {
  const router = compile([{ template: 'a/{id}', methods: ['GET'] }]);
  it.each([undefined, null, '', 'get', 'GET'])('method %j means GET', (method) => {
    expect(router.match('/a/1', method as string)?.values).toEqual({ id: '1' });
    expect([...router.matches('/a/1', method as string)]).toHaveLength(1);
  });
  it.each([null, undefined, 42, {}])('a non-string path %j matches nothing', (path) => {
    expect(router.match(path as never)).toBeNull();
    expect([...router.matches(path as never)]).toEqual([]);
    expect(router.allowedMethods(path as never)).toEqual([]);
  });
});

// Any app on the pipeline, not only the to-do server: what node:http cannot read, and the rules of RFC 9112 it
// leaves to the application, get a 4xx problem and the close from app.listen(), after the requests received
// whole before them, and change nothing. The app's DELETE changes its state once its request has arrived whole:
// it waits for a body when the headers announce one, as body parsers do (a body cut short is a bad request).
describe('an app on the pipeline (app.listen()) refuses what node:http cannot read', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  /** The body announced by the headers has arrived whole (resolves at once when none is announced). */
  const received = (req: IncomingMessage): Promise<void> => {
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return Promise.resolve();
    return new Promise((resolve) => {
      req.on('end', resolve);
      req.resume();
    });
  };

  const startApp = async (): Promise<{ port: number; deleted: string[] }> => {
    const deleted: string[] = [];
    const app = createApplication();
    addRouting(app.services);
    const routes = new RouteBuilder(app)
      .mapGet('items', async (ctx) => ctx.response.json(200, { deleted }))
      .mapDelete('items/{id}', async (ctx) => {
        await received(ctx.request.raw);
        deleted.push(ctx.routeData.values.id);
        ctx.response.send(204);
      })
      .build();
    useRouter(app, routes);
    const server = await app.listen(0);
    servers.push(server);
    return { port: (server.address() as AddressInfo).port, deleted };
  };

  const rows = closingRequests({ change: 'DELETE /items/1', body: '{"a":1}', contentType: 'application/json', get: '/items' });

  // RFC 9112 §9.6: once the server has decided to close, it runs no request received after; node:http parses
  // the DELETE of item 2 sent behind the refused one all the same, and hands it to the app.
  it.each(rows)('$name: $status and the close, after the GET before it; nothing deleted, the DELETE behind it not run', async ({ request, status }) => {
    const { port, deleted } = await startApp();
    const socket = await rawConnect(port);
    const read = readUntilClose(socket);
    socket.write(`GET /items HTTP/1.1\r\nHost: x\r\n\r\n${request}DELETE /items/2 HTTP/1.1\r\nHost: x\r\n\r\n`);
    const { replies } = await read;
    expect(replies.map((r) => r.status)).toEqual([200, status]);
    expect(replies[1].headers.connection).toBe('close');
    if (status >= 400) expectProblem(replies[1], status);
    expect(deleted).toEqual([]);
  });

  // docs/pipeline.md, "Requests node:http cannot read": the request it shows, and the answer it shows, byte for byte.
  it("docs/pipeline.md shows the real answer to its unreadable request", async () => {
    const doc = readFileSync(new URL('../docs/pipeline.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Requests node:http cannot read'));
    const [sent, answer] = [...section.matchAll(/^```http\n([\s\S]*?)^```$/gm)].map((m) => m[1].replace(/\n$/, ''));
    const app = createApplication();
    addRouting(app.services);
    useRouter(app, new RouteBuilder(app).mapGet('hello/{name}', async (ctx) => ctx.response.send(200, 'hi')).build());
    const server = await app.listen(0);
    servers.push(server);
    const socket = await rawConnect((server.address() as AddressInfo).port);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(`${sent.replaceAll('\n', '\r\n')}\r\n\r\n`);
    await once(socket, 'close');
    const [head, body] = answer.split('\n\n');
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${head.replaceAll('\n', '\r\n')}\r\n\r\n${body}`);
  });

  it('a DELETE received whole is run: 204 (the app the rows run against changes its state)', async () => {
    const { port, deleted } = await startApp();
    const socket = await rawConnect(port);
    const read = readUntilClose(socket);
    socket.write('DELETE /items/1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\nDELETE /items/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const { replies } = await read;
    expect(replies.map((r) => r.status)).toEqual([204, 204]);
    expect(deleted).toEqual(['1', '2']); // the second once the first is answered
  });
});

// A client that pipelines requests and never reads: node:http runs every request it reads at once, and each
// response waits in memory behind the one before. On the pipeline a request runs only when its response has the
// connection and the connection's unsent bytes are within maxUnsentBytes; until then it waits and the
// connection is not read. So the app runs no more than the kernel's buffers took, the bound, and one response.
describe('an app on the pipeline runs no more pipelined requests than its unsent bytes allow (maxUnsentBytes)', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  const BODY = 'x'.repeat(128 * 1024);
  const REQUESTS = 400; // 51 MiB of responses: many times what a loopback connection's kernel buffers take
  const SMALL = 16 * 1024;
  const listening = (server: Server): Promise<Server> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
  const BOUNDS: { name: string; bound: number; start: (app: Application) => Promise<Server> }[] = [
    { name: 'app.listen(), the default bound (256 KiB)', bound: 256 * 1024, start: (app) => app.listen(0) },
    { name: 'app.listen(0, host, { maxUnsentBytes: 16 KiB })', bound: SMALL, start: (app) => app.listen(0, '127.0.0.1', { maxUnsentBytes: SMALL }) },
    {
      name: 'a server of its own, answerUnreadableRequests(server, { maxUnsentBytes: 16 KiB })',
      bound: SMALL,
      start: (app) => listening(answerUnreadableRequests(createServer({ requireHostHeader: false }, app.handler), { maxUnsentBytes: SMALL })),
    },
  ];

  it.each(BOUNDS)('$name: of 400 pipelined GETs of 128 KiB never read, the app runs what the kernel took, the bound and one more', async ({ bound, start }) => {
    let runs = 0;
    let parsed = 0; // requests node:http read and handed on
    const app = createApplication();
    app.run(async (ctx) => {
      runs++;
      ctx.response.send(200, BODY);
    });
    const server = await start(app);
    servers.push(server);
    let connection: Socket | null = null;
    server.once('connection', (socket: Socket) => (connection = socket));
    server.on('request', () => parsed++);
    const client = await rawConnect((server.address() as AddressInfo).port);
    client.pause(); // never read
    client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(REQUESTS));
    // Until every request ran, or requests wait while the connection has bytes the kernel did not take.
    await vi.waitFor(() => expect(runs === REQUESTS || (parsed > runs && connection !== null && connection.writableLength > 0)).toBe(true), { timeout: PATIENCE_MS, interval: 5 });
    const socket = connection! as Socket;
    const taken = socket.bytesWritten - socket.writableLength; // by the kernel
    expect(runs, `runs (kernel took ${taken} bytes, ${socket.writableLength} unsent)`).toBeLessThanOrEqual(Math.floor((taken + bound) / BODY.length) + 1);
    expect(runs).toBeLessThan(REQUESTS);
    client.destroy();
  });

  it.each([0, 100, SMALL - 1, 2 ** 31 + 1, 1.5, Number.NaN])('maxUnsentBytes %d: an error naming the option and its range', async (maxUnsentBytes) => {
    const message = `maxUnsentBytes must be a whole number of bytes from 16384 to 2147483648 (got ${maxUnsentBytes})`;
    await expect(createApplication().listen(0, '127.0.0.1', { maxUnsentBytes })).rejects.toThrow(message);
    expect(() => answerUnreadableRequests(createServer(createApplication().handler), { maxUnsentBytes })).toThrow(message);
  });

  // Options as every options object is read: an unknown key named with a guess, a value out of range named.
  it.each([
    { options: { maxUnsentByte: 16384 }, message: 'answerUnreadableRequests: unknown key "maxUnsentByte" (did you mean "maxUnsentBytes"?); the options object has "maxUrlLength", "maxUnsentBytes"' },
    { options: { maxUrlLength: 'abc' }, message: 'maxUrlLength must be a whole number of bytes, 1 or more (got abc)' },
    { options: { maxUrlLength: -5 }, message: 'maxUrlLength must be a whole number of bytes, 1 or more (got -5)' },
  ])('options $options: $message', async ({ options, message }) => {
    await expect(createApplication().listen(0, '127.0.0.1', options as never)).rejects.toThrow(message);
    expect(() => answerUnreadableRequests(createServer(createApplication().handler), options as never)).toThrow(message);
  });

  it('answerUnreadableRequests twice on one server: an error (it would answer each refusal twice)', () => {
    const server = answerUnreadableRequests(createServer(createApplication().handler));
    expect(() => answerUnreadableRequests(server)).toThrow('answerUnreadableRequests: this server already answers unreadable requests (app.listen() makes its server so)');
    expect(server.listenerCount('clientError')).toBe(1);
  });

  it("a server's own CONNECT and checkExpectation listeners are kept, alone", () => {
    const proxy = (): void => {};
    const expectation = (): void => {};
    const server = createServer(createApplication().handler).on('connect', proxy).on('checkExpectation', expectation);
    answerUnreadableRequests(server);
    expect(server.listeners('connect')).toEqual([proxy]);
    expect(server.listeners('checkExpectation')).toEqual([expectation]);
  });

  it('answerUnreadableRequests on a server without a request listener: an error saying to give it the handler first', () => {
    expect(() => answerUnreadableRequests(createServer())).toThrow('answerUnreadableRequests: the server has no request listener yet; create it with the handler first: answerUnreadableRequests(createServer(options, app.handler))');
  });
});

describe('headers over node:http\'s 16 KiB budget: 414 when the request line alone is over maxUrlLength, else 431', () => {
  it.each([
    { name: 'an over-long request line', packet: `GET /api/todo/${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n`, status: 414 },
    { name: 'a request line still arriving', packet: `GET /${'a'.repeat(8 * 1024 + 1)}`, status: 414 },
    { name: 'a large header after a short request line', packet: `GET /api/todo HTTP/1.1\r\nX-Big: ${'a'.repeat(20 * 1024)}`, status: 431 },
    { name: 'many headers', packet: `GET /api/todo HTTP/1.1\r\n${'X-A: b\r\n'.repeat(3000)}`, status: 431 },
    { name: 'a chunk in the middle of a header', packet: 'a'.repeat(20 * 1024), status: 431 },
    { name: 'no bytes', packet: undefined, status: 431 },
    { name: 'an over-long request line after a request pipelined before it', packet: `GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /${'a'.repeat(20 * 1024)}`, status: 414 },
    // node:http's parser stops in the over-long line, before the empty line that ends its request.
    { name: 'the same, that request whole in the read', packet: `GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, parsed: 20 * 1024, status: 414 },
    { name: 'a request line of 1,000 bytes, maxUrlLength 500', packet: `GET /${'a'.repeat(1000)} HTTP/1.1\r\nX-Big: ${'a'.repeat(20 * 1024)}`, maxUrlLength: 500, status: 414 },
    { name: 'a request line of 1,000 bytes, maxUrlLength 8 KiB', packet: `GET /${'a'.repeat(1000)} HTTP/1.1\r\nX-Big: ${'a'.repeat(20 * 1024)}`, status: 431 },
  ])('$name → $status', ({ packet, parsed, status, maxUrlLength }: { packet: string | undefined; parsed?: number; status: number; maxUrlLength?: number }) => {
    expect(headerOverflowStatus(packet === undefined ? undefined : Buffer.from(packet, 'latin1'), parsed, maxUrlLength)).toBe(status);
  });
});

// Regression tables for the hardening found in review: each row fails without its fix.
import { createServer } from 'node:http';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { ConstraintRegistry, RegexRouteConstraint } from '../src/constraints.js';
import { compile, RouteCreationError } from '../src/index.js';
import { createApplication, Route, RouteCollection, RouteHandler, useRouter } from '../src/http.js';
import { isJsonMediaType } from '../src/todo/json-body.js';
import { createTodoServer } from '../src/todo/server.js';
import { sizeOf } from '../src/todo/todo-repository.js';
import { freshItemJson, storedItem, todoItemJson } from '../src/todo/todo-item.js';
import fc from 'fast-check';
import { fuzzHarness } from './support/fuzz.js';

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

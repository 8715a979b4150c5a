// Configuration mistakes get errors that say what is wrong and what to write instead: a route definition
// that is not an object, a plain function where a Router is expected, a route name used twice (one wording
// for compile() and for the pipeline's RouteCollection).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { group as expressGroup, switchyard as expressRoutes } from '../src/express.js';
import { switchyard as fastifyRoutes } from '../src/fastify.js';
import { switchyard as honoRoutes } from '../src/hono.js';
import { defineRoutes as builtRoutes } from '../src/hono-aot.js';
import { checkRoutes, compile, group, RouteCreationError, RouteTableError, TemplateParseError, type RouteDefinition } from '../src/index.js';
import { switchyard as koaRoutes } from '../src/koa.js';
import { addRouting, createApplication, createNodeMiddleware, Route, RouteBuilder, RouteCollection, RouteHandler, ServiceContainer, useRouter } from '../src/http.js';
import { fastifyReady } from './support/framework-hosts.js';

const handler = async (): Promise<void> => {};
const DUPLICATE = /the route name "(a|A)" is already used by an earlier route \(names are case-insensitive\)/;

const cases: [string, () => unknown, RegExp][] = [
  ['compile() with a string for a route', () => compile(['a/b'] as unknown as RouteDefinition[]), /route 0 must be an object such as \{ template: "products\/\{id\}" \}, got the string "a\/b" \(write \{ template: "a\/b" \}\)/],
  ['compile() with null for a route', () => compile([{ template: 'x' }, null] as unknown as RouteDefinition[]), /route 1 must be an object .*, got null/],
  ['compile() with an array for a route', () => compile([['a']] as unknown as RouteDefinition[]), /got an array/],
  ['compile() with a non-string template', () => compile([{ template: 5 } as unknown as RouteDefinition]), /the template must be a string/],
  ['a plain function as a Route target', () => new Route(handler as never, null, 'x'), /Route \(its target\) needs a Router, got a plain function: wrap a request handler as new RouteHandler\(handler\)/],
  ['a plain function added to a RouteCollection', () => new RouteCollection().add(handler as never), /RouteCollection.add needs a Router, got a plain function: wrap .* RouteHandler/],
  ['a plain function as the default handler', () => new RouteBuilder(null, handler as never), /RouteBuilder \(its defaultHandler\) needs a Router, got a plain function/],
  ['a number as a Router', () => new RouteCollection().add(5 as never), /needs a Router \(an object with routeAsync and getVirtualPath\), got number/],
  // A JavaScript app that forgets build(): refused when mounted, where every request answered 500 before.
  ['a RouteBuilder given to useRouter', () => useRouter(createApplication(), new RouteBuilder(null) as never), /^useRouter needs a Router, got a RouteBuilder: pass builder.build\(\)/],
  ['a RouteBuilder given to createNodeMiddleware', () => createNodeMiddleware(new RouteBuilder(null) as never), /^createNodeMiddleware needs a Router, got a RouteBuilder: pass builder.build\(\)/],
  ['an object that is no Router given to useRouter', () => useRouter(createApplication(), {} as never), /^useRouter needs a Router \(an object with routeAsync and getVirtualPath\), got object/],
  // A new user's mapGet without a handler was told only "RouteHandler needs a RequestDelegate function".
  ['mapGet without a handler', () => new RouteBuilder().mapGet('a/{id}' as never, undefined as never), /^Cannot create route with template "a\/\{id\}": mapGet needs a handler, a function \(context\) => …; got undefined$/],
  ['mapPost with a string for the handler', () => new RouteBuilder().mapPost('a' as never, 'show' as never, { name: 'create' }), /^Cannot create route "create" with template "a": mapPost needs a handler, a function \(context\) => …; got string$/],
  ['mapMethods with a number for the handler', () => new RouteBuilder().mapMethods(['GET', 'PUT'], 'b' as never, 5 as never), /^Cannot create route with template "b": mapMethods needs a handler, a function \(context\) => …; got number$/],
  ['mapRoute(name, template) without a default handler', () => new RouteBuilder().mapRoute('r', 'c'), /^Cannot create route "r" with template "c": mapRoute without a handler needs the RouteBuilder's defaultHandler \(new RouteBuilder\(app, defaultHandler\)\), or use mapGet & co\. with a handler$/],
  ['compile() with one method as a string', () => compile([{ template: 'x', methods: 'GET' } as unknown as RouteDefinition]), /methods must be a list of HTTP method names, such as \["GET", "HEAD"\]; got the string "GET" \(write \["GET"\]\)/],
  ['a route name twice in compile()', () => compile([{ name: 'a', template: 'x' }, { name: 'A', template: 'y' }]), DUPLICATE],
  [
    'a route name twice in a RouteCollection',
    () => {
      const collection = new RouteCollection();
      collection.add(new Route(new RouteHandler(handler), 'a', 'x'));
      collection.add(new Route(new RouteHandler(handler), 'A', 'y'));
      return collection.build();
    },
    DUPLICATE,
  ],
];

describe('configuration errors', () => {
  it.each(cases)('%s', (_title, run, message) => {
    expect(run).toThrow(message);
  });

  it('a RouteHandler is accepted where a plain function is not', () => {
    expect(() => new Route(new RouteHandler(handler), null, 'x')).not.toThrow();
  });
});

// A table with several bad routes is reported whole: one RouteTableError (an AggregateError) listing each
// route's index and error in collection order; a table with one bad route throws that route's error as before.
const BAD_TABLE = [
  { name: 'a', template: 'a/{id}', methods: 'GET' },
  { name: 'b', template: 'b/{id' },
  { name: 'ok', template: 'ok' },
  { name: 'A', template: 'c' },
  { template: 'd/{x:integer}' },
  'e',
] as unknown as RouteDefinition[];

describe('every bad route of a table at once', () => {
  it.each([
    ['methods as a string', 0, RouteCreationError, /methods must be a list/],
    ['an unclosed parameter', 1, TemplateParseError, /unmatched "\{"/],
    ['a duplicate name', 3, RouteCreationError, DUPLICATE],
    ['an unknown inline constraint', 4, RouteCreationError, /did you mean "int"/],
    ['a string for a route', 5, TypeError, /route 5 must be an object/],
  ] as const)('compile() reports %s (route %i) in a RouteTableError', (_title, routeIndex, type, message) => {
    let thrown: unknown;
    try {
      compile(BAD_TABLE);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RouteTableError);
    expect(thrown).toBeInstanceOf(AggregateError);
    const table = thrown as RouteTableError;
    expect(table.failures.map((f) => f.routeIndex)).toEqual([0, 1, 3, 4, 5]);
    expect(table.errors).toEqual(table.failures.map((f) => f.error));
    const failure = table.failures.find((f) => f.routeIndex === routeIndex)!;
    expect(failure.error).toBeInstanceOf(type);
    expect(failure.error.message).toMatch(message);
    // The message lists each route with its index, template and reason.
    const line = table.message.split('\n').find((l) => l.startsWith(`  route ${routeIndex}: `));
    expect(line).toBeDefined();
    expect(line).toMatch(message);
  });

  it('checkRoutes returns the same failures without throwing, and none for a good table', () => {
    expect(checkRoutes(BAD_TABLE).map((f) => [f.routeIndex, f.error.constructor.name])).toEqual([
      [0, 'RouteCreationError'],
      [1, 'TemplateParseError'],
      [3, 'RouteCreationError'],
      [4, 'RouteCreationError'],
      [5, 'TypeError'],
    ]);
    expect(checkRoutes([{ template: 'a' }, { name: 'x', template: 'b/{id:int}' }])).toEqual([]);
  });

  it('one bad route alone is thrown as its own error, as before', () => {
    expect(() => compile([{ template: 'ok' }, { template: 'b/{id' }] as RouteDefinition[])).toThrow(TemplateParseError);
  });
});

// A misspelt key would be ignored, and its route would take every request: `middlewares: [auth]` leaves the route
// open. A route (or a group's options, or a mapped route's) with a key it cannot have is an error naming the key
// and the key it most likely meant, in compile() and in every adapter.
const auth = (): void => {};
const h = (): void => {};
const ROUTE_ENTRIES: { entry: string; make: (route: object) => unknown }[] = [
  { entry: 'compile()', make: (route) => compile([route as RouteDefinition]) },
  {
    entry: 'checkRoutes()',
    make: (route) => {
      const [failure] = checkRoutes([route as RouteDefinition]);
      if (failure !== undefined) throw failure.error;
    },
  },
  { entry: 'a live table (router.add)', make: (route) => compile([{ template: 'first' }]).add(route as RouteDefinition) },
  { entry: 'express', make: (route) => expressRoutes([route] as never) },
  { entry: 'koa', make: (route) => koaRoutes([route] as never) },
  { entry: 'hono', make: (route) => honoRoutes([route] as never) },
  { entry: 'hono/aot defineRoutes', make: (route) => builtRoutes([route] as never) },
  {
    entry: 'fastify',
    make: async (route) => {
      const app = Fastify();
      app.register(fastifyRoutes, { routes: [route] as never });
      try {
        await app.ready();
      } finally {
        await app.close();
      }
    },
  },
];
const BAD_ROUTES: { why: string; route: object; message: RegExp }[] = [
  { why: 'middlewares', route: { template: 'admin', middlewares: [auth], handler: h }, message: /"admin".*unknown key "middlewares" \(did you mean "middleware"\?\); a route has "name", "template",/ },
  { why: 'metods', route: { name: 'r', template: 'a', metods: ['GET'], handler: h }, message: /"r".*unknown key "metods" \(did you mean "methods"\?\)/ },
  { why: 'templat', route: { templat: 'a', handler: h }, message: /unknown key "templat" \(did you mean "template"\?\)/ },
  { why: 'constraint', route: { template: 'a/{id}', constraint: { id: 'int' }, handler: h }, message: /unknown key "constraint" \(did you mean "constraints"\?\)/ },
  { why: 'a key like none', route: { template: 'a', handler: h, color: 'red' }, message: /unknown key "color"; a route has/ },
];

describe.each(ROUTE_ENTRIES)('$entry: a route with a key it cannot have', ({ make }) => {
  it.each(BAD_ROUTES)('$why', async ({ route, message }) => {
    await expect((async () => make(route))()).rejects.toThrow(message);
  });

  it('the keys it can have are taken', async () => {
    const route = { name: 'n', template: 'ok/{id}', defaults: { id: '1' }, constraints: { id: 'int' }, dataTokens: { a: 1 }, methods: ['GET'], generationOnly: false, handler: h };
    await expect((async () => void (await make(route)))()).resolves.toBeUndefined();
  });
});

describe("a group's or a mapped route's options with a key they cannot have", () => {
  it.each([
    { entry: 'group()', make: () => group({ prefx: 'admin' } as never, []), message: /group: unknown key "prefx" \(did you mean "prefix"\?\); a group has "prefix", "name",/ },
    { entry: 'group()', make: () => group({ prefix: 'admin', middlewares: [auth] } as never, [{ template: 'a' }]), message: /unknown key "middlewares" \(did you mean "middleware"\?\)/ },
    { entry: "express's group()", make: () => expressGroup({ prefix: 'admin', middlewares: [auth] } as never, [] as never), message: /unknown key "middlewares" \(did you mean "middleware"\?\)/ },
    { entry: "the pipeline's mapGet", make: () => new RouteBuilder().mapGet('a', h, { middlewares: [auth] } as never), message: /"a".*unknown key "middlewares" \(did you mean "middleware"\?\); a mapped route has/ },
    { entry: "the pipeline's mapGroup", make: () => new RouteBuilder().mapGroup('admin', (g) => g.mapGet('a', h), { middlewares: [auth] } as never), message: /mapGroup\("admin"\): unknown key "middlewares" \(did you mean "middleware"\?\); a group has/ },
    { entry: "compile()'s options", make: () => compile([{ template: 'Admin' }], { caseSensitve: true } as never), message: /compile: unknown key "caseSensitve" \(did you mean "caseSensitive"\?\); compile\(\)'s options object has "strategy", "caseSensitive",/ },
    { entry: "compile()'s options, a key in another case", make: () => compile([{ template: 'a' }], { lowerCaseUrls: true } as never), message: /compile: unknown key "lowerCaseUrls" \(did you mean "lowercaseUrls"\?\)/ },
    { entry: "the pipeline's addRouting", make: () => addRouting(new ServiceContainer(), { appendTrailingSlah: true } as never), message: /addRouting: unknown key "appendTrailingSlah" \(did you mean "appendTrailingSlash"\?\); addRouting\(\)'s options object has "constraintMap", "caseSensitive", "lowercaseUrls", "lowercaseQueryStrings", "appendTrailingSlash"/ },
    { entry: "Express's adapter options", make: () => expressRoutes([{ template: 'a', handler: h }], { methodNotAlowed: false } as never), message: /switchyard: unknown key "methodNotAlowed" \(did you mean "methodNotAllowed"\?\); the adapter's options object has "headAsGet", "methodNotAllowed", "options", "compile"/ },
    { entry: "Koa's adapter options", make: () => koaRoutes([{ template: 'a', handler: h }], { headAsGett: false } as never), message: /unknown key "headAsGett" \(did you mean "headAsGet"\?\)/ },
    { entry: "Hono's adapter options", make: () => honoRoutes([{ template: 'a', handler: h }], { option: false } as never), message: /unknown key "option" \(did you mean "options"\?\)/ },
    { entry: "an adapter's compile options", make: () => expressRoutes([{ template: 'a', handler: h }], { compile: { stratgy: 'trie' } as never }), message: /compile: unknown key "stratgy" \(did you mean "strategy"\?\)/ },
  ])('$entry: $message', ({ make, message }) => {
    expect(make).toThrow(message);
  });

  it("Fastify's plugin options: a misspelt one is named; Fastify's own register options (prefix) are taken", async () => {
    const misspelt = Fastify();
    misspelt.register(fastifyRoutes, { routes: [{ template: 'a', handler: h }], methodNotAlowed: false } as never);
    await expect(misspelt.ready()).rejects.toThrow(/unknown key "methodNotAlowed" \(did you mean "methodNotAllowed"\?\)/);
    const prefixed = Fastify();
    prefixed.register(fastifyRoutes, { routes: [{ template: 'a', handler: h }] as never, prefix: '/api', logLevel: 'warn', methodNotAllowed: false });
    await expect(prefixed.ready()).resolves.toBeDefined();
    await prefixed.close();
    await misspelt.close().catch(() => undefined);
  });
});

// An adapter given routes refuses a route that answers requests without a handler (test/frameworks.test.ts has
// each adapter's message), in the same one error as the routes compile() refuses: the whole table fixed in one run.
const TABLE_ENTRIES: { entry: string; make: (routes: RouteDefinition[]) => unknown }[] = [
  { entry: 'express', make: (routes) => expressRoutes(routes as never) },
  { entry: 'koa', make: (routes) => koaRoutes(routes as never) },
  { entry: 'hono', make: (routes) => honoRoutes(routes as never) },
  { entry: 'fastify', make: fastifyReady },
];
const NO_HANDLER = 'it answers requests but has no handler function';

describe.each(TABLE_ENTRIES)('$entry: bad routes and routes without a handler', ({ make }) => {
  it("all in one RouteTableError, by index (a route's compile() error before its missing handler)", async () => {
    let thrown: unknown;
    try {
      await make([{ name: 'fine', template: 'fine', handler: h }, ...BAD_TABLE, { name: 'links', template: 'links', generationOnly: true }]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RouteTableError);
    const failures = (thrown as RouteTableError).failures.map((f) => [f.routeIndex, f.error.message]);
    expect(failures.map(([index]) => index)).toEqual([1, 1, 2, 2, 3, 4, 4, 5, 5, 6]);
    expect(failures.map(([, message]) => String(message).includes(NO_HANDLER))).toEqual([false, true, false, true, true, false, true, false, true, false]);
  });
});

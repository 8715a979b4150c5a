// toOpenApi: templates → paths, constraints → schemas, verb limits → operations, shadowed routes left out,
// metadata merged, never guessed. Every document produced here passes the OpenAPI 3.1 validator.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IntRouteConstraint, type RouteConstraint } from '../src/constraints.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { RouteBuilder, RouteHandler } from '../src/http.js';
import { toOpenApi, type OpenApiOptions } from '../src/openapi.js';
import fc from 'fast-check';
import { describeRoutes, fuzzHarness } from './support/fuzz.js';
import { expectValidOpenApi } from './support/openapi.js';
import { methodOf, pathRecipe, renderPath, routesArb } from './support/route-generators.js';

const INFO = { title: 'test', version: '1' };

async function documentOf(routes: RouteDefinition[], options: Partial<OpenApiOptions> = {}) {
  const document = toOpenApi(routes, { info: INFO, ...options });
  await expectValidOpenApi(document);
  return document;
}

type Schema = Record<string, unknown>;
const STRING = { type: 'string' };
const INT = { type: 'integer', format: 'int32' };
const param = (name: string, schema: Schema = STRING, extra: Schema = {}) => ({ name, in: 'path', required: true, schema, ...extra });
const catchAll = (name: string) => param(name, STRING, { 'x-switchyard-catch-all': true });

// A constraint of the app's own, describing itself.
class SlugConstraint implements RouteConstraint {
  match(): boolean {
    return true;
  }
  toOpenApiSchema() {
    return { type: 'string', pattern: '^[a-z0-9-]+$' };
  }
}
// One that cannot: the parameter stays a plain string.
class OpaqueConstraint implements RouteConstraint {
  match(): boolean {
    return true;
  }
}

interface PathCase {
  title: string;
  routes: RouteDefinition[];
  options?: Partial<OpenApiOptions>;
  paths: Record<string, Record<string, Schema>>;
}

const PATH_CASES: PathCase[] = [
  {
    // The cover analysis is diagnostics()': an earlier route with the same built-in constraint takes every
    // request of the later one, so the later one is no fallback either.
    title: 'a later route shadowed through a shared constraint is left out',
    routes: [{ name: 'first', template: 'api/{id:int}' }, { name: 'second', template: 'api/{n:int:range(1,10)}' }],
    paths: { '/api/{id}': { get: { operationId: 'first', parameters: [param('id', INT)] } } },
  },
  {
    title: 'a subclassed constraint is custom: the later route stays a fallback',
    routes: [{ name: 'even', template: 'api/{id}', constraints: { id: new (class extends IntRouteConstraint {})() } }, { name: 'any', template: 'api/{n:int}' }],
    paths: { '/api/{id}': { get: { operationId: 'even', parameters: [param('id')], 'x-switchyard-fallbacks': ['api/{n:int}'] } } },
  },
  {
    title: 'a typed parameter',
    routes: [{ name: 'byId', template: '{id:int}' }],
    paths: { '/{id}': { get: { operationId: 'byId', parameters: [param('id', INT)] } } },
  },
  {
    title: 'a trailing optional parameter: with and without it',
    routes: [{ name: 'products', template: 'products/{id:int?}' }],
    paths: {
      '/products': { get: { operationId: 'products_without_id' } },
      '/products/{id}': { get: { operationId: 'products', parameters: [param('id', INT)] } },
    },
  },
  {
    title: 'trailing defaults: one path per length, the defaults of what is left out',
    routes: [{ name: 'default', template: '{controller=Home}/{action=Index}/{id?}' }],
    paths: {
      '/': { get: { operationId: 'default_without_controller_action_id', 'x-switchyard-defaults': { controller: 'Home', action: 'Index' } } },
      '/{controller}': {
        get: { operationId: 'default_without_action_id', parameters: [param('controller')], 'x-switchyard-defaults': { action: 'Index' } },
      },
      '/{controller}/{action}': { get: { operationId: 'default_without_id', parameters: [param('controller'), param('action')] } },
      '/{controller}/{action}/{id}': { get: { operationId: 'default', parameters: [param('controller'), param('action'), param('id')] } },
    },
  },
  {
    title: 'a default in the middle is not omittable',
    routes: [{ template: '{a=x}/b' }],
    paths: { '/{a}/b': { get: { parameters: [param('a')] } } },
  },
  {
    title: 'defaults from the defaults object count too',
    routes: [{ template: 'page/{n:int}', defaults: { n: 1 } }],
    paths: {
      '/page': { get: { 'x-switchyard-defaults': { n: 1 } } },
      '/page/{n}': { get: { parameters: [param('n', INT)] } },
    },
  },
  {
    title: 'a complex segment with a trailing optional parameter',
    routes: [{ template: 'files/{filename}.{ext?}' }],
    paths: {
      '/files/{filename}': { get: { parameters: [param('filename')] } },
      '/files/{filename}.{ext}': { get: { parameters: [param('filename'), param('ext')] } },
    },
  },
  {
    title: 'a complex segment with literals',
    routes: [{ template: 'img/{w:int}x{h:int}-{name}.png' }],
    paths: { '/img/{w}x{h}-{name}.png': { get: { parameters: [param('w', INT), param('h', INT), param('name')] } } },
  },
  {
    title: 'a catch-all: without it, and as a marked path parameter',
    routes: [{ template: 'static/{*path}' }, { template: 'wiki/{**slug}' }],
    paths: {
      '/static': { get: {} },
      '/static/{path}': { get: { parameters: [catchAll('path')] } },
      '/wiki': { get: {} },
      '/wiki/{slug}': { get: { parameters: [catchAll('slug')] } },
    },
  },
  {
    title: 'literal case and escaped braces are kept',
    routes: [{ template: 'Api/{{Raw}}/Items' }],
    paths: { '/Api/%7BRaw%7D/Items': { get: {} } },
  },
  {
    title: 'verb limits give the operations; other methods get suffixed operationIds',
    routes: [{ name: 'item', template: 'items/{id}', methods: ['GET', 'HEAD', 'delete'] }],
    paths: {
      '/items/{id}': {
        get: { operationId: 'item', parameters: [param('id')] },
        head: { operationId: 'item_head', parameters: [param('id')] },
        delete: { operationId: 'item_delete', parameters: [param('id')] },
      },
    },
  },
  {
    title: 'routes without a verb limit are listed under the methods the caller names',
    routes: [{ template: 'any' }, { template: 'posted', methods: ['POST'] }],
    options: { methods: ['GET', 'PUT'] },
    paths: { '/any': { get: {}, put: {} }, '/posted': { post: {} } },
  },
  {
    title: 'headFromGet: a route that takes GET is listed under HEAD too (the router serves HEAD from it)',
    routes: [{ name: 'item', template: 'items/{id}', methods: ['GET'] }, { template: 'posted', methods: ['POST'] }, { template: 'both', methods: ['GET', 'HEAD'] }],
    options: { headFromGet: true },
    paths: {
      '/items/{id}': { get: { operationId: 'item', parameters: [param('id')] }, head: { operationId: 'item_head', parameters: [param('id')] } },
      '/posted': { post: {} },
      '/both': { get: {}, head: {} },
    },
  },
  {
    title: 'a method OpenAPI 3.1 has no field for is left out',
    routes: [{ template: 'dav', methods: ['PROPFIND'] }, { template: 'dav2', methods: ['PROPFIND', 'GET'] }],
    paths: { '/dav2': { get: {} } },
  },
  {
    title: 'a later route that can never win is not listed twice (parameter before literal)',
    routes: [{ template: 'users/{name}' }, { template: 'users/me' }],
    paths: { '/users/{name}': { get: { parameters: [param('name')] } } },
  },
  {
    title: 'a literal before a parameter: both can win',
    routes: [{ template: 'users/me' }, { template: 'users/{name}' }],
    paths: { '/users/me': { get: {} }, '/users/{name}': { get: { parameters: [param('name')] } } },
  },
  {
    title: 'the same path spelled in another case can never win',
    routes: [{ template: 'Home' }, { template: 'home' }],
    paths: { '/Home': { get: {} } },
  },
  {
    title: 'caseSensitive: paths spelled in another case are other paths',
    routes: [{ template: 'Home' }, { template: 'home' }, { template: 'Files/{name}.TXT' }, { template: 'Files/{name}.txt' }, { template: 'Home' }],
    options: { caseSensitive: true },
    paths: {
      '/Home': { get: {} },
      '/home': { get: {} },
      '/Files/{name}.TXT': { get: { parameters: [param('name')] } },
      '/Files/{name}.txt': { get: { parameters: [param('name')] } },
    },
  },
  {
    title: 'a catch-all shadows deeper paths for its methods only',
    routes: [{ template: 'files/{*rest}', methods: ['GET'] }, { template: 'files/a/b', methods: ['GET', 'POST'] }],
    paths: {
      '/files': { get: {} },
      '/files/{rest}': { get: { parameters: [catchAll('rest')] } },
      '/files/a/b': { post: {} },
    },
  },
  {
    title: 'a route without a verb limit shadows every method',
    routes: [{ template: '{*all}' }, { template: 'x', methods: ['POST'] }],
    paths: { '/': { get: {} }, '/{all}': { get: { parameters: [catchAll('all')] } } },
  },
  {
    title: 'a later route that wins where a constraint rejects is named as a fallback, not listed twice',
    routes: [{ name: 'byId', template: 'p/{id:int}' }, { name: 'bySlug', template: 'p/{slug}' }],
    paths: { '/p/{id}': { get: { operationId: 'byId', parameters: [param('id', INT)], 'x-switchyard-fallbacks': ['p/{slug}'] } } },
  },
  {
    title: 'the same path with other parameter names, another method: one path, the route value named',
    routes: [{ template: 'a/{id}', methods: ['GET'] }, { template: 'a/{key}', methods: ['PUT'] }],
    paths: {
      '/a/{id}': {
        get: { parameters: [param('id')] },
        put: { parameters: [param('id', STRING, { 'x-switchyard-route-value': 'key' })] },
      },
    },
  },
  {
    title: 'constraints from the constraints object, a custom schema, an opaque custom constraint',
    routes: [
      { template: 'r/{slug}', constraints: { slug: '[a-z]+' } },
      { template: 's/{slug}', constraints: { slug: new SlugConstraint() } },
      { template: 't/{x}', constraints: { x: new OpaqueConstraint() } },
    ],
    paths: {
      '/r/{slug}': { get: { parameters: [param('slug', { type: 'string', pattern: '^(?:[a-z]+)$', 'x-switchyard-pattern-flags': 'i' })] } },
      '/s/{slug}': { get: { parameters: [param('slug', { type: 'string', pattern: '^[a-z0-9-]+$' })] } },
      '/t/{x}': { get: { parameters: [param('x')] } },
    },
  },
];

describe('toOpenApi paths', () => {
  it.each(PATH_CASES)('$title', async ({ routes, options, paths }) => {
    const document = await documentOf(routes, options);
    expect(document.paths).toEqual(paths);
    expect(Object.keys(document.paths)).toEqual(Object.keys(paths)); // route order, shortest path first
  });
});

const SCHEMA_CASES: [string, Schema][] = [
  ['{x}', STRING],
  ['{x:int}', INT],
  ['{x:long}', { type: 'integer', format: 'int64' }],
  ['{x:bool}', { type: 'boolean' }],
  ['{x:guid}', { type: 'string', format: 'uuid' }],
  ['{x:datetime}', { type: 'string', format: 'date-time' }],
  ['{x:decimal}', { type: 'number' }],
  ['{x:double}', { type: 'number', format: 'double' }],
  ['{x:float}', { type: 'number', format: 'float' }],
  ['{x:alpha}', { type: 'string', pattern: '^[A-Za-z]*$' }],
  ['{x:regex(^\\d{{3}}$)}', { type: 'string', pattern: '^\\d{3}$', 'x-switchyard-pattern-flags': 'i' }],
  ['{x:length(3)}', { type: 'string', minLength: 3, maxLength: 3 }],
  ['{x:length(2,5)}', { type: 'string', minLength: 2, maxLength: 5 }],
  ['{x:minlength(2)}', { type: 'string', minLength: 2 }],
  ['{x:maxlength(9)}', { type: 'string', maxLength: 9 }],
  ['{x:min(5)}', { type: 'integer', format: 'int64', minimum: 5 }],
  ['{x:max(-5)}', { type: 'integer', format: 'int64', maximum: -5 }],
  ['{x:range(1,10)}', { type: 'integer', format: 'int64', minimum: 1, maximum: 10 }],
  ['{x:required}', { type: 'string', minLength: 1 }],
  ['{x:file}', { type: 'string', pattern: '\\.\\.*[^/.][^/]*$' }],
  ['{x:nonfile}', { type: 'string', not: { pattern: '\\.\\.*[^/.][^/]*$' } }],
  // Several constraints combine: keywords merge, bounds take the tighter value, conflicts go under allOf.
  ['{x:int:range(1,10)}', { type: 'integer', format: 'int32', minimum: 1, maximum: 10 }],
  ['{x:range(1,10):int}', { type: 'integer', format: 'int32', minimum: 1, maximum: 10 }],
  ['{x:min(1):max(9)}', { type: 'integer', format: 'int64', minimum: 1, maximum: 9 }],
  ['{x:length(3,8):minlength(5)}', { type: 'string', minLength: 5, maxLength: 8 }],
  ['{x:alpha:maxlength(4)}', { type: 'string', pattern: '^[A-Za-z]*$', maxLength: 4 }],
  [
    '{x:alpha:regex(^ab)}',
    { type: 'string', pattern: '^[A-Za-z]*$', allOf: [{ type: 'string', pattern: '^ab', 'x-switchyard-pattern-flags': 'i' }] },
  ],
  ['{x:int:alpha}', { type: 'integer', format: 'int32', allOf: [{ type: 'string', pattern: '^[A-Za-z]*$' }] }],
  ['{x:int?}', INT],
];

describe('toOpenApi parameter schemas', () => {
  it.each(SCHEMA_CASES)('%s', async (segment, schema) => {
    const document = await documentOf([{ template: `v/${segment}` }]);
    expect(document.paths['/v/{x}'].get.parameters).toEqual([param('x', schema)]);
  });

  it('the file pattern agrees with the file constraint', () => {
    const router = compile([{ template: '{*x:file}' }]);
    const pattern = new RegExp('\\.\\.*[^/.][^/]*$');
    for (const path of ['a.txt', 'a/b.c', 'x.y.', 'a..', 'a.b/c', 'noext', '.hidden', 'a/.b', '..', 'd.ir/x']) {
      expect(pattern.test(path), path).toBe(router.match(`/${path}`) !== null);
    }
  });
});

describe('toOpenApi metadata', () => {
  const routes = (): RouteDefinition[] => [
    { name: 'GetItem', template: 'items/{id}', methods: ['GET', 'PUT'], dataTokens: { openapi: { summary: 'from tokens', tags: ['items'] } } },
    { template: 'items', methods: ['POST'] },
  ];

  it('merges dataTokens, then "target", then "METHOD target"; a name wins over the template', async () => {
    const document = await documentOf(routes(), {
      operations: {
        'items/{id}': { description: 'by template' },
        GetItem: { description: 'by name', responses: { '200': { description: 'ok' } } },
        'PUT GetItem': { summary: 'replace', operationId: 'ReplaceItem', requestBody: { content: { 'application/json': {} } } },
        'POST items': { responses: { '201': { description: 'created' } } },
      },
    });
    expect(document.paths['/items/{id}']).toEqual({
      get: { tags: ['items'], summary: 'from tokens', description: 'by name', operationId: 'GetItem', parameters: [param('id')], responses: { '200': { description: 'ok' } } },
      put: {
        tags: ['items'],
        summary: 'replace',
        description: 'by name',
        operationId: 'ReplaceItem',
        parameters: [param('id')],
        responses: { '200': { description: 'ok' } },
        requestBody: { content: { 'application/json': {} } },
      },
    });
    expect(document.paths['/items']).toEqual({ post: { responses: { '201': { description: 'created' } } } });
  });

  it('merges a path parameter given in metadata into the derived one, and adds others', async () => {
    const document = await documentOf(routes(), {
      operations: {
        'GET GetItem': {
          parameters: [
            { name: 'id', in: 'path', description: 'the key' },
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
        },
      },
    });
    expect(document.paths['/items/{id}'].get.parameters).toEqual([
      param('id', STRING, { description: 'the key' }),
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ]);
  });

  it('guesses nothing: no responses, bodies or descriptions without metadata', async () => {
    const document = await documentOf([{ template: 'items', methods: ['POST'] }]);
    expect(document.paths['/items'].post).toEqual({});
  });

  it.each([
    ['an operations key that names no route', { operations: { 'GET nowhere': {} } }, /"GET nowhere" name no route/],
    ['a key for a method the route does not have', { operations: { 'DELETE items': {} } }, /"DELETE items"/],
    ['a duplicate operationId', { operations: { 'POST items': { operationId: 'GetItem' } } }, /operationId "GetItem"/],
    ['no info', { info: undefined }, /info needs a title and a version/],
  ])('throws for %s', (_, options, message) => {
    expect(() => toOpenApi(routes(), { info: INFO, ...(options as Partial<OpenApiOptions>) } as OpenApiOptions)).toThrow(message);
  });

  it('copies info, servers and components', async () => {
    const components = { schemas: { Item: { type: 'object' } } };
    const document = await documentOf(routes(), { servers: [{ url: 'https://api.example.com/v1' }], components });
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual(INFO);
    expect(document.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    expect(document.components).toEqual(components);
  });
});

describe('toOpenApi sources', () => {
  const definitions: RouteDefinition[] = [
    { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
    { name: 'files', template: 'files/{filename}.{ext?}' },
    { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
  ];

  it('gives the same document for definitions, a compiled router, its routes and a RouteCollection', async () => {
    const expected = await documentOf(definitions);
    expect(toOpenApi(compile(definitions), { info: INFO })).toEqual(expected);
    expect(toOpenApi(compile(definitions).routes, { info: INFO })).toEqual(expected);
    const builder = new RouteBuilder(null, new RouteHandler(async () => {}));
    builder.mapGet('shop/{category}/{id:int}', async () => {}, { name: 'product' });
    builder.mapRoute('files', 'files/{filename}.{ext?}');
    builder.mapRoute('default', '{controller=Home}/{action=Index}/{id?}');
    expect(toOpenApi(builder.build(), { info: INFO })).toEqual(expected);
  });

  it('follows the caseSensitive of a compiled router', async () => {
    const routes = [{ template: 'Home' }, { template: 'home' }];
    expect(Object.keys(toOpenApi(compile(routes, { caseSensitive: true }), { info: INFO }).paths)).toEqual(['/Home', '/home']);
    expect(Object.keys(toOpenApi(compile(routes), { info: INFO }).paths)).toEqual(['/Home']);
  });

  it('uses the custom inline constraints the router was compiled with', async () => {
    const router = compile([{ template: 'tags/{t:slug}' }], { constraints: { slug: () => new SlugConstraint() } });
    const document = toOpenApi(router, { info: INFO });
    await expectValidOpenApi(document);
    expect(document.paths['/tags/{t}'].get.parameters).toEqual([param('t', { type: 'string', pattern: '^[a-z0-9-]+$' })]);
  });
});

interface FixtureRoute {
  method: string;
  template: string;
}

describe('toOpenApi on the GitHub route set (203 routes)', () => {
  const fixture = JSON.parse(readFileSync(new URL('./fixtures/routes-github.json', import.meta.url), 'utf8')) as { routes: FixtureRoute[] };
  const definitions = fixture.routes.map((r) => ({ template: r.template, methods: [r.method] }));
  const router = compile(definitions);

  it('is a valid document listing each route that can win, once', async () => {
    expect(fixture.routes).toHaveLength(203);
    const document = toOpenApi(definitions, { info: INFO });
    await expectValidOpenApi(document);
    // The oracle: a route can win when the router picks it for its own path, parameters filled in.
    const winners = fixture.routes.filter((r, i) => {
      const path = '/' + r.template.replace(/\{(\w+)\}/g, 'value-of-$1');
      return router.match(path, r.method)?.route.index === i;
    });
    const listed = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(winners.map((r) => `${r.method} /${r.template}`).sort());
  });
});

describe('toOpenApi never drops a route that can win (property)', () => {
  const { check, TIMEOUT } = fuzzHarness('test/openapi.test.ts', 0x0a91);
  const METHODS = ['GET', 'POST', 'PUT'];

  /** Route indexes documented for each method: listed (operationId "r<i>…") or named as a fallback template. */
  function documented(routes: RouteDefinition[]): Map<string, { indexes: Set<number>; templates: Set<string> }> {
    const named = routes.map((r, i) => ({ ...r, name: `r${i}` }));
    const document = toOpenApi(named, { info: INFO, methods: METHODS });
    const byMethod = new Map(METHODS.map((m) => [m, { indexes: new Set<number>(), templates: new Set<string>() }]));
    for (const item of Object.values(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const seen = byMethod.get(method.toUpperCase())!;
        seen.indexes.add(Number(/^r(\d+)/.exec(operation.operationId as string)![1]));
        for (const template of (operation['x-switchyard-fallbacks'] as string[] | undefined) ?? []) seen.templates.add(template);
      }
    }
    return byMethod;
  }

  it('the route that wins a request is documented for its method', () => {
    check(
      'openapi-winners',
      fc.property(routesArb(8), fc.array(pathRecipe, { minLength: 1, maxLength: 12 }), (routes, recipes) => {
        const router = compile(routes);
        const docs = documented(routes);
        for (const recipe of recipes) {
          const path = renderPath(routes, recipe);
          const method = methodOf(routes, recipe).toUpperCase();
          const found = router.match(path, method);
          if (found === null || !METHODS.includes(method)) continue;
          const seen = docs.get(method)!;
          const ok = seen.indexes.has(found.route.index) || seen.templates.has(found.route.template);
          if (!ok) throw new Error(`route ${found.route.index} wins ${method} ${path} but is not documented\n${describeRoutes(routes)}`);
        }
      }),
      400,
    );
  }, TIMEOUT);
});

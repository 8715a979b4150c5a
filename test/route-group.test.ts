// group(): a prefix (parameters and constraints allowed), a name prefix, defaults, constraints and middleware
// shared by routes, nested; the result is the flat ordered table written out. Matching and generation over it
// run on every strategy.
import { describe, expect, it } from 'vitest';
import { group, RouteCreationError, TemplateParseError, type RouteDefinition } from '../src/index.js';
import { explain } from '../src/introspect.js';
import { toOpenApi } from '../src/openapi.js';
import { compile } from '../src/index.js';
import { compileWith, strategies } from './support/routers.js';
import { RouteBuilder } from '../src/http.js';

const auth = () => {};
const audit = () => {};
const users: RouteDefinition[] = [
  { name: 'list', template: 'users', methods: ['GET'] },
  { name: 'show', template: '/users/{id:int}', defaults: { format: 'json' } },
  { template: 'users/{id}/avatar' },
];
const table = [
  ...group({ prefix: 'tenants/{tenant:int}', name: 'tenant.', defaults: { format: 'html', area: 'tenant' }, constraints: { id: 'min(1)' } }, [
    ...users,
    ...group({ prefix: 'admin', name: 'admin.', middleware: [auth] }, [{ name: 'home', template: '', middleware: [audit] }]),
  ]),
  { name: 'home', template: '' },
];

describe('group() writes the flat table out', () => {
  it('joins prefixes and templates, prefixes names, merges defaults and constraints (the route\'s own win; a constraint only where its value is) and middleware (the group\'s first)', () => {
    expect(table).toEqual([
      { name: 'tenant.list', template: 'tenants/{tenant:int}/users', methods: ['GET'], defaults: { format: 'html', area: 'tenant' } }, // no id: no id constraint
      { name: 'tenant.show', template: 'tenants/{tenant:int}/users/{id:int}', defaults: { format: 'json', area: 'tenant' }, constraints: { id: 'min(1)' } },
      { template: 'tenants/{tenant:int}/users/{id}/avatar', defaults: { format: 'html', area: 'tenant' }, constraints: { id: 'min(1)' } },
      {
        name: 'tenant.admin.home',
        template: 'tenants/{tenant:int}/admin',
        middleware: [auth, audit],
        defaults: { format: 'html', area: 'tenant' },
      },
      { name: 'home', template: '' },
    ]);
  });

  it('leaves its arguments as they were', () => {
    expect(users[1]).toEqual({ name: 'show', template: '/users/{id:int}', defaults: { format: 'json' } });
  });

  it('a group without options is the routes (copied)', () => {
    expect(group({}, users)).toEqual([users[0], { ...users[1], template: 'users/{id:int}' }, users[2]]);
  });
});

describe('middleware is for the adapters', () => {
  it("compile() refuses a route with middleware, naming it, rather than drop it (an adapter given the router would skip it)", () => {
    expect(() => compileWith(table, {})).toThrow(/"tenant\.admin\.home".*compile\(\) cannot run a route's middleware/);
    expect(() => compileWith([{ template: 'a', middleware: [] } as RouteDefinition], {})).not.toThrow();
  });
});

/** The table as an adapter compiles it: each route's middleware already run into its handler. */
const routable = table.map(({ middleware: _, ...route }: RouteDefinition & { middleware?: unknown }) => route);

describe.each(strategies)('a grouped table on %s', (strategy) => {
  const router = compileWith(routable, { strategy });
  it.each([
    { path: '/tenants/4/users', name: 'tenant.list', values: { tenant: '4', format: 'html', area: 'tenant' } },
    { path: '/tenants/4/users/9', name: 'tenant.show', values: { tenant: '4', id: '9', format: 'json', area: 'tenant' } },
    { path: '/tenants/4/users/0/avatar', name: null, values: null }, // the group's constraint min(1)
    { path: '/tenants/4/users/x/avatar', name: null, values: null },
    { path: '/tenants/4/users/3/avatar', name: null, values: { tenant: '4', id: '3', format: 'html', area: 'tenant' } },
    { path: '/tenants/x/users', name: undefined, values: undefined }, // the prefix's int constraint: no route
    { path: '/tenants/4/admin', name: 'tenant.admin.home', values: { tenant: '4', format: 'html', area: 'tenant' } },
    { path: '/', name: 'home', values: {} },
  ])('$path → $name', ({ path, name, values }) => {
    const found = router.match(path, 'GET');
    if (name === undefined || (name === null && values === null)) return expect(found).toBeNull();
    expect(found?.route.name).toBe(name);
    expect({ ...found?.values }).toEqual(values);
  });

  it.each([
    { name: 'tenant.show', values: { tenant: 4, id: 9 }, path: '/tenants/4/users/9' },
    { name: 'tenant.admin.home', values: { tenant: 2 }, path: '/tenants/2/admin' },
    { name: 'tenant.list', values: { tenant: 2, q: 'a' }, path: '/tenants/2/users?q=a' },
  ])('generate by the prefixed name $name → $path', ({ name, values, path }) => {
    expect(router.generate(values, { routeName: name })?.path).toBe(path);
  });

  it('explain shows the full templates', () => {
    const explained = explain(router, '/tenants/4/users/0/avatar', 'GET');
    expect(explained.routes.map((r) => r.route.template)).toContain('tenants/{tenant:int}/users/{id}/avatar');
  });
});

describe('a grouped table in OpenAPI', () => {
  it('has the full paths, with the prefix\'s parameters', () => {
    const document = toOpenApi(compile(routable), { info: { title: 't', version: '1' } });
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/tenants/{tenant}/users/{id}', '/tenants/{tenant}/admin']));
  });
});

describe('group() errors', () => {
  it.each([
    {
      why: 'a parameter the prefix already has',
      make: () => group({ prefix: 'tenants/{id:int}' }, [{ name: 'show', template: 'users/{ID}' }]),
      error: RouteCreationError,
      message: /"show".*the parameter "ID" of the route's template "users\/\{ID\}" is already a parameter of the group's prefix "tenants\/\{id:int\}"/,
    },
    { why: 'a catch-all in the prefix', make: () => group({ prefix: 'files/{*rest}' }, []), error: RouteCreationError, message: /cannot hold the catch-all parameter "rest"/ },
    { why: 'a malformed prefix', make: () => group({ prefix: 'a/{b' }, []), error: TemplateParseError, message: /a\/\{b/ },
    { why: 'routes that are not a list', make: () => group({ prefix: 'a' }, {} as never), error: TypeError, message: /list of the group's routes/ },
    { why: 'no options', make: () => group(null as never, []), error: TypeError, message: /the group's options/ },
    { why: 'middleware that is not a list', make: () => group({ middleware: auth as never }, []), error: TypeError, message: /middleware must be a list/ },
  ])('$why', ({ make, error, message }) => {
    expect(make).toThrow(error);
    expect(make).toThrow(message);
  });
});

// Names ignore case everywhere (parameters, values, defaults, constraint keys): a group's and a route's entry for
// the same name in two spellings are one name, the route's own winning, in group() and in the pipeline's mapGroup.
type Shared = { readonly defaults?: Record<string, unknown>; readonly constraints?: Record<string, string> };
interface NameRow {
  readonly why: string;
  readonly group: Shared;
  /** A group inside the group, around the route. */
  readonly inner?: Shared;
  readonly route: Shared & { readonly template: string };
  /** Each request path, and the values of the match (null: no match). */
  readonly requests: readonly (readonly [string, Record<string, unknown> | null])[];
}
const nameRows: NameRow[] = [
  {
    why: "a constraint for the same name in another case: the route's own wins",
    group: { constraints: { Id: 'int' } },
    route: { template: 'g/a/{id}', constraints: { id: 'alpha' } },
    requests: [['/g/a/abc', { id: 'abc' }], ['/g/a/12', null]],
  },
  {
    why: 'a default for the same parameter in another case: the route\'s own wins',
    group: { defaults: { Page: '1' } },
    route: { template: 'a/{page?}', defaults: { page: '2' } },
    requests: [['/a', { page: '2' }], ['/a/7', { page: '7' }]],
  },
  {
    why: "a default that names no parameter, in another case: the route's own wins",
    group: { defaults: { Area: 'admin' } },
    route: { template: 'c', defaults: { area: 'shop' } },
    requests: [['/c', { area: 'shop' }]],
  },
  {
    why: "an inner group's default over an outer group's in another case",
    group: { defaults: { Page: '1' } },
    inner: { defaults: { page: '3' } },
    route: { template: 'n/{page?}' },
    requests: [['/n', { page: '3' }]],
  },
  {
    why: "an inner group's constraint over an outer group's in another case",
    group: { constraints: { ID: 'int' } },
    inner: { constraints: { id: 'alpha' } },
    route: { template: 'm/{id}' },
    requests: [['/m/x', { id: 'x' }], ['/m/5', null]],
  },
  {
    why: "a group's constraint in another case than the route's parameter binds it",
    group: { constraints: { ID: 'int' } },
    route: { template: 'b/{id}' },
    requests: [['/b/5', { id: '5' }], ['/b/x', null]],
  },
];
const entryPoints = [
  {
    entry: 'group()',
    valuesAt: ({ group: shared, inner, route }: NameRow) => {
      const routes = inner ? group(inner, [route]) : [route];
      const router = compile(group(shared, routes));
      return (path: string) => router.match(path, 'GET')?.values ?? null;
    },
  },
  {
    entry: "the pipeline's mapGroup",
    valuesAt: ({ group: shared, inner, route }: NameRow) => {
      const builder = new RouteBuilder();
      const { template, ...own } = route;
      const add = (g: RouteBuilder<any, any, any>) => g.mapGet(template, () => {}, own);
      builder.mapGroup('', (g) => (inner ? g.mapGroup('', add, inner) : add(g)), shared);
      const collection = builder.build();
      return (path: string) => collection.explain(path, 'GET').match?.values ?? null;
    },
  },
];

describe.each(entryPoints)('names in another case in $entry', ({ valuesAt }) => {
  it.each(nameRows)('$why', (row) => {
    const match = valuesAt(row);
    for (const [path, values] of row.requests) expect(match(path) && { ...match(path) }, path).toEqual(values);
  });
});

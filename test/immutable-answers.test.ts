// Answers (src/compile/matcher.ts), on every strategy and in live tables. A request's own answer (a route with
// parameters) is a plain object, read-only by type alone: a write to it reaches no other request's answer and not
// the route. An answer given to many requests (a static route's, one the static table keeps) is frozen, its values
// too, and is the same object every time. The route an answer names is frozen either way.
import { describe, expect, it } from 'vitest';
import type { CompiledRouter, RouteDefinition, RouteMatch, RouteValues } from '../src/index.js';
import { compile } from '../src/index.js';
import { compileToModule } from '../src/build.js';
import { IntRouteConstraint, RegexRouteConstraint, type RouteConstraint } from '../src/constraints.js';
import { FrozenMap } from '../src/constraints/frozen-map.js';
import { routeDigest } from '../src/compile/aot/route-digest.js';
import { toOpenApi } from '../src/openapi.js';
import { caseSensitive, compileWith, evaluateBuiltModule, isBuilt, strategies } from './support/routers.js';

const routes: RouteDefinition[] = [
  { template: 'about', defaults: { page: 'about' } },
  { template: 'Home/Contact', defaults: { controller: 'Home', action: 'Contact' }, methods: ['GET'] },
  { template: 'api/todo', methods: ['GET', 'POST'] },
  // A route with a parameter before a static route of the same shape: it wins "/en/news", a static path.
  { template: '{lang:length(2)}/news', defaults: { section: 'news' } },
  { template: 'en/news' },
  { template: '{controller=Home}/{action=Index}/{id:int?}' },
  { template: 'files/{*path}' },
];

/** A request to a route with parameters: its answer is the request's own. */
type FreshCase = [path: string, method: string, index: number, values: RouteValues];
const fresh: FreshCase[] = [
  ['/Products/List/7', 'GET', 5, { controller: 'Products', action: 'List', id: '7' }],
  ['/', 'GET', 5, { controller: 'Home', action: 'Index' }], // every value a default: still the request's own object
  ['/Home', 'POST', 5, { controller: 'Home', action: 'Index' }],
  ['/files/a/b', 'DELETE', 6, { path: 'a/b' }],
  ['/fr/news', 'GET', 3, { lang: 'fr', section: 'news' }],
];

/** A request to a static route: its one answer, built at compile time (the same object however the path is spelled). */
type SharedCase = [path: string, method: string, index: number, values: RouteValues, other: string];
const shared: SharedCase[] = [
  ['/about', 'GET', 0, { page: 'about' }, '/ABOUT'],
  ['/about/?q=1', 'HEAD', 0, { page: 'about' }, '/about'],
  ['/Home/Contact', 'GET', 1, { controller: 'Home', action: 'Contact' }, '/home/contact#top'],
  ['/api/todo', 'GET', 2, {}, '/api/todo'],
  ['/api/t%6Fdo', 'POST', 2, {}, '/api/todo'],
];

/** What a handler might do with an answer it was given: change every value, add one, replace the values. */
function scribble(found: RouteMatch): void {
  const values = found.values as RouteValues;
  for (const key of Object.keys(values)) values[key] = 'written';
  values.added = 'written';
  (found as { values: unknown }).values = { replaced: true };
}

/** The route's own state, as the next request would see it. */
const routeState = (found: RouteMatch) => ({ index: found.route.index, template: found.route.template, defaults: { ...found.route.defaults }, frozen: Object.isFrozen(found.route) });

function checkFresh(router: CompiledRouter, [path, method, index, values]: FreshCase): void {
  const first = router.match(path, method)!;
  expect([first.route.index, { ...first.values }]).toEqual([index, values]);
  expect([Object.isFrozen(first), Object.isFrozen(first.values)]).toEqual([false, false]);
  const route = routeState(first);
  expect(route.frozen).toBe(true);
  scribble(first);
  expect(first.values).toEqual({ replaced: true }); // the write took: it was this request's own object
  const second = router.match(path, method)!;
  expect(second).not.toBe(first);
  expect([second.route.index, { ...second.values }]).toEqual([index, values]);
  expect(routeState(second)).toEqual(route);
  const [each] = router.matches(path, method);
  expect([each.route.index, { ...each.values }]).toEqual([index, values]);
}

function checkShared(router: CompiledRouter, [path, method, index, values, other]: SharedCase): void {
  const first = router.match(path, method)!;
  expect([first.route.index, first.values]).toEqual([index, values]);
  expect(router.match(path, method)).toBe(first);
  expect(router.match(other, method)).toBe(first);
  expect([...router.matches(path, method)][0]).toBe(first);
  expect([Object.isFrozen(first), Object.isFrozen(first.values), Object.isFrozen(first.route)]).toEqual([true, true, true]);
  expect(() => {
    (first.values as RouteValues).page = 'changed';
  }).toThrow(TypeError);
  expect(() => {
    (first as { values: unknown }).values = {};
  }).toThrow(TypeError);
  expect(router.match(path, method)!.values).toEqual(values);
}

describe.each(strategies)('%s: answers', (strategy) => {
  const router = compileWith(routes, { strategy });

  it.each(fresh)('%s %s: a fresh answer, not frozen; a write to it reaches neither the next answer nor the route', (...c) => checkFresh(router, c));

  it.each(shared)('%s %s: a static route\'s one answer, shared and frozen (values too); a write throws (strict mode)', (...c) => checkShared(router, c));

  // "/en/news" is a static path the parameter route 3 wins: the static table keeps that answer for every later
  // request (the reference strategy and a module built compact have no static table: a fresh answer each time).
  // Kept means frozen.
  it('GET /en/news: an answer given to two requests is frozen, values too; one given to one takes writes alone', () => {
    const first = router.match('/en/news', 'GET')!;
    expect([first.route.index, { ...first.values }]).toEqual([3, { lang: 'en', section: 'news' }]);
    const second = router.match('/en/news', 'GET')!;
    expect(second === first).toBe(strategy !== 'reference' && strategy !== 'aot-compact');
    expect([Object.isFrozen(first), Object.isFrozen(first.values)]).toEqual(second === first ? [true, true] : [false, false]);
    try {
      scribble(first);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
    }
    expect({ ...router.match('/en/news', 'GET')!.values }).toEqual({ lang: 'en', section: 'news' });
  });
});

// A live table (a router changed after compile()) answers as compile() does, naming each route at its current index.
describe.each(['generated', 'trie', 'reference'] as const)('%s: answers after a change', (strategy) => {
  const router = compile(routes, { strategy, caseSensitive });
  router.insert(0, { template: 'new' });
  const later = <C extends [string, string, number, ...unknown[]]>([path, method, index, ...rest]: C) => [path, method, index + 1, ...rest] as unknown as C;

  it.each(fresh.map(later))('%s %s → route %i: a fresh answer, not frozen; a write reaches neither the next answer nor the route', (...c) => checkFresh(router, c));

  it.each(shared.map(later))('%s %s → route %i: the static route\'s one answer, shared and frozen', (...c) => checkShared(router, c));

  it('GET /new: the inserted static route\'s one answer', () => checkShared(router, ['/new', 'GET', 0, {}, '/NEW']));
});

// A route and everything reachable from it cannot change once created: every answer hands its route to a handler
// (Express also as res.locals.switchyard.route), so one write through one answer must change nothing another
// request, another router, toOpenApi() or a built module's check sees. Each write below is tried through an
// answer in strict mode (this file is a module); it must throw or have no effect.
describe('a route cannot change through an answer', () => {
  const sealed: RouteDefinition[] = [
    { name: 'home', template: 'about' }, // no constraints: one map for every such route of the process
    { name: 'item', template: 'items/{id:int}', methods: ['GET'] },
    { name: 'post', template: 'blog/{slug:regex(^[a-z]+$)}', dataTokens: { meta: { tags: ['news'], owner: { name: 'ann' } } } },
    { name: 'doc', template: 'docs/{*path}', constraints: { path: /^[a-z/]+$/ } }, // a RegExp object
    { name: 'page', template: 'pages/{n:int:min(1)}/{size:minlength(2)?}', defaults: { opts: { deep: { level: 1 } }, list: [1, 2] } },
  ];
  // Another table, compiled (and its module loaded) only after the write: what a handler of one router must not reach.
  const other: RouteDefinition[] = [{ template: 'other/{id}' }, { template: 'other/{id}/{slug:regex(^[a-z]+$)}' }];
  const requests: [string, string][] = [
    ['/about', 'GET'],
    ['/items/5', 'GET'],
    ['/items/x', 'GET'],
    ['/items/5', 'POST'],
    ['/blog/abc', 'GET'],
    ['/blog/abc1', 'GET'],
    ['/docs/a/b', 'GET'],
    ['/docs/..%2F..%2Fetc%2Fpasswd', 'GET'],
    ['/pages/3', 'GET'],
    ['/pages/0', 'GET'],
    ['/pages/3/ab', 'GET'],
    ['/pages/3/a', 'GET'],
  ];
  const INFO = { title: 'sealed', version: '1' };
  // Built before any write, as a deployed module is: from a route module, so its digests are checked at load.
  const sealedModule = compileToModule(sealed, { routesModule: './routes.mjs' });
  const otherModule = compileToModule(other, { routesModule: './routes.mjs' });

  const answerOf = (found: RouteMatch | null) =>
    found === null ? null : { index: found.route.index, values: structuredClone({ ...found.values }), dataTokens: structuredClone({ ...found.route.dataTokens }), defaults: structuredClone({ ...found.route.defaults }) };
  /** Everything a write could change: answers, URLs, the OpenAPI documents, the digests, the built modules' loads. */
  const observe = (router: CompiledRouter) => ({
    answers: requests.map(([path, method]) => answerOf(router.match(path, method))),
    urls: [router.generate({ id: 7 }, { routeName: 'item' })?.path, router.generate({ n: 2, size: 'xl' }, { routeName: 'page' })?.path, router.generate({ slug: 'Abc' }, { routeName: 'post' })?.path],
    openApi: JSON.stringify(toOpenApi(router, { info: INFO })),
    digests: router.routes.map((route, i) => routeDigest(route, sealed[i] ?? {})),
    otherOpenApi: JSON.stringify(toOpenApi(compile(other, { strategy: 'reference' }), { info: INFO })),
    otherAnswers: ['/other/5', '/other/5/abc', '/other/5/abc1'].map((path) => answerOf(compile(other).match(path))),
    modules: [
      requests.map(([path, method]) => answerOf(evaluateBuiltModule(sealedModule, { default: sealed }).match(path, method))),
      answerOf(evaluateBuiltModule(otherModule, { default: other }).match('/other/5/abc')),
    ],
  });

  const constraint = <C>(found: RouteMatch, key: string) => found.route.constraints.get(key) as unknown as C & Record<string, unknown>;
  const regex = (found: RouteMatch, key: string) => constraint<RegexRouteConstraint>(found, key).pattern;
  const mutableMap = (found: RouteMatch) => found.route.constraints as Map<string, RouteConstraint>;
  const template = (found: RouteMatch) => found.route.parsedTemplate as unknown as { text: string; segments: { parts: Record<string, unknown>[] }[]; parameters: Record<string, unknown>[] };
  const anything: RouteConstraint = { match: () => true };
  const writes: { what: string; path: string; write: (found: RouteMatch) => unknown }[] = [
    { what: 'Map.set on the constraints of a route without any', path: '/about', write: (a) => mutableMap(a).set('id', new IntRouteConstraint()) },
    { what: 'Map.set on a route\'s constraints', path: '/items/5', write: (a) => mutableMap(a).set('id', anything) },
    { what: 'Map.delete', path: '/items/5', write: (a) => mutableMap(a).delete('id') },
    { what: 'Map.clear', path: '/blog/abc', write: (a) => mutableMap(a).clear() },
    { what: 'Map.prototype.set called on the map', path: '/about', write: (a) => Map.prototype.set.call(a.route.constraints, 'id', new IntRouteConstraint()) },
    { what: 'Map.prototype.clear called on the map', path: '/items/5', write: (a) => Map.prototype.clear.call(a.route.constraints) },
    { what: 'RegExp.compile on an inline regex constraint\'s pattern', path: '/blog/abc', write: (a) => regex(a, 'slug').compile('^.*$') },
    { what: 'RegExp.compile on a RegExp object constraint\'s pattern', path: '/docs/a/b', write: (a) => regex(a, 'path').compile('^.*$') },
    { what: 'lastIndex of a regex constraint\'s pattern', path: '/blog/abc', write: (a) => (regex(a, 'slug').lastIndex = 3) },
    { what: 'the pattern\'s test method reassigned', path: '/blog/abc', write: (a) => (regex(a, 'slug').test = () => true) },
    { what: 'the pattern reassigned', path: '/docs/a/b', write: (a) => (constraint(a, 'path').pattern = /^.*$/) },
    { what: 'an int constraint\'s match method reassigned', path: '/items/5', write: (a) => (constraint(a, 'id').match = () => true) },
    { what: 'a regex constraint\'s matchText reassigned', path: '/blog/abc', write: (a) => (constraint(a, 'slug').matchText = () => true) },
    { what: 'a composite\'s list: an item removed', path: '/pages/3', write: (a) => (constraint<{ constraints: unknown[] }>(a, 'n').constraints as unknown[]).pop() },
    { what: 'a composite\'s list: an item replaced', path: '/pages/3', write: (a) => ((constraint<{ constraints: unknown[] }>(a, 'n').constraints as unknown[])[0] = anything) },
    { what: 'an optional wrapper\'s inner constraint', path: '/pages/3/ab', write: (a) => (constraint(a, 'size').innerConstraint = anything) },
    { what: 'a minlength constraint\'s field', path: '/pages/3/ab', write: (a) => ((constraint<{ innerConstraint: Record<string, unknown> }>(a, 'size').innerConstraint as Record<string, unknown>).minLength = 0) },
    { what: 'a range constraint\'s field', path: '/pages/3', write: (a) => ((constraint<{ constraints: Record<string, unknown>[] }>(a, 'n').constraints as Record<string, unknown>[])[1].min = -5n) },
    { what: 'parsedTemplate.text', path: '/items/5', write: (a) => (template(a).text = 'changed/{id}') },
    { what: 'a segment added to parsedTemplate', path: '/items/5', write: (a) => template(a).segments.push({ parts: [{ kind: 'literal', text: 'more' }] }) },
    { what: 'a segment\'s literal text', path: '/items/5', write: (a) => (template(a).segments[0].parts[0].text = 'changed') },
    { what: 'a segment\'s part removed', path: '/pages/3', write: (a) => template(a).segments[2].parts.pop() },
    { what: 'a parameter renamed', path: '/items/5', write: (a) => (template(a).parameters[0].name = 'other') },
    { what: 'a parameter made optional', path: '/items/5', write: (a) => (template(a).segments[1].parts[0].isOptional = true) },
    { what: 'a parameter\'s inline constraints', path: '/items/5', write: (a) => (template(a).parameters[0].constraints as string[]).push('alpha') },
    { what: 'nested data tokens: an object\'s field', path: '/blog/abc', write: (a) => ((a.route.dataTokens.meta as { owner: { name: string } }).owner.name = 'bob') },
    { what: 'nested data tokens: an array', path: '/blog/abc', write: (a) => (a.route.dataTokens.meta as { tags: string[] }).tags.push('ads') },
    { what: 'data tokens: a key added', path: '/blog/abc', write: (a) => ((a.route.dataTokens as Record<string, unknown>).area = 'admin') },
    { what: 'nested defaults: an object\'s field', path: '/pages/3', write: (a) => ((a.route.defaults.opts as { deep: { level: number } }).deep.level = 2) },
    { what: 'nested defaults: an array', path: '/pages/3', write: (a) => (a.route.defaults.list as number[]).push(3) },
    { what: 'a nested default through the answer\'s values', path: '/pages/3', write: (a) => ((a.values.opts as { deep: { level: number } }).deep.level = 2) },
    { what: 'the methods', path: '/items/5', write: (a) => (a.route.methods as string[]).push('POST') },
  ];

  // Every strategy, and (where a table can change) a live table: the same routes after an insert.
  const subjects = strategies.flatMap((strategy) => [
    { name: `${strategy}`, make: () => compileWith(sealed, { strategy }) },
    ...(isBuilt(strategy)
      ? []
      : [{ name: `${strategy}, live`, make: () => { const router = compile(sealed, { strategy, caseSensitive }); router.insert(0, { template: 'new' }); return router; } }]),
  ]);

  describe.each(subjects)('$name', ({ make }) => {
    it.each(writes)('$what: throws or has no effect', ({ path, write }) => {
      const router = make();
      const before = observe(router);
      const found = router.match(path, 'GET')!;
      expect(found).not.toBeNull();
      try {
        write(found);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
      }
      expect(observe(router)).toEqual(before);
      expect(observe(make())).toEqual(before);
    });

    it('everything reachable from its routes is frozen (handlers aside)', () => {
      const router = make();
      const unfrozen = router.routes.flatMap((route) => unfrozenFrom(route, `route ${route.index}`));
      expect(unfrozen).toEqual([]);
    });
  });
});

describe('defaults and data tokens: plain data frozen as a copy', () => {
  it('copies and freezes plain objects and arrays however deep (a cycle and a null prototype too); an object of a class is kept as it is', () => {
    const cyclic: Record<string, unknown> = { name: 'c', list: [{ n: 1 }] };
    cyclic.self = cyclic;
    const when = new Date(0);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { deep: { x: 1 } });
    const route = compile([{ template: 'x', dataTokens: { cyclic, when }, defaults: { bare } }]).routes[0];
    const tokens = route.dataTokens as { cyclic: Record<string, unknown> & { list: object[] }; when: Date };
    expect(tokens.cyclic).toEqual(cyclic);
    expect(tokens.cyclic.self).toBe(tokens.cyclic);
    expect([tokens.cyclic, tokens.cyclic.list, tokens.cyclic.list[0]].map(Object.isFrozen)).toEqual([true, true, true]);
    expect([cyclic, cyclic.list].map(Object.isFrozen)).toEqual([false, false]); // the definition's objects stay the caller's
    expect(tokens.when).toBe(when);
    const copied = route.defaults.bare as Record<string, { x: number }>;
    expect(Object.getPrototypeOf(copied)).toBeNull();
    expect([Object.isFrozen(copied), Object.isFrozen(copied.deep), copied.deep.x]).toEqual([true, true, 1]);
  });
});

/** The paths of the objects reachable from `value` (own properties, a map's entries) that are not frozen. */
function unfrozenFrom(value: unknown, path: string, seen = new Set<object>()): string[] {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return [];
  seen.add(value);
  const found = Object.isFrozen(value) ? [] : [path];
  if (typeof value === 'function') return found; // (a prototype is shared by every object of its class)
  // A handler is the application's own object (as is a custom constraint object): not the route's to freeze.
  const keys = Reflect.ownKeys(value).filter((key) => key !== 'handler');
  const entries: [string, unknown][] = keys.map((key) => [String(key), Object.getOwnPropertyDescriptor(value, key)!.value]);
  if (value instanceof FrozenMap || value instanceof Map) for (const [key, item] of value as ReadonlyMap<unknown, unknown>) entries.push([`get(${String(key)})`, item]);
  return [...found, ...entries.flatMap(([key, item]) => unfrozenFrom(item, `${path}.${key}`, seen))];
}

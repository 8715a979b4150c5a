// The method filter (src/compile/match/method-filter.ts, in the stack of matcher-stack.ts): when every route has a
// verb limit, a method none of them names is answered null without walking the path; any route without a limit
// turns the filter off. Walks are counted at the strategy's own matcher, on every strategy (built modules too).
import { describe, expect, it } from 'vitest';
import { countWalks } from './support/count-walks.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { compileWith, isBuilt, strategies, subjects } from './support/routers.js';


const limited: RouteDefinition[] = [
  { template: 'api/todo', methods: ['GET', 'POST'] },
  { template: 'api/todo/{id}', methods: ['GET', 'PUT', 'DELETE'] },
  { template: 'api/cache/{*path}', methods: ['PURGE'] },
];

describe.each(subjects)('%s: method filter', (strategy) => {
  it.each([
    ['PATCH', 0],
    ['HEAD', 0],
    ['OPTIONS', 0],
    ['REPORT', 0],
    ['GET', 1],
    ['DELETE', 1],
    ['PURGE', 1],
  ])('a table whose routes all have verb limits: %s walks the path %i time(s)', (method, walks) => {
    const router = countWalks(compileWith(limited, { strategy }));
    router.match('/api/todo/1', method);
    expect(router.walks).toBe(walks);
  });

  it('a route without a verb limit takes every method: PATCH walks', () => {
    const router = countWalks(compileWith([...limited, { template: 'health' }], { strategy }));
    expect(router.match('/api/todo/1', 'PATCH')).toBeNull();
    expect(router.walks).toBe(1);
  });
});

describe.each(strategies)('%s: answers with the method filter', (strategy) => {
  it.each([
    ['/api/todo', 'GET', 0],
    ['/api/todo', 'PATCH', null],
    ['/api/todo', 'patch', null],
    ['/api/todo/7', 'put', 1],
    ['/api/todo/7', 'HEAD', null],
    ['/api/cache/a/b', 'PURGE', 2],
    ['/api/cache/a/b', 'purge', 2],
    ['/api/cache/a/b', 'REPORT', null],
    ['/nowhere', 'PATCH', null],
  ])('%s %s → route %s', (path, method, expected) => {
    const router = compileWith(limited, { strategy });
    expect(router.match(path, method)?.route.index ?? null).toBe(expected);
    // The methods a path allows are not filtered: they list the verb limits of every route the path fits.
    expect(router.allowedMethods(path)).toEqual(compile(limited, { strategy: 'reference' }).allowedMethods(path));
  });
});

// router.match() finds the method's slot once, from the method as given (static table and method filter both):
// any other spelling (none, lower case, a non-standard method) takes verbOf's way, and must answer the same,
// first request and kept answer alike, over the stack and over a live table.
const spelled: RouteDefinition[] = [
  { template: 'api/todo', methods: ['GET', 'POST'] },
  { template: 'api/todo/{id}', methods: ['GET'] },
  { template: 'api/cache', methods: ['PURGE'] },
];

describe.each(strategies)('%s: the method as given', (strategy) => {
  const cases: [string, unknown, number | null][] = [
    ['/api/todo', 'GET', 0],
    ['/api/todo', undefined, 0],
    ['/api/todo', null, 0],
    ['/api/todo', '', 0],
    ['/api/todo', 'get', 0],
    ['/api/todo', 'Post', 0],
    ['/api/todo', 42, 0],
    ['/api/todo', 'DELETE', null],
    ['/api/todo', 'delete', null],
    ['/api/todo/7', undefined, 1],
    ['/api/todo/7', 'get', 1],
    ['/api/todo/7', 'post', null],
    ['/api/cache', 'PURGE', 2],
    ['/api/cache', 'purge', 2],
    ['/api/cache', 'GET', null],
  ];
  it.each(cases)('%s %j → route %s (twice: the kept answer too)', (path, method, expected) => {
    const router = compileWith(spelled, { strategy });
    for (let i = 0; i < 2; i++) expect(router.match(path, method as string)?.route.index ?? null).toBe(expected);
  });
  it.skipIf(isBuilt(strategy)).each(cases)('a live table: %s %j → route %s', (path, method, expected) => {
    const router = compileWith(spelled, { strategy });
    router.add({ template: 'later', methods: ['GET'] });
    for (let i = 0; i < 2; i++) expect(router.match(path, method as string)?.route.index ?? null).toBe(expected);
  });
  it.each([null, undefined, 42, {}])('a non-string target %j matches nothing', (target) => {
    expect(compileWith(spelled, { strategy }).match(target as never, 'GET')).toBeNull();
  });
});

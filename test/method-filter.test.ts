// The method filter (src/compile/match/method-filter.ts, in the stack of matcher-stack.ts): when every route has a
// verb limit, a method none of them names is answered null without walking the path; any route without a limit
// turns the filter off. Walks are counted at the strategy's own matcher, on every strategy (built modules too).
import { describe, expect, it } from 'vitest';
import { countWalks } from './support/count-walks.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { compileWith, strategies, subjects } from './support/routers.js';


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
    const router = compileWith(limited, { strategy });
    const counter = countWalks(router);
    router.match('/api/todo/1', method);
    expect(counter.walks).toBe(walks);
  });

  it('a route without a verb limit takes every method: PATCH walks', () => {
    const router = compileWith([...limited, { template: 'health' }], { strategy });
    const counter = countWalks(router);
    expect(router.match('/api/todo/1', 'PATCH')).toBeNull();
    expect(counter.walks).toBe(1);
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

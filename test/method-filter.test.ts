// The method filter (src/compile/match/method-filter.ts): when every route has a verb limit, a method none of
// them names is answered null without walking the path; any route without a limit turns the filter off.
import { describe, expect, it } from 'vitest';
import { compile, routeEntriesOf } from '../src/compile/compile.js';
import type { Matcher } from '../src/compile/matcher.js';
import type { RouteDefinition, RouteEntry } from '../src/compile/route-entry.js';
import { withMethodFilter } from '../src/compile/match/method-filter.js';

const STRATEGIES = ['generated', 'trie', 'reference'] as const;

const entriesOf = (routes: RouteDefinition[]): readonly RouteEntry[] => routeEntriesOf(compile(routes, { strategy: 'reference' }))!;

/** A matcher that answers route 0 for everything and counts the walks it was asked for. */
function countingMatcher(entries: readonly RouteEntry[]): Matcher & { walks: number } {
  const counting = {
    walks: 0,
    strategy: 'trie' as const,
    source: null,
    match: () => {
      counting.walks++;
      return { route: entries[0].route, values: {} };
    },
    matches: () => [],
    allowedMethods: () => [],
    describe: () => '',
  };
  return counting;
}

describe('method filter', () => {
  const limited: RouteDefinition[] = [
    { template: 'api/todo', methods: ['GET', 'POST'] },
    { template: 'api/todo/{id}', methods: ['GET', 'PUT', 'DELETE'] },
    { template: 'api/cache/{*path}', methods: ['PURGE'] },
  ];

  it.each([
    ['PATCH', 0],
    ['HEAD', 0],
    ['OPTIONS', 0],
    ['REPORT', 0],
    ['GET', 1],
    ['DELETE', 1],
    ['PURGE', 1],
  ])('a table whose routes all have verb limits: %s walks the path %i time(s)', (method, walks) => {
    const entries = entriesOf(limited);
    const inner = countingMatcher(entries);
    const filtered = withMethodFilter(inner, entries);
    filtered.match('/api/todo/1', method, undefined);
    expect(inner.walks).toBe(walks);
  });

  it('a route without a verb limit takes every method: no filter', () => {
    const entries = entriesOf([...limited, { template: 'health' }]);
    const inner = countingMatcher(entries);
    expect(withMethodFilter(inner, entries)).toBe(inner);
  });

  const rows: [string, string, number | null][] = [
    ['/api/todo', 'GET', 0],
    ['/api/todo', 'PATCH', null],
    ['/api/todo', 'patch', null],
    ['/api/todo/7', 'put', 1],
    ['/api/todo/7', 'HEAD', null],
    ['/api/cache/a/b', 'PURGE', 2],
    ['/api/cache/a/b', 'purge', 2],
    ['/api/cache/a/b', 'REPORT', null],
    ['/nowhere', 'PATCH', null],
  ];
  it.each(STRATEGIES.flatMap((s) => rows.map((r) => [s, ...r] as const)))('%s: %s %s → route %s', (strategy, path, method, expected) => {
    const router = compile(limited, { strategy, tiering: false });
    expect(router.match(path, method)?.route.index ?? null).toBe(expected);
    // The methods a path allows are not filtered: they list the verb limits of every route the path fits.
    expect(router.allowedMethods(path).length > 0).toBe(compile(limited, { strategy: 'reference' }).allowedMethods(path).length > 0);
  });
});

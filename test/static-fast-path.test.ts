// The static fast path (src/compile/match/static-fast-path.ts): a static route's path is answered from a kept
// answer only where that answer cannot change; these are the cases where it could.
import { describe, expect, it } from 'vitest';
import { compile, HttpMethodRouteConstraint, IntRouteConstraint, type RouteConstraint, type RouteDefinition } from '../src/index.js';

const STRATEGIES = ['generated', 'trie'] as const;

describe('static fast path', () => {
  it.each(STRATEGIES)('%s: a custom constraint that changes its mind is asked on every request', (strategy) => {
    let open = true;
    const gate: RouteConstraint = { match: () => open };
    const router = compile([{ template: '{page}', constraints: { page: gate } }, { template: 'about' }], { strategy, tiering: false });
    expect(router.match('/about', 'GET')?.route.index).toBe(0);
    open = false;
    expect(router.match('/about', 'GET')?.route.index).toBe(1);
    open = true;
    expect(router.match('/about', 'GET')?.route.index).toBe(0);
  });

  it.each(STRATEGIES)('%s: a subclassed built-in constraint counts as custom', (strategy) => {
    let calls = 0;
    class CountingInt extends IntRouteConstraint {
      override match(...args: Parameters<IntRouteConstraint['match']>): boolean {
        calls++;
        return super.match(...args);
      }
    }
    const router = compile([{ template: 'about', defaults: { n: '1' }, constraints: { n: new CountingInt() } }], { strategy, tiering: false });
    for (let i = 0; i < 3; i++) expect(router.match('/about', 'GET')?.route.index).toBe(0);
    expect(calls).toBe(3);
  });

  it.each(STRATEGIES)('%s: the HTTP method constraint reads the request context, every time', (strategy) => {
    const routes: RouteDefinition[] = [{ template: 'about', constraints: { verb: new HttpMethodRouteConstraint('POST') } }, { template: 'about' }];
    const router = compile(routes, { strategy, tiering: false });
    expect(router.match('/about', 'GET', { request: { method: 'GET' } })?.route.index).toBe(1);
    expect(router.match('/about', 'GET', { request: { method: 'POST' } })?.route.index).toBe(0);
  });

  it.each(STRATEGIES)('%s: each request gets its own values object', (strategy) => {
    const router = compile([{ template: 'Api/Todo', defaults: { controller: 'todo' }, methods: ['GET'] }], { strategy, tiering: false });
    const first = router.match('/Api/Todo', 'GET')!;
    (first.values as Record<string, unknown>).controller = 'changed';
    expect(router.match('/Api/Todo', 'GET')!.values).toStrictEqual({ controller: 'todo' });
  });

  // One table, asked twice per row: the first answer is computed, the second kept.
  const routes: RouteDefinition[] = [
    { template: 'api/todo', methods: ['GET'] },
    { template: 'api/{id:int}', methods: ['GET'] },
    { template: 'Api/Todo', methods: ['POST'] },
    { template: 'api/todo' },
    { template: 'api/{name=todo}', methods: ['PUT'] },
    { template: 'Api/Cache', methods: ['PURGE'] }, // a method beyond the standard ones, kept beside them
  ];
  const rows: [string, string, number | null][] = [
    ['/api/todo', 'GET', 0],
    ['/Api/Todo', 'GET', 0],
    ['/Api/Todo', 'POST', 2],
    ['/api/todo', 'POST', 2],
    ['/api/todo', 'DELETE', 3],
    ['/api/todo', 'PUT', 3],
    ['/API/TODO', 'PROPFIND', 3],
    ['/api/todo/', 'GET', 0],
    ['/api/todo?x=1', 'GET', 0],
    ['/api/t%6Fdo', 'POST', 2],
    ['/api', 'PUT', 4],
    ['/api/12', 'GET', 1],
    ['//api/todo', 'GET', null],
    ['/api/cache', 'PURGE', 5],
    ['/Api/Cache', 'purge', 5],
    ['/api/cache', 'GET', null],
    ['/api/cache', 'REPORT', null],
  ];
  it.each(STRATEGIES.flatMap((s) => rows.map((r) => [s, ...r] as const)))('%s: %s %s → route %s, twice', (strategy, path, method, expected) => {
    const router = compile(routes, { strategy, tiering: false });
    const reference = compile(routes, { strategy: 'reference' });
    for (let i = 0; i < 2; i++) {
      expect(router.match(path, method)?.route.index ?? null).toBe(expected);
      expect(reference.match(path, method)?.route.index ?? null).toBe(expected);
    }
  });
});

// The static table (src/compile/match/static-table.ts, in front of every strategy by matcher-stack.ts): a request
// for a static route's path, spelled as the table spells it or folded, is answered from the table without a walk;
// its answer is kept where it cannot change. Each row asks twice (the first answer is computed, the second kept)
// and counts the requests that reached the strategy's own matcher (the walk, or the generated code).
import { describe, expect, it } from 'vitest';
import { countWalks } from './support/count-walks.js';
import { HttpMethodRouteConstraint, IntRouteConstraint, type RouteConstraint } from '../src/constraints.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { describe as describeRouter } from '../src/introspect.js';
import { internalsOf } from '../src/compile/router-internals.js';
import { compileWith, subjects } from './support/routers.js';


const reference = (routes: RouteDefinition[]) => compile(routes, { strategy: 'reference' });

// A module built compact (aot-compact) has no static table: its code answers static paths (the matching tables check
// its answers), so these rows, which count the table's lookups and walks, are not its.
describe.each(subjects.filter((s) => s !== 'aot-compact'))('%s: static table', (strategy) => {
  // One table: rows give the answer and how many of the two requests walked.
  const routes: RouteDefinition[] = [
    { template: 'api/todo', methods: ['GET'] },
    { template: 'api/{id:int}', methods: ['GET'] },
    { template: 'Api/Todo', methods: ['POST'] },
    { template: 'api/todo' },
    { template: 'api/{name=todo}', methods: ['PUT'] },
    { template: 'Api/Cache', methods: ['PURGE'] }, // a method beyond the standard ones, kept beside them
  ];
  it.each([
    ['/api/todo', 'GET', 0, 0],
    ['/Api/Todo', 'GET', 0, 0],
    ['/Api/Todo', 'POST', 2, 0],
    ['/api/todo', 'POST', 2, 0],
    ['/api/todo', 'DELETE', 3, 0],
    ['/api/todo', 'PUT', 3, 0],
    ['/API/TODO', 'PROPFIND', 3, 2], // neither spelling of the table: the strategy's matcher
    ['/api/todo/', 'GET', 0, 2],
    ['/api/todo?x=1', 'GET', 0, 2],
    ['/api/t%6Fdo', 'POST', 2, 2],
    ['/api', 'PUT', 4, 2],
    ['/api/12', 'GET', 1, 2],
    ['//api/todo', 'GET', null, 2],
    ['/api/cache', 'PURGE', 5, 0],
    ['/Api/Cache', 'purge', 5, 0],
    ['/api/cache', 'GET', null, 0],
    ['/api/cache', 'REPORT', null, 0], // a method no route names: not kept, answered from the table's routes
  ])('%s %s → route %s, twice; %i walks', (path, method, expected, walks) => {
    const router = countWalks(compileWith(routes, { strategy }));
    for (let i = 0; i < 2; i++) {
      expect(router.match(path, method)?.route.index ?? null).toBe(expected);
      expect(reference(routes).match(path, method)?.route.index ?? null).toBe(expected);
    }
    expect(router.walks).toBe(walks);
  });

  // One static lookup per request: the stack looks the exact target up, and the strategy's matcher behind it (the
  // walk or the emitted code) never consults the table again. Every Map lookup of the table is counted.
  it.each(['/api/todo', '/API/TODO', '/api/todo?x=1', '/api/todo/', '/Api/Cache', '/api/12', '/nothing'])('%s: the static table is looked up at most once', (path) => {
    const router = compileWith(routes, { strategy });
    const table = internalsOf(router)!.stack()!.staticTable!;
    let lookups = 0;
    for (const map of [table.byTarget, table.byKey] as Map<string, unknown>[]) {
      const get = map.get.bind(map);
      map.get = (key: string) => {
        lookups++;
        return get(key);
      };
    }
    for (const method of ['GET', 'PUT']) {
      lookups = 0;
      router.match(path, method);
      expect(lookups).toBeLessThanOrEqual(1);
    }
  });

  // The table compares as the router does: ignoring case by default, with caseSensitive only the same case. Rows
  // give the answer and the walks in each mode (ignoring case; case-sensitive).
  const cased: RouteDefinition[] = [{ template: 'Api/Todo', methods: ['GET'] }, { template: 'api/todo', methods: ['POST'] }, { template: '{*rest}' }];
  it.each([
    ['/Api/Todo', 'GET', [0, 0], [0, 0]],
    ['/api/todo', 'GET', [0, 0], [2, 0]],
    ['/Api/Todo', 'POST', [1, 0], [2, 0]],
    ['/api/todo', 'POST', [1, 0], [1, 0]],
    ['/API/TODO', 'GET', [0, 2], [2, 2]],
    ['/API/TODO?x=1', 'POST', [1, 2], [2, 2]], // split first: the trie looks the path up folded only when it ignores case
    ['/Api/Todo/', 'POST', [1, 2], [2, 2]],
  ] as [string, string, number[], number[]][])('%s %s → [route, walks] ignoring case %j, case-sensitive %j', (path, method, ignoring, sensitive) => {
    for (const [caseSensitive, [expected, walks]] of [[false, ignoring], [true, sensitive]] as const) {
      const router = countWalks(compileWith(cased, { strategy, caseSensitive }));
      for (let i = 0; i < 2; i++) {
        expect(router.match(path, method)?.route.index ?? null).toBe(expected);
        expect(compile(cased, { strategy: 'reference', caseSensitive }).match(path, method)?.route.index ?? null).toBe(expected);
      }
      expect(router.walks).toBe(walks);
    }
  });

  // The classic ASP.NET table: an optional constrained id beside static routes used to switch the table off.
  it.each([
    ['{id?}', '{controller=Home}/{action=Index}/{id?}'],
    ['{id:int?}', '{controller=Home}/{action=Index}/{id:int?}'],
    ['{id:int:min(1)}', '{controller=Home}/{action=Index}/{id:int:min(1)}'],
    ['{id:range(1,9)?}', '{controller=Home}/{action=Index}/{id:range(1,9)?}'],
  ])('beside %s, static routes (defaults and all) answer from the table, with one object', (_id, template) => {
    const table: RouteDefinition[] = [
      { template: 'contact', defaults: { controller: 'Home', action: 'Contact' } },
      { template: 'about', defaults: { controller: 'Home', action: 'About' } },
      { template: 'privacy' },
      { template },
    ];
    const router = countWalks(compileWith(table, { strategy }));
    const first = router.match('/contact', 'GET');
    expect(first?.values).toEqual({ controller: 'Home', action: 'Contact' });
    for (const path of ['/contact', '/about', '/privacy', '/contact']) router.match(path, 'GET');
    expect(router.match('/contact', 'GET')).toBe(first);
    expect(router.walks).toBe(0);
    expect(router.match('/Products/List/5', 'GET')?.route.index).toBe(3);
    expect(router.walks).toBe(1);
  });

  // "/API" and "/api" are one path, but {slug} takes its value from the request's own text and its constraint
  // refuses capitals: each spelling keeps an answer of its own (test/static-spellings.test.ts, in any order).
  it('keeps an answer for each spelling of a path, asked in either order', () => {
    const table: RouteDefinition[] = [{ template: '{slug}', constraints: { slug: /^[a-z]+$/ } }, { template: 'API' }];
    for (const order of [['/api', '/API'], ['/API', '/api']]) {
      const router = countWalks(compileWith(table, { strategy }));
      const first = order.map((path) => router.match(path, 'GET'));
      expect(order.map((path, i) => [path, first[i]?.route.index, first[i]?.values])).toEqual(order.map((path) => (path === '/api' ? [path, 0, { slug: 'api' }] : [path, 1, {}])));
      order.forEach((path, i) => expect(router.match(path, 'GET')).toBe(first[i]));
      expect(router.walks).toBe(0);
    }
  });

  it('a custom constraint that changes its mind is asked on every request', () => {
    let open = true;
    const gate: RouteConstraint = { match: () => open };
    const router = compileWith([{ template: '{page}', constraints: { page: gate } }, { template: 'about' }], { strategy });
    expect(router.match('/about', 'GET')?.route.index).toBe(0);
    open = false;
    expect(router.match('/about', 'GET')?.route.index).toBe(1);
    open = true;
    expect(router.match('/about', 'GET')?.route.index).toBe(0);
  });

  it('a subclassed built-in constraint counts as custom: asked on every request', () => {
    let calls = 0;
    class CountingInt extends IntRouteConstraint {
      override match(...args: Parameters<IntRouteConstraint['match']>): boolean {
        calls++;
        return super.match(...args);
      }
    }
    const router = compileWith([{ template: 'about', defaults: { n: '1' }, constraints: { n: new CountingInt() } }], { strategy });
    for (let i = 0; i < 3; i++) expect(router.match('/about', 'GET')?.route.index).toBe(0);
    expect(calls).toBe(3);
  });

  it('the HTTP method constraint reads the request context, every time', () => {
    const table: RouteDefinition[] = [{ template: 'about', constraints: { verb: new HttpMethodRouteConstraint('POST') } }, { template: 'about' }];
    const router = compileWith(table, { strategy });
    expect(router.match('/about', 'GET', { request: { method: 'GET' } })?.route.index).toBe(1);
    expect(router.match('/about', 'GET', { request: { method: 'POST' } })?.route.index).toBe(0);
  });
});

describe('what the static table cannot keep, said in describe()', () => {
  it.each([
    [[{ template: 'about' }, { template: '{*rest}' }], null],
    [[{ template: '{id:int?}' }, { template: 'about' }], null],
    [[{ template: 'contact' }, { template: '{controller=Home}/{action=Index}/{id:int?}' }], null],
    [[{ template: 'contact' }, { template: '{controller=Home}/{action=Index}/{id:int:min(1)}' }], null],
    [[{ template: 'contact' }, { template: '{controller:alpha:maxlength(9)=Home}/{action=Index}' }], null],
    [
      [{ template: '{page}', constraints: { page: { match: () => true } } }, { template: 'about' }, { template: 'contact/us' }],
      '/about: answered from the static table, not kept: route 0 ({page}) has a constraint that reads more than its value',
    ],
    [
      [{ template: 'about', constraints: { verb: new HttpMethodRouteConstraint('POST') } }],
      '/about: answered from the static table, not kept: route 0 (about) has a constraint that reads more than its value',
    ],
  ] as [RouteDefinition[], string | null][])('%j', (routes, note) => {
    for (const strategy of ['generated', 'trie'] as const) {
      const text = describeRouter(compile(routes, { strategy }));
      if (note === null) expect(text).not.toMatch(/static table/);
      else expect(text.split('\n')).toContain(note);
    }
  });
});

// A router's code answers from its first request: compile() emits and compiles its code when the router is made,
// and a built module's code (its zero-cost start) is handed its constants at load. Neither has tiers (the
// interpreted trie never answers a table's first requests in their place), and the answers are the reference's.
import { describe, expect, it } from 'vitest';
import { countWalks } from './support/count-walks.js';
import { loadRouter, type ModuleTable } from '../src/aot.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { compileToModule } from '../src/build.js';
import { evaluateBuiltModule } from './support/routers.js';

// The 'generated' strategy emits and compiles its code when the router is made.
describe('compile(): the generated code answers from the first request', () => {
  // A table with a wide literal fan-out of one shape: its subtree code is compiled only when generated code
  // reaches four subtrees, which router.source shows; so the source tells whether the generated code has answered.
  const words = ['sessions', 'settings', 'search', 'stats', 'status', 'subscriptions', 'support', 'sitemap', 'shop', 'signin', 'slides', 'spaces'];
  const routes: RouteDefinition[] = [
    ...words.flatMap((word) => [{ template: `api/${word}/{${word}Id:int}`, methods: ['GET'] }, { template: `api/${word}` }]),
    { template: 'api/{*rest}', methods: ['POST'] },
    { template: '{a}/{b?}' },
  ];
  const paths = [...words.flatMap((word, i) => [`/api/${word}/${i}`, `/API/${word.toUpperCase()}/x${i}`, `/api/${word}`, `/api/${word}/${i}/more`]), '/a', '/a/b', '/api', '/api/%73hop/5', '/api/shop%2F5'];

  it('the first four requests of four subtrees run the emitted code (its shared subtree shape is compiled)', () => {
    const router = compile(routes);
    expect(router.strategy).toBe('generated');
    for (const word of words.slice(0, 3)) expect(router.match(`/api/${word}/1`, 'GET')).not.toBeNull();
    expect(router.source).not.toMatch(/A subtree shape reached/);
    expect(router.match(`/api/${words[3]}/1`, 'GET')).not.toBeNull();
    expect(router.source).toMatch(/A subtree shape reached by 4 subtrees/);
  });

  // The static table and the method filter stand in front of the emitted code: their requests never reach it.
  it('requests the static table or the method filter answer do not reach the emitted code', () => {
    const router = countWalks(compile([{ template: 'about', methods: ['GET'] }, { template: 'api/{id}', methods: ['GET'] }]));
    for (let i = 0; i < 10; i++) router.match('/about', 'GET');
    router.match('/api/1', 'PATCH');
    router.match('/api/1', 'GET');
    expect(router.walks).toBe(1);
  });

  it('answers every request like the reference from the first', () => {
    const router = compile(routes);
    const reference = compile(routes, { strategy: 'reference' });
    const summary = (m: ReturnType<typeof router.match>) => (m === null ? null : [m.route.index, { ...m.values }]);
    for (const method of ['GET', 'POST']) {
      for (const path of paths) expect([path, method, summary(router.match(path, method))]).toEqual([path, method, summary(reference.match(path, method))]);
    }
  });

  // A Content Security Policy without 'unsafe-eval' (and some edge runtimes) make new Function throw an EvalError.
  it('where new Function is forbidden, the interpreted trie answers and router.strategy says so', () => {
    const original = globalThis.Function;
    const forbidden = function Function() {
      throw new EvalError('Code generation from strings disallowed for this context');
    } as unknown as FunctionConstructor;
    globalThis.Function = forbidden;
    let router: ReturnType<typeof compile>;
    try {
      router = compile(routes);
    } finally {
      globalThis.Function = original;
    }
    expect([router.strategy, router.source]).toEqual(['trie', null]);
    expect(router.match('/api/search/7', 'GET')?.values).toEqual({ searchId: '7' });
  });
});

// A built module's code is what it was built for: the module's code answers the first request that gets past the
// static table and the method filter (a built module used to answer its first 100,000 with the interpreted trie).
describe("a built module: its code answers from the first request", () => {
  const routes: RouteDefinition[] = [
    { template: 'api/todo/{id:int}', methods: ['GET'] },
    { template: 'files/{name}.{ext?}' },
    { template: 'about' },
    { template: '{controller=Home}/{action=Index}/{id?}' },
  ];
  // None of them static but the last: each reaches the module's code (the static table answers "/about" before it).
  const paths = ['/api/todo/5', '/api/todo/x', '/files/a.txt', '/files/a', '/Home/About/7', '/a/b/c/d', '/', '/about'];
  const reference = compile(routes, { strategy: 'reference' });
  const summary = (m: ReturnType<typeof reference.match>) => (m === null ? null : [m.route.index, { ...m.values }]);

  /** The module loaded with its code counted: how often the code was made and has answered. */
  function loadCounted() {
    const calls = { made: 0, answered: 0 };
    const counted = (table: ModuleTable) =>
      loadRouter({
        ...table,
        matcher: (K, H) => {
          calls.made++;
          const emitted = table.matcher(K, H);
          return (path, method, httpContext) => {
            calls.answered++;
            return emitted(path, method, httpContext);
          };
        },
      });
    return { router: evaluateBuiltModule(compileToModule(routes), null, counted as typeof loadRouter), calls };
  }

  it('makes its code at load, and that code answers the first request', () => {
    const { router, calls } = loadCounted();
    expect(calls).toEqual({ made: 1, answered: 0 });
    expect(router.match('/api/todo/5', 'GET')?.values).toEqual({ id: '5' });
    expect(calls).toEqual({ made: 1, answered: 1 });
  });

  it.each(paths)('answers %s as the reference, from its code unless the path is static', (path) => {
    const { router, calls } = loadCounted();
    expect(summary(router.match(path, 'GET'))).toEqual(summary(reference.match(path, 'GET')));
    expect(calls).toEqual({ made: 1, answered: path === '/about' ? 0 : 1 });
  });
});

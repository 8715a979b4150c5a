// Tiering (src/compile/match/tiered-match.ts), which only a built module has now: the interpreted trie answers a
// cold module, the module's code takes over once it is hot; the answers never change with the tier that gives
// them. compile() emits its code when the router is made, and that code answers from the first request.
import { describe, expect, it } from 'vitest';
import { countWalks } from './support/count-walks.js';
import { EMIT_AFTER, SAMPLE_PERIOD, tieredMatch, WARMING_MAX, WINDOW } from '../src/compile/match/tiered-match.js';
import { loadRouter, type ModuleTable } from '../src/aot.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { compileToModule, type ModuleOptions } from '../src/build.js';
import { compileWith, evaluateBuiltModule } from './support/routers.js';

/** Two fake tiers that count their calls, and a fake clock that each call of a tier advances by its cost. */
function fakeTiers(generatedCost: number, interpretedCost: number) {
  let now = 0;
  const calls = { interpreted: 0, generated: 0, compiled: 0 };
  const interpreted = () => {
    calls.interpreted++;
    now += interpretedCost;
    return null;
  };
  const generated = () => {
    calls.generated++;
    now += generatedCost;
    return null;
  };
  const tiered = tieredMatch(interpreted, () => {
    calls.compiled++;
    return generated;
  }, { clock: () => now });
  const ask = (times: number) => {
    for (let i = 0; i < times; i++) tiered.match('/x', 'GET', undefined);
  };
  return { tiered, calls, ask };
}

describe('tiered match()', () => {
  it('answers with the interpreted tier, and emits nothing, until EMIT_AFTER requests', () => {
    const { tiered, calls, ask } = fakeTiers(1, 2);
    ask(EMIT_AFTER - 1);
    expect([tiered.tier, calls]).toEqual(['interpreted', { interpreted: EMIT_AFTER - 1, generated: 0, compiled: 0 }]);
    ask(1);
    expect([tiered.tier, calls.compiled]).toEqual(['warming', 1]);
  });

  it('warms the generated code on a share of the requests and switches once it is the faster', () => {
    const { tiered, calls, ask } = fakeTiers(1, 2);
    ask(EMIT_AFTER);
    ask(WINDOW * SAMPLE_PERIOD - 1);
    expect(tiered.tier).toBe('warming');
    expect(calls.generated).toBe(WINDOW - 1);
    ask(1); // the window's last sample: the generated code was faster
    expect(tiered.tier).toBe('generated');
    const before = { ...calls };
    ask(100);
    expect(calls).toEqual({ ...before, generated: before.generated + 100 });
    expect(calls.compiled).toBe(1);
  });

  it('keeps the interpreted tier while the generated code is slower, at most WARMING_MAX requests', () => {
    const { tiered, calls, ask } = fakeTiers(5, 2);
    ask(EMIT_AFTER + WINDOW * SAMPLE_PERIOD * 10);
    expect(tiered.tier).toBe('warming');
    ask(WARMING_MAX);
    expect(tiered.tier).toBe('generated');
    expect(calls.compiled).toBe(1);
  });

  it('switches after the first window where the clock stands still (workerd)', () => {
    const { tiered, ask } = fakeTiers(0, 0);
    ask(EMIT_AFTER + WINDOW * SAMPLE_PERIOD);
    expect(tiered.tier).toBe('generated');
  });
});

// compile() has no tiers: the 'generated' strategy emits and compiles its code when the router is made, and that
// code answers from the first request (only a built module still tiers, below).
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
    const router = compile([{ template: 'about', methods: ['GET'] }, { template: 'api/{id}', methods: ['GET'] }]);
    const counter = countWalks(router);
    for (let i = 0; i < 10; i++) router.match('/about', 'GET');
    router.match('/api/1', 'PATCH');
    router.match('/api/1', 'GET');
    expect(counter.walks).toBe(1);
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

// A built module's code is a large function too: V8 runs it in its interpreter, far slower than the trie walk,
// until it has optimized it. So a built module answers in tiers: the trie first, its code once hot.
describe('a built module with tiering', () => {
  const routes: RouteDefinition[] = [
    { template: 'api/todo/{id:int}', methods: ['GET'] },
    { template: 'files/{name}.{ext?}' },
    { template: 'about' },
    { template: '{controller=Home}/{action=Index}/{id?}' },
  ];
  // None of them static: each reaches the tiers (the static table answers a static path before them).
  const paths = ['/api/todo/5', '/api/todo/x', '/files/a.txt', '/files/a', '/Home/About/7', '/a/b/c/d', '/'];
  const reference = compile(routes, { strategy: 'reference' });
  const summary = (m: ReturnType<typeof reference.match>) => (m === null ? null : [m.route.index, { ...m.values }]);

  /** The module built with `options`, loaded with its code counted: how often the code was made and has answered. */
  function loadCounted(options: ModuleOptions) {
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
    return { router: evaluateBuiltModule(compileToModule(routes, options), null, counted as typeof loadRouter), calls };
  }

  // [options, requests asked, the module's code made?, has it answered?]
  it.each([
    [{}, EMIT_AFTER - 1, 0, false],
    [{}, EMIT_AFTER + SAMPLE_PERIOD, 1, true],
    [{ tiering: { emitAfter: 100 } }, 99, 0, false],
    [{ tiering: { emitAfter: 100 } }, 100 + SAMPLE_PERIOD, 1, true],
    [{ tiering: false }, 1, 1, true],
  ] as const)('built with %j, after %i requests: the code made %i times, answered: %s', (options, requests, made, answered) => {
    const { router, calls } = loadCounted(options);
    for (let i = 0; i < requests; i++) {
      const path = paths[i % paths.length];
      // Every answer the reference's, whichever tier gives it (checked on the first rounds: the rest are many).
      if (i < 4 * paths.length) expect([path, summary(router.match(path, 'GET'))]).toEqual([path, summary(reference.match(path, 'GET'))]);
      else router.match(path, 'GET');
    }
    expect([calls.made, calls.answered > 0]).toEqual([made, answered]);
  });
});

// Live route tables: after every add, insert, remove and replace, a router answers exactly as compile() of its
// current list would (match, matches, allowedMethods, generate, explain, explainGenerate, diagnostics, describe,
// routes), on every strategy; a change that compile() would refuse throws the
// same error and leaves the router as it was. Random tables, random sequences of changes, requests derived
// from the current list (hostile ones among them: escapes, case flips, empty segments, "%2F").
//
//   FUZZ_SEED / FUZZ_RUNS   as in every property test (support/fuzz.ts)
//   LIVE_CHANGES=<n>        changes per table (default 20: at full size, `npm run test:full`, 10 tables × 20 changes
//                           × 5 variants × 2 modes (ignoring case, case-sensitive) = 2,000 changes; `npm test` runs
//                           a quarter of the tables; `npm run test:live` 1,000 changes per table)
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition } from '../src/index.js';
import { explain, describe as describeRouter, diagnostics, explainGenerate } from '../src/introspect.js';
import { internalsOf } from '../src/compile/router-internals.js';
import { describeRoutes, fuzzHarness } from './support/fuzz.js';
import { PATIENCE_MS } from './support/patience.js';
import { methodOf, pathRecipe, renderPath, routeArb, routesArb, type PathRecipe } from './support/route-generators.js';
import { compileWith, evaluateBuiltModule, isBuilt, strategies, type StrategyOptions } from './support/routers.js';
import { compileToModule } from '../src/build.js';

const { SEED, TIMEOUT, checkAsync, runs } = fuzzHarness('test/live-tables.test.ts', 0x11fe);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 20);

// Every strategy (a changed partition is answered by its trie until its matcher is made again, on the microtask
// queue: the property lets the queue run after every other change, so partitions go back and forth between the two).
const VARIANTS: [string, StrategyOptions][] = strategies.filter((s) => !isBuilt(s)).map((strategy): [string, StrategyOptions] => [strategy, { strategy }]);

// ─── The comparison ───────────────────────────────────────────────────────────────────────────────────────

/** A value with every route object replaced by what identifies it (route objects are new after a change). */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Map || value instanceof Set || value instanceof RegExp || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('parsedTemplate' in record && 'index' in record) return { index: record.index, name: record.name, template: record.template, methods: record.methods, defaults: record.defaults };
  return Object.fromEntries(Object.entries(record).map(([key, v]) => [key, plain(v)]));
}

const NAMES = ['home', 'Home', 'r1', 'R1', 'r2', 'api'];
const valuesArb = fc.dictionary(fc.constantFrom('id', 'X', 'y', 'Name', 'slug', 'v', 'controller', 'area'), fc.constantFrom('a', '1', 'B', 'x y', 'é'), { maxKeys: 3 });

function fail(what: string, routes: readonly RouteDefinition[], detail: string, live: unknown, fresh: unknown): never {
  throw new Error(`${what} differs from compile()\nroutes:\n${describeRoutes(routes)}\n${detail}\nlive:  ${JSON.stringify(plain(live))}\nfresh: ${JSON.stringify(plain(fresh))}`);
}

/** Throws a readable report where the live router and a fresh compile() of `routes` disagree. */
function compareRouters(live: CompiledRouter, fresh: CompiledRouter, routes: readonly RouteDefinition[], requests: [string, string][], values: Record<string, string>[]): void {
  const same = (what: string, detail: string, a: unknown, b: unknown): void => {
    if (!isDeepStrictEqual(plain(a), plain(b))) fail(what, routes, detail, a, b);
  };
  same('routes', '', live.routes, fresh.routes);
  for (const [path, method] of requests) {
    const request = `${method} ${JSON.stringify(path)}`;
    same('match()', request, live.match(path, method), fresh.match(path, method));
    same('matches()', request, [...live.matches(path, method)], [...fresh.matches(path, method)]);
    same('allowedMethods()', request, live.allowedMethods(path), fresh.allowedMethods(path));
    same('explain()', request, explain(live, path, method), explain(fresh, path, method));
  }
  const names = [null, ...routes.map((r) => r.name).filter((n) => n), 'nobody'];
  for (const routeName of names) {
    for (const v of values) {
      const detail = `generate(${JSON.stringify(v)}, routeName ${JSON.stringify(routeName)})`;
      same('generate()', detail, live.generate(v, { routeName }), fresh.generate(v, { routeName }));
      same('generate() with ambient values', detail, live.generate(v, { routeName, ambientValues: { id: '1', X: 'a' } }), fresh.generate(v, { routeName, ambientValues: { id: '1', X: 'a' } }));
      same('explainGenerate()', detail, explainGenerate(live, v, { routeName }), explainGenerate(fresh, v, { routeName }));
    }
  }
  for (const format of ['tree', 'table', 'trie'] as const) same(`describe('${format}')`, '', describeRouter(live, format), describeRouter(fresh, format));
  same('diagnostics()', '', diagnostics(live), diagnostics(fresh));
}

// ─── The changes ──────────────────────────────────────────────────────────────────────────────────────────

type Change =
  | { kind: 'add'; route: RouteDefinition }
  | { kind: 'insert'; at: number; route: RouteDefinition }
  | { kind: 'remove'; at: number; byName: boolean; name: string }
  | { kind: 'replace'; routes: RouteDefinition[] };

const namedRoute = fc.tuple(routeArb, fc.option(fc.constantFrom(...NAMES), { nil: undefined }), fc.boolean()).map(([route, name, generationOnly]): RouteDefinition => {
  const named = name === undefined ? route : { ...route, name };
  return generationOnly && name !== undefined ? { ...named, generationOnly: true } : named;
});
// Templates compile() refuses, so that the change must throw and leave the router as it was.
const badRoute = fc.tuple(
  fc.constantFrom<RouteDefinition>({ template: 'a/{' }, { template: '{x}/{X}' }, { template: 'a/{*x}/b' }),
  fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
).map(([route, name]) => (name === undefined ? route : { ...route, name }));
const routeOrBad = fc.oneof({ weight: 12, arbitrary: namedRoute }, { weight: 1, arbitrary: badRoute });

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 4, arbitrary: routeOrBad.map((route): Change => ({ kind: 'add', route })) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant<'insert'>('insert'), at: fc.nat(), route: routeOrBad }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant<'remove'>('remove'), at: fc.nat(), byName: fc.boolean(), name: fc.constantFrom(...NAMES, 'nobody') }) },
  { weight: 1, arbitrary: routesArb(6, namedRoute).map((routes): Change => ({ kind: 'replace', routes })) },
);

const without = (list: readonly RouteDefinition[], at: number): RouteDefinition[] => [...list.slice(0, at), ...list.slice(at + 1)];

/** The list after a change (null: remove found nothing), or compile()'s error for it. */
function nextList(list: readonly RouteDefinition[], c: Change): { list: RouteDefinition[] | null; error: Error | null } {
  let next: RouteDefinition[] | null;
  if (c.kind === 'add') next = [...list, c.route];
  else if (c.kind === 'insert') next = [...list.slice(0, c.at % (list.length + 1)), c.route, ...list.slice(c.at % (list.length + 1))];
  else if (c.kind === 'replace') next = c.routes;
  else if (!c.byName) next = c.at % (list.length + 2) < list.length ? without(list, c.at % (list.length + 2)) : null;
  else {
    const exact = list.findIndex((r) => r.name === c.name);
    const at = exact >= 0 ? exact : list.findIndex((r) => r.name?.toLowerCase() === c.name.toLowerCase());
    next = at < 0 ? null : without(list, at);
  }
  if (next === null) return { list: null, error: null };
  try {
    compile(next, { strategy: 'reference' });
    return { list: next, error: null };
  } catch (error) {
    return { list: null, error: error as Error };
  }
}

/** Applies a change to the live router; the remove's answer, or the error it threw. */
function apply(router: CompiledRouter, list: readonly RouteDefinition[], c: Change): boolean | Error | void {
  try {
    if (c.kind === 'add') return router.add(c.route);
    if (c.kind === 'insert') return router.insert(c.at % (list.length + 1), c.route);
    if (c.kind === 'replace') return router.replace(c.routes);
    return router.remove(c.byName ? c.name : c.at % (list.length + 2));
  } catch (error) {
    return error as Error;
  }
}

const requestsFor = (routes: readonly RouteDefinition[], recipes: readonly PathRecipe[]): [string, string][] =>
  routes.length === 0 ? [['/', 'GET'], ['/a', 'GET'], ['/api/b', 'POST']] : recipes.map((r) => [renderPath(routes, r), methodOf(routes, r)]);

// The property runs on every variant in both comparison modes: a table compiled with caseSensitive stays so
// through its changes (routes added later compare literals with their case, partitions are keyed as written).
const MODES: [string, StrategyOptions][] = [
  ['ignoring case', { caseSensitive: false }],
  ['case-sensitive', { caseSensitive: true }],
];
const PROPERTY_VARIANTS = VARIANTS.flatMap(([label, options]) => MODES.map(([mode, modeOptions]): [string, StrategyOptions] => [`${label}, ${mode}`, { ...options, ...modeOptions }]));

describe.each(PROPERTY_VARIANTS)('a live table (%s)', (_label, options) => {
  it(
    `answers as compile() of its current list after each of ${runs(10) * CHANGES} random changes (seed ${SEED})`,
    async () => {
      await checkAsync(
        'live table',
        fc.asyncProperty(
          routesArb(8, namedRoute).filter((routes) => nextList([], { kind: 'replace', routes }).error === null),
          fc.array(change, { minLength: CHANGES, maxLength: CHANGES }),
          fc.array(pathRecipe, { minLength: 1, maxLength: 6 }),
          fc.array(valuesArb, { minLength: 1, maxLength: 2 }),
          async (initial, changes, recipes, values) => {
            let list = initial;
            const router = compileWith(list, options);
            for (const [i, c] of changes.entries()) {
              // Every other change, the partitions' matchers queued so far are made (setImmediate: after the
              // microtasks), and the comparison below reads them; else the tries answer the changed partitions.
              if (i % 2 === 1) await new Promise((resolve) => setImmediate(resolve));
              const { list: next, error } = nextList(list, c);
              const result = apply(router, list, c);
              if (error !== null) {
                // compile()'s own error, and nothing changed.
                expect(result).toBeInstanceOf(Error);
                expect([(result as Error).name, (result as Error).message]).toEqual([error.name, error.message]);
              } else if (c.kind === 'remove') {
                expect(result).toBe(next !== null);
              } else {
                expect(result).toBeUndefined();
              }
              if (next !== null) list = next;
              compareRouters(router, compileWith(list, options), list, requestsFor(list, recipes), values);
            }
          },
        ),
        10,
      );
    },
    TIMEOUT * Math.max(1, CHANGES / 20),
  );
});

// ─── Table tests ──────────────────────────────────────────────────────────────────────────────────────────

const TENANTS: RouteDefinition[] = [
  { template: 't1/users/{id:int}', name: 't1.user' },
  { template: 't1/{page}', name: 't1.page' },
  { template: 'T2/users', name: 't2.users' },
  { template: '{*path}', name: 'fallback' },
];

describe.each(VARIANTS)('changes in order (%s)', (_label, options) => {
  it.each<[string, (r: CompiledRouter) => unknown, string, string | null]>([
    ['insert before the fallback wins', (r) => r.insert(3, { template: 't3/{x}', name: 't3' }), '/t3/a', 't3'],
    ['insert after the fallback loses', (r) => r.add({ template: 't3/{x}', name: 't3' }), '/t3/a', 'fallback'],
    ['insert at 0 moves every index', (r) => r.insert(0, { template: 'x' }), '/t1/users/5', 't1.user'],
    ['remove by name (ignoring case)', (r) => r.remove('T1.USER'), '/t1/users/5', 'fallback'],
    ['remove by index', (r) => r.remove(0), '/t1/users', 't1.page'],
    ['remove the last route of a prefix', (r) => r.remove('t2.users'), '/t2/users', 'fallback'],
    ['a literal folded like the request', (r) => r.insert(0, { template: 'ΟΔΟΣ/{x}', name: 'greek' }), '/οδος/1', 'greek'],
    ['an escaped first segment', (r) => r.insert(0, { template: 't1/users', name: 'list' }), '/t%31/users', 'list'],
    ['replace', (r) => r.replace([{ template: 'a', name: 'a' }]), '/t1/users/5', null],
  ])('%s', (_name, changeIt, path, expected) => {
    const router = compileWith(TENANTS, options);
    changeIt(router);
    expect(router.match(path, 'GET')?.route.name ?? null).toBe(expected);
    const winner = router.match(path, 'GET');
    if (winner !== null) expect(router.routes[winner.route.index].name).toBe(expected);
  });

  it.each<[string, (r: CompiledRouter) => unknown, RegExp]>([
    ['insert past the end', (r) => r.insert(5, { template: 'x' }), /^insert: the index must be an integer from 0 to 4 \(the number of routes\), got 5$/],
    ['insert at a negative index', (r) => r.insert(-1, { template: 'x' }), /got -1$/],
    ['insert at a fraction', (r) => r.insert(1.5, { template: 'x' }), /got 1\.5$/],
    ['remove by something else', (r) => r.remove(null as never), /^remove: give a route name \(string\) or an index \(number\), got null$/],
    ['a duplicate name, inserted earlier: the later route is named', (r) => r.insert(0, { template: 'y', name: 'FALLBACK' }), /route "fallback" with template "\{\*path\}"/],
    ['a duplicate name, added later', (r) => r.add({ template: 'y', name: 'FALLBACK' }), /route "FALLBACK" with template "y"/],
    ['a bad template', (r) => r.add({ template: 'a/{' }), /a\/\{/],
    ['a bad route named like a later route: both, as compile() reports them', (r) => r.insert(0, { template: 'a/{', name: 'fallback' }), /^2 routes cannot be created:\n {2}route 0: .*\n {2}route 4: .*the route name "fallback" is already used/],
    ['a route that is not an object', (r) => r.insert(2, 'a/b' as never), /^compile: route 2 must be an object/],
  ])('refuses %s and stays as it was', (_name, changeIt, message) => {
    const router = compileWith(TENANTS, options);
    expect(() => changeIt(router)).toThrow(message);
    expect(router.routes.map((r) => r.name)).toEqual(TENANTS.map((r) => r.name));
    expect(router.match('/t1/users/5', 'GET')?.route.name).toBe('t1.user');
  });

  it.each([
    ['remove past the end', 9],
    ['remove a name no route has', 'nobody'],
    ['remove at a fraction', 0.5],
  ])('%s: false, nothing removed', (_name, key) => {
    const router = compileWith(TENANTS, options);
    expect(router.remove(key)).toBe(false);
    expect(router.routes).toHaveLength(TENANTS.length);
  });
});

// A route's identity is its place in the order: a change re-creates no route object. A route handed out before a
// change (by router.routes, match(), generate()) is the same object after it, and says its new index; a route
// removed keeps the index it last had.
describe.each(VARIANTS)('a route is the same object through changes (%s)', (_label, options) => {
  const changes: [string, (r: CompiledRouter) => unknown, string][] = [
    ['insert at 0: every route moves down', (r) => r.insert(0, { template: 'first', name: 'first' }), 'first'],
    ['insert before the fallback', (r) => r.insert(3, { template: 't3/{x}', name: 't3' }), 't3'],
    ['add at the end: nothing moves', (r) => r.add({ template: 'last', name: 'last' }), 'last'],
    ['remove the first route: every other moves up', (r) => r.remove('t1.user'), ''],
    ['remove by index in the middle', (r) => r.remove(2), ''],
  ];
  const rows = changes.flatMap(([name, changeIt, added]) => (['compiled', 'already live'] as const).map((table): [string, string, (r: CompiledRouter) => unknown, string] => [name, table, changeIt, added]));
  it.each(rows)('%s, on a table %s', (_name, table, changeIt, added) => {
    const router = compileWith(TENANTS, options);
    if (table === 'already live') {
      router.add({ template: 'gone' });
      router.remove('gone');
    }
    const before = [...router.routes];
    const matched = router.match('/t1/users/5', 'GET')!.route;
    const generated = router.generate({}, { routeName: 't2.users' })!.route;
    changeIt(router);
    const after = router.routes;
    // Every route still in the table is the object it was, at its new index (read from the route itself).
    for (const route of after) if (route.name !== added) expect(before).toContain(route);
    after.forEach((route, index) => expect([route.name, route.index]).toEqual([route.name, index]));
    const gone = before.filter((route) => !after.includes(route));
    expect(gone).toHaveLength(before.length + (added === '' ? 0 : 1) - after.length);
    for (const route of gone) expect(route.index).toBe(before.indexOf(route)); // the index it last had
    // What the API hands out is that same object, with its index now.
    if (after.includes(matched)) {
      expect(router.match('/t1/users/5', 'GET')!.route).toBe(matched);
      expect(matched.index).toBe(after.indexOf(matched));
    }
    if (after.includes(generated)) {
      expect(router.generate({}, { routeName: 't2.users' })!.route).toBe(generated);
      expect(generated.index).toBe(after.indexOf(generated));
    }
    expect([matched, generated].map(Object.isFrozen)).toEqual([true, true]);
  });
});

// A live table's views of a route (its slot, its stand-in at its place in a partition's matcher, the entry
// introspection reads at its position) are made of the route's one plan, never of copies of its fields.
describe.each(VARIANTS)("every view of a route shares the route's plan (%s)", (_label, options) => {
  it.each<[string, (r: CompiledRouter) => unknown]>([
    ['insert at 0: every route moves down', (r) => r.insert(0, { template: 'first/{id}', name: 'first' })],
    ['remove the first route: every other moves up', (r) => r.remove('t1.user')],
  ])('%s', async (_name, changeIt) => {
    const router = compileWith(TENANTS, options);
    changeIt(router);
    for (const path of ['/t1/users/5', '/t2/users', '/first/1', '/nothing']) router.match(path, 'GET'); // the partitions requested
    await new Promise((resolve) => setImmediate(resolve)); // their matchers made (and their stand-ins)
    const internals = internalsOf(router)!.compiled!;
    const slots = [...internals.live()!.slots()];
    expect(slots.filter((slot) => slot.local !== null && slot.local !== slot.entry).length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.entry.plan).toBeDefined();
      expect(slot.plan).toBe(slot.entry.plan);
      if (slot.local !== null) expect(slot.local.plan).toBe(slot.entry.plan);
    }
    expect(internals.entries().map((entry) => entry.plan)).toEqual(slots.map((slot) => slot.entry.plan));
    internals.entries().forEach((entry, i) => expect(entry.plan).toBe(slots[i].entry.plan));
  });
});

// A change is made in place: the changed partition's trie takes the route (insertRoute / removeRoute), and its
// matcher (the strategy's code or walk, with its static table) is made again on the microtask queue, after the code
// that made the change: never inside a request, however many requests come before it; the other partitions keep the
// matchers they have. A partition never changed gets its matcher after the first request that reaches it.
describe.each(VARIANTS)('a change is built off the hot path (%s)', (_label, options) => {
  /** Once the microtasks queued so far have run (setImmediate runs after them: no time is waited for). */
  const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const built = (router: CompiledRouter): string[] => internalsOf(router)!.compiled!.live()!.builtPartitions().sort();
  const lookups = (router: CompiledRouter, path: string, times: number): void => {
    for (let i = 0; i < times; i++) expect(router.match(path, 'GET')?.route.name).toBe(path === '/t2/users' ? 't2.users' : 'new');
  };

  it.each<[string, number, string[], string[]]>([
    ['no request: the change alone queues it', 0, ['t2', 'x'], ['t1', 't2', 'x']],
    ['4 requests (more than its routes) are answered by its trie', 4, ['t2', 'x'], ['t1', 't2', 'x']],
    ['20,000 requests (more than any old threshold) are answered by its trie', 20_000, ['t2', 'x'], ['t1', 't2', 'x']],
  ])('%s; then its matcher is made, and the other partitions keep theirs', async (_name, requests, before, after) => {
    const router = compileWith(TENANTS, options);
    router.add({ template: 'x' }); // the router is live: its partitions get matchers as changes and requests reach them
    expect(built(router)).toEqual([]);
    lookups(router, '/t2/users', 1);
    expect(built(router)).toEqual([]); // a request never builds
    await settled();
    expect(built(router)).toEqual(['t2', 'x']); // "x" was changed, "t2" requested; "t1" and "" neither
    router.insert(0, { template: 't1/new/{id}', name: 'new' });
    lookups(router, '/t1/new/5', requests);
    expect(built(router)).toEqual(before);
    await settled();
    expect(built(router)).toEqual(after);
    expect(router.match('/t1/new/5', 'GET')?.route).toMatchObject({ name: 'new', index: 0 });
    expect(router.match('/t2/users', 'GET')?.route).toMatchObject({ name: 't2.users', index: 3 });
  });

  it('a burst of changes in one partition: answered by its trie throughout, built once after it', async () => {
    const router = compileWith(TENANTS, options);
    router.add({ template: 'x' });
    for (let i = 0; i < 50; i++) {
      router.insert(0, { template: `t1/burst${i}/{id}`, name: `burst${i}` });
      expect(router.match(`/t1/burst${i}/1`, 'GET')?.route).toMatchObject({ name: `burst${i}`, index: 0 });
    }
    expect(built(router)).toEqual([]);
    await settled();
    expect(built(router)).toEqual(['t1', 'x']);
    expect(router.match('/t1/burst0/1', 'GET')?.route).toMatchObject({ name: 'burst0', index: 49 });
  });
});

// A run of inserts at one place halves the room between two order keys each time, until the keys around it are
// spread out again; near the front of the list they move down, and the tries' bounds must follow them, or a
// partition that holds the first match is skipped.
describe.each(VARIANTS)('inserts at one place, order keys spread out again (%s)', (_label, options) => {
  it('answers as compile() after 300 inserts before a fallback', () => {
    const fillers = (letter: string, count: number): RouteDefinition[] => Array.from({ length: count }, (_, k) => ({ template: `${letter}${k}/{x}` }));
    let list: RouteDefinition[] = [...fillers('f', 5), { template: '{*path}', name: 'fallback' }, ...fillers('g', 300)];
    const router = compileWith(list, options);
    for (let i = 0; i < 300; i++) {
      // Alternately in the partition of routes with no literal prefix and in "a", for the same paths: the first
      // match is in the former, which a bound left at an old key skips.
      const k = Math.floor(i / 2) % 10;
      const route: RouteDefinition = { template: i % 2 === 0 ? `{p}/k${k}` : `a/k${k}`, name: `n${i}` };
      const place = list.findIndex((r) => r.name === 'fallback');
      router.insert(place, route);
      list = [...list.slice(0, place), route, ...list.slice(place)];
    }
    const fresh = compileWith(list, options);
    const paths = ['/a/k1', '/a/k2', '/b/k3', '/a/k9', '/z', '/a/k0/x', '/f5/1', '/g7/1', ...Array.from({ length: 10 }, (_, k) => `/q/k${k}`)];
    for (const path of paths) {
      expect([path, router.match(path, 'GET')?.route.index]).toEqual([path, fresh.match(path, 'GET')?.route.index]);
      expect([...router.matches(path, 'GET')].map((m) => m.route.index)).toEqual([...fresh.matches(path, 'GET')].map((m) => m.route.index));
    }
  });
});

// A table compiled with caseSensitive: true, changed: what it answers depends on case exactly as compile() of
// the new list with caseSensitive: true (the property above compares everything; these name the cases).
describe.each(VARIANTS)('a case-sensitive table, changed (%s)', (_label, options) => {
  const caseSensitive = { ...options, caseSensitive: true };
  it.each<[string, (r: CompiledRouter) => unknown, string, string | null]>([
    ['an added route compares with its case', (r) => r.insert(0, { template: 'Users/{id}', name: 'users' }), '/users/1', 'fallback'],
    ['an added route, requested as written', (r) => r.insert(0, { template: 'Users/{id}', name: 'users' }), '/Users/1', 'users'],
    ['a literal the default mode would fold', (r) => r.insert(0, { template: 'ΟΔΟΣ/{x}', name: 'greek' }), '/οδος/1', 'fallback'],
    ['a compiled route after a change: its partition keyed as written', (r) => r.add({ template: 'x' }), '/t2/users', 'fallback'],
    ['a compiled route after a change, requested as written', (r) => r.add({ template: 'x' }), '/T2/users', 't2.users'],
    ['an escaped first segment as written', (r) => r.insert(0, { template: 'T1/users', name: 'list' }), '/%541/users', 'list'],
    ['an escaped first segment in another case', (r) => r.insert(0, { template: 'T1/users', name: 'list' }), '/t%31/users', 't1.page'],
    ['replace keeps the mode', (r) => r.replace([{ template: 'A', name: 'a' }]), '/a', null],
  ])('%s', (_name, changeIt, path, expected) => {
    const router = compileWith(TENANTS, caseSensitive);
    changeIt(router);
    expect(router.match(path, 'GET')?.route.name ?? null).toBe(expected);
  });

  it('explains a literal in another case after a change', () => {
    const router = compileWith(TENANTS, caseSensitive);
    router.insert(0, { template: 'Users/{id}', name: 'users' });
    const tried = explain(router, '/users/1', 'GET').routes[0];
    expect(tried.reason).toMatchObject({ kind: 'literal-mismatch', caseOnly: true });
  });

  it.each<[string, boolean, number]>([
    ['ignoring case, "users" after "Users" is shadowed', false, 1],
    ['case-sensitive, "users" after "Users" is its own path', true, 0],
  ])('diagnostics after a change: %s', (_name, sensitive, shadowed) => {
    const router = compileWith([{ template: 'Users' }], { ...options, caseSensitive: sensitive });
    router.add({ template: 'users' });
    expect(diagnostics(router).filter((d) => d.code === 'shadowed' && d.route.index === 1)).toHaveLength(shadowed);
  });
});

// matches() reads the table as it was when it was called, as iterating a copy would: a change made while its
// answers are read (after some of them, or before the first) is for the calls that come after it. Candidates in
// the routes' own partition ("shop") and in the partition of routes with no literal prefix.
const SHOP: RouteDefinition[] = [
  { template: 'shop/{x}', name: 'any' },
  { template: 'home', name: 'home' },
  { template: 'shop/{id:int}', name: 'number' },
  { template: '{area}/{x}', name: 'area' },
  { template: '{*path}', name: 'fallback' },
];

describe.each(VARIANTS)('matches() while the table changes (%s)', (_label, options) => {
  type Answer = { index: number; name: string | null; values: unknown };
  const answer = (m: { route: { index: number; name: string | null }; values: unknown }): Answer => ({ index: m.route.index, name: m.route.name, values: { ...(m.values as object) } });
  const changes: [string, (r: CompiledRouter) => unknown][] = [
    ['remove a later route', (r) => r.remove('fallback')],
    ['remove a later route of the same partition', (r) => r.remove('number')],
    ['remove an earlier route', (r) => r.remove('any')],
    ['insert before every route', (r) => r.insert(0, { template: 'shop/{y}', name: 'new' })],
    ['insert between the answers', (r) => r.insert(2, { template: '{a}/{b:int}', name: 'new' })],
    ['insert after every route', (r) => r.add({ template: 'shop/{y}', name: 'new' })],
    ['replace every route', (r) => r.replace([{ template: 'shop/{y}', name: 'new' }])],
  ];
  const rows = changes.flatMap(([change, changeIt]) =>
    (['already live', 'compiled'] as const).flatMap((table) =>
      ([0, 1, 3] as const).map((read): [string, string, number, (r: CompiledRouter) => unknown] => [change, table, read, changeIt]),
    ),
  );
  it.each(rows)('%s, on a table %s, after %i answers: the answers as of the call', (_change, table, read, changeIt) => {
    const router = compileWith(SHOP, options);
    if (table === 'already live') {
      router.add({ template: 'gone' });
      router.remove('gone');
    }
    const expected = [...router.matches('/shop/7', 'GET')].map(answer);
    expect(expected.map((a) => a.name)).toEqual(['any', 'number', 'area', 'fallback']);
    const iterator = router.matches('/shop/7', 'GET')[Symbol.iterator]();
    const seen: Answer[] = [];
    for (let i = 0; i < read; i++) seen.push(answer(iterator.next().value as never));
    changeIt(router);
    for (let next = iterator.next(); !next.done; next = iterator.next()) seen.push(answer(next.value));
    expect(seen).toEqual(expected);
  });
});

// ─── What a table keeps ───────────────────────────────────────────────────────────────────────────────────

const CYCLES = Number(process.env.LIVE_CYCLES ?? 2_000);

describe('a live table keeps nothing of routes it no longer has', () => {
  it.each<[string, (router: CompiledRouter, i: number) => void]>([
    ['add and remove by name', (router, i) => {
      router.add({ template: `p${i}/{x}/q${i}`, name: `n${i}`, methods: [`M${i}`] });
      router.match(`/p${i}/1/q${i}`, `M${i}`);
      expect(router.remove(`N${i}`)).toBe(true);
    }],
    ['insert at 0 and remove at 0', (router, i) => {
      router.insert(0, { template: `p${i}`, name: `n${i}` });
      router.match(`/p${i}`, 'GET');
      expect(router.remove(0)).toBe(true);
    }],
    ['insert in the middle and remove by index', (router, i) => {
      const at = (i + 1) % 600;
      router.insert(at, { template: `t${i % 7}/{x:int}/${i}` });
      router.generate({ x: 1 });
      expect(router.remove(at)).toBe(true);
    }],
  ])(`%s, ${CYCLES} times: the table's structures are their first size`, (_name, cycle) => {
    const routes = Array.from({ length: 600 }, (_, i): RouteDefinition => ({ template: `t${i % 7}/r${i}/{id}`, name: `r${i}` }));
    const router = compile(routes);
    cycle(router, -1); // the router is live from its first change on
    const live = internalsOf(router)!.compiled!.live()!;
    const before = live.sizes();
    for (let i = 0; i < CYCLES; i++) cycle(router, i);
    expect(live.sizes()).toEqual(before);
    expect(router.routes.map((r) => r.name)).toEqual(routes.map((r) => r.name));
  });
});

// The heap itself, in a process of its own with the collector exposed (dist/, which `npm test` builds first):
// after a warm-up, many more add / match / remove cycles leave the heap where it was, give or take 1 MB (a route
// kept per cycle would be several MB).
const HEAP_CYCLES = Number(process.env.LIVE_HEAP_CYCLES ?? 3_000);
const HEAP_CHECK = `
  const { compile } = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)});
  const router = compile(Array.from({ length: 1000 }, (_, i) => ({ template: 't' + (i % 10) + '/r' + i + '/{id:int}', name: 'r' + i })));
  const cycle = (i) => {
    router.insert(i % 1000, { template: 't' + (i % 10) + '/n' + i + '/{x:regex(^a' + i + '$)}', name: 'n' + i, methods: ['M' + i] });
    router.match('/t' + (i % 10) + '/n' + i + '/a' + i, 'M' + i);
    router.generate({ x: 'a' + i }, { routeName: 'n' + i });
    router.remove('N' + i);
  };
  const heap = () => { for (let i = 0; i < 4; i++) gc(); return process.memoryUsage().heapUsed; };
  for (let i = 0; i < 1000; i++) cycle(i);
  const before = heap();
  for (let i = 1000; i < 1000 + ${HEAP_CYCLES}; i++) cycle(i);
  console.log(JSON.stringify({ grew: heap() - before }));
`;

describe('a live table on the heap', () => {
  it(`keeps its size over ${HEAP_CYCLES} add / match / remove cycles`, () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', HEAP_CHECK], { encoding: 'utf8' });
    expect(JSON.parse(out).grew).toBeLessThan(2 ** 20);
  }, PATIENCE_MS * Math.max(1, HEAP_CYCLES / 3_000)); // only ends a hang: the suite's limit, longer for a longer run
});

// ─── Routers built ahead of time ──────────────────────────────────────────────────────────────────────────

describe('a router built ahead of time', () => {
  it.each(['add', 'insert', 'remove', 'replace'] as const)('refuses %s() with a clear error', (method) => {
    const router = evaluateBuiltModule(compileToModule([{ template: 'a/{x}' }]), null) as unknown as CompiledRouter;
    const call = (): unknown => (router[method] as (...args: unknown[]) => unknown)(0, { template: 'b' });
    expect(call).toThrow(/^a router built ahead of time \(compileToModule\) cannot change: compile\(\) the routes for a live table/);
    expect(router.match('/a/1', 'GET')?.route.index).toBe(0);
  });
});

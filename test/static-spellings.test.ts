// Static paths in every spelling (src/compile/match/static-table.ts): "/API" and "/api" are one static path, but a
// parameter route before the static route takes its value from the request's own text ({slug} = "API" or "api"),
// and its constraints may take one spelling and not the other; so the answer kept for one spelling must never be
// given to another. Random tables of static routes with capitals among parameter routes; every static path sent in
// random spellings and orders, twice, to every strategy against the reference: generated, built modules (the aot
// projects), the trie, and live tables after replace, insert, add and remove, before and after their partitions get their matchers.
//
//   FUZZ_SEED / FUZZ_RUNS   as in every property test (support/fuzz.ts)
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledRouter, RouteDefinition, RouteMatch } from '../src/index.js';
import { describeRoutes, fuzzHarness } from './support/fuzz.js';
import { methodsArb, routeArb } from './support/route-generators.js';
import { caseMode, compileWith, isBuilt, strategies, subjects, type StrategyOptions } from './support/routers.js';

const { TIMEOUT, check } = fuzzHarness('test/static-spellings.test.ts', 0x5be11);

// ─── Tables and requests ──────────────────────────────────────────────────────────────────────────────────

const staticRoute: fc.Arbitrary<RouteDefinition> = fc
  .tuple(fc.array(fc.constantFrom('API', 'api', 'Api', 'T1', 'Todo', 'a', 'B', 'x', 'ΟΔΟΣ', 'É', 'İ'), { minLength: 1, maxLength: 2 }), methodsArb)
  .map(([segments, methods]) => (methods === null ? { template: segments.join('/') } : { template: segments.join('/'), methods }));

// Routes that take their values from the path's text, some with constraints that read its case.
const capturingRoute = fc.constantFrom<RouteDefinition>(
  { template: '{slug}', constraints: { slug: /^[a-z]+$/ } },
  { template: '{slug}', constraints: { slug: /^[A-Z0-9]+$/ } },
  { template: '{p0}' },
  { template: '{a}/{b}' },
  { template: 'api/{id}' },
  { template: '{a}/{b:alpha}' },
  { template: '{x=a}/{y?}' },
  { template: '{*rest}', methods: ['POST'] },
  { template: 'API/{*rest}' },
  { template: '{name}.{ext?}' },
);

/** One to three static routes, one to three capturing routes and up to two random ones, in a random order. */
const table: fc.Arbitrary<RouteDefinition[]> = fc
  .tuple(fc.array(staticRoute, { minLength: 1, maxLength: 3 }), fc.array(capturingRoute, { minLength: 1, maxLength: 3 }), fc.array(routeArb, { maxLength: 2 }))
  .chain(([statics, capturing, others]) => {
    const all = [...statics, ...capturing, ...others];
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
  });

/** The path of a static route ("API/Todo"), or null for a route with a parameter. */
const staticPathOf = (route: RouteDefinition): string | null => (/[{}]/.test(route.template) ? null : route.template.replace(/^~?\//, '').replace(/\/$/, ''));

/** Each unit in the other case where `flip` says so (and that case is one unit). */
function respell(text: string, flip: (i: number) => boolean): string {
  return [...text]
    .map((ch, i) => {
      if (!flip(i)) return ch;
      const other = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
      return other.length === ch.length ? other : ch;
    })
    .join('');
}

/** Every static path of the table as written, lower-cased, upper-cased and in a random mix, with GET and POST. */
function requestsFor(routes: readonly RouteDefinition[], bits: readonly boolean[]): [string, string][] {
  const paths = [...new Set(routes.map(staticPathOf).filter((p) => p !== null))];
  const spellings = paths.flatMap((path, p) => [path, path.toLowerCase(), path.toUpperCase(), respell(path, (i) => bits[(p * 7 + i) % bits.length])]);
  return [...new Set(spellings)].flatMap((spelling) => [`/${spelling}`, `/${spelling}/`]).flatMap((target) => [[target, 'GET'], [target, 'POST']] as [string, string][]);
}

const scenario = table.chain((routes) =>
  fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }).chain((bits) => {
    const requests = requestsFor(routes, bits);
    return fc.shuffledSubarray(requests, { minLength: requests.length, maxLength: requests.length }).map((order) => ({ routes, order }));
  }),
);

// ─── Routers ──────────────────────────────────────────────────────────────────────────────────────────────

/** A live table whose list is `routes`, reached by replace, insert, add and remove from another table. */
function liveRouter(routes: readonly RouteDefinition[], options: StrategyOptions): CompiledRouter {
  const router = compileWith([{ template: 'seed/{x}' }, { template: 'T1' }], options);
  const half = routes.length >> 1;
  router.replace(routes.slice(half));
  routes.slice(0, half).forEach((route, i) => router.insert(i, route));
  router.add({ template: 'api' });
  expect(router.remove(routes.length)).toBe(true);
  return router;
}

type Subject = [name: string, make: (routes: readonly RouteDefinition[]) => CompiledRouter];

const SUBJECTS: Subject[] = [
  ...subjects.map((strategy): Subject => [strategy, (routes) => compileWith(routes, { strategy })]),
  // Live tables (built modules take no changes): a partition gets the strategy's matcher, static table and all,
  // once it has served as many requests since its last change as it has routes ('generated'), or at once
  // ('reference'); the trie's answer for good.
  ...strategies.filter((s) => !isBuilt(s)).map((strategy): Subject => [`live ${strategy}`, (routes) => liveRouter(routes, { strategy })]),
];

const summary = (m: RouteMatch | null): unknown => (m === null ? null : { index: m.route.index, values: { ...m.values }, keys: Object.keys(m.values) });

describe(`static paths in every spelling, in any order (${caseMode})`, () => {
  it.each(SUBJECTS)('%s answers as the reference', (name, make) => {
    check(
      name,
      fc.property(scenario, ({ routes, order }) => {
        const reference = compileWith(routes, { strategy: 'reference' });
        const router = make(routes);
        // Twice: in the order drawn, then backwards, so that every spelling is asked before and after the others.
        for (const [target, method] of [...order, ...[...order].reverse()]) {
          const got = summary(router.match(target, method));
          const expected = summary(reference.match(target, method));
          if (!isDeepStrictEqual(got, expected)) {
            throw new Error(`${name}: ${method} ${target}\nroutes:\n${describeRoutes(routes)}\ngot:      ${JSON.stringify(got)}\nexpected: ${JSON.stringify(expected)}`);
          }
        }
      }),
      40,
      // The tables: {slug} before API, asked /api then /API and the other way; {p0} before T1.
      [
        [{ routes: [{ template: '{slug}', constraints: { slug: /^[a-z]+$/ } }, { template: 'API' }], order: [['/api', 'GET'], ['/API', 'GET']] }],
        [{ routes: [{ template: '{slug}', constraints: { slug: /^[a-z]+$/ } }, { template: 'API' }], order: [['/API', 'GET'], ['/api', 'GET']] }],
        [{ routes: [{ template: '{slug}' }, { template: 'API' }], order: [['/API', 'GET'], ['/api', 'GET']] }],
        [{ routes: [{ template: '{p0}' }, { template: 'T1' }], order: [['/t1', 'GET'], ['/T1', 'GET']] }],
      ],
    );
  }, TIMEOUT);
});

import { describe, expect, it } from 'vitest';
import { caseDependent, caseMode, routerFor, strategies } from './support/routers.js';
import { runSuite } from './support/suite.js';
import { compile, type CompiledRouter } from '../src/index.js';
import { toRouteString } from '../src/route-values.js';
import { internalsOf } from '../src/compile/router-internals.js';
import { generateCases, leadingSlashCases } from './cases/generate-cases.js';



describe.each(strategies)(`generate (%s, ${caseMode})`, (strategy) => {
  it.each(generateCases)('$routes.0.template with $values → $expected', ({ routes, values, ambient, routeName, options, expected, expectedIndex }) => {
    const found = routerFor(routes, strategy, options ?? {}).generate(values, { ambientValues: ambient ?? null, routeName: routeName ?? null });
    expect(found?.path ?? null).toBe(expected);
    if (expectedIndex !== undefined) expect(found?.route.index).toBe(expectedIndex);
  });

  it.each(leadingSlashCases)('$routes.0.template with $values: never "//" at the start, and it matches back to its route', ({ routes, values, ambient, routeName, options }) => {
    const router = routerFor(routes, strategy, options ?? {});
    const found = router.generate(values, { ambientValues: ambient ?? null, routeName: routeName ?? null });
    expect(found?.path.startsWith('//')).toBe(false);
    expect(router.match(found!.path, 'GET')?.route.index).toBe(0);
  });
});

// Rule 9: the generated path round-trips — matching it gives back the values that produced it.
// (A {**x} value's leading "/" is the path's own: "/a/b" comes back as "a/b"; leadingSlashCases checks those rows.)
const keepsSlashes = (c: (typeof generateCases)[number]) => leadingSlashCases.includes(c) && c.routes[0].template.includes('{**');
const roundTrips = generateCases.filter((c) => c.expected !== null && !c.expected.includes('?') && !c.ambient && !c.options && c.routes.length === 1 && !c.routes[0].methods && !keepsSlashes(c));
runSuite({ name: `generate (%s, ${caseMode}): round trips`, rows: roundTrips, title: '$expected matches back to $values', skip: [caseDependent((c: (typeof roundTrips)[number]) => [c.expected!])] }, ({ routes, values, expected }, strategy) => {
  const router = routerFor(routes, strategy);
  const found = router.match(expected!, 'GET');
  expect(found?.route.index).toBe(0);
  for (const [key, value] of Object.entries(values)) {
    const text = toRouteString(value);
    if (text === '') continue;
    // Route value names compare ignoring case.
    const matchedKey = Object.keys(found!.values).find((k) => k.toLowerCase() === key.toLowerCase());
    expect(toRouteString(matchedKey === undefined ? undefined : found!.values[matchedKey]).toLowerCase()).toBe(text.toLowerCase());
  }
});

describe('generate() by name: the shortcut for exact values answers as the full binder', () => {
  // An empty ambientValues object takes the full binder (it is "no ambient values" there too).
  const router: CompiledRouter = compile([
    { name: 'repo', template: 'repos/{owner}/{repo}', methods: ['GET'] },
    { name: 'verb', template: 'v/{httpMethod}', methods: ['GET'] },
    { name: 'static', template: 'a/b' },
  ]);
  it.each([
    ['repo', { owner: 'o', repo: 'r' }],
    ['repo', { owner: 'o w/n', repo: 'é?#%' }],
    ['repo', { owner: 'o', repo: 'r', extra: 'x y' }],
    ['repo', { owner: 'o', repo: 'r', httpMethod: 'POST' }],
    ['repo', { owner: 'o', repo: 'r', httpMethod: 'get' }],
    ['repo', { OWNER: 'o', repo: 'r' }],
    ['repo', { owner: 5, repo: true }],
    ['repo', { owner: '', repo: 'r' }],
    ['repo', { owner: '/o', repo: 'r' }],
    ['repo', { owner: 'o' }],
    ['repo', { owner: 'o', repo: undefined }],
    ['repo', { owner: 'o', repo: null }],
    ['repo', Object.assign(Object.create({ inherited: 'x' }), { owner: 'o', repo: 'r' })],
    ['verb', { httpMethod: 'GET' }],
    ['verb', { httpMethod: 'PUT' }],
    ['static', {}],
    ['static', { q: '1' }],
  ] as [string, Record<string, unknown>][])('%s %o', (routeName, values) => {
    const full = router.generate(values, { routeName, ambientValues: {} });
    expect(router.generate(values, { routeName })).toEqual(full);
  });
});

// A route's entry is made once and never written: generate() keeps what it makes of a route (its generators, the
// by-name shortcut) beside it, so one entry can serve every view of the route (a live table's stand-ins share it).
describe.each(['compiled', 'live'] as const)('generate() writes into no route entry (%s table)', (kind) => {
  const routes = [
    { name: 'product', template: 'products/{id}' },
    { name: 'page', template: 'pages/{slug}/{n:int=1}', methods: ['GET'] },
    { template: 'files/{**path}' },
  ];
  it.each(['generated', 'trie', 'reference'] as const)('%s', (strategy) => {
    const router = compile(routes, { strategy });
    if (kind === 'live') router.add({ name: 'added', template: 'added/{id}' });
    const entries = () => internalsOf(router)!.compiled!.entries();
    const fields = () => entries().map((entry) => ({ ...entry }));
    const before = fields();
    expect(router.generate({ id: '1' }, { routeName: 'product' })?.path).toBe('/products/1'); // the by-name shortcut
    expect(router.generate({ slug: 'a', n: 2 }, { routeName: 'page' })?.path).toBe('/pages/a/2'); // the binder
    expect(router.generate({ path: 'a/b' })?.path).toBe('/files/a/b'); // every route in order
    expect(fields()).toEqual(before);
  });
});

// Deep templates compile and match in every strategy: nothing recurses once per template segment (the trie walk
// keeps its own stack; the emitter hands nodes deeper than 64 segments to that walk). A template of 10,000
// segments is about as deep as a request can get through node:http (its 16 KiB header limit allows ~8,000 "/x").
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseRoute } from './cases/types.js';
import { describe as describeRouter } from '../src/introspect.js';
import { caseDependent, caseMode, isBuilt, routerFor, strategies } from './support/routers.js';
import { runSuite } from './support/suite.js';

/** A template of `depth` segments cycling literal / parameter / complex segment, and a path that fills it. */
function deep(depth: number): { template: string; path: string } {
  const segments = Array.from({ length: depth }, (_, i) => [`s${i}`, `{p${i}}`, `x{q${i}}`][i % 3]);
  const values = Array.from({ length: depth }, (_, i) => [`s${i}`, `v${i}`, `xw${i}`][i % 3]);
  return { template: segments.join('/'), path: `/${values.join('/')}` };
}

const FAN_OUT = Array.from({ length: 12 }, (_, i) => `f${i}`);

interface DeepCase {
  readonly label: string;
  readonly routes: CaseRoute[];
  readonly path: string;
  readonly index: number | null;
  /** A few of the values to check (the full value set has thousands of keys). */
  readonly some: Record<string, string>;
}

const CASES: DeepCase[] = [65, 800, 3_000, 10_000].flatMap((depth): DeepCase[] => {
  const { template, path } = deep(depth);
  const last = depth - 1;
  const lastValue: Record<string, string> = last % 3 === 1 ? { [`p${last}`]: `v${last}` } : last % 3 === 2 ? { [`q${last}`]: `w${last}` } : {};
  return [
    { label: `${depth} segments`, routes: [{ template }, { template: `${template}/{*rest}` }], path, index: 0, some: { p1: 'v1', q2: 'w2', ...lastValue } },
    { label: `${depth} segments and a catch-all`, routes: [{ template }, { template: `${template}/{*rest}` }], path: `${path}/a/%2541`, index: 1, some: { p1: 'v1', rest: 'a/%41' } },
    { label: `${depth} segments, one short`, routes: [{ template }], path: path.slice(0, path.lastIndexOf('/')), index: null, some: {} },
    {
      label: `${depth} segments behind a lazily compiled fan-out`,
      routes: [...FAN_OUT.map((lead) => ({ template: `${lead}/${template}` }))],
      path: `/f7${path}`,
      index: 7,
      some: { p1: 'v1', q2: 'w2' },
    },
  ];
});

runSuite({ name: `%s (${caseMode}): deep templates`, rows: CASES, title: '$label', skip: [caseDependent()] }, ({ routes, path, index, some }, strategy) => {
  const router = routerFor(routes, strategy);
  for (let round = 0; round < 6; round++) {
    const found = router.match(path);
    expect(found?.route.index ?? null).toBe(index);
    if (found !== null) expect(found.values).toMatchObject(some);
  }
  expect(router.matches(path)[Symbol.iterator]().next().value?.route.index ?? null).toBe(index);
  expect(router.allowedMethods(path)).toEqual(index === null ? [] : ['*']);
  if (!isBuilt(strategy)) expect(describeRouter(router, 'trie').length).toBeGreaterThan(0); // a built module's router has no route entries to describe
});

// The code compiled at start-up, or in the aot project (no new Function there) the code of a built module.
const coded = strategies.includes('aot') ? 'aot' : 'generated';

describe(`the ${coded} code for a deep template`, () => {
  it('hands the nodes past 64 segments to the interpreted walk, and says so in its source', () => {
    const router = routerFor([{ template: deep(100).template }], coded);
    expect(router.source).toMatch(/H\.walk\(K\[\d+\], 65, path, method, ctx, best\); \/\/ deeper than EMIT_DEPTH_MAX/);
    expect(routerFor([{ template: deep(64).template }], coded).source).not.toMatch(/H\.walk/);
  });
});

// Wide as well as deep: nothing takes one call argument per route, and no code nests once per route. 20,000 routes
// under one first character fill one bucket of a fan-out (a spread of them into one call overflowed a stack of
// 100 KB, `--stack-size=100`; a default stack, at about 120,000); 20,000 routes of one template that differ by
// method were one else-if chain in the emitted code, which overflowed V8's parser in new Function from 5,000 on a
// default stack. Run in a process of its own, from the built package.
describe('wide tables: 20,000 routes in one fan-out bucket, or at one trie node', () => {
  const script = (table: string, path: string, method: string, build: boolean): string => `
    const { compile } = await import(${JSON.stringify(resolve(import.meta.dirname, '../dist/index.js'))});
    const { compileToModule } = await import(${JSON.stringify(resolve(import.meta.dirname, '../dist/build.js'))});
    const routes = Array.from({ length: 20000 }, (_, i) => (${table}));
    if (${build}) process.stdout.write(String(compileToModule(routes, { compact: true }).length > 0));
    else process.stdout.write(String(compile(routes).match(${JSON.stringify(path)}, ${JSON.stringify(method)})?.route.index));`;
  const FAN_OUT = "{ template: 'r' + i + 'x/{id}' }";
  const ONE_NODE = "{ template: 'same/{id}', methods: ['M' + i] }";
  it.each([
    { what: 'a fan-out bucket, compile(), stack of 100 KB', table: FAN_OUT, path: '/r19999x/5', method: 'GET', build: false, flags: ['--stack-size=100'], says: '19999' },
    { what: 'a fan-out bucket, compileToModule(), stack of 100 KB', table: FAN_OUT, path: '', method: '', build: true, flags: ['--stack-size=100'], says: 'true' },
    { what: 'one node, by method, compile(): the last route', table: ONE_NODE, path: '/same/5', method: 'M19999', build: false, flags: [], says: '19999' },
    { what: 'one node, by method, compile(): the first of the second chain', table: ONE_NODE, path: '/same/5', method: 'M64', build: false, flags: [], says: '64' },
    { what: 'one node, by method, compileToModule()', table: ONE_NODE, path: '', method: '', build: true, flags: [], says: 'true' },
  ])('$what', ({ table, path, method, build, flags, says }) => {
    const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script(table, path, method, build)], { encoding: 'utf8' });
    expect(out).toBe(says);
  });
});

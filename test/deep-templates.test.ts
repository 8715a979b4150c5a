// Deep templates compile and match in every strategy: nothing recurses once per template segment (the trie walk
// keeps its own stack; the emitter hands nodes deeper than 64 segments to that walk). A template of 10,000
// segments is about as deep as a request can get through node:http (its 16 KiB header limit allows ~8,000 "/x").
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

// The fast-check harness the property tests share: a replayable seed, a run-count multiplier, and failures
// reported with the seed and the command that replays them.
//
//   FUZZ_SEED=<n>      replay a seed (FUZZ_SEED=random: a new seed each run; default: each file's fixed seed)
//   FUZZ_RUNS=<x>      multiply the number of runs (vitest.config.ts: 0.25 in `npm test`, 1 in `npm run test:full`;
//                      e.g. 10 for a long soak). A count a test checks after a property scales with its runs too.
import fc from 'fast-check';
import type { RouteDefinition } from '../../src/index.js';
import { PATIENCE_MS } from './patience.js';

/** The harness of one test file: its seed, run counts, timeout and `check`. */
export function fuzzHarness(file: string, defaultSeed: number) {
  const seed = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? defaultSeed) | 0;
  const multiplier = Math.max(0.01, Number(process.env.FUZZ_RUNS ?? 1));
  const runs = (n: number): number => Math.max(1, Math.round(n * multiplier));
  const replayable = (label: string, error: unknown): Error =>
    new Error(`[${label}] seed ${seed} (replay: FUZZ_SEED=${seed} npx vitest run ${file})\n${(error as Error).message}`, { cause: error });
  return {
    SEED: seed,
    runs,
    /** Per-test timeout: the suite's (test/support/patience.ts), more for longer soaks (FUZZ_RUNS > 1). */
    TIMEOUT: Math.max(PATIENCE_MS, PATIENCE_MS * multiplier),
    /** fc.assert with the seed in the failure message (and a hint to replay it); `examples` run first. */
    check<Ts extends [unknown, ...unknown[]]>(label: string, property: fc.IProperty<Ts>, numRuns: number, examples: Ts[] = []): void {
      try {
        fc.assert(property, { seed, numRuns: runs(numRuns), examples });
      } catch (error) {
        throw replayable(label, error);
      }
    },
    /** check() of a property that awaits (fc.asyncProperty). */
    async checkAsync<Ts extends [unknown, ...unknown[]]>(label: string, property: fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
      try {
        await fc.assert(property, { seed, numRuns: runs(numRuns) });
      } catch (error) {
        throw replayable(label, error);
      }
    },
  };
}

/** `arb` with the given probability (in tenths), null otherwise. */
export const sometimes = <T,>(tenths: number, arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 10 - tenths, arbitrary: fc.constant(null) }, { weight: tenths, arbitrary: arb });

/** One route, readable in a failure message: index, template, defaults, constraints, methods. */
export const describeRoute = (r: RouteDefinition, i: number): string => {
  const extra = [
    r.defaults ? `defaults ${JSON.stringify(r.defaults)}` : '',
    r.constraints ? `constraints ${JSON.stringify(r.constraints)}` : '',
    r.methods ? `methods ${JSON.stringify(r.methods)}` : '',
  ].filter(Boolean);
  return `  ${i}: ${JSON.stringify(r.template)}${extra.length ? `  ${extra.join('  ')}` : ''}`;
};

/** A route collection, one route a line. */
export const describeRoutes = (routes: readonly RouteDefinition[]): string => routes.map(describeRoute).join('\n');

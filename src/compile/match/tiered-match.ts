// Tiering, as V8 does it for JavaScript itself, for a router built ahead of time (aot/load-router.ts; compile()
// has no tiers: its code answers from the first request). A built module's matcher is one large function, which
// V8 runs in its interpreter for its first thousands of calls and takes long to optimize, while the interpreted
// trie is a few small functions that V8 optimizes early. So the trie answers the first requests; the module's code
// is evaluated only once the table has served EMIT_AFTER of them (so a process that stops early never pays for
// it); then a share of the requests warm the code while both tiers are timed on samples, and match() switches to
// the code for good once it answers faster than the trie. Both tiers give the same answer for every request (the
// differential tests hold them to it), so which one answers is never visible, only how fast. The measurements
// behind these numbers are in docs/benchmarks.md ("Compiled from the first request").
import type { Matcher } from '../matcher.js';

type MatchFunction = Matcher['match'];

/** Requests the trie answers before the module's code is evaluated (start-up counted in docs/benchmarks.md). */
export const EMIT_AFTER = 100_000;
/**
 * Of each SAMPLE_PERIOD requests while warming, one is timed on each tier (the rest go to the trie untimed). The
 * cold code costs several µs a request in V8's interpreter; a small share keeps that off most requests, and V8
 * still marks the hot functions for optimization early (they are compiled in the background meanwhile).
 */
export const SAMPLE_PERIOD = 16;
/** Timed samples per tier compared at a time: the generated code takes over when its mean is the lower. */
export const WINDOW = 256;
/** Warming never lasts longer than this many requests: the generated code answers from then on whatever the timings say. */
export const WARMING_MAX = 1 << 20;

/** performance.now() where the runtime has it (every runtime switchyard supports does), else a clock that stands still. */
const monotonicClock: () => number = typeof performance === 'object' && performance !== null && typeof performance.now === 'function' ? () => performance.now() : () => 0;

/** Where a tiered match() stands. */
export type Tier = 'interpreted' | 'warming' | 'generated';

export interface TieredMatch {
  readonly match: MatchFunction;
  readonly tier: Tier;
}

/** How a tiered match() is set up (a built module's `tiering: { emitAfter }`; the clock is for tests). */
export interface TieringOptions {
  /** Requests the interpreted tier answers before the code is emitted (default EMIT_AFTER); a positive integer. */
  readonly emitAfter?: number;
  /** The clock the tiers are timed with (default performance.now). */
  readonly clock?: () => number;
}

/**
 * match() over two tiers: `interpreted` first, then the function `compileGenerated` returns (called once, after
 * `emitAfter` requests). Without a clock (performance.now), or where the clock does not advance while code runs
 * (workerd freezes it for the length of a request), the timings compare equal and the generated code takes over
 * after the first window.
 */
export function tieredMatch(interpreted: MatchFunction, compileGenerated: () => MatchFunction, options: TieringOptions = {}): TieredMatch {
  const { emitAfter = EMIT_AFTER, clock = monotonicClock } = options;
  if (!Number.isSafeInteger(emitAfter) || emitAfter < 1) {
    throw new TypeError(`tiering: emitAfter must be a positive integer (a number of requests), not ${String(emitAfter)}`);
  }
  let tier: Tier = 'interpreted';
  let generated: MatchFunction | null = null;
  let served = 0;
  let generatedMs = 0;
  let generatedSamples = 0;
  let interpretedMs = 0;
  let interpretedSamples = 0;

  const warming: MatchFunction = (target, method, httpContext) => {
    served++;
    const turn = served % SAMPLE_PERIOD;
    if (turn === 0) {
      const start = clock();
      const found = generated!(target, method, httpContext);
      generatedMs += clock() - start;
      if (++generatedSamples === WINDOW) settle();
      return found;
    }
    if (turn === 1) {
      const start = clock();
      const found = interpreted(target, method, httpContext);
      interpretedMs += clock() - start;
      interpretedSamples++;
      return found;
    }
    return interpreted(target, method, httpContext);
  };

  /** At the end of a window: the generated code takes over when it was the faster, else a new window starts. */
  const settle = (): void => {
    if (generatedMs / generatedSamples <= interpretedMs / Math.max(interpretedSamples, 1) || served >= WARMING_MAX) {
      current = generated!;
      tier = 'generated';
      return;
    }
    generatedMs = interpretedMs = 0;
    generatedSamples = interpretedSamples = 0;
  };

  const cold: MatchFunction = (target, method, httpContext) => {
    if (++served === emitAfter) {
      generated = compileGenerated();
      served = 0;
      current = warming;
      tier = 'warming';
    }
    return interpreted(target, method, httpContext);
  };

  let current: MatchFunction = cold;
  return {
    match: (target, method, httpContext) => current(target, method, httpContext),
    get tier() {
      return tier;
    },
  };
}

// Timing with tinybench. Each tinybench iteration runs a whole batch (every request of a mix, `reps` times)
// and records the mean cost of one call in that batch (overriddenDuration), so a sample is a mix mean that the
// timer can resolve; the statistics are over those samples: median, p25–p75, min–max. A run can be repeated in
// rounds and the samples pooled (mergeSamples), so a burst of load from elsewhere on the machine hits only part.
import { Bench } from 'tinybench';

/**
 * Run-length settings: BENCH_QUICK=1 for development (a few seconds), otherwise a proper run. The warm-up lasts at
 * least 1.5 s: the largest function switchyard emits for the GitHub set took TurboFan about 0.9 s to optimize in
 * the background, and until then lookups ran at a steady but 2× slower pace, which a shorter warm-up measured.
 */
export function settings() {
  const quick = process.env.BENCH_QUICK === '1';
  return quick
    ? { quick, rounds: 1, time: 50, warmupTime: 10, iterations: 3, batchMs: 0.5, warmupAllMs: 50, warmupMaxMs: 200, buildTime: 30, buildIterations: 2 }
    : { quick, rounds: Number(process.env.BENCH_ROUNDS ?? 2), time: 150, warmupTime: 30, iterations: 3, batchMs: 0.5, warmupAllMs: 1500, warmupMaxMs: 3000, buildTime: 250, buildIterations: 4 };
}

/** Percentile (0–1) of sorted numbers, interpolated. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Summary of per-operation costs in nanoseconds. */
export function summarize(nsSamples) {
  const s = [...nsSamples].sort((a, b) => a - b);
  const median = percentile(s, 0.5);
  return {
    medianNs: median,
    p25Ns: percentile(s, 0.25),
    p75Ns: percentile(s, 0.75),
    minNs: s[0],
    maxNs: s[s.length - 1],
    medianOpsPerSec: 1e9 / median,
    samples: s.length,
  };
}

/**
 * Times `batch(reps)` (which does `perRep` operations per rep and returns a checksum) and returns the
 * per-operation summary. `check(sum, reps)` validates every batch's checksum so a subject cannot go wrong
 * silently while being timed.
 */
export async function timeBatches(name, batch, perRep, check, config) {
  // Calibrate: enough reps for one batch to take ~config.batchMs.
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    check(batch(reps), reps);
    const dt = performance.now() - t0;
    if (dt >= config.batchMs || reps >= 1 << 20) break;
    reps = Math.max(reps * 2, Math.ceil((reps * config.batchMs) / Math.max(dt, 1e-3)));
  }
  const bench = new Bench({
    name,
    time: config.time,
    warmupTime: config.warmupTime,
    iterations: config.iterations,
    warmupIterations: 2,
    retainSamples: true,
    throws: true,
  });
  bench.add(name, () => {
    const t0 = performance.now();
    const sum = batch(reps);
    const dt = performance.now() - t0;
    check(sum, reps);
    return { overriddenDuration: dt / (reps * perRep), overriddenIterationCost: dt };
  });
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') throw new Error(`${name}: tinybench state ${result.state}`);
  const nsSamples = result.latency.samples.map((ms) => ms * 1e6);
  return { ...summarize(nsSamples), opsPerSample: reps * perRep, nsSamples };
}

/** Pools the samples of several timings of the same thing (one per round) into one summary. */
export function mergeSamples(timings) {
  const all = timings.flatMap((t) => t.nsSamples);
  return { ...summarize(all), opsPerSample: timings.map((t) => t.opsPerSample), rounds: timings.length };
}

// switchyard, a router module built ahead of time with { compact: true } (`switchyard build --compact`): the
// switchyard-aot adapter on the module named in BENCH_SWITCHYARD_MODULE, which bench/instructions.mjs writes compact
// for this subject, so the two builds' lookups are counted side by side.
import createAot from './switchyard-aot.mjs';

// A bench that writes only the default build (bench:startup) would count it under this name: refuse it.
if (!process.env.BENCH_SWITCHYARD_MODULE?.endsWith('-compact.mjs')) {
  throw new Error('switchyard-aot-compact: BENCH_SWITCHYARD_MODULE names no module built compact (bench/lib/built-module.mjs writes <set>-router-compact.mjs)');
}

export default function createAdapter() {
  return { ...createAot(), name: 'switchyard built module, --compact' };
}

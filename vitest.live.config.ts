import { defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/support/patience.js';

// `npm run test:live`: the live-table tests at the sizes of their issue, apart from `npm test` (which runs the same
// files at small sizes): the property with 1,000 random changes per table on every strategy (2 tables per variant),
// the serving test with 10,000 changes under a loopback load, and the heap check over 1,000,000 add / remove cycles.
export default defineConfig({
  test: {
    include: ['test/live-tables.test.ts', 'test/live-serving.test.ts'],
    maxWorkers: 2,
    testTimeout: PATIENCE_MS,
    hookTimeout: PATIENCE_MS,
    env: { LIVE_CHANGES: '1000', FUZZ_RUNS: '0.2', LIVE_SERVING_CHANGES: '10000', LIVE_HEAP_CYCLES: '1000000', LIVE_CYCLES: '100000' },
  },
});

import { defineConfig } from 'vitest/config';

// `npm run test:scale`: the scale-out suite (test/scale), which needs nginx (Debian's package; .ci/run installs it).
export default defineConfig({
  test: {
    include: ['test/scale/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the inspector and API explorer pages in Debian's Chromium (test/browser), apart from
// `npm test` (.ci/run installs the chromium package when it is missing).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

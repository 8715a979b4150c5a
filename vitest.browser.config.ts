import { defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/support/patience.js';

// `npm run test:browser`: the inspector and API explorer pages, and the docs site (which its test builds with
// `npm run docs`), in Debian's Chromium (test/browser), apart from `npm test` (.ci/run installs the chromium
// package when it is missing).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    maxWorkers: 1,
    // The time limit only ends a hang (test/support/patience.ts): building the docs site on a busy machine is not one.
    testTimeout: PATIENCE_MS,
    hookTimeout: PATIENCE_MS,
  },
});

import { defineConfig } from 'vitest/config';

// `npm run test:runtimes`: the core on Node, Bun, Deno and workerd (test/runtimes), apart from `npm test`.
export default defineConfig({
  test: {
    include: ['test/runtimes/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The machine has 2 cores; more workers only add contention.
    maxWorkers: 2,
    testTimeout: 20_000,
    // (include is set per project: a project that `extends` the root would add to the root's list.)
    projects: [
      // test/scale needs nginx: it is `npm run test:scale` (vitest.scale.config.ts), not part of `npm test`.
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'], exclude: ['test/scale/**', '**/node_modules/**'] } },
      // The black-box to-do suite once more, against a real PostgreSQL server started by the global setup.
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/todo.test.ts'],
          env: { TODO_TEST_STORE: 'postgres' },
          globalSetup: ['test/support/postgres-setup.ts'],
        },
      },
    ],
  },
});

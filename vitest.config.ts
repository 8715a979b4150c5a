import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The machine has 2 cores; more workers only add contention.
    maxWorkers: 2,
    testTimeout: 20_000,
    // (include is set per project: a project that `extends` the root would add to the root's list.)
    projects: [
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'] } },
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

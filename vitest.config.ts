import { defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/support/patience.js';

/** The files of matching tables and properties, which run on every strategy (test/support/routers.ts). */
const MATCHING_TABLES = [
  'test/match.test.ts',
  'test/generate.test.ts',
  'test/aspnet-conformance.test.ts',
  'test/constraints.test.ts',
  'test/decoding.test.ts',
  'test/deep-templates.test.ts',
  'test/generation-only.test.ts',
  'test/roundtrip.test.ts',
  'test/real-tables.test.ts',
  'test/bench-fixtures.test.ts',
  'test/differential.test.ts',
  'test/static-spellings.test.ts',
];

export default defineConfig({
  test: {
    // The machine has 2 cores; more workers only add contention.
    maxWorkers: 2,
    // No test depends on the machine's speed: a test or hook fails by its own checks, and the time limit only ends
    // a hang (test/support/patience.ts). A per-test limit would fail tests on a busy machine (`.ci/run` runs the
    // default suite once more with both cores kept busy).
    testTimeout: PATIENCE_MS,
    hookTimeout: PATIENCE_MS,
    // (include is set per project: a project that `extends` the root would add to the root's list.)
    projects: [
      // test/scale needs nginx, test/browser Chromium and test/runtimes Bun, Deno and workerd: they are
      // `npm run test:scale`, `test:browser` and `test:runtimes` (their own configs), not part of `npm test`.
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'], exclude: ['test/scale/**', 'test/runtimes/**', 'test/browser/**', '**/node_modules/**'] } },
      // Every matching table and property once more on routers built ahead of time (compileToModule), in
      // workers where eval and new Function throw: the built modules need neither, and compile() falls back.
      {
        extends: true,
        test: {
          name: 'aot',
          // The stack's own tests too: they check what a built module's stack answers.
          include: [...MATCHING_TABLES, 'test/immutable-answers.test.ts', 'test/static-table.test.ts', 'test/method-filter.test.ts'],
          env: { SWITCHYARD_STRATEGIES: 'aot' },
          execArgv: ['--disallow-code-generation-from-strings'],
        },
      },
      // Every matching table and property once more on tables compiled with caseSensitive: true (each table with
      // the cases whose answer cannot depend on case; test/support/routers.ts), on every strategy: the three of
      // compile() here, and built modules in workers that forbid eval, as in "aot".
      {
        extends: true,
        test: { name: 'case-sensitive', include: MATCHING_TABLES, env: { SWITCHYARD_CASE_SENSITIVE: '1' } },
      },
      {
        extends: true,
        test: {
          name: 'aot case-sensitive',
          include: MATCHING_TABLES,
          env: { SWITCHYARD_STRATEGIES: 'aot', SWITCHYARD_CASE_SENSITIVE: '1' },
          execArgv: ['--disallow-code-generation-from-strings'],
        },
      },
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

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

/**
 * The files with property tests (fast-check, sized by runs: test/support/fuzz.ts). `npm test` runs them at a
 * contributor's size (FUZZ_RUNS below); `npm run test:full` runs them again at full size in the project "properties".
 */
const PROPERTIES = [
  'test/differential.test.ts',
  'test/roundtrip.test.ts',
  'test/static-spellings.test.ts',
  'test/hono-router-differential.test.ts',
  'test/live-tables.test.ts',
  'test/explain.test.ts',
  'test/diagnostics.test.ts',
  'test/openapi.test.ts',
  'test/reference.test.ts',
  'test/route-order.test.ts',
  'test/did-you-mean.test.ts',
  'test/cli-json-syntax.test.ts',
  'test/hardening.test.ts',
];

/** A quarter of each property's runs in `npm test`; FUZZ_RUNS set by hand wins in every project. */
const CONTRIBUTOR_RUNS = process.env.FUZZ_RUNS ?? '0.25';
const FULL_RUNS = process.env.FUZZ_RUNS ?? '1';

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
    // `npm test` runs the project "default": every file once, on compile()'s strategies, properties at a
    // contributor's size. `npm run test:full` runs the other five, which repeat what "default" checks more widely
    // (full-size properties, built modules, case-sensitive tables, PostgreSQL); `.ci/run` runs both.
    projects: [
      // test/scale needs nginx, test/browser Chromium and test/runtimes Bun, Deno and workerd: they are
      // `npm run test:scale`, `test:browser` and `test:runtimes` (their own configs), not part of `npm test`.
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts'],
          exclude: ['test/scale/**', 'test/runtimes/**', 'test/browser/**', '**/node_modules/**'],
          env: { FUZZ_RUNS: CONTRIBUTOR_RUNS },
        },
      },
      // The property tests at full size (the first quarter of each is what "default" ran: the same seed).
      { extends: true, test: { name: 'properties', include: PROPERTIES, env: { FUZZ_RUNS: FULL_RUNS } } },
      // Every matching table and property once more on routers built ahead of time (compileToModule), in
      // workers where eval and new Function throw: the built modules need neither, and compile() falls back.
      {
        extends: true,
        test: {
          name: 'aot',
          // The stack's own tests too: they check what a built module's stack answers.
          include: [...MATCHING_TABLES, 'test/immutable-answers.test.ts', 'test/static-table.test.ts', 'test/method-filter.test.ts'],
          env: { SWITCHYARD_STRATEGIES: 'aot,aot-compact', FUZZ_RUNS: FULL_RUNS },
          execArgv: ['--disallow-code-generation-from-strings'],
        },
      },
      // Every matching table and property once more on tables compiled with caseSensitive: true (each table with
      // the cases whose answer cannot depend on case; test/support/routers.ts), on every strategy: the three of
      // compile() here, and built modules in workers that forbid eval, as in "aot".
      {
        extends: true,
        test: { name: 'case-sensitive', include: MATCHING_TABLES, env: { SWITCHYARD_CASE_SENSITIVE: '1', FUZZ_RUNS: FULL_RUNS } },
      },
      {
        extends: true,
        test: {
          name: 'aot case-sensitive',
          include: MATCHING_TABLES,
          env: { SWITCHYARD_STRATEGIES: 'aot,aot-compact', SWITCHYARD_CASE_SENSITIVE: '1', FUZZ_RUNS: FULL_RUNS },
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

// A table of cases run on every strategy, with the rows it skips stated: runSuite({ name, rows, title, skip }, test)
// is describe.each(strategies) over it.each(rows), and each row a skip takes is an it.skip titled with the skip's
// reason, so that vitest counts it as skipped rather than it vanishing from the run (as hono's shared router
// suite skips with a reason).
import { describe, it } from 'vitest';
import { strategies as allStrategies, type Strategy } from './routers.js';

/** Rows a run leaves out, and why. */
export interface Skip<Row> {
  /** Why, in the title of every row it skips. */
  readonly reason: string;
  /** The rows it skips. */
  readonly rows: (row: Row) => boolean;
}

export interface Suite<Row extends object> {
  /** The title of each strategy's run ("%s": the strategy). */
  readonly name: string;
  /** Default: every strategy of this project (routers.ts). */
  readonly strategies?: readonly Strategy[];
  readonly rows: readonly Row[];
  /** A row's title, as it.each takes it ("$path", "$routes.0.template"). */
  readonly title: string;
  /** The first skip that takes a row gives its reason. */
  readonly skip?: readonly Skip<Row>[];
}

export function runSuite<Row extends object>(suite: Suite<Row>, test: (row: Row, strategy: Strategy) => void | Promise<void>): void {
  const skips = suite.skip ?? [];
  const skipOf = (row: Row): Skip<Row> | undefined => skips.find((skip) => skip.rows(row));
  const run = suite.rows.filter((row) => skipOf(row) === undefined);
  describe.each(suite.strategies ?? allStrategies)(suite.name, (strategy) => {
    if (run.length > 0) it.each(run)(suite.title, (row) => test(row, strategy));
    for (const skip of skips) {
      const skipped = suite.rows.filter((row) => skipOf(row) === skip);
      if (skipped.length > 0) it.skip.each(skipped)(`${suite.title} (skipped: ${skip.reason})`, () => {});
    }
  });
}

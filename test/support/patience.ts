// How long anything in the tests may wait: a test, a hook, a poll for something that will happen. Ten minutes:
// long enough that a loaded machine is never taken for a hung test (a two-core machine at load 11 ran the suite
// five times slower than idle), short enough that a real hang still ends the run with the test that hung.
export const PATIENCE_MS = 10 * 60_000;

// The `switchyard` command run for real, as the command-line tests run it: the built bin (dist/cli.js) in a child
// process, without colours, with `$DIR` in its arguments standing for the test's folder; and what a row expects.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';

export const BIN = resolve(import.meta.dirname, '../../dist/cli.js');

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  /** With the test's folder written `$DIR` again, as rows write it. */
  readonly stderr: string;
}

/** Runs `switchyard args…` on `node` (the machine's by default), with Node's own `flags` before the bin. */
export function runCli(args: readonly string[], dir: string, { node = process.execPath, flags = [] }: { node?: string; flags?: readonly string[] } = {}): CliResult {
  const { NO_COLOR: _n, FORCE_COLOR: _f, NODE_OPTIONS: _o, ...env } = process.env;
  const result = spawnSync(node, [...flags, BIN, ...args.map((a) => a.replaceAll('$DIR', dir))], { encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.replaceAll(dir, '$DIR') };
}

/** The exit status, each text stdout must contain, and what stderr must contain ('' : stderr is empty). */
export function expectCli(result: CliResult, status: number, stdout: readonly string[], stderr: string): void {
  expect(result.status, result.stderr).toBe(status);
  for (const text of stdout) expect(result.stdout).toContain(text);
  if (stderr) expect(result.stderr).toContain(stderr);
  else expect(result.stderr).toBe('');
}

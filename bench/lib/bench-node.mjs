// The Node a benchmark runs on. Imported first by every bench script: when the chosen Node is not the one running
// the script, the script runs again on the chosen one (same flags and arguments) and this process only waits for it.
// Every process a benchmark starts uses process.execPath, so the whole run is on that Node, and each result file
// records process.version (bench/lib/env.mjs).
//
//   BENCH_NODE=24 | 26       tools/node-versions/node_modules/node24/bin/node or node26 (`npm run install:nodes`)
//   BENCH_NODE=<path>        any node binary
//   BENCH_NODE=current       the node that started the script
//   (unset)                  Node 24 when it is installed (`npm run install:nodes`): the primary column of docs/benchmarks.md
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const installed = (major) => fileURLToPath(new URL(`tools/node-versions/node_modules/node${major}/bin/node`, ROOT));

/** The node binary BENCH_NODE names, or null for the one running now. */
export function benchNode(setting = process.env.BENCH_NODE) {
  if (setting === 'current') return null;
  if (setting === undefined || setting === '') return existsSync(installed(24)) ? installed(24) : null;
  const file = /^\d+$/.test(setting) ? installed(setting) : setting;
  if (!existsSync(file)) throw new Error(`BENCH_NODE=${setting}: ${file} does not exist (npm run install:nodes installs Node 24 and 26)`);
  return file;
}

const chosen = benchNode();
if (chosen !== null && realpathSync(chosen) !== realpathSync(process.execPath)) {
  const run = spawnSync(chosen, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_NODE: chosen } });
  if (run.error) throw run.error;
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status ?? 1);
}

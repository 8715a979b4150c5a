// Counting a child process's instructions with callgrind, split at marks. The child calls process.ppid at each
// point it wants counted from (node answers it with libuv's uv_os_getppid, which nothing else in these children
// calls), and callgrind runs with --dump-before=uv_os_getppid: each mark writes the instructions executed since
// the previous one to a dump file of its own. The instructions between two marks are then counted in one process,
// exactly, with nothing before or after them (node's bootstrap, the warm-up, the exit) to subtract.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The node the children run on: the one running the bench script, which bench/lib/bench-node.mjs chose (BENCH_NODE;
 * Node 24 by default).
 */
export const childNode = process.execPath;

/** Exits with a hint when valgrind is missing. */
export function requireValgrind(script) {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.error(`${script} needs valgrind (apt-get install valgrind)`);
    process.exit(1);
  }
}

/**
 * Runs `node <nodeArgs>` under callgrind (node --single-threaded: V8 compiles and collects on the main thread,
 * so that work is counted, the same in every run) and returns { segments, stdout }: segments[k] = the
 * instructions between mark k and mark k + 1 (the child makes `marks` marks, so marks − 1 segments).
 * A child killed from outside (a shared machine's clean-up) is run again once.
 */
export async function countBetweenMarks(nodeArgs, marks, env, attempt = 1) {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-callgrind-'));
  try {
    const out = join(dir, 'callgrind.out');
    const args = ['--tool=callgrind', `--callgrind-out-file=${out}`, '--dump-before=uv_os_getppid', childNode, '--single-threaded', ...nodeArgs];
    let stdout;
    try {
      ({ stdout } = await run('valgrind', args, { env, maxBuffer: 1 << 24 }));
    } catch (error) {
      if (error.signal && attempt === 1) return countBetweenMarks(nodeArgs, marks, env, 2);
      throw error;
    }
    // callgrind.out.1 … callgrind.out.<marks>: from the start to the first mark, then from each mark to the next.
    const dumps = readdirSync(dir).filter((f) => /^callgrind\.out\.\d+$/.test(f)).map((f) => Number(f.slice(f.lastIndexOf('.') + 1))).sort((a, b) => a - b);
    if (dumps.length !== marks) throw new Error(`callgrind: ${dumps.length} dumps for ${marks} marks (node ${nodeArgs.join(' ')}): something else called uv_os_getppid`);
    const totals = dumps.map((n) => {
      const found = /^totals: (\d+)/m.exec(readFileSync(join(dir, `callgrind.out.${n}`), 'utf8'));
      if (!found) throw new Error(`callgrind.out.${n}: no totals line`);
      return Number(found[1]);
    });
    return { segments: totals.slice(1), stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the jobs, `parallel` at a time (default two; counts do not depend on load or on what runs beside them, so
 * more than the cores only shares them differently).
 */
export async function inParallel(jobs, parallel = Math.min(2, cpus().length)) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

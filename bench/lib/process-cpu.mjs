// CPU time of a server process (and of its children, for node:cluster) as the kernel counts it, from
// /proc/<pid>/stat: user and system separately. On a shared machine this is far steadier than requests per
// second: another job slows the server down, but the server's own CPU time per request barely moves.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Whether this machine has /proc/<pid>/stat (Linux). */
export const procAvailable = existsSync('/proc/self/stat');

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime and stime of one process in µs, or null when it is gone. */
function ownCpu(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const toMicros = (ticks) => (Number(ticks) * 1e6) / ticksPerSecond;
  return { user: toMicros(fields[11]), system: toMicros(fields[12]) };
}

/** The process ids of `pid`'s children (every thread's), recursively. */
function descendants(pid) {
  const out = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean)) out.push(Number(child), ...descendants(Number(child)));
  }
  return out;
}

/** User and system CPU time in µs of `pid` and every process under it (the workers of a cluster). */
export function treeCpu(pid) {
  let user = 0;
  let system = 0;
  for (const p of [pid, ...descendants(pid)]) {
    const cpu = ownCpu(p);
    if (cpu === null) continue;
    user += cpu.user;
    system += cpu.system;
  }
  return { user, system };
}

/**
 * Pins this process (and what it starts later, unless told otherwise) to `core`; false when taskset is not
 * there or the core does not exist.
 */
export function pinSelf(core) {
  try {
    execFileSync('taskset', ['-pc', String(core), String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether `taskset` can start a program pinned to a core. */
export const tasksetAvailable = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

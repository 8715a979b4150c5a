// Where and how a run happened: recorded next to every result.
import { execFileSync } from 'node:child_process';
import { cpus, platform, release, totalmem } from 'node:os';
import { basename } from 'node:path';

/** Node version, CPU model (os.cpus()), core count, OS, date, and the command line that produced the run. */
export function environment(npmScript) {
  const cpu = cpus();
  const script = process.argv.slice(1).map((a) => (a.startsWith('/') ? relative(a) : a));
  return {
    date: new Date().toISOString(),
    // BENCH_NODE: the node the measured children ran on (bench/lib/callgrind.mjs), not the one running the script.
    ...childVersions(),
    cpuModel: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    command: `npm run ${npmScript}`,
    nodeCommand: ['node', ...process.execArgv, ...script].join(' '),
    // The settings a user gave (BENCH_SWITCHYARD_BUNDLE is the run's own private copy of the bundle).
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_') && k !== 'BENCH_SWITCHYARD_BUNDLE')),
  };
}

function relative(file) {
  const cwd = process.cwd();
  return file.startsWith(cwd + '/') ? file.slice(cwd.length + 1) : basename(file);
}

/** { node, v8 } of the node the children run on (BENCH_NODE, else this one). */
function childVersions() {
  if (!process.env.BENCH_NODE) return { node: process.version, v8: process.versions.v8 };
  const [node, v8] = execFileSync(process.env.BENCH_NODE, ['-p', 'process.version + " " + process.versions.v8'], { encoding: 'utf8' }).trim().split(' ');
  return { node, v8 };
}

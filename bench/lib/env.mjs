// Where and how a run happened: recorded next to every result.
import { cpus, platform, release, totalmem } from 'node:os';
import { basename } from 'node:path';

/** Node version, CPU model (os.cpus()), core count, OS, date, and the command line that produced the run (with the node binary it ran on). */
export function environment(npmScript) {
  const cpu = cpus();
  const script = process.argv.slice(1).map((a) => (a.startsWith('/') ? relative(a) : a));
  return {
    date: new Date().toISOString(),
    // The node the script and its children ran on (bench/lib/bench-node.mjs chose it: BENCH_NODE).
    node: process.version,
    v8: process.versions.v8,
    cpuModel: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    command: `npm run ${npmScript}`,
    nodeCommand: [nodeBinary(), ...process.execArgv, ...script].join(' '),
    // The settings a user gave (BENCH_SWITCHYARD_BUNDLE is the run's own private copy of the bundle).
    // BENCH_NODE is the binary in nodeCommand.
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_') && k !== 'BENCH_SWITCHYARD_BUNDLE' && k !== 'BENCH_NODE')),
  };
}

/** `node` for the machine's own, else the binary's path in the repository (tools/node-versions/node_modules/node24/bin/node). */
function nodeBinary() {
  const file = relative(process.execPath);
  return file.includes('node_modules/') ? file : 'node';
}

function relative(file) {
  const cwd = process.cwd();
  return file.startsWith(cwd + '/') ? file.slice(cwd.length + 1) : basename(file);
}


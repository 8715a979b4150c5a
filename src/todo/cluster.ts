// TODO_WORKERS=N: N copies of the server on one port (node:cluster; the primary accepts connections and hands
// them to the workers in turn). A worker that dies is replaced; SIGTERM or SIGINT drains every worker.
import cluster, { type Worker } from 'node:cluster';

/** TODO_WORKERS (default 1): how many server processes to run. */
export function readWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.TODO_WORKERS?.trim() || '1';
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new Error(`TODO_WORKERS must be a whole number from 1 to 999 (got "${value}")`);
  return Number(value);
}

// More deaths than this within the window means the workers cannot start (say the database went away
// before they connected): stop instead of forking forever.
const MAX_RESTARTS = 10;
const RESTART_WINDOW_MS = 10_000;

/**
 * Runs in the primary: forks `count` workers (each runs this same script and serves the port), calls
 * `announce` with the port once all listen, replaces workers that exit, and on SIGTERM/SIGINT
 * sends SIGTERM to every worker (each finishes its requests in flight and exits) and exits when all have.
 */
export function runPrimary(count: number, announce: (port: number) => void): Promise<void> {
  let stopping = false;
  let announced = false;
  const deaths: number[] = [];
  const alive = new Set<Worker>();
  const fork = (): void => {
    alive.add(cluster.fork());
  };

  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    // Announced once every first-generation worker listens, so a client sees all of them from the start.
    if (announced || ++listening < count) return;
    announced = true;
    announce(address.port);
    console.log(`${count} workers (pid ${process.pid} is the primary)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] < now - RESTART_WINDOW_MS) deaths.shift();
    if (deaths.length > MAX_RESTARTS) {
      console.error(`switchyard to-do API: ${deaths.length} workers died within ${RESTART_WINDOW_MS / 1000} s; giving up`);
      process.exit(1);
    }
    console.error(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting a new one`);
    fork();
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down ${alive.size} workers`);
    if (alive.size === 0) process.exit(0);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  return Promise.resolve();
}

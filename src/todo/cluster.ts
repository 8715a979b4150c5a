// TODO_WORKERS=N: N copies of the server on one port (node:cluster; the primary accepts connections and hands
// them to the workers in turn). A worker that dies is replaced; SIGTERM or SIGINT drains every worker.
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';

/** TODO_WORKERS (default 1): how many server processes to run. */
export function readWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.TODO_WORKERS?.trim() || '1';
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new Error(`TODO_WORKERS must be a whole number from 1 to 999 (got "${value}")`);
  return Number(value);
}

/**
 * A free port on `host`, for PORT=0 under TODO_WORKERS: every worker must be given the same concrete port, or
 * one started after all others had died would get a new random one (the primary closes a listener that no
 * worker uses, and a port-0 listener is opened anew).
 */
export function pickPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// A dead worker is replaced at once; past a few deaths within the window (say the database is down, so new
// workers cannot start) replacements come with a growing delay, up to 5 s, instead of in a tight loop. The
// primary never gives up: the workers come back when the database does.
const QUICK_RESTARTS = 3;
const RESTART_WINDOW_MS = 10_000;
const MAX_RESTART_DELAY_MS = 5_000;

/**
 * Runs in the primary: forks `count` workers (each runs this same script and serves the port), calls
 * `announce` with the port once all listen, replaces workers that exit, and on SIGTERM/SIGINT
 * sends SIGTERM to every worker (each finishes its requests in flight and exits) and exits when all have.
 */
export function runPrimary(count: number, announce: (port: number) => void, workerEnv: Record<string, string> = {}): Promise<void> {
  let stopping = false;
  let announced = false;
  const deaths: number[] = [];
  const alive = new Set<Worker>();
  const pending = new Set<NodeJS.Timeout>();
  const fork = (): void => {
    alive.add(cluster.fork(workerEnv));
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
    const delay = deaths.length <= QUICK_RESTARTS ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (deaths.length - QUICK_RESTARTS - 1));
    console.error(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting a new one${delay ? ` in ${delay} ms` : ''}`);
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delay);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    console.log(`${signal}: shutting down ${alive.size} workers`);
    if (alive.size === 0) process.exit(0);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  return Promise.resolve();
}

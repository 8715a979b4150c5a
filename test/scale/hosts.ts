// The pieces of the scale-out test: to-do server instances (dist/todo-server.js, each its own process on its
// own 127.0.0.1 port, all on one PostgreSQL) and a real load balancer in front of them (Debian's nginx).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** One to-do server process. */
export interface Instance {
  readonly port: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
}

/** Starts dist/todo-server.js on `port` with the PostgreSQL store; resolves once it listens. */
export async function startInstance(port: number, databaseUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, ['dist/todo-server.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TODO_STORE: databaseUrl, TODO_LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let out = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`instance on ${port} did not start: ${out}`)), 30_000);
    const seen = (chunk: Buffer): void => {
      out += chunk.toString();
      if (out.includes('listening on')) (clearTimeout(timer), done());
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => (clearTimeout(timer), fail(new Error(`instance on ${port} exited (${code}): ${out}`))));
  });
  return { port, child, exited };
}

/** nginx in front of the instances: round robin, a refused connection tried on the next instance. */
export interface Balancer {
  readonly port: number;
  /** Rewrites the upstream list (`down`: taken out of rotation) and reloads nginx gracefully. */
  setUpstreams(upstreams: readonly number[], down?: readonly number[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: readonly number[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-nginx-'));
  const port = await freePort();
  // No keep-alive to the instances: each request opens its own connection, so a draining instance (which
  // stops accepting) is seen as "connection refused" before anything is sent, and nginx may pass even a POST
  // to the next instance (proxy_next_upstream "error"). Requests already sent are never sent twice by nginx:
  // the client's Idempotency-Key makes its own retry safe.
  const configOf = (ports: readonly number[], down: readonly number[]): string => `
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  # No keep-alive with the clients either: a reload (how an instance is taken out of rotation) closes the old
  # workers' idle client connections, and a client that reuses one at that moment sees it reset.
  keepalive_timeout 0;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream todo {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=0${down.includes(p) ? ' down' : ''};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://todo;
      proxy_set_header Host $host:$server_port;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), configOf(upstreams, []));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  // Ready once it answers.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (i > 100) throw new Error(`nginx did not answer: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async setUpstreams(ports, down = []) {
      writeFileSync(join(dir, 'nginx.conf'), configOf(ports, down));
      child.kill('SIGHUP');
      // The new workers take new requests at once; the old ones finish theirs. Give the reload a moment.
      await new Promise((r) => setTimeout(r, 500));
    },
    async stop() {
      child.kill('SIGQUIT');
      await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

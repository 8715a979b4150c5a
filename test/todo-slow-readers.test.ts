// Clients that do not read their responses cannot exhaust the server. A large list is streamed with
// backpressure (one item at a time, waiting for the socket to drain), and a connection on which nothing moves
// for the write timeout is closed. Measured in a child process with a 400 MB heap: 30 items of 1 MiB, then 16
// sockets that each ask for the whole list three times and never read. Before, 8 such sockets took the server
// from 147 MB to 1,159 MB, and with this heap limit it died at the 13th.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PATIENCE_MS } from './support/patience.js';

const bundle = new URL('../dist/todo-server.js', import.meta.url).href;
const script = `
  const { createTodoServer } = await import(${JSON.stringify(bundle)});
  const server = createTodoServer({ log: false, writeTimeoutMs: 5000 });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port;
  const name = 'a'.repeat(1_000_000);
  for (let i = 0; i < 30; i++) {
    const reply = await fetch(base + '/api/todo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Name: name + i }) });
    if (reply.status !== 201) throw new Error('seeding failed: ' + reply.status);
  }
  globalThis.gc?.();
  console.log(JSON.stringify({ port: server.address().port, rss: process.memoryUsage().rss }));
  setInterval(() => server.getConnections((_e, connections) => console.log(JSON.stringify({ rss: process.memoryUsage().rss, connections }))), 100);
`;

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

describe('slow readers', () => {
  it('16 non-reading sockets on a 30 MiB list: memory stays bounded, others are served, the stalled sockets are closed', async () => {
    const child = spawn(process.execPath, ['--max-old-space-size=400', '--expose-gc', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const samples: number[] = [];
    let connections = -1;
    let mostConnections = 0;
    let pending = '';
    const first = new Promise<{ port: number; rss: number }>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          const sample = JSON.parse(line) as { port?: number; rss: number; connections?: number };
          samples.push(sample.rss);
          if (sample.connections !== undefined) {
            connections = sample.connections;
            mostConnections = Math.max(mostConnections, connections);
          }
          if (sample.port !== undefined) resolve(sample as { port: number; rss: number });
        }
      });
    });
    const { port, rss: baseline } = await first;
    let exited = false;
    child.once('exit', () => (exited = true));

    const sockets: Socket[] = [];
    for (let i = 0; i < 16; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.pause(); // never read
      socket.on('error', () => {});
      socket.write('GET /api/todo HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3));
      sockets.push(socket);
    }
    // All 16 open at once (the child samples its connections every 100 ms): waited for, not slept on.
    await vi.waitFor(() => expect(mostConnections).toBeGreaterThanOrEqual(16), { timeout: PATIENCE_MS, interval: 20 });
    // Others are still served while those sockets stall.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const one = await fetch(`http://127.0.0.1:${port}/api/todo`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as unknown[]).length).toBe(31); // the seeded item and the 30
    expect(mostConnections).toBeGreaterThanOrEqual(16); // all were open at once (a sample every 100 ms)
    // The write timeout (5 s here, so that a busy machine still opens all 16 sockets before the first is closed)
    // closes the stalled sockets on the server: at most the two keep-alive connections of the fetches above stay.
    // (Waited for, not slept on: a loaded machine is slower.)
    await vi.waitFor(() => expect(connections).toBeLessThanOrEqual(2), { timeout: PATIENCE_MS, interval: 100 });
    expect(exited, stderr).toBe(false);
    const peak = Math.max(...samples);
    // One list is ~30 MB; 16 sockets holding a copy each would be ~500 MB and more (and past this heap).
    expect((peak - baseline) / 1048576, `peak ${(peak / 1048576).toFixed(0)} MiB, baseline ${(baseline / 1048576).toFixed(0)} MiB`).toBeLessThan(160);
    for (const s of sockets) s.destroy();
  });
});

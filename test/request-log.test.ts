// The to-do server's batched request log: lines are written together, never lost at exit.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BatchedLineWriter } from '../src/todo/request-log.js';

describe('BatchedLineWriter', () => {
  it('writes many lines in one call, after a short delay', async () => {
    const writes: string[] = [];
    const log = new BatchedLineWriter((text) => writes.push(text), 64 * 1024, 10);
    for (let i = 0; i < 100; i++) log.write(`line ${i}`);
    expect(writes).toEqual([]);
    await new Promise((r) => setTimeout(r, 40));
    expect(writes).toHaveLength(1);
    expect(writes[0].split('\n')).toEqual([...Array.from({ length: 100 }, (_, i) => `line ${i}`), '']);
    log.close();
  });

  it('writes at once when the batch is full', () => {
    const writes: string[] = [];
    const log = new BatchedLineWriter((text) => writes.push(text), 100, 10_000);
    for (let i = 0; i < 30; i++) log.write('0123456789');
    // 11 characters a line: a write every 10 lines (110 ≥ 100), so 3 writes and nothing pending.
    expect(writes).toHaveLength(3);
    expect(writes.join('')).toBe('0123456789\n'.repeat(30));
    log.close();
    expect(writes).toHaveLength(3);
  });

  it('loses no line when the process exits (the to-do server logging to stdout, then process.exit)', () => {
    const script = `
      const { createTodoServer } = await import(${JSON.stringify(new URL('../dist/todo-server.js', import.meta.url).href)});
      const server = createTodoServer();
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      const base = 'http://127.0.0.1:' + server.address().port;
      for (let i = 0; i < 50; i++) await (await fetch(base + '/api/todo/missing-' + i)).text();
      process.exit(0); // no flush by hand: the exit hook writes what is pending
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(50);
    expect(lines[49]).toMatchObject({ method: 'GET', path: '/api/todo/missing-49', status: 404 });
  });
});

describe('requestLog', () => {
  it.each([
    { label: 'a 200', status: 200, throws: false, line: { method: 'GET', path: '/a/b', status: 200 } },
    { label: 'a 404 from a handler', status: 404, throws: false, line: { method: 'GET', path: '/a/b', status: 404 } },
    { label: 'an error escaping the app (answered 500)', status: 200, throws: true, line: { method: 'GET', path: '/a/b', status: 500 } },
  ])('logs $label as one JSON line with its duration', async ({ status, throws, line }) => {
    const { createApplication } = await import('../src/http.js');
    const { requestLog } = await import('../src/todo/request-log.js');
    const lines: string[] = [];
    const app = createApplication({ onError: () => {} });
    app.use(requestLog((l) => lines.push(l)));
    app.run(async (ctx) => {
      if (throws) throw new Error('boom');
      ctx.response.send(status, 'x');
    });
    const server = createServer(app.handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const reply = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/a/b?q=1`);
    await reply.text();
    server.close();
    expect(reply.status).toBe(line.status);
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(parsed).toMatchObject(line);
    expect(typeof parsed.durationMs).toBe('number');
  });
});

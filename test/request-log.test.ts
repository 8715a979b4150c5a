// The to-do server's batched request log: lines are written together, never lost at exit.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { HttpContext } from '../src/http.js';
import { BatchedLineWriter } from '../src/todo/request-log.js';

describe('BatchedLineWriter', () => {
  it('writes many lines in one call, after a short delay', async () => {
    const writes: string[] = [];
    const log = new BatchedLineWriter((bytes) => writes.push(Buffer.from(bytes).toString('utf8')), 64 * 1024, 10);
    for (let i = 0; i < 100; i++) log.write(`line ${i}`);
    expect(writes).toEqual([]);
    await new Promise((r) => setTimeout(r, 40));
    expect(writes).toHaveLength(1);
    expect(writes[0].split('\n')).toEqual([...Array.from({ length: 100 }, (_, i) => `line ${i}`), '']);
    log.close();
  });

  it('writes at once when the batch is full', () => {
    const writes: string[] = [];
    const log = new BatchedLineWriter((bytes) => writes.push(Buffer.from(bytes).toString('utf8')), 100, 10_000);
    for (let i = 0; i < 30; i++) log.write('0123456789');
    // 11 characters a line: a write every 10 lines (110 ≥ 100), so 3 writes and nothing pending.
    expect(writes).toHaveLength(3);
    expect(writes.join('')).toBe('0123456789\n'.repeat(30));
    log.close();
    expect(writes).toHaveLength(3);
  });

  it.each([
    { label: 'non-ASCII text (é, 中, a surrogate pair 😀)', lines: ['é'.repeat(40), '中'.repeat(40), '😀'.repeat(40), 'plain'] },
    { label: 'a line longer than the buffer', lines: ['short', 'x'.repeat(300_000), 'after'] },
    { label: 'many batches through one reused buffer', lines: Array.from({ length: 5_000 }, (_, i) => `{"n":${i},"text":"${'ü'.repeat(i % 50)}"}`) },
  ])('writes $label as UTF-8, every line whole and in order', ({ lines }) => {
    const batches: Buffer[] = [];
    // The sink copies what it keeps: the writer reuses its buffer once the call returns.
    const log = new BatchedLineWriter((bytes) => batches.push(Buffer.from(bytes)), 1024, 10_000);
    for (const line of lines) log.write(line);
    log.close();
    for (const batch of batches) expect(batch[batch.length - 1]).toBe(10); // whole lines only
    expect(Buffer.concat(batches).toString('utf8')).toBe(lines.map((line) => `${line}\n`).join(''));
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

// The to-do server logging to a pipe whose reader does not read while the server answers 1,500 requests and
// exits (process.exit): the pipe fills (64 KiB), so writes meet EAGAIN; the server must keep answering (not
// block on the pipe), and every line must still arrive, whole. (process.stdout queued what the pipe did not
// take, and process.exit dropped the queue.)
describe.each([
  { label: 'exits at once', exit: 'process.exit(0)' },
  { label: 'exits after a while', exit: 'setTimeout(() => process.exit(0), 50)' },
])('the request log through a pipe that is not read ($label)', ({ exit }) => {
  it('loses no line and interleaves none', async () => {
    const count = 1500;
    const script = `
      const { createTodoServer } = await import(${JSON.stringify(new URL('../dist/todo-server.js', import.meta.url).href)});
      const server = createTodoServer();
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      const base = 'http://127.0.0.1:' + server.address().port;
      let next = 0;
      const worker = async () => { while (next < ${count}) { const i = next++; await (await fetch(base + '/api/todo/missing-' + i)).text(); } };
      await Promise.all(Array.from({ length: 16 }, worker));
      process.stderr.write('answered\\n');
      ${exit};
    `;
    // A FIFO, not spawn's stdio 'pipe' (a socket pair, whose larger buffer took every line without EAGAIN).
    const fifo = join(mkdtempSync(join(tmpdir(), 'switchyard-log-')), 'stdout');
    execFileSync('mkfifo', [fifo]);
    const child = spawn('sh', ['-c', `exec "$0" --input-type=module -e "$1" > "$2"`, process.execPath, script, fifo], { stdio: ['ignore', 'ignore', 'pipe'] });
    const reader = createReadStream(fifo);
    reader.pause(); // nothing is read until the server has answered every request
    const chunks: Buffer[] = [];
    reader.on('data', (chunk) => chunks.push(chunk as Buffer));
    const ended = new Promise((resolve) => reader.once('close', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('answered')) reader.resume();
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    await ended;
    expect(code, stderr).toBe(0);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines.pop()).toBe(''); // ends with a whole line
    const paths = lines.map((line) => (JSON.parse(line) as { path: string; status: number }).path);
    expect(paths).toHaveLength(count);
    expect(new Set(paths).size).toBe(count);
  });
});

describe('requestLog', () => {
  it.each([
    { label: 'a 200', status: 200, throws: false, handled: false, line: { method: 'GET', path: '/a/b', status: 200 } },
    { label: 'a 404 from a handler', status: 404, throws: false, handled: false, line: { method: 'GET', path: '/a/b', status: 404 } },
    { label: 'an error escaping the app (answered 500)', status: 200, throws: true, handled: false, line: { method: 'GET', path: '/a/b', status: 500 } },
    { label: "an error the app's handleError answers (503)", status: 200, throws: true, handled: true, line: { method: 'GET', path: '/a/b', status: 503 } },
  ])('logs $label as one JSON line with its duration', async ({ status, throws, handled, line }) => {
    const { createApplication } = await import('../src/http.js');
    const { requestLog } = await import('../src/todo/request-log.js');
    const lines: string[] = [];
    const handleError = (_error: unknown, ctx: HttpContext): boolean => {
      if (handled) ctx.response.send(503, 'down');
      return handled;
    };
    const app = createApplication({ onError: () => {}, handleError, onCompleted: requestLog((l) => lines.push(l)) });
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

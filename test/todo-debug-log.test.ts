// The to-do server's debug log: for a 404, the route that came closest and why it did not match — from the
// app option, and from TODO_LOG=debug on the real server process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createTodoServer } from '../src/todo/server.js';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.close();
    s.closeAllConnections();
  }
});

/** [method, path, status, closest template (null: no line), reason contains]. */
const cases: [string, string, number, string | null, string][] = [
  ['GET', '/api/todo/5/extra', 404, 'api/todo/{id}', 'too many segments: segment 3 "extra" is past the template\'s 3'],
  ['GET', '/api/todos', 404, 'api/todo', 'segment 1 "todos" is not the literal "todo"'],
  ['GET', '/nothing', 404, 'healthz', 'segment 0 "nothing" is not the literal "healthz"'],
  ['PATCH', '/api/todo/5', 405, null, ''],
  ['GET', '/healthz', 200, null, ''],
];

describe('TODO_LOG=debug: the closest route for a 404', () => {
  it.each(cases)('%s %s → %i', async (method, path, status, template, reason) => {
    const lines: string[] = [];
    const server = createTodoServer({ log: false, debug: (line) => lines.push(line) });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    expect(response.status).toBe(status);
    await response.arrayBuffer();
    if (template === null) {
      expect(lines).toEqual([]);
      return;
    }
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: 'debug', method, path, status: 404, closest: { template } });
    expect(entry.reason).toContain(reason);
  });

  it('the real server process logs it with TODO_LOG=debug', async () => {
    const child = spawn(process.execPath, [resolve(import.meta.dirname, '../dist/todo-server.js')], {
      env: { ...process.env, PORT: '0', TODO_LOG: 'debug' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const first = String((await lines.next()).value);
      const url = /(http:\/\/\S+)/.exec(first)![1];
      const response = await fetch(`${url}/api/todo/1/x`);
      expect(response.status).toBe(404);
      let line = '';
      while (JSON.parse(line || '{}').level !== 'debug') line = String((await lines.next()).value);
      expect(JSON.parse(line)).toMatchObject({ closest: { template: 'api/todo/{id}' } });
      // docs/diagnostics.md shows this very line.
      const docs = readFileSync(resolve(import.meta.dirname, '../docs/diagnostics.md'), 'utf8');
      const shown = /## The to-do server's debug log[\s\S]*?```json\n(.*)\n```/.exec(docs)?.[1];
      expect(line).toBe(shown);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'close');
    }
  });
});

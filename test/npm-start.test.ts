// `npm start` runs the to-do server as npm's own child: a process manager or a container that stops npm by its
// PID stops the server too. (A plain `build && node server` chain left the server running as an orphan: sh
// does not pass the signal on.) Run from a scratch copy whose build step is a no-op, so the real dist/ that
// other tests use is not rebuilt under them; the start script itself is package.json's, unchanged.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'switchyard-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const refused = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(false)));
    socket.once('error', () => done(true));
  });

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stopping npm with %s stops the server (no orphan)', async (signal) => {
    const dir = join(scratch, signal);
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), readFileSync(join(ROOT, 'package.json')));
    writeFileSync(join(dir, 'build.mjs'), '// the real build ran already\n');
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const npm = spawn('npm', ['start', '--silent'], { cwd: dir, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TODO_LOG: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const port = await new Promise<number>((done, fail) => {
      npm.once('exit', (code) => fail(new Error(`npm start exited with ${code} before listening: ${out}`)));
      npm.stdout!.on('data', () => {
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) done(Number(m[1]));
      });
    });
    expect(await refused(port)).toBe(false);
    const exited = once(npm, 'exit');
    npm.kill(signal);
    await exited;
    // The server shuts down gracefully: polled until nothing listens on its port (an orphan keeps it open, and the
    // suite's time limit ends the test).
    while (!(await refused(port))) await new Promise((r) => setTimeout(r, 100));
  });
});

describe('the server script reads its store caps from the environment', () => {
  it('TODO_MAX_ITEMS=2: the seeded item and one POST fit, the next POST is 507 and stores nothing', async () => {
    const server = spawn(process.execPath, [join(ROOT, 'dist', 'todo-server.js')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const port = await new Promise<number>((done, fail) => {
        server.once('exit', (code) => fail(new Error(`exited with ${code} before listening: ${out}`)));
        server.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (m) done(Number(m[1]));
        });
      });
      const post = () =>
        fetch(`http://127.0.0.1:${port}/api/todo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Name":"n"}' });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(507);
      const items = (await (await fetch(`http://127.0.0.1:${port}/api/todo`)).json()) as unknown[];
      expect(items).toHaveLength(2);
    } finally {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  });

  it('a bad TODO_MAX_ITEMS stops the start with a clear message', async () => {
    const server = spawn(process.execPath, [join(ROOT, 'dist', 'todo-server.js')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TODO_LOG: 'off', TODO_MAX_ITEMS: 'lots' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    server.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const [code] = await once(server, 'exit');
    expect(code).toBe(1);
    expect(err).toMatch(/TODO_MAX_ITEMS must be a whole number/);
  });

  it.each([
    { env: { PORT: 'abc' }, message: /switchyard to-do API failed to start: PORT must be a whole number from 0 to 65535, 0 for a free port \(got "abc"\)/ },
    { env: { PORT: '70000' }, message: /PORT must be a whole number from 0 to 65535/ },
    { env: { HOST: 'local host' }, message: /switchyard to-do API failed to start: HOST must be an IP address \(127\.0\.0\.1, 0\.0\.0\.0, ::\) or a host name \(got "local host"\)/ },
  ])('$env stops the start with a clear message', async ({ env, message }) => {
    const server = spawn(process.execPath, [join(ROOT, 'dist', 'todo-server.js')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TODO_LOG: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    server.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const [code] = await once(server, 'exit');
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1); // the message alone, not a stack trace
  });
});

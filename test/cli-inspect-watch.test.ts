// `switchyard inspect --watch`, run for real: the built bin (dist/cli.js) in a child process over a route file in
// a temporary folder, for each kind of route file. Each step changes the file (in place, by a rename over it,
// deleted, created again) and waits until the inspector's /api/routes and the process's stderr show what the
// step expects. Nothing waits for a time: a change that is never seen ends the test at the suite's patience
// limit (test/support/patience.ts).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENCE_MS } from './support/patience.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = resolve(ROOT, 'dist/cli.js');

interface Route {
  readonly name: string;
  readonly template: string;
}
const HEALTH: Route = { name: 'health', template: 'healthz' };
const TODOS: Route = { name: 'todos', template: 'api/todo' };
const TODO: Route = { name: 'todo', template: 'api/todo/{id:int}' };
const FIRST = [HEALTH, TODO];
const SECOND = [HEALTH, TODOS, TODO];
const BAD = [HEALTH, TODOS, { name: 'todo', template: 'api/todo/{id:int' }]; // the "{" is not closed
const THIRD = [HEALTH, TODOS, TODO, { name: 'files', template: 'files/{*path}' }];

/** Each kind of route file the command reads, and how it writes a list of routes. */
const KINDS: [file: string, source: (routes: readonly Route[]) => string][] = [
  ['routes.json', (routes) => JSON.stringify(routes, null, 2)],
  ['routes.mjs', (routes) => `export default ${JSON.stringify(routes)};\n`],
  ['routes.cjs', (routes) => `module.exports = ${JSON.stringify(routes)};\n`],
];

type Change = { write: readonly Route[] } | { renameOver: readonly Route[] } | 'delete';
interface Expected {
  readonly templates: readonly string[];
  /** /api/routes' error, with <file> for the file's name; null when the latest version loaded. */
  readonly error: { message: string; problems: unknown[] } | null;
  /** Lines the process writes to stderr for the change, one after the other. */
  readonly stderr: readonly string[];
}

const templates = (routes: readonly Route[]): string[] => routes.map((r) => r.template);
const TEMPLATE_ERROR = 'invalid template at position 9: unmatched "{" (the parameter is not closed)';

/** The steps, in order: each starts from the state the one before left. */
const STEPS: [title: string, change: Change, expected: Expected][] = [
  ['(a) a valid change, written in place: the new routes', { write: SECOND }, { templates: templates(SECOND), error: null, stderr: ['switchyard inspect: reloaded <file>: 3 routes'] }],
  [
    '(b) an invalid template: the old routes kept, the error with its template, position and reason',
    { write: BAD },
    {
      templates: templates(SECOND),
      error: {
        message: `<file>: an error in the route table\n  #2 todo "api/todo/{id:int"  ${TEMPLATE_ERROR}\n    api/todo/{id:int\n             ^`,
        problems: [{ route: { index: 2, name: 'todo', template: 'api/todo/{id:int' }, message: TEMPLATE_ERROR, where: ['api/todo/{id:int', '         ^'] }],
      },
      stderr: [
        'switchyard inspect: <file>: an error in the route table',
        `  #2 todo "api/todo/{id:int"  ${TEMPLATE_ERROR}`,
        '    api/todo/{id:int',
        '             ^',
        'switchyard inspect: kept the last table that loaded (3 routes)',
      ],
    },
  ],
  ['(c) fixed again: the error is gone', { write: SECOND }, { templates: templates(SECOND), error: null, stderr: ['switchyard inspect: reloaded <file>: 3 routes'] }],
  ['(d) replaced by a rename (as editors save): seen', { renameOver: THIRD }, { templates: templates(THIRD), error: null, stderr: ['switchyard inspect: reloaded <file>: 4 routes'] }],
  // A watch on the file itself would see the first rename and lose the file: it would watch the replaced one.
  ['(e) replaced by a rename again: seen again', { renameOver: SECOND }, { templates: templates(SECOND), error: null, stderr: ['switchyard inspect: reloaded <file>: 3 routes'] }],
  [
    '(f) deleted: the old routes kept, the error shown',
    'delete',
    {
      templates: templates(SECOND),
      error: { message: 'cannot read <file>: no such file', problems: [] },
      stderr: ['switchyard inspect: cannot read <file>: no such file', 'switchyard inspect: kept the last table that loaded (3 routes)'],
    },
  ],
  ['(g) created again: its routes, the error gone', { write: FIRST }, { templates: templates(FIRST), error: null, stderr: ['switchyard inspect: reloaded <file>: 2 routes'] }],
];

/** The expected texts with the file's name for <file>. */
const named = <T>(value: T, file: string): T => JSON.parse(JSON.stringify(value).replaceAll('<file>', file)) as T;

describe.each(KINDS)('switchyard inspect %s --watch', (file, source) => {
  let dir = '';
  let child: ChildProcessWithoutNullStreams;
  let url = '';
  let stdout = '';
  let stderr = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchyard-watch-'));
    writeFileSync(join(dir, file), source(FIRST));
    child = spawn(process.execPath, [BIN, 'inspect', file, '--watch', '--port', '0'], { cwd: dir });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The address, or the process's end (an option it does not know, a file it cannot load) with what it said.
    const exited = once(child, 'exit').then(() => {
      throw new Error(`switchyard inspect exited: ${stdout}${stderr}`);
    });
    const listening = vi.waitFor(() => /on (http:\/\/\S+?\/_routes\/)/.exec(stdout)![1], { timeout: PATIENCE_MS, interval: 20 });
    url = await Promise.race([listening, exited]);
    exited.catch(() => {}); // it ends in afterAll
  });

  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGINT');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with the file\'s routes, and says it watches the file', async () => {
    expect(stdout).toMatch(new RegExp(`^route inspector for ${file.replace('.', '\\.')} \\(2 routes\\) on http://127\\.0\\.0\\.1:\\d+/_routes/, reloaded when ${file.replace('.', '\\.')} changes\\n$`));
    const body = (await (await fetch(`${url}api/routes`)).json()) as { routes: Route[]; error: unknown };
    expect({ templates: body.routes.map((r) => r.template), error: body.error }).toEqual({ templates: templates(FIRST), error: null });
  });

  it.each(STEPS)('%s', async (_title, change, expectedWithF) => {
    const expected = named(expectedWithF, file);
    const path = join(dir, file);
    const from = stderr.length;
    if (change === 'delete') unlinkSync(path);
    else if ('write' in change) writeFileSync(path, source(change.write));
    else {
      writeFileSync(join(dir, `.${file}.tmp`), source(change.renameOver));
      renameSync(join(dir, `.${file}.tmp`), path);
    }
    await vi.waitFor(
      async () => {
        const body = (await (await fetch(`${url}api/routes`)).json()) as { routes: Route[]; error: unknown };
        expect({ templates: body.routes.map((r) => r.template), error: body.error }).toEqual({ templates: expected.templates, error: expected.error });
        expect(stderr.slice(from)).toContain(expected.stderr.map((line) => `${line}\n`).join(''));
      },
      { timeout: PATIENCE_MS, interval: 20 },
    );
    expect(child.exitCode).toBeNull();
  });

  // The watch is stopped with the server: nothing is left to keep the process alive.
  it('ends on Ctrl-C (SIGINT), with status 0', async () => {
    const exit = once(child, 'exit');
    child.kill('SIGINT');
    expect((await exit)[0]).toBe(0);
  });

  // The docs show a session on routes.json; every line of it is in what this one printed, in the same order.
  if (file === 'routes.json') it('prints what docs/diagnostics.md shows', () => {
    const docs = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
    const block = /^```text\n\$ npx switchyard inspect routes\.json --watch\n([\s\S]*?)^```$/m.exec(docs);
    expect(block, 'the docs show a session of switchyard inspect --watch').not.toBeNull();
    const port = (text: string): string => text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
    const printed = port(stdout + stderr).split('\n');
    let at = 0;
    for (const line of port(block![1]).replace(/\n$/, '').split('\n')) {
      const found = printed.indexOf(line, at);
      expect(found, `not printed (after line ${at}): ${line}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});

// A table mounted under a prefix (Express's app.use('/:tenant', …), Hono's app.route('/acme', …)): explain, match
// and url take the mount (--base /acme), explain says why the closest route missed and hints at a mount, and url
// says when a rejected value came from the ambient values. The real bin (dist/cli.js) in a child process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCli, runCli } from './support/cli.js';

let dir = '';

const TABLE = [
  { name: 'users', template: 'users/{id:int}', methods: ['GET'] },
  { name: 'user-orders', template: 'users/{id:int}/orders/{order:guid}', methods: ['GET'] },
  { name: 'page', template: 'pages/{n:int=1}' },
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-mount-'));
  writeFileSync(join(dir, 'mounted.json'), JSON.stringify(TABLE));
  // A table that holds its own mount: a group under {tenant}.
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify([{ name: 'users.list', template: '{tenant}/users' }]));
  writeFileSync(join(dir, 'literal.json'), JSON.stringify([{ name: 'x', template: 'acme/x/users' }]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** [title, args, exit status, stdout must contain (each), stderr must contain ('' : empty)]. */
const cases: [string, string[], number, string[], string][] = [
  [
    'explain under a mount without --base: the closest route and why, and a hint',
    ['explain', '$DIR/mounted.json', 'GET', '/acme/users/5'],
    0,
    [
      'GET /acme/users/5 → no match; closest: #0 users "users/{id:int}"',
      '✗ #0 users "users/{id:int}"  segment 0 "acme" is not the literal "users"',
      'without its first segment, GET /users/5 matches #0 users: if the table is mounted at /acme, explain it with --base /acme',
    ],
    '',
  ],
  ['explain --base: the path below the mount', ['explain', '$DIR/mounted.json', 'GET', '/acme/users/5', '--base', '/acme'], 0, ['GET /acme/users/5 (below --base /acme: /users/5) → matched #0 users "users/{id:int}"', '✓ #0 users'], ''],
  ['explain --base: why the route below the mount missed', ['explain', '$DIR/mounted.json', 'GET', '/acme/users/x', '--base', '/acme'], 0, ['no match; closest: #0 users', '✗ #0 users "users/{id:int}"  id:int rejected "x"'], ''],
  [
    "explain --base on a table that holds the mount itself ({tenant}): says so",
    ['explain', '$DIR/tenant.json', 'GET', '/acme/users', '--base', '/acme'],
    0,
    ['(below --base /acme: /users) → no match', 'without --base, GET /acme/users matches #0 users.list "{tenant}/users": its first segment is a parameter, which takes /acme; if the table is not mounted at /acme, give no --base'],
    '',
  ],
  ['explain --base, two segments', ['explain', '$DIR/mounted.json', 'GET', '/t/acme/users/5', '--base', '/t/acme'], 0, ['(below --base /t/acme: /users/5) → matched #0 users'], ''],
  ['explain --base: the mount itself is the path "/"', ['explain', '$DIR/mounted.json', 'GET', '/acme', '--base', '/acme'], 0, ['GET /acme (below --base /acme: /) → no match'], ''],
  ['explain --base: a path outside the mount', ['explain', '$DIR/mounted.json', 'GET', '/other/users/5', '--base', '/acme'], 0, ['GET /other/users/5 → no match: the path is not under --base /acme'], ''],
  ['explain --base: a segment that only starts like the mount', ['explain', '$DIR/mounted.json', 'GET', '/acmex/users/5', '--base', '/acme'], 0, ['no match: the path is not under --base /acme'], ''],
  ['explain --base compares ignoring case, as the table does', ['explain', '$DIR/mounted.json', 'GET', '/ACME/users/5', '--base', '/acme'], 0, ['(below --base /acme: /users/5) → matched #0 users'], ''],
  ['explain --base --case-sensitive', ['explain', '$DIR/mounted.json', 'GET', '/ACME/users/5', '--base', '/acme', '--case-sensitive'], 0, ['no match: the path is not under --base /acme'], ''],
  ['explain --base --json: the path below the mount', ['explain', '$DIR/mounted.json', 'GET', '/acme/users/5', '--base', '/acme', '--json'], 0, ['"base": "/acme"', '"path": "/users/5"', '"index": 0'], ''],
  ['match --base', ['match', '$DIR/mounted.json', 'GET', '/acme/users/5', '--base', 'acme/'], 0, ['matched #0 users "users/{id:int}"', '"id": "5"'], ''],
  ['match --base: a path outside the mount', ['match', '$DIR/mounted.json', 'GET', '/users/5', '--base', '/acme'], 1, ['no match for GET /users/5: the path is not under --base /acme'], ''],
  ['url --base: the link starts with the mount', ['url', '$DIR/mounted.json', '--name', 'users', 'id=5', '--base', '/acme'], 0, ['/acme/users/5'], ''],
  ['url --base --json: the path with the mount', ['url', '$DIR/mounted.json', '--name', 'users', 'id=5', '--base', '/acme', '--json'], 0, ['"path": "/acme/users/5"'], ''],
  ['--base is a path, not a template', ['url', '$DIR/mounted.json', '--name', 'users', 'id=5', '--base', '/{tenant}'], 2, [], '--base takes the path the table is mounted at, as a request has it (/acme), not a template: "/{tenant}"'],
  ['--base, Express spelling', ['explain', '$DIR/mounted.json', 'GET', '/acme/users/5', '--base', '/:tenant'], 2, [], 'not a template: "/:tenant"'],
  ['url: a value from the ambient values says so', ['url', '$DIR/mounted.json', '--name', 'user-orders', '--ambient', 'id=5', '--ambient', 'order=5'], 1, ['✗ #1 user-orders "users/{id:int}/orders/{order:guid}"  order:guid rejected "5" (from the ambient values)'], ''],
  ['url: a value given explicitly says nothing more', ['url', '$DIR/mounted.json', '--name', 'user-orders', 'id=5', 'order=5'], 1, ['order:guid rejected "5"\n'], ''],
  // A new user's `--ambient controller=Home action=Index` after `action=About`: action=Index was a value given for
  // the link, and overwrote action=About unseen.
  ['url: a value given twice is refused', ['url', '$DIR/mounted.json', '--name', 'users', 'id=5', '--ambient', 'tenant=a', 'id=6'], 2, [], '"id" is given twice (id=5 and id=6): give each value once; --ambient takes one key=value (repeat --ambient for each ambient value)'],
  ['url: an ambient value given twice is refused', ['url', '$DIR/mounted.json', '--name', 'users', 'id=5', '--ambient', 'order=1', '--ambient', 'order=2'], 2, [], '--ambient "order" is given twice (order=1 and order=2): give each value once'],
  ['url: a value given over an ambient one is the given one', ['url', '$DIR/mounted.json', '--name', 'user-orders', '--ambient', 'order=5', 'id=5', 'order=x'], 1, ['order:guid rejected "x" (ambient values dropped at "order" and after)\n'], ''],
];

describe('switchyard under a mount (the real bin, in a child process)', () => {
  it.each(cases)('%s', (_title, args, status, stdout, stderr) => expectCli(runCli(args, dir), status, stdout, stderr));

  // The hint is for a table whose own first segments are parameters: a route that names the mount as a literal
  // (acme/x/users) takes the whole path too, and says nothing of --base.
  it('explain --base: no hint when the route taking the whole path begins with a literal', () => {
    const result = runCli(['explain', '$DIR/literal.json', 'GET', '/acme/x/users', '--base', '/acme'], dir);
    expectCli(result, 0, ['(below --base /acme: /x/users) → no match'], '');
    expect(result.stdout).not.toContain('without --base');
  });
});

// The `switchyard` command, run for real: the built bin (dist/cli.js, as package.json "bin" names it) in a
// child process, from a table of arguments, expected exit status, and what stdout and stderr must say.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = resolve(ROOT, JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).bin.switchyard);
let dir = '';

const FILES: Record<string, string> = {
  'routes.json': JSON.stringify([
    { name: 'health', template: 'healthz', methods: ['GET', 'HEAD'] },
    { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] },
    { template: 'api/todo/{id:int}', methods: ['PUT'] },
    { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
    { template: 'products/list' },
  ]),
  'clean.json': JSON.stringify({ routes: [{ template: 'healthz', method: 'GET' }, { name: 'item', template: 'items/{id:int}', method: 'GET' }] }),
  'warn.json': JSON.stringify([{ template: 'users/:id' }]),
  'bad.json': '[{"template": ',
  'bad-template.json': JSON.stringify([{ template: 'ok' }, { template: 'a/{b' }]),
  'not-a-list.json': '{"x": 1}',
  'typo-key.json': JSON.stringify([{ template: 'a' }, { template: 'b', metods: ['GET'] }]),
  'typo-template.json': JSON.stringify([{ templat: 'b' }]),
  'large.json': JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ name: `r${i}`, template: `resource${i}/{id:int}/items/{item}` }))),
  'bad-constraint.json': JSON.stringify([{ template: 'ok' }, { name: 'item', template: 'items/{id:nope}' }]),
  'several-errors.json': JSON.stringify([
    { name: 'a', template: 'a/{id}', methods: 'GET' },
    { name: 'b', template: 'b/{id' },
    { name: 'ok', template: 'ok' },
    { name: 'A', template: 'c' },
    { template: 'd/{x:integer}' },
  ]),
  'shape-and-compile-errors.json': JSON.stringify([{ template: 'a', metods: ['GET'] }, { template: 'b/{x' }, 5, { name: 'n' }, { template: 'e/{slug:slugg}' }, null]),
  'bad-multiline.json': '[\n  { "template": "a" },\n  { "template": "b", "methods": ["GET", "HEAD", "POST", "PUT"] },\n]\n',
  'generation-only.json': JSON.stringify([{ name: 'product', template: 'p/{id}' }, { name: 'old', template: 'legacy/{id}', generationOnly: true }, { name: 'old-get', template: 'legacy2/{id}', methods: ['GET'], generationOnly: true }]),
  'unknown-constraint.mjs': 'export default [{ template: "s/{slug:slugg}" }];',
  'cased.json': JSON.stringify([{ template: 'Users' }, { template: 'users' }]),
  'routes.mjs': 'export const routes = [{ template: "files/{name}.{ext?}", constraints: { ext: /^(pdf|txt)$/ } }, { template: "{*path}" }];',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const { NO_COLOR: _n, FORCE_COLOR: _f, ...base } = process.env;
  const result = spawnSync(process.execPath, [BIN, ...args.map((a) => a.replace('$DIR', dir))], { encoding: 'utf8', env: { ...base, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** [title, args, exit status, stdout must contain (each), stderr must contain]. */
const cases: [string, string[], number, string[], string][] = [
  ['--version', ['--version'], 0, [JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).version], ''],
  ['"constructor" is no command (no prototype lookup)', ['constructor'], 2, [], 'unknown command "constructor" (commands: routes, match, explain, url, lint, build, import, inspect)'],
  ['"toString" is no command', ['toString', 'x'], 2, [], 'unknown command "toString"'],
  ['"__proto__" is no command', ['__proto__', 'x'], 2, [], 'unknown command "__proto__"'],
  ['a misspelt route key is refused, with a guess', ['routes', '$DIR/typo-key.json'], 2, [], '#1 "b"  unknown key "metods" (did you mean "methods"?)'],
  ['a misspelt "template" is refused, with a guess', ['routes', '$DIR/typo-template.json'], 2, [], '#0  unknown key "templat" (did you mean "template"?)'],
  ['an unknown constraint names the route and points at it', ['routes', '$DIR/bad-constraint.json'], 2, [], '#1 item "items/{id:nope}"  the inline constraint "nope" of parameter "id" is unknown. The built-in constraints are int, bool,'],
  ['an unknown constraint in lint: status 1, a caret under it', ['lint', '$DIR/bad-constraint.json'], 1, ['#1 item "items/{id:nope}"  the inline constraint "nope" of parameter "id" is unknown', '\n' + ' '.repeat(12) + 'items/{id:nope}\n' + ' '.repeat(12 + 10) + '^'], ''],
  ['no command: the overview, status 2', [], 2, ['usage: switchyard <command>', 'lint'], ''],
  ['--help', ['--help'], 0, ['routes', 'match', 'explain', 'url', 'lint', '--version, -v'], ''],
  ['-h', ['-h'], 0, ['usage: switchyard <command>'], ''],
  ['-v', ['-v'], 0, [JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).version], ''],
  ...(['routes', 'match', 'explain', 'url', 'lint'].map((c) => [`${c} --help`, [c, '--help'], 0, [`usage: switchyard ${c} <file>`, 'ES module'], '']) as [string, string[], number, string[], string][]),
  ['routes as a tree', ['routes', '$DIR/routes.json'], 0, ['├── healthz  #0 health GET,HEAD', '{id:int}  #1 todo GET · #2 PUT'], ''],
  ['routes as a table', ['routes', '$DIR/routes.json', '--table'], 0, ['#  NAME', '2           PUT       api/todo/{id:int}'], ''],
  ['routes from an ES module', ['routes', '$DIR/routes.mjs'], 0, ['{name}.{ext?}  #0 ANY where ext:/^(pdf|txt)$/'], ''],
  ['routes --json', ['routes', '$DIR/clean.json', '--json'], 0, ['"template": "items/{id:int}"', '"methods": [\n      "GET"'], ''],
  ['match: the winner and its values', ['match', '$DIR/routes.json', 'put', '/api/todo/7'], 0, ['matched #2 "api/todo/{id:int}"', '"id": "7"'], ''],
  ['match: no match is status 1', ['match', '$DIR/clean.json', 'GET', '/nope'], 1, ['no match for GET /nope'], ''],
  ['match --json', ['match', '$DIR/routes.json', 'GET', '/healthz', '--json'], 0, ['"index": 0', '"values": {}'], ''],
  [
    'explain --all: every route, in order',
    ['explain', '$DIR/routes.json', 'GET', '/api/todo/abc', '--all'],
    0,
    ['GET /api/todo/abc → matched #3 default', '✗ #0 health "healthz"', '✗ #1 todo "api/todo/{id:int}"  id:int rejected "abc"', '✗ #2 "api/todo/{id:int}"  the verb limit (methods: PUT) rejects GET', '· #4 "products/list"  not tried'],
    '',
  ],
  [
    'explain: the winner, the routes that came closest, the rest counted',
    ['explain', '$DIR/routes.json', 'GET', '/api/todo/abc'],
    0,
    ['GET /api/todo/abc → matched #3 default', '✗ #1 todo "api/todo/{id:int}"  id:int rejected "abc"', '✗ #2 "api/todo/{id:int}"  the verb limit (methods: PUT) rejects GET', 'and 2 other routes: a literal segment differs (1), not tried: an earlier route won (1) (--all lists them)'],
    '',
  ],
  [
    'explain on a large table stays short',
    ['explain', '$DIR/large.json', 'GET', '/resource4999/x/items/y'],
    0,
    ['no match; closest: #4999 r4999', '✗ #4999 r4999 "resource4999/{id:int}/items/{item}"  id:int rejected "x"', 'and 4999 other routes: a literal segment differs (4999) (--all lists them)'],
    '',
  ],
  ['explain: the closest route when nothing matches', ['explain', '$DIR/clean.json', 'GET', '/items/x'], 0, ['no match; closest: #1 item "items/{id:int}"', 'id:int rejected "x"'], ''],
  ['explain --json', ['explain', '$DIR/clean.json', 'GET', '/items/x', '--json'], 0, ['"kind": "constraint"', '"closest"'], ''],
  ['url by name', ['url', '$DIR/routes.json', '--name', 'todo', 'id=5', 'page=2'], 0, ['/api/todo/5?page=2'], ''],
  ['url with ambient values', ['url', '$DIR/routes.json', '--name', 'default', '--ambient', 'controller=Shop', 'action=Buy'], 0, ['/Shop/Buy'], ''],
  ['url: why not, status 1', ['url', '$DIR/clean.json', '--name', 'item'], 1, ['no URL', 'no value for the required parameter "id"'], ''],
  ['url: an unknown name', ['url', '$DIR/clean.json', '--name', 'nope'], 1, ['no route is named "nope"'], ''],
  ['lint: an unreachable route is status 1', ['lint', '$DIR/routes.json'], 1, ['shadowed (1)\n  error   #4 "products/list"  unreachable', 'GET /products/list goes to #3', '5 routes, 1 error (1 route unreachable), 0 warnings'], ''],
  ['lint: warnings alone are status 0', ['lint', '$DIR/warn.json'], 0, ['express-syntax (1)\n  warning #0 "users/:id"  the segment ":id" is a literal here; a parameter is written {id}', '1 route, 0 errors, 1 warning'], ''],
  ['lint --severity error hides warnings, and the exit status still follows the errors', ['lint', '$DIR/warn.json', '--severity', 'error'], 0, ['1 route, 0 errors, 1 warning'], ''],
  ['lint --severity with another word is a usage error', ['lint', '$DIR/warn.json', '--severity', 'loud'], 2, [], '--severity takes error, warning or info'],
  ['lint --json lists the findings', ['lint', '$DIR/routes.json', '--json'], 1, ['"code": "shadowed"', '"severity": "error"'], ''],
  ['lint: a clean table', ['lint', '$DIR/clean.json'], 0, ['2 routes, 0 errors, 0 warnings'], ''],
  ['lint --json', ['lint', '$DIR/routes.json', '--json'], 1, ['"code": "shadowed"', '"example"'], ''],
  ['lint: "Users" shadows "users" ignoring case', ['lint', '$DIR/cased.json'], 1, ['error   #1 "users"  unreachable: route #0 "Users" comes first', 'GET /users goes to #0'], ''],
  ['lint --case-sensitive: "Users" and "users" are two paths', ['lint', '$DIR/cased.json', '--case-sensitive'], 0, ['2 routes, 0 errors, 0 warnings'], ''],
  ['match ignoring case', ['match', '$DIR/cased.json', 'GET', '/USERS'], 0, ['matched #0 "Users"'], ''],
  ['match --case-sensitive', ['match', '$DIR/cased.json', 'GET', '/USERS', '--case-sensitive'], 1, ['no match for GET /USERS'], ''],
  ['match --case-sensitive, the exact spelling', ['match', '$DIR/cased.json', 'GET', '/users', '--case-sensitive'], 0, ['matched #1 "users"'], ''],
  ['explain --case-sensitive', ['explain', '$DIR/cased.json', 'GET', '/users', '--case-sensitive', '--all'], 0, ['matched #1 "users"', '✗ #0 "Users"  segment 0 "users" is not the literal "Users" (literals compare with their case)'], ''],
  ['inspect --help says what --watch does', ['inspect', '--help'], 0, ['[--watch]', '--watch reloads the table when the file changes', '  --watch        reload the table when the file changes'], ''],
  ['build --help names --case-sensitive', ['build', '--help'], 0, ['[--case-sensitive]', '--case-sensitive', 'literals compare with their case'], ''],
  ['build --help names --compact', ['build', '--help'], 0, ['[--compact]', '--compact', 'compares literal segments by a loop'], ''],
  ['build --help names --check', ['build', '--help'], 0, ['[--check]', '--check', 'write nothing: exit status 1 when the module or its types differ'], ''],
  ['a missing file', ['lint', '$DIR/missing.json'], 2, [], 'switchyard lint: cannot read'],
  ['bad JSON: line and column', ['routes', '$DIR/bad.json'], 2, [], 'bad.json:1:15  not valid JSON at line 1, column 15: Unexpected end of JSON input'],
  ['bad JSON in lint: status 1', ['lint', '$DIR/bad.json'], 1, ['invalid-json (1)', 'bad.json:1:15', '1 error; the table does not compile'], ''],
  ['bad JSON that JSON.parse gives no position for: line and column', ['lint', '$DIR/bad-multiline.json'], 1, ['bad-multiline.json:4:1  not valid JSON at line 4, column 1: Unexpected token \']\' (JSON allows no comma after the last item)\n'], ''],
  ['lint: every hard error of a table in one run, status 1', ['lint', '$DIR/several-errors.json'], 1, [
    'invalid-route (4)',
    'error   #0 a "a/{id}"  methods must be a list of HTTP method names, such as ["GET", "HEAD"]; got the string "GET" (write ["GET"])',
    'error   #1 b "b/{id"  invalid template at position 2: unmatched "{"',
    'error   #3 A "c"  the route name "A" is already used by an earlier route',
    'error   #4 "d/{x:integer}"  the inline constraint "integer" of parameter "x" is unknown (did you mean "int"?)',
    '4 errors; the table does not compile',
  ], ''],
  ['another command: every hard error, status 2', ['routes', '$DIR/several-errors.json'], 2, [], '4 errors in the route table\n  #0 a "a/{id}"  methods must'],
  ['lint --json: the hard errors', ['lint', '$DIR/several-errors.json', '--json'], 1, ['"code": "invalid-route"', '"index": 4'], ''],
  ['lint: a file\'s own mistakes and compile()\'s, together and in order', ['lint', '$DIR/shape-and-compile-errors.json'], 1, [
    '#0 "a"  unknown key "metods" (did you mean "methods"?)',
    '#1 "b/{x"  invalid template at position 2',
    '#2  expected an object such as { "template": "products/{id}" }, got 5',
    '#3 n  no "template"',
    '#4 "e/{slug:slugg}"  the inline constraint "slugg"',
    '#5  expected an object such as { "template": "products/{id}" }, got null',
    '6 errors',
  ], ''],
  ['an unknown constraint in a JSON file: how to write it there', ['lint', '$DIR/shape-and-compile-errors.json'], 1, ['A JSON route file cannot register a name: write a regex in the route\'s "constraints" instead ("constraints": { "slug": "^[a-z0-9-]+$" }), or make it a route module (routes.mjs, exporting the routes and export const constraints = { slugg: () => new RegexRouteConstraint("^[a-z0-9-]+$") })'], ''],
  ['an unknown constraint in a route module: how to register it there', ['lint', '$DIR/unknown-constraint.mjs'], 1, ['A route module registers a name by exporting it beside the routes: export const constraints = { slugg: () =>'], ''],
  ['url: an unknown name, with a guess', ['url', '$DIR/routes.json', '--name', 'tood', 'id=5'], 1, ['no route is named "tood" (did you mean "todo"?)'], ''],
  ['routes: a generation-only route is marked, not shown as a live ANY', ['routes', '$DIR/generation-only.json'], 0, ['{id}  #0 product ANY', '{id}  #1 old (generation only)', '{id}  #2 old-get GET (generation only)'], ''],
  ['routes --table: a generation-only route is marked', ['routes', '$DIR/generation-only.json', '--table'], 0, ['1  old      (generation only)      legacy/{id}'], ''],
  ['no route list', ['routes', '$DIR/not-a-list.json'], 2, [], 'holds no route list'],
  ['an invalid template: template, position, reason', ['lint', '$DIR/bad-template.json'], 1, ['#1 "a/{b"  invalid template at position 2: unmatched "{"'], ''],
  ['missing arguments', ['match', '$DIR/routes.json', 'GET'], 2, [], 'missing arguments'],
  ['explain without a METHOD: GET, and says so', ['explain', '$DIR/routes.json', '/healthz'], 0, ['GET /healthz → matched #0 health'], 'switchyard explain: no METHOD given, so GET /healthz'],
  ['match without a METHOD: GET, and says so', ['match', '$DIR/routes.json', '/healthz'], 0, ['matched #0 health'], 'switchyard match: no METHOD given, so GET /healthz'],
  ['an unknown option', ['lint', '$DIR/routes.json', '--bogus'], 2, [], 'unknown option --bogus'],
  ['an unknown command', ['frob'], 2, [], 'unknown command "frob"'],
  ['a bad key=value', ['url', '$DIR/routes.json', 'oops'], 2, [], 'expected key=value'],
];

describe('switchyard (the real bin, in a child process)', () => {
  it.each(cases)('%s', (_title, args, status, stdout, stderr) => {
    const result = run(args);
    expect(result.status, result.stderr).toBe(status);
    for (const text of stdout) expect(result.stdout).toContain(text);
    if (stderr) expect(result.stderr).toContain(stderr);
    else expect(result.stderr).toBe('');
    expect(result.stdout + result.stderr).not.toContain('\u001b['); // not a terminal: no colours
  });

  it.each([
    ['FORCE_COLOR=1 colours a pipe', { FORCE_COLOR: '1' }, true],
    ['NO_COLOR wins over FORCE_COLOR', { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
  ])('%s', (_title, env, coloured) => {
    const result = run(['explain', '$DIR/routes.json', 'GET', '/healthz'], env);
    expect(result.stdout.includes('\u001b[32m')).toBe(coloured);
  });
});

describe('a reader that goes away', () => {
  it.each([
    ['routes', ['routes', '$DIR/large.json', '--table']],
    ['lint', ['lint', '$DIR/large.json']],
    ['explain', ['explain', '$DIR/large.json', 'GET', '/resource4999/1/items/x']],
  ])('%s | head: the closed pipe ends the command quietly, with status 0', async (_label, args) => {
    const child = spawn(process.execPath, [BIN, ...args.map((a) => a.replace('$DIR', dir))], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await once(child.stdout!, 'data'); // like head: read the first chunk, then close the pipe
    child.stdout!.destroy();
    const [code] = (await once(child, 'exit')) as [number | null];
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

// Route files made to break whatever walks their values recursively (printing, explaining, building): each
// command must refuse them the same way, with one line naming the route and what is wrong, never a stack
// trace. Status: lint 1 (a table that does not compile is its finding), every other command 2 (bad input).
describe('hostile route files: every command gives the same verdict', () => {
  const DEPTH = 20_000;
  const deepObject = (leaf: string): string => '{"a":'.repeat(DEPTH) + leaf + '}'.repeat(DEPTH);
  const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const hostile: [file: string, text: string, verdict: string][] = [
    ['deep-default.json', `[{"template":"a/{id}","defaults":{"id":"1","deep":${deepObject('"x"')}}}]`, '#0 "a/{id}"  "defaults" nests more than 64 levels deep, or contains itself (at defaults.deep.a.a…)'],
    ['deep-parameter-default.json', `[{"template":"a/{id}","defaults":{"id":${deepObject('"x"')}}}]`, '#0 "a/{id}"  "defaults" nests more than 64 levels deep, or contains itself (at defaults.id.a.a…)'],
    ['deep-data-tokens.json', `[{"template":"a/{id}","dataTokens":{"deep":${deepObject('1')}}}]`, '#0 "a/{id}"  "dataTokens" nests more than 64 levels deep, or contains itself (at dataTokens.deep.a.a…)'],
    ['deep-constraints.json', `[{"template":"a/{id}","constraints":{"id":${deepArray}}}]`, '#0 "a/{id}"  "constraints" nests more than 64 levels deep, or contains itself (at constraints.id[0][0]…)'],
    ['deep-methods.json', `[{"template":"a/{id}","methods":${deepArray}}]`, '#0 "a/{id}"  "methods" nests more than 64 levels deep, or contains itself (at methods[0][0][0]…)'],
    ['deep-name.json', `[{"template":"a/{id}","name":${deepObject('1')}}]`, '#0 "a/{id}"  "name" must be a string, got an object'],
    ['cyclic-data-tokens.mjs', 'const tokens = { area: "a" }; tokens.self = tokens;\nexport default [{ template: "a/{id}", dataTokens: tokens }];', '#0 "a/{id}"  "dataTokens" nests more than 64 levels deep, or contains itself (at dataTokens.self.self.self…)'],
  ];
  // Every command, with the arguments it needs beyond the file. inspect gets a port it refuses: the file is read
  // first, so a refused file is the verdict; a file that loaded would stop at the port rather than serve.
  const commandArgs: Record<string, string[]> = {
    routes: [],
    match: ['GET', '/a/1'],
    explain: ['GET', '/a/1'],
    url: ['id=1'],
    lint: [],
    build: ['-o', '$DIR/hostile-router.mjs'],
    inspect: ['--port', '99999'],
  };

  it('the table names every command', async () => {
    const { commands } = await import('../src/cli/commands.js');
    // import reads C# sources, not a route file (its hostile inputs are in import.test.ts).
    expect(Object.keys(commandArgs).sort()).toEqual(Object.keys(commands).filter((c) => c !== 'import').sort());
  });

  it.each(hostile)('%s', (file, text, verdict) => {
    writeFileSync(join(dir, file), text);
    const seen = Object.entries(commandArgs).map(([command, rest]) => {
      const result = run([command, `$DIR/${file}`, ...rest]);
      const output = result.stdout + result.stderr;
      expect(output, command).not.toMatch(/^\s+at /m); // no stack trace
      expect(output, command).not.toContain('unexpected error');
      // The route's line: "  #0 ..." on stderr, "  error   #0 ..." in lint's report.
      const lines = output.split('\n').map((l) => l.trim().replace(/^error\s+/, '')).filter((l) => l.startsWith('#'));
      return { command, status: result.status, lines };
    });
    for (const { command, status, lines } of seen) {
      expect({ command, status, lines: lines.map((l) => l.slice(0, verdict.length)) }).toEqual({ command, status: command === 'lint' ? 1 : 2, lines: [verdict] });
    }
    expect(new Set(seen.map((s) => s.lines[0])).size).toBe(1); // the same line, to the letter
  });
});

// A route module's middleware is for the adapters: the read-only commands show its routes, build refuses them
// (a built router keeps handlers only, so the middleware, an auth check say, would never run).
describe('a route module with middleware', () => {
  const MODULE = 'export default [{ name: "admin", template: "admin/{id:int}", middleware: [() => {}], handler: () => {} }, { name: "home", template: "" }];';
  it.each([
    { args: ['lint'], status: 0, says: '2 routes, 0 errors, 0 warnings' },
    { args: ['match', 'GET', '/admin/5'], status: 0, says: 'admin' },
    { args: ['build', '-o', '$DIR/mw-router.mjs'], status: 2, says: '#0 admin "admin/{id:int}"  has middleware, which a built router cannot run' },
  ])('$args.0', ({ args, status, says }) => {
    writeFileSync(join(dir, 'mw-routes.mjs'), MODULE);
    const result = run([args[0], '$DIR/mw-routes.mjs', ...args.slice(1)]);
    expect(result.stdout + result.stderr).toContain(says);
    expect(result.status).toBe(status);
  });
});

// One rule for routes no request reaches: an error ("unreachable"), unless the route still has a use — a
// named one makes links by name: a warning ("only makes links"; generationOnly: true says so and silences it).
// Warnings exit 0 unless --max-warnings (or --strict, its 0) is exceeded, as eslint's. lint, diagnostics() and
// the inspector's header count and say the same thing.
describe('unreachable routes: lint, diagnostics() and the inspector agree', () => {
  const TABLE = [
    { name: 'page', template: '{slug}' },
    { name: 'about', template: 'about' }, // shadowed, named: only makes links
    { template: 'contact' }, // shadowed, unnamed: unreachable
    { name: 'legacy', template: 'legacy', generationOnly: true }, // marked for links only: no finding
    { name: 'numbers', template: 'api/{id:min(10):max(5)}' }, // its constraints never pass, named or not: unreachable
    { template: 'users/:id' }, // a warning
    { template: 'files/*' }, // a warning
  ];
  let inspected: { summary: string; diagnostics: { route: number; severity: string; message: string }[] };
  beforeAll(async () => {
    writeFileSync(join(dir, 'unreachable.json'), JSON.stringify(TABLE));
    writeFileSync(join(dir, 'links-only.json'), JSON.stringify(TABLE.slice(0, 2)));
    const { createServer } = await import('node:http');
    const { compile } = await import('../src/index.js');
    const { routeInspector } = await import('../src/http.js');
    const inspector = routeInspector(compile(TABLE));
    const server = createServer((req, res) => inspector(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    inspected = await (await fetch(`http://127.0.0.1:${port}/_routes/api/routes`)).json();
    await new Promise((r) => server.close(r));
  });

  it('a route no request reaches is an error, "unreachable", unless it is named and shadowed: a warning, "only makes links"', async () => {
    const { compile } = await import('../src/index.js');
    const { diagnostics } = await import('../src/introspect.js');
    const found = diagnostics(compile(TABLE));
    const errors = found.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.route.index)).toEqual([2, 4]);
    expect(errors.every((d) => d.message.startsWith('unreachable: '))).toBe(true);
    const linksOnly = found.filter((d) => d.message.startsWith('only makes links: '));
    expect(linksOnly.map((d) => [d.route.index, d.severity, d.code])).toEqual([[1, 'warning', 'shadowed']]);
    expect(found.filter((d) => !errors.includes(d) && !linksOnly.includes(d)).every((d) => !/unreachable|never matches|no request reaches/.test(d.message))).toBe(true);
    expect(inspected.diagnostics.map((d) => [d.route, d.severity])).toEqual(found.map((d) => [d.route.index, d.severity]));
  });

  it("lint's summary line is the inspector's header, to the letter", () => {
    const result = run(['lint', '$DIR/unreachable.json']);
    expect(result.status).toBe(1);
    expect(inspected.summary).toBe('7 routes, 2 errors (2 routes unreachable), 3 warnings (1 route only makes links)');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(`${dir}/unreachable.json: ${inspected.summary}`);
  });

  it.each([
    ['warnings alone: status 0', ['lint', '$DIR/warn.json'], 0, '1 route, 0 errors, 1 warning'],
    ['--max-warnings 1 allows one warning', ['lint', '$DIR/warn.json', '--max-warnings', '1'], 0, '1 route, 0 errors, 1 warning'],
    ['--max-warnings 0: one warning is too many', ['lint', '$DIR/warn.json', '--max-warnings', '0'], 1, '1 route, 0 errors, 1 warning: more than --max-warnings 0 allows'],
    ['--strict is --max-warnings 0', ['lint', '$DIR/warn.json', '--strict'], 1, '1 route, 0 errors, 1 warning: more than --max-warnings 0 allows'],
    ['--strict with --json: the same status', ['lint', '$DIR/warn.json', '--strict', '--json'], 1, '"severity": "warning"'],
    ['--strict on a clean table: status 0', ['lint', '$DIR/clean.json', '--strict'], 0, '2 routes, 0 errors, 0 warnings'],
    ['errors: status 1 whatever the limit', ['lint', '$DIR/unreachable.json', '--max-warnings', '5'], 1, '2 errors (2 routes unreachable), 3 warnings'],
    ['a named route that only makes links is a warning: --strict fails on it', ['lint', '$DIR/links-only.json', '--strict'], 1, '2 routes, 0 errors, 1 warning (1 route only makes links): more than --max-warnings 0 allows'],
    ['... and without --strict passes', ['lint', '$DIR/links-only.json'], 0, '2 routes, 0 errors, 1 warning (1 route only makes links)'],
  ])('%s', (_title, args, status, text) => {
    const result = run(args);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status, stderr: '' });
    expect(result.stdout).toContain(text);
  });

  it('--max-warnings takes a number', () => {
    const result = run(['lint', '$DIR/warn.json', '--max-warnings', 'many']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--max-warnings takes a number of warnings (0 or more), not "many"');
  });
});

// TypeScript checks code against the router.d.mts written last, and a stale module refuses only when it loads:
// build --check says, before either, whether the module and its types are what build would write now. Each step
// runs on the files the step before left.
describe('build --check: the module and its types against the routes as they are now', () => {
  const ROUTES = 'export default [{ name: "item", template: "items/{id:int}", handler: () => {} }];';
  const steps: { why: string; routes?: string; remove?: string; crlf?: boolean; spelling?: string; args: string[]; status: number; says: string }[] = [
    { why: 'never built', routes: ROUTES, args: ['--check'], status: 1, says: '$DIR/check/router.mjs and $DIR/check/router.d.mts are not what switchyard build writes from $DIR/check/routes.mjs now: build again: npx switchyard build' },
    { why: 'built: nothing is written by --check, so it was not before', args: [], status: 0, says: '$DIR/check/router.mjs: 1 route' },
    { why: 'as built', args: ['--check'], status: 0, says: '$DIR/check/router.mjs: up to date with $DIR/check/routes.mjs (types: $DIR/check/router.d.mts)' },
    { why: 'a route renamed: the module and its types', routes: ROUTES.replace('"item"', '"product"'), args: ['--check'], status: 1, says: 'router.mjs and $DIR/check/router.d.mts are not what' },
    { why: 'built again', args: [], status: 0, says: '1 route' },
    { why: 'the same files spelt another way: no change', args: ['--check'], status: 0, says: 'up to date', spelling: '$DIR/check/../check/routes.mjs' },
    { why: 'line endings a checkout converted: no change', crlf: true, args: ['--check'], status: 0, says: 'up to date' },
    { why: 'the types alone deleted', remove: 'router.d.mts', args: ['--check'], status: 1, says: 'router.d.mts is not what switchyard build writes' },
    { why: 'with another option than the build: --compact writes another module', args: ['--check', '--compact'], status: 1, says: '-o $DIR/check/router.mjs --compact' },
  ];
  it('says what a build would change, step by step, and writes nothing', () => {
    const folder = join(dir, 'check');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    for (const step of steps) {
      if (step.routes !== undefined) writeFileSync(join(folder, 'routes.mjs'), step.routes);
      if (step.remove !== undefined) rmSync(join(folder, step.remove));
      if (step.crlf === true) for (const name of ['router.mjs', 'router.d.mts']) writeFileSync(join(folder, name), readFileSync(join(folder, name), 'utf8').replace(/\n/g, '\r\n'));
      const before = readdirSync(folder).sort();
      const result = run(['build', step.spelling ?? '$DIR/check/routes.mjs', '-o', '$DIR/check/router.mjs', ...step.args]);
      expect({ why: step.why, status: result.status, said: (result.stdout + result.stderr).includes(step.says.replaceAll('$DIR', dir)) }).toEqual({ why: step.why, status: step.status, said: true });
      if (step.args.includes('--check')) expect(readdirSync(folder).sort()).toEqual(before);
    }
  });
});

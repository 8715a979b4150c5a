// The command reads route modules as apps write them: TypeScript (where Node strips types: a Node 24 binary,
// test/support/node24.ts), any named export that holds the table, a RouteBuilder or RouteCollection of the node:http
// pipeline, and --export NAME to choose. The real bin (dist/cli.js) in a child process, from a table of rows.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCli, runCli } from './support/cli.js';
import { typeStrippingNode } from './support/node24.js';

const ROOT = resolve(import.meta.dirname, '..');
/** The pipeline and the runtime of built modules as the command loads them (dist/ beside dist/cli.js): the same classes. */
const HTTP = pathToFileURL(join(ROOT, 'dist/http.js')).href;
const AOT = pathToFileURL(join(ROOT, 'dist/aot-protocol.js')).href;
let dir = '';

const BUILDER = `import { addRouting, createApplication, RouteBuilder, RouteHandler } from ${JSON.stringify(HTTP)};
const app = createApplication();
addRouting(app.services, { constraintMap: { even: () => ({ match: (_c, _r, key, values) => Number(values[key]) % 2 === 0 }) } });
const ok = async () => {};
const builder = new RouteBuilder(app, new RouteHandler(ok));
builder.mapGet('api/products/{id:int}', ok, { name: 'product' });
builder.mapGroup('admin', (admin) => admin.mapGet('users/{id:even}', ok, { name: 'admin-user' }), { methods: ['GET'] });
builder.mapRoute('default', '{controller=Home}/{action=Index}/{id?}');
`;

const FILES: Record<string, string> = {
  // TypeScript as an app writes it: types, an interface, `import type`, and a sibling imported by its .js name.
  'app-routes.ts': `import type { RouteDefinition } from 'switchyard-router';
import { showProduct } from './handlers.js';
interface Owner { readonly team: string }
const owner: Owner = { team: 'shop' };
export const shopRoutes: RouteDefinition[] = [
  { name: 'product', template: 'shop/{id:int}', methods: ['GET'], handler: showProduct, dataTokens: owner },
  { name: 'order', template: 'orders/{id:guid}', methods: ['GET'] },
];
`,
  // As a module for Node alone writes it: a sibling by its .ts name (TypeScript's allowImportingTsExtensions).
  'worker-routes.ts': `import { showProduct } from './handlers.ts';
export const routes: { name: string; template: string; handler?: (id: string) => string }[] = [{ name: 'product', template: 'shop/{id:int}', handler: showProduct }];
`,
  'routes.json': JSON.stringify([{ template: 'a' }]),
  'handlers.ts': 'export const showProduct = (id: string): string => `product ${id}`;\n',
  'enum-routes.ts': 'enum Area { Shop = "shop" }\nexport default [{ template: `${Area.Shop}/{id}` }];\n',
  'view.tsx': 'export default [{ template: "a" }];\n',
  'builder.mjs': `${BUILDER}export { builder };\n`,
  'collection.mjs': `${BUILDER}export const collection = builder.build();\n`,
  'case-sensitive-builder.mjs': `import { addRouting, createApplication, RouteBuilder } from ${JSON.stringify(HTTP)};
const app = createApplication();
addRouting(app.services, { caseSensitive: true });
export default new RouteBuilder(app).mapGet('Users', async () => {}).mapGet('users', async () => {});
`,
  'lowercase-builder.mjs': `import { addRouting, createApplication, RouteBuilder } from ${JSON.stringify(HTTP)};
const app = createApplication();
addRouting(app.services, { lowercaseUrls: true, appendTrailingSlash: true });
export default new RouteBuilder(app).mapGet('Shop/{category}/{id:int}', async () => {}, { name: 'product' });
`,
  'named.mjs': 'export const port = 8080;\nexport const apiRoutes = [{ name: "item", template: "api/items/{id:int}" }, { template: "{*path}" }];\n',
  // What compile() and the adapters refuse, which the command once read as a JSON file's shorthands.
  'shorthands.mjs': 'export const routes = [{ name: "a", template: "a/{id:int}", method: "GET" }, "b/{x}"];\n',
  'shorthands.json': JSON.stringify([{ name: 'a', template: 'a/{id:int}', method: 'GET' }, 'b/{x}']),
  // Arrays that hold no route: no table (a CI step that lints the wrong module must not pass on "0 routes").
  'no-routes.mjs': 'export const guardCalls = [];\nexport const names = ["a"];\n',
  'app-default.mjs': 'export default function app() {}\nexport const userRoutes = [{ name: "user", template: "users/{id}" }];\n',
  'same-twice.mjs': 'export const apiRoutes = [{ template: "a" }];\nexport const all = apiRoutes;\n',
  'several.mjs': 'export const apiRoutes = [{ name: "item", template: "api/items/{id:int}" }];\nexport const adminRoutes = [{ name: "admin", template: "admin/{id:int}" }];\n',
  'none.mjs': 'export const port = 8080;\nexport function start() {}\n',
  // docs/pipeline.md's declining router: route 0's target declines for non-admins, so route 1 handles them.
  'declining-builder.mjs': `import { createApplication, RouteBuilder } from ${JSON.stringify(HTTP)};
class AdminsOnly {
  async routeAsync(context) { if (context.httpContext.request.headers['x-role'] === 'admin') context.handler = async () => {}; }
  getVirtualPath() { return null; }
}
export const builder = new RouteBuilder(createApplication(), new AdminsOnly());
builder.mapRoute('admin', 'items/{id}', null, null, { area: 'admin' });
builder.mapGet('items/{id}', async () => {});
builder.mapGet('items/{id}', async () => {}); // behind a route that always handles: unreachable
`,
  'middleware-routes.mjs': 'export const routes = [{ template: "a", middleware: [() => {}], handler: () => {} }];\n',
  'compiled.mjs': `import { compile } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/index.js')).href)};\nexport const router = compile([{ template: "a" }]);\n`,
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-modules-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Which Node runs the command: the machine's, one that strips types, or one that does not. */
type Runtime = 'node' | 'strips types' | 'no type stripping';

function nodeFor(runtime: Runtime): { node: string; flags: string[] } {
  if (runtime === 'strips types') return { node: typeStrippingNode(), flags: [] };
  if (runtime === 'node') return { node: process.execPath, flags: [] };
  // As Node 20 is: the machine's Node when it is older than 22, else that Node with its type stripping turned off.
  return { node: process.execPath, flags: Number(process.versions.node.split('.')[0]) >= 22 ? ['--no-experimental-strip-types'] : [] };
}

const run = (args: string[], runtime: Runtime = 'node') => runCli(args, dir, nodeFor(runtime));

interface Row {
  readonly title: string;
  readonly args: string[];
  readonly runtime?: Runtime;
  readonly status: number;
  /** Each must be in stdout. */
  readonly stdout?: readonly string[];
  /** Must be in stderr ('' : stderr empty). */
  readonly stderr?: string;
}

const rows: Row[] = [
  // TypeScript route modules
  { title: 'lint of a .ts module, on a Node that strips types', args: ['lint', '$DIR/app-routes.ts'], runtime: 'strips types', status: 0, stdout: ['app-routes.ts: 2 routes, 0 errors, 0 warnings'] },
  { title: 'explain of a .ts module', args: ['explain', '$DIR/app-routes.ts', 'GET', '/shop/5'], runtime: 'strips types', status: 0, stdout: ['GET /shop/5 → matched #0 product "shop/{id:int}"'] },
  { title: 'routes of a .ts module', args: ['routes', '$DIR/app-routes.ts', '--table'], runtime: 'strips types', status: 0, stdout: ['0  product  GET      shop/{id:int}', '1  order    GET      orders/{id:guid}'] },
  { title: 'url from a .ts module', args: ['url', '$DIR/app-routes.ts', '--name', 'order', 'id=5'], runtime: 'strips types', status: 1, stdout: ['id:guid rejected "5"'] },
  {
    title: 'a Node that does not strip types: what it takes',
    args: ['lint', '$DIR/app-routes.ts'],
    runtime: 'no type stripping',
    status: 2,
    stderr: 'Node 22.18 or later (23.6 or later) strips the types itself; on Node 22.6 to 22.17, run the command with NODE_OPTIONS=--experimental-strip-types; on an older Node, compile the module to JavaScript first (tsc, esbuild) and give switchyard the .js file',
  },
  { title: 'TypeScript that Node does not strip (an enum): what it takes', args: ['lint', '$DIR/enum-routes.ts'], runtime: 'strips types', status: 2, stderr: 'cannot load $DIR/enum-routes.ts: TypeScript enum is not supported in strip-only mode (Node strips types only: an enum, a namespace or a parameter property needs NODE_OPTIONS=--experimental-transform-types, or the module compiled to JavaScript first)' },
  { title: 'a .tsx module: JSX is not read', args: ['lint', '$DIR/view.tsx'], runtime: 'strips types', status: 2, stderr: 'cannot read $DIR/view.tsx: Node strips the types of .ts, .mts and .cts files, not .tsx (JSX): compile it to JavaScript first' },

  // Which export holds the table
  { title: 'a named export other than routes', args: ['lint', '$DIR/named.mjs'], status: 0, stdout: ['named.mjs: 2 routes, 0 errors'] },
  { title: 'the default export is an app, a named export the table', args: ['match', '$DIR/app-default.mjs', 'GET', '/users/7'], status: 0, stdout: ['matched #0 user "users/{id}"'] },
  { title: 'one table under two names is one table', args: ['routes', '$DIR/same-twice.mjs', '--table'], status: 0, stdout: ['0        ANY      a\n'] },
  { title: 'several tables: an error that lists them', args: ['lint', '$DIR/several.mjs'], status: 2, stderr: 'switchyard lint: $DIR/several.mjs exports 2 route tables (adminRoutes, apiRoutes): choose one with --export NAME' },
  { title: '--export chooses one', args: ['explain', '$DIR/several.mjs', 'GET', '/admin/5', '--export', 'adminRoutes'], status: 0, stdout: ['GET /admin/5 → matched #0 admin "admin/{id:int}"'] },
  { title: '--export of a name the module does not export', args: ['lint', '$DIR/several.mjs', '--export', 'adminRoute'], status: 2, stderr: '$DIR/several.mjs has no export named "adminRoute" (did you mean "adminRoutes"?); its route tables: adminRoutes, apiRoutes' },
  { title: '--export of something that is no table', args: ['routes', '$DIR/named.mjs', '--export', 'port'], status: 2, stderr: 'holds no route list: expected an array of routes, or an object with a "routes" array' },
  {
    title: "a module's routes as compile() takes them: no template string, no one `method`",
    args: ['lint', '$DIR/shorthands.mjs'],
    status: 1,
    stdout: [
      '#0 a "a/{id:int}"  unknown key "method" (did you mean "methods"?)',
      '#1  expected an object such as { template: "products/{id}" }, got the string "b/{x}": compile() and the adapters take the module\'s routes as objects (write { template: "b/{x}" })',
    ],
  },
  { title: 'a module that would not compile is not built', args: ['build', '$DIR/shorthands.mjs', '-o', '$DIR/shorthands-router.mjs'], status: 2, stderr: 'unknown key "method" (did you mean "methods"?)' },
  { title: "a JSON file's shorthands: one method, a template string", args: ['routes', '$DIR/shorthands.json', '--table'], status: 0, stdout: ['0  a     GET      a/{id:int}', '1        ANY      b/{x}'] },
  { title: 'an empty array and an array of strings are no table', args: ['lint', '$DIR/no-routes.mjs'], status: 2, stderr: '$DIR/no-routes.mjs exports no route table (its exports: guardCalls, names)' },
  { title: 'no table at all', args: ['lint', '$DIR/none.mjs'], status: 2, stderr: '$DIR/none.mjs exports no route table (its exports: port, start): export an array of routes (export const routes = [...]), a RouteBuilder or a RouteCollection' },
  { title: 'a compiled router: export its route list instead', args: ['lint', '$DIR/compiled.mjs'], status: 2, stderr: 'the export "router" is a compiled router, whose routes the command cannot read back: export the route list given to compile() (export const routes = [...])' },
  { title: '--export on a JSON file', args: ['lint', '$DIR/routes.json', '--export', 'api'], status: 2, stderr: '--export names an export of a route module; $DIR/routes.json is JSON' },

  // The pipeline's builder and collection
  { title: 'lint of a RouteBuilder', args: ['lint', '$DIR/builder.mjs'], status: 0, stdout: ['builder.mjs: 3 routes, 0 errors, 0 warnings'] },
  { title: 'routes of a RouteBuilder: groups and verbs as built', args: ['routes', '$DIR/builder.mjs', '--table'], status: 0, stdout: ['0  product     GET      api/products/{id:int}\n1  admin-user  GET      admin/users/{id:even}\n2  default     ANY      {controller=Home}/{action=Index}/{id?}\n'] },
  { title: "explain of a RouteBuilder: its app's constraint names", args: ['explain', '$DIR/builder.mjs', 'GET', '/admin/users/3'], status: 0, stdout: ['✗ #1 admin-user "admin/users/{id:even}"  id:even rejected "3"', '✓ #2 default'] },
  { title: "url of a RouteBuilder: its routing options' lowercaseUrls and appendTrailingSlash, as its UrlHelper writes links", args: ['url', '$DIR/lowercase-builder.mjs', '--name', 'product', 'category=Tools', 'id=42'], status: 0, stdout: ['/shop/tools/42/'] },
  { title: 'url of a RouteCollection', args: ['url', '$DIR/collection.mjs', '--name', 'admin-user', 'id=4'], status: 0, stdout: ['/admin/users/4'] },
  {
    title: 'lint of a RouteBuilder whose first route may decline (its target is not a handler): the route behind it is reachable',
    args: ['lint', '$DIR/declining-builder.mjs'],
    status: 1,
    stdout: [
      'warning #1 "items/{id}"  reachable only when route #0 admin "items/{id}" declines (its target is a router, which may decline): it comes first and accepts every request this route accepts',
      'error   #2 "items/{id}"  unreachable: route #1 "items/{id}" comes first and accepts every request this route accepts',
      'declining-builder.mjs: 3 routes, 1 error (1 route unreachable), 1 warning',
    ],
  },
  {
    title: 'explain of a RouteBuilder: a winner whose target may decline, and the route that takes what it declines',
    args: ['explain', '$DIR/declining-builder.mjs', 'GET', '/items/5'],
    status: 0,
    stdout: ['GET /items/5 → matched #0 admin "items/{id}"', `#0's target may decline the request (a router, not a handler): then #1 "items/{id}" takes it`],
  },
  { title: "a RouteBuilder's caseSensitive routing option", args: ['lint', '$DIR/case-sensitive-builder.mjs'], status: 0, stdout: ['2 routes, 0 errors, 0 warnings'] },
  {
    title: "build refuses a route's middleware, saying what Hono's and Express's, Koa's or Fastify's users can do",
    args: ['build', '$DIR/middleware-routes.mjs', '-o', '$DIR/out/middleware-router.mjs'],
    status: 2,
    stderr:
      '#0 "a"  has middleware, which a built router cannot run (it keeps each route\'s handler only): for Hono, write the routes with defineRoutes() or group() from switchyard-router/hono/aot, which compose it into the handler (a group\'s middleware too); for Express, Koa or Fastify, give the routes to the adapter rather than build them (app.use(switchyard(routes)); Fastify: app.register(switchyard, { routes })), or call the middleware from the handler',
  },
  { title: 'build refuses a RouteBuilder', args: ['build', '$DIR/builder.mjs', '-o', '$DIR/out/builder-router.mjs'], status: 2, stderr: 'the export "builder" is a RouteBuilder: the pipeline routes requests with it; switchyard build makes a router from a route list (export const routes = [...])' },
];

describe('route modules as apps write them (the real bin, in a child process)', () => {
  it.each(rows)('$title', ({ args, runtime, status, stdout = [], stderr = '' }) => expectCli(run(args, runtime), status, stdout, stderr));
});

// A built module reads the routes from the export it was built from, and from a .ts route module where Node strips types.
describe('build from a route module, then load the module it wrote', () => {
  it.each([
    { title: '--export adminRoutes', file: 'several.mjs', extra: ['--export', 'adminRoutes'], runtime: 'node' as Runtime, path: '/admin/5', expected: { name: 'admin', values: { id: '5' } } },
    { title: 'a named export, found alone', file: 'named.mjs', extra: [], runtime: 'node' as Runtime, path: '/api/items/5', expected: { name: 'item', values: { id: '5' } } },
    { title: 'a .ts module', file: 'worker-routes.ts', extra: [], runtime: 'strips types' as Runtime, path: '/shop/5', expected: { name: 'product', values: { id: '5' } } },
  ])('$title', ({ file, extra, runtime, path, expected }) => {
    const target = `$DIR/out/${file.replace(/\.\w+$/, '')}-router.mjs`;
    const built = run(['build', `$DIR/${file}`, '-o', target, '--runtime', AOT, ...extra], runtime);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const module = target.replace('$DIR', dir);
    expect(readFileSync(module, 'utf8')).toContain(`import * as source from "../${file}";`);
    const { node } = nodeFor(runtime);
    const script = `const { default: router } = await import(${JSON.stringify(pathToFileURL(module).href)}); const m = router.match(${JSON.stringify(path)}); process.stdout.write(JSON.stringify({ name: m.route.name, values: m.values }));`;
    const loaded = spawnSync(node, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(loaded.stderr).toBe('');
    expect(JSON.parse(loaded.stdout)).toEqual(expected);
  });
});

// switchyard import on hostile input: C# that is malformed, huge or built to blow up its readers, and file systems
// that are not plain folders of files. Each gives routes and findings, or a clear error: never a crash (a stack
// trace), never a hang, never a guess. Work is counted, not timed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { declarationsOf } from '../src/cli/import/declarations.js';
import { parseExpression, type Expression } from '../src/cli/import/expressions.js';
import { importSources } from '../src/cli/import/import-routes.js';
import { isMinimalApiCall, MinimalApis } from '../src/cli/import/minimal-apis.js';
import { registrationOrder } from '../src/cli/import/registration-order.js';
import { SourceClasses } from '../src/cli/import/source-classes.js';
import { tokenize, type Token } from '../src/cli/import/tokens.js';
import { ConstantTable, Evaluator } from '../src/cli/import/values.js';
import type { RouteDefinition } from '../src/index.js';

const ROOT = resolve(import.meta.dirname, '..');

/** Statements in a RouteConfig.RegisterRoutes, lines joined by `eol`. */
const routeConfig = (statements: readonly string[], eol = '\n', extra = ''): string =>
  ['using System.Web.Mvc;', extra, 'public static class RouteConfig {', '// a comment', 'public static void RegisterRoutes(RouteCollection routes) {', ...statements, '} }'].join(eol);

/** `const string A0 = "x"; A1 = A0 …`: each constant made from the one before. */
const constants = (count: number, make: (i: number) => string, first = '"x"'): string =>
  `public static class K { public const string A0 = ${first};\n${Array.from({ length: count }, (_, i) => `public const string A${i + 1} = ${make(i)};`).join('\n')} }`;

/** Classes C0 { C1 { … } } nested `depth` deep, each with a constant K, the innermost registering a route with its K. */
const nestedClasses = (depth: number): string =>
  `${Array.from({ length: depth }, (_, i) => `public static class C${i} { public const string K = "k${i}";`).join('\n')}\npublic static void RegisterRoutes(RouteCollection routes) { routes.MapRoute("r", K); }\n${'}'.repeat(depth)}`;

interface HostileCase {
  readonly shape: string;
  readonly files: readonly { readonly file: string; readonly text: string }[];
  readonly routes: readonly RouteDefinition[];
  /** Findings it must report: kind, file, line and a part of the message. */
  readonly findings?: readonly (readonly [kind: string, file: string, line: number, message: string])[];
}

const HOSTILE: readonly HostileCase[] = [
  {
    shape: 'lone CR line endings (classic Mac) end lines: a // comment does not swallow the file, lines are counted',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", "a");', 'routes.MapRoute("q", prefix);'], '\r') }],
    routes: [{ name: 'r', template: 'a' }],
    findings: [['unread', 'App.cs', 7, 'a variable or a parameter']],
  },
  {
    shape: 'U+2028 and CR LF end lines too',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", "a");\u2028routes.MapRoute("q", prefix);'], '\r\n') }],
    routes: [{ name: 'r', template: 'a' }],
    findings: [['unread', 'App.cs', 7, 'a variable or a parameter']],
  },
  {
    shape: 'a \\U escape beyond U+10FFFF: the file is not read, and said; the other files are',
    files: [
      { file: 'Bad.cs', text: routeConfig(['routes.MapRoute("r", "\\UFFFFFFFF");']) },
      { file: 'Good.cs', text: routeConfig(['routes.MapRoute("g", "good");']).replace('RouteConfig', 'GoodRoutes') },
    ],
    routes: [{ name: 'g', template: 'good' }],
    findings: [['skipped', 'Bad.cs', 6, 'a \\U escape beyond U+10FFFF (\\UFFFFFFFF)']],
  },
  {
    shape: 'interpolated strings nested 10,000 deep: the file is not read, and said (not followed down the stack)',
    files: [{ file: 'App.cs', text: routeConfig([`routes.MapRoute("r", ${'$"a{'.repeat(10_000)}"x"${'}"'.repeat(10_000)});`]) }],
    routes: [],
    findings: [['skipped', 'App.cs', 6, 'interpolated strings nested more than 64 deep']],
  },
  {
    shape: 'a constant made from the one before, 200 times: followed to its value',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", K.A200);'], '\n', constants(200, (i) => `A${i}`)) }],
    routes: [{ name: 'r', template: 'x' }],
  },
  {
    shape: 'a constant made from the one before, 10,000 times: refused past 256, and said (not followed down the stack)',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", K.A10000);'], '\n', constants(10_000, (i) => `A${i}`)) }],
    routes: [],
    findings: [['unread', 'App.cs', 9747, 'a constant defined through more than 256 other constants (in the constant K.A9745)']],
  },
  {
    shape: 'a constant doubled 40 times (a string of 2^40 characters): refused, and said',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", K.A40);'], '\n', constants(40, (i) => `A${i} + A${i}`)) }],
    routes: [],
    findings: [['unread', 'App.cs', 22, 'not imported: its template: a string longer than 1000000 characters (in the constant K.A20)']],
  },
  {
    shape: 'a constant doubled 40 times in interpolated strings: refused, and said',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", K.A40);'], '\n', constants(40, (i) => `$"{A${i}}{A${i}}"`)) }],
    routes: [],
    findings: [['unread', 'App.cs', 22, 'a string longer than 1000000 characters (in the constant K.A20)']],
  },
  {
    shape: 'a + chain of 20,000 parts: one value, left to right (1 + 2 + "a" is "3a")',
    files: [{ file: 'App.cs', text: routeConfig([`routes.MapRoute("r", 1 + 2 + ${Array.from({ length: 20_000 }, () => '"a"').join(' + ')});`]) }],
    routes: [{ name: 'r', template: `3${'a'.repeat(20_000)}` }],
  },
  {
    shape: 'a generic attribute named like a route attribute ([HttpGet<T>("x")], [Route<T>]) is not taken for ASP.NET\'s, and said',
    files: [
      {
        file: 'App.cs',
        text: 'using Microsoft.AspNetCore.Mvc;\n[Route("api/t")]\n[Route<int>("other")]\npublic class TController : ControllerBase {\n  [HttpGet<int>("x")] public IActionResult A() => Ok();\n  [HttpPost("y")] public IActionResult B() => Ok();\n}',
      },
    ],
    // A has no route attribute of ASP.NET's: the controller's [Route] routes it, for any verb, as ASP.NET does.
    routes: [
      { template: 'api/t', defaults: { controller: 'T', action: 'A' } },
      { template: 'api/t/y', defaults: { controller: 'T', action: 'B' }, methods: ['POST'] },
    ],
    findings: [
      ['skipped', 'App.cs', 3, "[Route<int>] is generic, so not ASP.NET's [Route]"],
      ['skipped', 'App.cs', 5, "[HttpGet<int>] is generic, so not ASP.NET's [HttpGet]"],
    ],
  },
  {
    shape: 'classes nested 60 deep: a constant read from the innermost',
    files: [{ file: 'App.cs', text: nestedClasses(60) }],
    routes: [{ name: 'r', template: 'k59' }],
  },
  {
    shape: 'classes nested 10,000 deep: the file is not read, and said (each class would name all its outer ones)',
    files: [{ file: 'App.cs', text: nestedClasses(10_000) }],
    routes: [],
    findings: [['skipped', 'App.cs', 65, 'classes nested more than 64 deep']],
  },
  {
    shape: 'a member chain of 10,000 names (A0.A1.….A9999): not understood, said (not copied name by name)',
    files: [{ file: 'App.cs', text: routeConfig([`routes.MapRoute("r", ${Array.from({ length: 10_000 }, (_, i) => `A${i}`).join('.')});`]) }],
    routes: [],
    findings: [['unread', 'App.cs', 6, 'its template: an expression this importer does not evaluate']],
  },
  {
    shape: 'cyclic constants are refused, each named once',
    files: [{ file: 'App.cs', text: routeConfig(['routes.MapRoute("r", K.A);'], '\n', 'public static class K { public const string A = B; public const string B = A; }') }],
    routes: [],
    findings: [['unread', 'App.cs', 2, 'a constant defined in terms of itself (in the constant K.B)']],
  },
];

describe('hostile C#: routes and findings, never a crash', () => {
  it.each(HOSTILE)('$shape', ({ files, routes, findings = [] }) => {
    const result = importSources(files);
    expect(result.routes.map((r) => r.definition)).toEqual(routes);
    const reported = result.findings.map((f) => [f.kind, f.file, f.line, f.message] as const);
    for (const [kind, file, line, message] of findings) expect(reported).toContainEqual([kind, file, line, expect.stringContaining(message)]);
  });
});

/** Every node of an expression tree. */
function* nodes(expression: Expression): Generator<Expression> {
  yield expression;
  const children = 'operands' in expression ? (expression.operands as Expression[]) : [];
  for (const child of children) yield* nodes(child);
  // A + chain read as nested pairs (left, right) would keep every prefix's text: counted too.
  for (const key of ['left', 'right'] as const) if (key in expression) yield* nodes((expression as unknown as Record<string, Expression>)[key]);
}

/** A ConstantTable that counts the constants looked up: the work an evaluation does. */
class CountingTable extends ConstantTable {
  lookups = 0;
  override find(...args: Parameters<ConstantTable['find']>): ReturnType<ConstantTable['find']> {
    this.lookups++;
    return super.find(...args);
  }
}

describe('hostile C#: work in proportion to the input, counted, not timed', () => {
  it.each([250, 1_000, 4_000])('a + chain of %i parts keeps its text once, not once per prefix', (parts) => {
    const source = Array.from({ length: parts }, (_, i) => `"a${i}"`).join(' + ');
    const tokens = tokenize(source);
    const tree = parseExpression(tokens, 0, tokens.length, source);
    // Each node's text is the C# it was read from: a chain whose every prefix is a node copies the text n times.
    const copied = [...nodes(tree)].reduce((sum, node) => sum + node.text.length, 0);
    expect(copied).toBeLessThanOrEqual(3 * source.length);
  });

  it.each([10, 15, 20])('a constant doubled %i times (A2 = A1 + A1) is looked up once per constant, not once per path', (times) => {
    const text = constants(times, (i) => `A${i} + A${i}`, '""');
    const table = new CountingTable();
    const { classes } = declarationsOf(tokenize(text), text, () => false);
    for (const c of classes) table.add(c);
    const value = new Evaluator(table).evaluate({ kind: 'name', path: ['K', `A${times}`], line: 1, text: `K.A${times}` }, null);
    expect(value).toEqual({ kind: 'string', value: '' });
    expect(table.lookups).toBeLessThanOrEqual(2 * times + 1);
  });
});

describe('hostile file systems and targets: a clear error or the routes, never a crash or a hang', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-import-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = join(ROOT, 'dist/cli.js');
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, 'import', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const cs = routeConfig(['routes.MapRoute("r", "a/{id}");']);

  it.each([
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cs, 'utf16le')])],
    ['UTF-16 BE', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(cs, 'utf16le').swap16()])],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(cs)])],
  ])('reads a %s file by its byte order mark', (_encoding, bytes) => {
    const file = join(dir, 'Encoded.cs');
    writeFileSync(file, bytes);
    const result = run(file);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).routes).toEqual([{ name: 'r', template: 'a/{id}' }]);
  });

  it.each([
    ['a device (/dev/zero: read forever)', () => '/dev/zero', 'cannot read /dev/zero: not a file or a folder'],
    ['a named pipe', () => {
      const fifo = join(dir, 'pipe.cs');
      spawnSync('mkfifo', [fifo]);
      return fifo;
    }, 'pipe.cs: not a file or a folder'],
  ])('refuses %s', (_what, make, message) => {
    const result = run(make());
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('    at ');
  });

  it.each([
    ['onto a folder', () => {
      mkdirSync(join(dir, 'taken.json'), { recursive: true });
      return 'taken.json';
    }, 'cannot write taken.json: EISDIR'],
    ['under a file', () => {
      writeFileSync(join(dir, 'plain.txt'), '');
      return 'plain.txt/routes.mjs';
    }, 'cannot write plain.txt/routes.mjs: E'],
    ['onto a file it reads', () => {
      writeFileSync(join(dir, 'input.json'), '{ "routes": [] }');
      return 'input.json';
    }, '-o input.json would write over input.json, which it reads'],
  ])('refuses -o %s with a clear error', (_what, make, message) => {
    writeFileSync(join(dir, 'App.cs'), cs);
    const target = make();
    const result = run('App.cs', ...(target === 'input.json' ? ['input.json'] : []), '-o', target);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('    at ');
  });

  it('reads a folder of more files than it may open at once (ulimit -n 64, 300 files)', () => {
    const folder = join(dir, 'many');
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < 300; i++) writeFileSync(join(folder, `C${i}.cs`), `public class C${i}Controller : ControllerBase { [HttpGet("c${i}")] public IActionResult A() => Ok(); }\n`);
    const result = spawnSync('sh', ['-c', `ulimit -n 64 && exec "${process.execPath}" "${cli}" import many`], { cwd: dir, encoding: 'utf8' });
    expect(result.stderr).toContain('imported 300 routes from 300 files of 300 read');
    expect(result.status).toBe(0);
  });

  it('holds lists longer than the stack takes as arguments (40,000 findings under --stack-size=200, as some 150,000 under the default stack)', () => {
    // A method calling itself 40,000 times: one finding per call (a cycle, not followed), in one list.
    writeFileSync(join(dir, 'Self.cs'), routeConfig(['routes.MapRoute("r", "a");', ...Array.from({ length: 40_000 }, () => 'RegisterRoutes(routes);')]));
    const result = spawnSync(process.execPath, ['--stack-size=200', cli, 'import', 'Self.cs', '--json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stderr) as { routes: number; findings: { message: string }[] };
    expect(report.routes).toBe(1);
    expect(report.findings.filter((f) => f.message.includes('a cycle'))).toHaveLength(40_000);
  });

  it('writes a module that stays a table when a file name holds line terminators (they are escaped in its comments)', async () => {
    const folder = join(dir, 'names');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a\nglobalThis.injected = 1;\u2028globalThis.injected = 2;\rx.cs'), cs);
    expect(run('names', '-o', 'names.mjs').status).toBe(0);
    expect(run('names', '-o', 'names.json').status).toBe(0);
    const module = (await import(pathToFileURL(join(dir, 'names.mjs')).href)) as { routes: unknown };
    expect((globalThis as { injected?: number }).injected).toBeUndefined();
    expect(module.routes).toEqual(JSON.parse(readFileSync(join(dir, 'names.json'), 'utf8')).routes);
  });
});

describe('minimal APIs: work in proportion to the input, counted, not timed', () => {
  it.each([
    ['mapped on one group variable', (n: number) => ['var g = app.MapGroup("g");', ...Array.from({ length: n }, (_, i) => `g.MapGet("/x${i}", X);`)]],
    ['each on a group variable assigned again before it', (n: number) => ['var g = app.MapGroup("g");', ...Array.from({ length: n }, (_, i) => `g = app.MapGroup("g${i}"); g.MapGet("/x", X);`)]],
  ])('%s: the tokens looked at, per endpoint, do not grow with the number of endpoints', (_shape, statements) => {
    const perEndpoint = [250, 1_000].map((n) => {
      const text = ['var app = builder.Build();', ...statements(n)].join('\n');
      let reads = 0;
      const counted = new Proxy(tokenize(text), {
        get: (target, key, receiver) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }) as Token[];
      const declarations = declarationsOf(counted, text, isMinimalApiCall);
      const files = [{ file: 'Program.cs', declarations }];
      const classes = new SourceClasses([{ file: 'Program.cs', classes: declarations.classes }]);
      const minimal = new MinimalApis([{ file: 'Program.cs', text, declarations }], classes, registrationOrder(files, classes).callSites, new Evaluator(new ConstantTable()));
      reads = 0;
      const routes = declarations.calls.map((call) => minimal.read('Program.cs', call).route).filter((r) => r !== null);
      expect(routes).toHaveLength(n);
      return reads / n;
    });
    // Reading an endpoint looks at a bounded number of tokens (its own, and the file's once), however many come before it.
    expect(perEndpoint[1]).toBeLessThan(2 * perEndpoint[0]);
  });
});

describe('minimal APIs in many methods: work in proportion to the input, counted, not timed', () => {
  it.each([250, 1_000])('%i extension methods each mapping on their parameter: each finds its method by halving, not by a pass over all', (n) => {
    const text = [
      'var app = builder.Build();',
      ...Array.from({ length: n }, (_, i) => `app.Map${i}();`),
      ...Array.from({ length: n }, (_, i) => `public static class E${i} { public static void Map${i}(this IEndpointRouteBuilder e) { e.MapGet("/x${i}", X); } }`),
    ].join('\n');
    const declarations = declarationsOf(tokenize(text), text, isMinimalApiCall);
    // Each method's body range, counted as it is read.
    let reads = 0;
    const counted = declarations.classes.map((c) => ({
      ...c,
      methods: c.methods.map((m) => new Proxy(m, { get: (target, key, receiver) => ((key === 'body' ? reads++ : 0), Reflect.get(target, key, receiver) as unknown) })),
    }));
    const countedDeclarations = { ...declarations, classes: counted };
    const classes = new SourceClasses([{ file: 'Program.cs', classes: counted }]);
    const { callSites } = registrationOrder([{ file: 'Program.cs', declarations: countedDeclarations }], classes);
    const minimal = new MinimalApis([{ file: 'Program.cs', text, declarations: countedDeclarations }], classes, callSites, new Evaluator(new ConstantTable()));
    reads = 0;
    const routes = declarations.calls.map((call) => minimal.read('Program.cs', call).route).filter((r) => r !== null);
    expect(routes).toHaveLength(n);
    expect(reads).toBeLessThanOrEqual(40 * n);
  });
});

describe('calls between methods: work in proportion to the input, counted, not timed', () => {
  it.each([250, 1_000])('a class of %i methods, each registering and calling the next: each call looks at the methods of its name, not at all of them', (n) => {
    const text = `static class RouteConfig {\n${Array.from({ length: n }, (_, i) => `static void M${i}(RouteCollection routes) { routes.MapRoute("r${i}", "a${i}");${i + 1 < n ? ` M${i + 1}(routes);` : ''} }`).join('\n')}\n}`;
    const declarations = declarationsOf(tokenize(text), text, (name) => name === 'MapRoute');
    // Each method's name, counted as it is read.
    let reads = 0;
    const counted = declarations.classes.map((c) => ({
      ...c,
      methods: c.methods.map((m) => new Proxy(m, { get: (target, key, receiver) => ((key === 'name' ? reads++ : 0), Reflect.get(target, key, receiver) as unknown) })),
    }));
    const files = [{ file: 'App.cs', declarations: { ...declarations, classes: counted } }];
    const classes = new SourceClasses([{ file: 'App.cs', classes: counted }]);
    const { sequences } = registrationOrder(files, classes);
    expect(sequences.flatMap((s) => s.calls)).toHaveLength(n);
    expect(reads).toBeLessThanOrEqual(20 * n);
  });
});

describe('many files: work in proportion to their number, counted, not timed', () => {
  it.each([100, 400])('reads each of %i files\' names a bounded number of times (the routes of each file counted in one pass)', (count) => {
    let reads = 0;
    const sources = Array.from({ length: count }, (_, i) => {
      const text = `public class C${i}Controller : ControllerBase { [HttpGet("c${i}")] public IActionResult A() => Ok(); }`;
      return {
        text,
        get file() {
          reads++;
          return `C${i}.cs`;
        },
      };
    });
    const result = importSources(sources);
    expect(result.files.every((f) => f.routes === 1)).toBe(true);
    expect(reads).toBeLessThanOrEqual(20 * count);
  });
});

// The switchyard commands: routes, match, explain, url, lint, build, inspect, import. Each gets its parsed arguments and an output
// sink, writes text (or JSON with --json) and returns its exit status: 0 done, 1 a negative answer (no
// match, no URL; lint: an error, or more warnings than --max-warnings), 2 a usage or input error (thrown as CliError, handled in main.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, relative, resolve, sep } from 'node:path';
import { problem, Route, routeInspector, writeProblem } from '../http.js';
import { compileToModule, moduleDeclarations } from '../build.js';
import type { CompiledRouter, RouteValues } from '../index.js';
import { describe, diagnostics, didYouMean, explain, explainGenerate, summarizeDiagnostics, type Diagnostic, type MissReason, type RouteExplanation } from '../introspect.js';
import { CliError, compileRoutes, loadRouteFile, problemSubject, RouteFileError, withRouteErrors, type RouteFile, type RouteProblem } from './load-routes.js';
import type { Style } from './style.js';
import { runImport } from './import/import-command.js';
import { watchFile } from './watch-file.js';

/** Parsed command-line arguments: positionals, flags (--json) and repeated options (--name N). */
export interface Args {
  readonly positionals: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly options: ReadonlyMap<string, string[]>;
}

/** Where a command writes. */
export interface Output {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly style: Style;
}

/** One option of a command, as its help shows it: --name, its value if it takes one, what it does. */
interface Option {
  readonly name: string;
  /** What the value looks like ("error|warning|info"); absent for a flag. */
  readonly value?: string;
  readonly text: string;
}

interface Command {
  readonly usage: string;
  readonly summary: string;
  readonly help: string;
  /** Every option the command accepts (--help aside): the parser and the help both read this list. */
  readonly options: readonly Option[];
  run(args: Args, output: Output): Promise<number>;
}

/** The options of a command that take a value, and its flags, for the parser. */
export function acceptedOptions(command: Command): { valueOptions: string[]; flags: string[] } {
  return { valueOptions: command.options.filter((o) => o.value !== undefined).map((o) => o.name), flags: command.options.filter((o) => o.value === undefined).map((o) => o.name) };
}

/** The options of the bare command (switchyard --help, switchyard --version), with their short spellings. */
export const GLOBAL_OPTIONS = [
  { names: ['--help', '-h', 'help'], text: "this overview; switchyard <command> --help shows a command's arguments and options" },
  { names: ['--version', '-v', 'version'], text: "the package's version" },
] as const;

const JSON_OPTION: Option = { name: 'json', text: 'machine-readable output (JSON)' };
const CASE_SENSITIVE_OPTION: Option = { name: 'case-sensitive', text: 'literals compare with their case ("/Users" is not "/users"; by default they compare ignoring case)' };
const EXPORT_OPTION: Option = { name: 'export', value: 'NAME', text: 'the export of the route module that holds the table, when it exports several' };
const BASE_OPTION: Option = { name: 'base', value: '/path', text: 'where the table is mounted (app.use("/acme", ...)): paths start with it, links get it' };

const FILE_HELP = `<file> is a JSON file (an array of routes, or { "routes": [...] }) or a route module: an ES module
(.js, .mjs, .cjs), or TypeScript (.ts, .mts, .cts) on a Node that strips types (22.18 or later). A module's table
is its \`routes\` or default export, else the one export that holds a route list, a RouteBuilder or a
RouteCollection (--export NAME chooses). A route is an object: { "name", "template", "defaults",
"constraints", "methods" }; in a JSON file, also one "method" for "methods", or a template string alone. A
module's routes are read as compile() and the adapters take them.`;

/** The --export of a command line, if given. */
const exportOf = (args: Args): string | undefined => args.options.get('export')?.at(-1);

async function load(args: Args, count: number, usage: string): Promise<{ file: string; table: RouteFile; router: CompiledRouter; rest: readonly string[] }> {
  if (args.positionals.length < count) throw new CliError(`missing arguments\nusage: ${usage}`);
  const [file, ...rest] = args.positionals;
  const table = await loadRouteFile(file, { exportName: exportOf(args) });
  return { file, table, router: compileRoutes(file, table, args.flags.has('case-sensitive')), rest };
}

/**
 * --base: the path a table is mounted at, as a request has it ("/acme", "/t/acme"): its segments, or null when not
 * given. A template is refused: a mount parameter's value is the request's, and --base is that request's text.
 */
function baseOf(args: Args): string[] | null {
  const base = args.options.get('base')?.at(-1);
  if (base === undefined) return null;
  const segments = base.split('/').filter((s) => s !== '');
  if (segments.some((s) => /[{}]|^[:*]/.test(s))) throw new CliError(`--base takes the path the table is mounted at, as a request has it (/acme), not a template: ${JSON.stringify(base)}`);
  return segments;
}

/** The part of `path` below the mount `base` ("/" at least), or null when the path is not under it. */
function belowBase(path: string, base: readonly string[], caseSensitive: boolean): string | null {
  const segments = path.split('/').slice(1);
  const same = (a: string, b: string): boolean => (caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase());
  if (segments.length < base.length || base.some((s, i) => !same(s, segments[i]))) return null;
  return `/${segments.slice(base.length).join('/')}`;
}

/** "/acme" */
const baseText = (base: readonly string[]): string => `/${base.join('/')}`;

/** The METHOD and path of match and explain: a lone path is a GET, and a note on stderr says so. */
function requestOf(rest: readonly string[], command: string, usage: string, err: (line: string) => void): [method: string, path: string] {
  if (rest.length === 1 && rest[0].startsWith('/')) {
    err(`switchyard ${command}: no METHOD given, so GET ${rest[0]}`);
    return ['GET', rest[0]];
  }
  if (rest.length < 2) throw new CliError(`missing arguments: a METHOD and a path\nusage: ${usage}`);
  return [rest[0], rest[1]];
}

/** "1 route", "2 routes", "0 errors". */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

const json = (value: unknown): string =>
  JSON.stringify(value, (key, v) => (key === 'parsedTemplate' || key === 'handler' ? undefined : typeof v === 'bigint' ? String(v) : v), 2);

/** "#2 todo \"api/todo/{id}\"" */
const routeName = (route: { index: number; name: string | null; template: string }, style: Style): string =>
  `${style.bold(`#${route.index}`)}${route.name ? ` ${route.name}` : ''} ${JSON.stringify(route.template)}`;

/**
 * key=value pairs as route values; a key given twice is refused, never overwritten unseen: `--ambient a=1 b=2` gives
 * b=2 for the link, not as an ambient value, and would overwrite a b given before it.
 */
function parseValues(pairs: readonly string[], ambient = false): RouteValues {
  const values: RouteValues = {};
  const given = new Map<string, string>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`expected key=value, got ${JSON.stringify(pair)}`);
    const key = pair.slice(0, eq);
    const before = given.get(key);
    if (before !== undefined) {
      const hint = ambient ? '' : '; --ambient takes one key=value (repeat --ambient for each ambient value)';
      throw new CliError(`${ambient ? '--ambient ' : ''}${JSON.stringify(key)} is given twice (${before} and ${pair}): give each value once${hint}`);
    }
    given.set(key, pair);
    values[key] = pair.slice(eq + 1);
  }
  return values;
}

export const commands: Record<string, Command> = {
  routes: {
    usage: 'switchyard routes <file> [--table] [--json]',
    summary: 'print the route table as a tree (or a table)',
    help: `Prints the routes as a tree of template segments, each route where it ends with its index, name,
methods and constraints; --table prints one line per route in collection order (the order that decides
which route wins); --json prints the routes as JSON.`,
    options: [{ name: 'table', text: 'one line per route, in collection order' }, { name: 'json', text: 'the routes as JSON' }, EXPORT_OPTION],
    async run(args, { out }) {
      const { router } = await load(args, 1, this.usage);
      if (args.flags.has('json')) out(json(router.routes));
      else out(describe(router, args.flags.has('table') ? 'table' : 'tree'));
      return 0;
    },
  },

  match: {
    usage: 'switchyard match <file> [METHOD] <path> [--base /path] [--case-sensitive] [--json]',
    summary: 'the route that wins a request, and its values',
    help: `Prints the first route, in collection order, that accepts the request, with its route values.
Without a METHOD the request is a GET (a note on stderr says so). --base: the table is mounted there, and the
route is matched against the path below it. Exit status 1 when no route matches (then try: switchyard explain).`,
    options: [BASE_OPTION, CASE_SENSITIVE_OPTION, JSON_OPTION, EXPORT_OPTION],
    async run(args, { out, err, style }) {
      const base = baseOf(args);
      const { table, router, rest } = await load(args, 2, this.usage);
      const [method, path] = requestOf(rest, 'match', this.usage, err);
      const below = base === null ? path : belowBase(path, base, args.flags.has('case-sensitive') || table.caseSensitive);
      const found = below === null ? null : router.match(below, method);
      if (args.flags.has('json')) out(json(found));
      else if (found === null) out(`${style.red('no match')} for ${method.toUpperCase()} ${path}${below === null ? `: the path is not under --base ${baseText(base!)}` : ''}`);
      else out(`${style.green('matched')} ${routeName(found.route, style)}\n${json(found.values)}`);
      return found === null ? 1 : 0;
    },
  },

  explain: {
    usage: 'switchyard explain <file> [METHOD] <path> [--all] [--base /path] [--case-sensitive] [--json]',
    summary: 'why a request goes where it goes: the winner, the routes that came closest',
    help: `Prints the winner (✓), then the routes that came closest (✗, with the first reason each did not take
the request: which segment failed which template segment, which constraint rejected which value, the verb
limit), and the rest summarised by reason with counts. --all prints every route in collection order instead,
with "not tried" (·) for the routes after the winner. Without a winner, the route that came closest is named,
with why it did not take the request; when no route got past the first segment and the path without its first
segments would match, the mount that suggests. --base: the table is mounted there, and the path below it is explained. Without a METHOD the
request is a GET (a note on stderr says so). Exit status 0 either way.`,
    options: [{ name: 'all', text: 'every route in collection order' }, BASE_OPTION, CASE_SENSITIVE_OPTION, JSON_OPTION, EXPORT_OPTION],
    async run(args, { out, err, style }) {
      const base = baseOf(args);
      const { table, router, rest } = await load(args, 2, this.usage);
      const [method, path] = requestOf(rest, 'explain', this.usage, err);
      const below = base === null ? path : belowBase(path, base, args.flags.has('case-sensitive') || table.caseSensitive);
      if (below === null) {
        if (args.flags.has('json')) out(json({ base: baseText(base!), path: null, method: method.toUpperCase(), match: null, routes: [], closest: null }));
        else out(`${method.toUpperCase()} ${path} → ${style.red('no match')}: the path is not under --base ${baseText(base!)}`);
        return 0;
      }
      const explained = explain(router, below, method);
      if (args.flags.has('json')) {
        out(json(base === null ? explained : { base: baseText(base), ...explained }));
        return 0;
      }
      const head = explained.match
        ? `${style.green('matched')} ${routeName(explained.match.route, style)}`
        : `${style.red('no match')}${explained.closest ? `; closest: ${routeName(explained.closest.route, style)}` : ''}`;
      out(`${explained.method} ${path}${base === null ? '' : ` (below --base ${baseText(base)}: ${below})`} → ${head}`);
      const line = (r: RouteExplanation): void => {
        const mark = r.outcome === 'matched' ? style.green('✓') : r.outcome === 'rejected' ? style.red('✗') : style.dim('·');
        const text = r.outcome === 'rejected' || r.outcome === 'matched' ? r.message : style.dim(r.message);
        out(`  ${mark} ${routeName(r.route, style)}  ${text}`);
      };
      if (args.flags.has('all')) {
        for (const r of explained.routes) line(r);
        return 0;
      }
      const { shown, others } = focus(explained.routes, explained.closest);
      for (const r of shown) line(r);
      if (others.length > 0) out(style.dim(`  and ${count(others.length, 'other route')}: ${summarise(others)} (--all lists them)`));
      // A pipeline route whose target may decline (a router, not a handler) leaves what it declines to the next.
      if (explained.match !== null && Route.mayDecline(explained.match.route)) {
        const next = explained.routes.find((r) => r.outcome === 'not-tried' && r.reason === null);
        out(`  #${explained.match.route.index}'s target may decline the request (a router, not a handler): then ${next ? routeName(next.route, style) : 'no later route'} takes it`);
      }
      // No route got past the first segment: the path may carry a mount the table does not know of.
      if (explained.match === null && base === null && (explained.closest?.progress ?? 0) === 0) {
        const mount = mountHint(router, path, explained.method);
        if (mount !== null) out(`  ${mount}`);
      }
      // Nothing below --base, while a route whose first segments are parameters (a {tenant}) takes the whole path:
      // the table may hold its mount itself.
      if (explained.match === null && base !== null && base.length > 0) {
        const whole = router.match(path, explained.method);
        const held = whole?.route.parsedTemplate.segments.slice(0, base.length).every((s) => s.parts.length === 1 && s.parts[0].kind === 'parameter');
        if (whole != null && held === true) {
          const what = base.length === 1 ? 'its first segment is a parameter' : `its first ${base.length} segments are parameters`;
          out(`  without --base, ${explained.method} ${path} matches ${routeName(whole.route, style)}: ${what}, which takes ${baseText(base)}; if the table is not mounted at ${baseText(base)}, give no --base`);
        }
      }
      return 0;
    },
  },

  url: {
    usage: 'switchyard url <file> [--name N] [--ambient key=value]... [--base /path] key=value...',
    summary: 'generate a URL from route values',
    help: `Generates a URL from route values (key=value), by route name (--name) or from the first route, in
order, that can; --ambient gives the current request's values (a value a constraint rejects says when it came
from them). --base: the table is mounted there, and the URL starts with it. When no route can, says why for
each route and exits with status 1.`,
    options: [
      { name: 'name', value: 'N', text: 'the route named N only' },
      { name: 'ambient', value: 'key=value', text: "a value of the current request (repeat for more)" },
      BASE_OPTION,
      JSON_OPTION,
      EXPORT_OPTION,
    ],
    async run(args, { out, style }) {
      const base = baseOf(args);
      const { router, rest } = await load(args, 1, this.usage);
      const options = { routeName: args.options.get('name')?.at(-1) ?? null, ambientValues: parseValues(args.options.get('ambient') ?? [], true) };
      const values = parseValues(rest);
      const explained = explainGenerate(router, values, options);
      const mounted = (path: string | null): string | null => (path === null || base === null || base.length === 0 ? path : baseText(base) + path);
      if (args.flags.has('json')) out(json(base === null ? explained : { ...explained, path: mounted(explained.path), routes: explained.routes.map((r) => ({ ...r, path: mounted(r.path) })) }));
      else if (explained.path !== null) out(mounted(explained.path)!);
      else if (explained.nameNotFound !== null) {
        const guess = didYouMean(explained.nameNotFound, router.routes.flatMap((r) => (r.name === null ? [] : [r.name])));
        out(`${style.red('no URL')}: no route is named ${JSON.stringify(explained.nameNotFound)}${guess === null ? '' : ` (did you mean ${JSON.stringify(guess)}?)`}`);
      }
      else {
        out(`${style.red('no URL')} for ${JSON.stringify(values)}`);
        for (const r of explained.routes) out(`  ${style.red('✗')} ${routeName(r.route, style)}  ${r.message}`);
      }
      return explained.path === null ? 1 : 0;
    },
  },

  lint: {
    usage: 'switchyard lint <file> [--severity error|warning|info] [--max-warnings N] [--strict] [--case-sensitive] [--json]',
    summary: 'unreachable routes and likely mistakes (exit 1 on an error, as eslint)',
    help: `Reports routes that no request can reach (proven: an earlier route accepts every request they accept,
or their constraints can never pass) as errors, named or not, with the earlier route and a request that shows
it (a route kept only to make links by name says so with "generationOnly": true, and is not reported), and
likely mistakes as warnings (Express-style :id segments, unknown methods, a misspelt defaults or constraints
key, unanchored regex alternations...), grouped by kind, one line each, then a summary line. --severity shows
only findings at or above it. A table that does not compile (bad JSON, a bad template, "methods": "GET", a
name given twice, an unknown constraint) is reported whole: every bad route, each with where it goes wrong.
Exit status 1 when there is an error, or more warnings than --max-warnings allows (whatever is shown), for
use in CI; warnings alone exit 0.`,
    options: [
      { name: 'severity', value: 'error|warning|info', text: 'show only findings at or above it (default: info, all)' },
      { name: 'max-warnings', value: 'N', text: 'exit 1 when there are more than N warnings too (default: no limit)' },
      { name: 'strict', text: 'exit 1 on any warning too (--max-warnings 0)' },
      CASE_SENSITIVE_OPTION,
      JSON_OPTION,
      EXPORT_OPTION,
    ],
    async run(args, { out, style }) {
      const least = args.options.get('severity')?.at(-1) ?? 'info';
      if (!Object.hasOwn(RANK, least)) throw new CliError(`--severity takes error, warning or info, not ${JSON.stringify(least)}`);
      const limitText = args.options.get('max-warnings')?.at(-1) ?? (args.flags.has('strict') ? '0' : null);
      if (limitText !== null && !/^\d{1,9}$/.test(limitText)) throw new CliError(`--max-warnings takes a number of warnings (0 or more), not ${JSON.stringify(limitText)}`);
      const maxWarnings = limitText === null ? Infinity : Number(limitText);
      let loaded: Awaited<ReturnType<typeof load>>;
      try {
        loaded = await load(args, 1, this.usage);
      } catch (error) {
        if (!(error instanceof RouteFileError)) throw error;
        reportProblems(error, args.flags.has('json'), out, style);
        return 1;
      }
      const { file, router } = loaded;
      const all = diagnostics(router, { mayDecline: Route.mayDecline }); // a pipeline route whose target may decline
      const found = all.filter((d) => RANK[d.severity] >= RANK[least as Diagnostic['severity']]);
      const summary = summarizeDiagnostics(router.routes.length, all);
      const tooManyWarnings = summary.warnings > maxWarnings;
      const status = summary.errors > 0 || tooManyWarnings ? 1 : 0;
      if (args.flags.has('json')) {
        out(json(found));
        return status;
      }
      const tag = (d: Diagnostic): string =>
        d.severity === 'error' ? style.red('error  ') : d.severity === 'warning' ? style.yellow('warning') : style.dim('info   ');
      // Grouped by kind, the kinds with errors first: the same mistake across a large table reads as one block.
      const groups = new Map<string, Diagnostic[]>();
      for (const d of [...found].sort((a, b) => RANK[b.severity] - RANK[a.severity])) {
        const group = groups.get(d.code);
        if (group === undefined) groups.set(d.code, [d]);
        else group.push(d);
      }
      for (const [code, list] of groups) {
        out(style.bold(`${code} (${list.length})`));
        for (const d of list.sort((a, b) => a.route.index - b.route.index)) out(`  ${tag(d)} ${routeName(d.route, style)}  ${d.message}`);
      }
      out(`${file}: ${summary.text}${tooManyWarnings ? `: more than --max-warnings ${maxWarnings} allows` : ''}`);
      return status;
    },
  },

  build: {
    usage: 'switchyard build <file> -o <router.mjs> [--runtime <specifier>] [--case-sensitive] [--compact] [--check]',
    summary: 'write the router as an ES module that needs no eval, and its types (.d.mts)',
    help: `Writes an ES module whose default export is the router of <file>: the generated matcher as plain code,
the templates already parsed, so it starts without parsing and runs where eval and new Function are forbidden
(Cloudflare Workers, pages with a strict Content-Security-Policy). It imports switchyard-router/aot/protocol
(or --runtime), and, when <file> is an ES module, that module (for handlers, constraint objects and its
\`constraints\` export): keep it beside. Types go beside it (router.d.mts), so match() and generate() are
typed from the table. Build again when the routes change: a module out of date with its route module refuses
to load, and TypeScript checks code against the types written last. --check writes nothing and says whether
the module and its types are what this build would write (exit status 1 when not): run it before tsc or in CI.`,
    options: [
      { name: 'out', value: '<router.mjs>', text: 'the module to write (also -o); its types go beside it' },
      { name: 'runtime', value: '<specifier>', text: 'what the module imports its runtime from (default: switchyard-router/aot/protocol)' },
      CASE_SENSITIVE_OPTION,
      { name: 'compact', text: "smaller code: the module's matcher compares literal segments by a loop, not char by char (a Worker's bundle)" },
      EXPORT_OPTION,
      { name: 'check', text: 'write nothing: exit status 1 when the module or its types differ from what this build would write' },
    ],
    async run(args, { out, err }) {
      if (args.positionals.length < 1) throw new CliError(`missing arguments\nusage: ${this.usage}`);
      const target = args.options.get('out')?.at(-1);
      if (target === undefined) throw new CliError(`missing -o <router.mjs>\nusage: ${this.usage}`);
      if (!/\.m?js$/.test(target)) throw new CliError(`-o names the module to write: a .mjs or .js file, not ${JSON.stringify(target)}`);
      const [file] = args.positionals;
      const table = await loadRouteFile(file, { exportName: exportOf(args) });
      if (table.kind !== 'route list') {
        throw new CliError(`${file}: the export "${table.exportName}" is a ${table.kind}: the pipeline routes requests with it; switchyard build makes a router from a route list (export const routes = [...])`);
      }
      const runtime = args.options.get('runtime')?.at(-1) ?? 'switchyard-router/aot/protocol';
      // A route module is imported by the built module, by a path relative to where the module is written.
      let routesModule: string | null = null;
      if (table.isModule) {
        const relativePath = relative(dirname(resolve(target)), resolve(file)).split(sep).join('/');
        routesModule = relativePath.startsWith('.') ? relativePath : `./${relativePath}`;
      }
      // A built router keeps each route's handler, never its middleware: building it would skip an auth check.
      // Only hono/aot composes middleware into handlers in the route module; the other adapters compose it themselves.
      if (table.withMiddleware.length > 0) {
        throw new RouteFileError(
          file,
          table.withMiddleware.map(({ index, definition }) => ({
            code: 'invalid-route',
            route: { index, name: definition.name ?? null, template: String(definition.template) },
            message:
              "has middleware, which a built router cannot run (it keeps each route's handler only): for Hono, write the routes with defineRoutes() or group() from switchyard-router/hono/aot, which compose it into the handler (a group's middleware too); for Express, Koa or Fastify, give the routes to the adapter rather than build them (app.use(switchyard(routes)); Fastify: app.register(switchyard, { routes })), or call the middleware from the handler",
            where: [],
          })),
        );
      }
      const caseSensitive = args.flags.has('case-sensitive');
      const compact = args.flags.has('compact');
      // This command, as the module's runtime names it when it refuses a module of another format.
      const routesExport = table.isOtherExport ? table.exportName : null;
      const buildCommand = ['switchyard', 'build', file, '-o', target, ...(args.options.has('runtime') ? ['--runtime', runtime] : []), ...(caseSensitive ? ['--case-sensitive'] : []), ...(compact ? ['--compact'] : []), ...(routesExport !== null ? ['--export', routesExport] : [])].map(shellWord).join(' ');
      const build = (command: string): string => withRouteErrors(file, table, () => compileToModule(table.routes, { routesModule, routesExport, constraints: table.constraints, runtime, caseSensitive, compact, buildCommand: command }));
      const declarations = target.replace(/\.(m?)js$/, '.d.$1ts');
      if (args.flags.has('check')) {
        // TypeScript reads the types written last, and a stale module refuses only when it loads: CI asks first. The
        // command a module names (for its refusal's message) is as it was typed: another spelling of the same paths
        // is no change, nor are line endings a checkout converted.
        const written = await textOf(target);
        const command = /^ {2}buildCommand: (".*"),$/m.exec(written ?? '')?.[1];
        const expected = build(command === undefined ? buildCommand : (JSON.parse(command) as string));
        const stale: string[] = [];
        for (const [path, text, found] of [[target, expected, written], [declarations, moduleDeclarations(table.routes, runtime), await textOf(declarations)]]) {
          if (found?.replace(/\r\n/g, '\n') !== text) stale.push(path!);
        }
        if (stale.length === 0) {
          out(`${target}: up to date with ${file} (types: ${declarations})`);
          return 0;
        }
        err(`${stale.join(' and ')} ${stale.length === 1 ? 'is' : 'are'} not what switchyard build writes from ${file} now: build again: npx ${buildCommand}`);
        return 1;
      }
      const source = build(buildCommand);
      await mkdir(dirname(resolve(target)), { recursive: true });
      await writeFile(target, source);
      await writeFile(declarations, moduleDeclarations(table.routes, runtime));
      out(`${target}: ${count(table.routes.length, 'route')}, ${(source.length / 1024).toFixed(1)} kB (types: ${declarations})`);
      return 0;
    },
  },

  import: {
    usage: 'switchyard import <files or folders…> [-o routes.mjs | -o routes.json] [--keep-constraint NAME]… [--json]',
    summary: "read an ASP.NET app's routes from its C# sources into a route table",
    help: `Reads C# sources (folders searched for *.cs, in any case) and writes the route table they register:
conventional routes (MapRoute, MapControllerRoute, MapAreaControllerRoute, an AreaRegistration's
context.MapRoute, IgnoreRoute, and the app's own Map…Route methods, read as MapRoute), in registration order
within each file; and attribute routes ([Route], [HttpGet("…", Name = "…", Order = n)]…, [controller] and
[action] replaced), and minimal APIs (MapGet, MapPost…, MapMethods, Map, on the application or a MapGroup group,
WithName, WithOrder), first, in the order ASP.NET gives them: by Order, then template precedence. Values are
evaluated as ASP.NET does (strings, constants of the sources, nameof, anonymous objects, UrlParameter.Optional,
HttpMethodConstraint); a value that is not constant (a variable, a call) is reported with its file, line and
text, never guessed. -o routes.mjs writes a route module (and routes.d.mts, its types); -o routes.json the
routes with each one's source beside them; without -o, the JSON goes to standard output. The report goes to
standard error: routes per file, the order of each group, everything skipped and why, and what lint says of the
table (--json: the report as JSON). Exit status 1 when no route was imported.

An inline constraint the app registers itself ({id:even}, a name of its RouteOptions.ConstraintMap) is left
out of the template, and said; --keep-constraint even keeps it as written. The table then compiles only with
a factory for it: a route module's \`constraints\` export ({ even: () => … }) that re-exports the routes.`,
    options: [
      { name: 'out', value: '<routes.mjs|routes.json>', text: 'the file to write (also -o); a .mjs gets its types beside it (.d.mts)' },
      { name: 'keep-constraint', value: 'NAME', text: "keep the app's inline constraint NAME in the templates (repeat for more); register NAME in a route module's constraints export" },
      { name: 'json', text: 'the report as JSON (on standard error)' },
    ],
    async run(args, output) {
      return runImport(args, output, this.usage);
    },
  },

  inspect: {
    usage: 'switchyard inspect <file> [--port N] [--host H] [--watch]',
    summary: 'serve the route inspector page for a route file (until stopped)',
    help: `Serves the route inspector for <file> on http://127.0.0.1:N/_routes (--port, default 0: a free port;
--host, default 127.0.0.1): the table as a tree with the diagnostics beside their routes, a box that explains
which route takes a request and why each other does not, and a box that makes a link from a route name and
values. Prints the address, then serves until interrupted (Ctrl-C).

--watch reloads the table when the file changes (saved in place, replaced by a rename, deleted, created
again), and says so on stderr ("reloaded <file>: N routes"). A version that does not load (bad JSON, a bad
template, a deleted file) changes nothing: the last table that loaded stays, and the errors are printed, shown
on the page (reload it) and given as "error" by /_routes/api/routes until a version loads. A route module is
imported afresh each time; the modules it imports are not.`,
    options: [
      { name: 'port', value: 'N', text: 'the port to listen on (default 0: a free one)' },
      { name: 'host', value: 'H', text: 'the address to listen on (default 127.0.0.1)' },
      { name: 'watch', text: 'reload the table when the file changes; a version that does not load keeps the last table' },
      EXPORT_OPTION,
    ],
    async run(args, { out, err }) {
      const { file, router } = await load(args, 1, this.usage);
      const portText = args.options.get('port')?.at(-1) ?? '0';
      if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new CliError(`--port takes a port number (0-65535), not ${JSON.stringify(portText)}`);
      const host = args.options.get('host')?.at(-1) ?? '127.0.0.1';
      const title = `Routes of ${file}`;
      // A reload swaps in a whole new inspector over a whole new router, so a request sees one table from start
      // to end. A new compile() rather than router.replace(): a route module's `constraints` may have changed too.
      let shown = router;
      let inspector = routeInspector(router, { title });
      const reload = async (): Promise<void> => {
        try {
          shown = compileRoutes(file, await loadRouteFile(file, { fresh: true, exportName: exportOf(args) }));
          inspector = routeInspector(shown, { title });
          err(`switchyard inspect: reloaded ${file}: ${count(shown.routes.length, 'route')}`);
        } catch (error) {
          const problems = error instanceof RouteFileError ? error.problems : [];
          inspector = routeInspector(shown, { title, error: { message: (error as Error).message, problems } });
          err(`switchyard inspect: ${(error as Error).message}`);
          err(`switchyard inspect: kept the last table that loaded (${count(shown.routes.length, 'route')})`);
        }
      };
      const watching = args.flags.has('watch');
      // Watching starts before the address is printed: a change made as soon as the address is known is seen.
      const stopWatching = watching ? watchFile(file, reload, (error) => err(`switchyard inspect: watching ${file}: ${error.message}`)) : () => {};
      const server = createServer((req, res) => {
        if (req.url === '/' || req.url === '') {
          res.writeHead(302, { location: '/_routes/' }).end();
          return;
        }
        inspector(req, res, () => writeProblem(res, problem(404, `No resource matches ${req.url}; the inspector is at /_routes/`)));
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => reject(new CliError(`cannot listen on ${host}:${portText}: ${error.code ?? error.message}`)));
        server.listen(Number(portText), host, resolve);
      }).catch((error: unknown) => {
        stopWatching();
        throw error;
      });
      const { port } = server.address() as { port: number };
      out(`route inspector for ${file} (${count(router.routes.length, 'route')}) on http://${host.includes(':') ? `[${host}]` : host}:${port}/_routes/${watching ? `, reloaded when ${file} changes` : ''}`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          stopWatching();
          server.close(() => resolve());
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      return 0;
    },
  },
};

/** Severities, least to most. */
const RANK: Record<Diagnostic['severity'], number> = { info: 0, warning: 1, error: 2 };

/** How many routes an explanation shows besides the winner: the ones that came closest. */
const CLOSEST_SHOWN = 3;

/**
 * The routes worth reading in an explanation: the winner; every route that failed only on its verb limit or
 * a constraint (its template accepted the path); and, up to CLOSEST_SHOWN in all, those that got furthest
 * into the path past its first segment.
 * The rest are counted by reason.
 */
function focus(routes: readonly RouteExplanation[], closest: RouteExplanation | null): { shown: RouteExplanation[]; others: RouteExplanation[] } {
  const rejected = routes.filter((r) => r.outcome === 'rejected');
  const nearly = new Set(rejected.filter((r) => r.reason?.kind === 'method' || r.reason?.kind === 'constraint'));
  if (closest !== null) nearly.add(closest); // the route the head names: always with why it missed
  // Only routes that got past the first segment: one that fails on it came nowhere near.
  const furthest = rejected.filter((r) => !nearly.has(r) && r.progress > 0).sort((a, b) => b.progress - a.progress || a.route.index - b.route.index);
  for (const r of furthest.slice(0, Math.max(0, CLOSEST_SHOWN - nearly.size))) nearly.add(r);
  const shown = routes.filter((r) => r.outcome === 'matched' || nearly.has(r));
  return { shown, others: routes.filter((r) => !shown.includes(r)) };
}

/** How many leading segments a mount hint tries dropping ("/acme", "/t/acme", "/v1/t/acme"). */
const MOUNT_DEPTH = 3;

/**
 * When a path that matches nothing would match without its first segments, the mount that suggests ("without
 * its first segment, GET /users/5 matches #0 users: if the table is mounted at /acme, explain it with --base
 * /acme"); else null.
 */
function mountHint(router: CompiledRouter, path: string, method: string): string | null {
  const segments = path.split('/').slice(1);
  for (let drop = 1; drop <= Math.min(MOUNT_DEPTH, segments.length - 1); drop++) {
    const rest = `/${segments.slice(drop).join('/')}`;
    const found = router.match(rest, method);
    if (found === null) continue;
    const base = `/${segments.slice(0, drop).join('/')}`;
    const what = drop === 1 ? 'its first segment' : `its first ${drop} segments`;
    return `without ${what}, ${method} ${rest} matches #${found.route.index}${found.route.name ? ` ${found.route.name}` : ''}: if the table is mounted at ${base}, explain it with --base ${base}`;
  }
  return null;
}

/** "segment 0 is another literal (150), not tried (4)" */
function summarise(routes: readonly RouteExplanation[]): string {
  const counts = new Map<string, number>();
  for (const r of routes) {
    const label = r.outcome === 'not-tried' ? 'not tried: an earlier route won' : r.outcome === 'generation-only' ? 'generation only' : REASON_LABELS[r.reason?.kind ?? 'not-a-path'];
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([label, n]) => `${label} (${n})`).join(', ');
}

const REASON_LABELS: Record<MissReason['kind'], string> = {
  'literal-mismatch': 'a literal segment differs',
  'complex-mismatch': 'a complex segment does not split',
  'too-many-segments': 'too many segments',
  'too-few-segments': 'too few segments',
  'empty-segment': 'an empty segment',
  method: 'the verb limit',
  constraint: 'a constraint',
  'not-a-path': 'not a path',
};

/** lint's report of a table that does not compile: every mistake, one line each (and where), then a summary. */
function reportProblems(error: RouteFileError, asJson: boolean, out: (line: string) => void, style: Style): void {
  const { file, problems } = error;
  if (asJson) {
    out(json(problems.map((p) => ({ code: p.code, severity: 'error', route: p.route, message: p.message }))));
    return;
  }
  const groups = new Map<string, RouteProblem[]>();
  for (const p of problems) {
    const group = groups.get(p.code);
    if (group === undefined) groups.set(p.code, [p]);
    else group.push(p);
  }
  for (const [code, list] of groups) {
    out(style.bold(`${code} (${list.length})`));
    for (const p of list) {
      out(`  ${style.red('error  ')} ${problemSubject(file, p)}  ${p.message}`);
      for (const line of p.where) out(`            ${line}`);
    }
  }
  out(`${file}: ${count(problems.length, 'error')}; the table does not compile, so nothing else was checked`);
}

/** "--severity error|warning|info" */
const optionLabel = (o: Option): string => `--${o.name}${o.value === undefined ? '' : ` ${o.value}`}`;

/** Aligned "  label  text" lines. */
function optionLines(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`);
}

/** The help of one command, or of the whole tool. */
export function helpText(name?: string): string {
  const command = name === undefined || !Object.hasOwn(commands, name) ? undefined : commands[name];
  if (command) {
    const rows = [...command.options.map((o) => [optionLabel(o), o.text] as const), ['--help', 'this help'] as const];
    return [`usage: ${command.usage}`, '', command.help, '', ...(name === 'import' ? [] : [FILE_HELP, '']), 'Options:', ...optionLines(rows)].join('\n');
  }
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    'switchyard — inspect a route table: print it, match and explain requests, generate URLs, find unreachable routes.',
    '',
    'usage: switchyard <command> <file> [arguments] [options]',
    '',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    ...optionLines(GLOBAL_OPTIONS.map((o) => [o.names.filter((n) => n.startsWith('-')).join(', '), o.text] as const)),
    '',
    "switchyard <command> --help shows a command's arguments and options. Colours only on a terminal (NO_COLOR turns them off).",
  ].join('\n');
}

/** A word of a command line as a POSIX shell reads it: as it is when it is plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A file's text, or null when there is none (a module never built). */
async function textOf(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

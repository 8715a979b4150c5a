// Reading a route table for the command line: a JSON file (an array of route definitions, or an object with
// a "routes" array) or a route module (JavaScript, or TypeScript where Node strips types) exporting one: a route
// list, a RouteBuilder or a RouteCollection of the node:http pipeline (routeTableExport says which export), and
// optionally `constraints`: extra inline constraint names. In a JSON file a route may be a template string, and may
// give one `method` instead of `methods` (the benchmark route sets do); a module's table is read as the app's
// compile() and adapters take it, without either, so that the command passes no table the app refuses. A file
// that cannot be read is a CliError; a table with mistakes (bad JSON, bad routes)
// is a RouteFileError listing every mistake, each with the route and where it goes wrong. Nothing here prints or exits.
import { access, readFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { protocol } from '../aot.js';
import { ConstraintRegistry, type ConstraintFactory } from '../constraints.js';
import { getRoutingServices, Route, RouteBuilder, RouteCollection, type Router } from '../http.js';
import { checkRoutes, compile, parseTemplate, RouteCreationError, TemplateParseError, type CompiledRouter, type CompileOptions, type RouteDefinition, type RouteFailure } from '../index.js';
import { didYouMean, unknownKeys } from '../introspect.js';
import { jsonSyntaxErrorOffset, lineAndColumn } from './json-syntax.js';

/** A mistake in the input (file, arguments): printed without a stack, exit status 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** One mistake in a route table. */
export interface RouteProblem {
  readonly code: 'invalid-json' | 'no-route-list' | 'invalid-route';
  /** The route it concerns (its index in the file's list), or null for the file as a whole. */
  readonly route: { readonly index: number; readonly name: string | null; readonly template: string | null } | null;
  readonly message: string;
  /** For bad JSON: where in the file. */
  readonly at?: { readonly line: number; readonly column: number };
  /** Lines that show where: the text, and a caret under the place. */
  readonly where: readonly string[];
}

/** A route table with mistakes: every one of them, in file order (lint: exit status 1; other commands: 2). */
export class RouteFileError extends CliError {
  constructor(
    readonly file: string,
    readonly problems: readonly RouteProblem[],
  ) {
    super(`${file}: ${problems.length === 1 ? 'an error' : `${problems.length} errors`} in the route table\n${problems.flatMap((p) => [`  ${problemSubject(file, p)}  ${p.message}`, ...p.where.map((l) => `    ${l}`)]).join('\n')}`);
  }
}

/** "#2 todo \"api/todo/{id\"", or the file (with the line and column of bad JSON: routes.json:4:19). */
export function problemSubject(file: string, problem: RouteProblem): string {
  const route = problem.route;
  if (route === null) return problem.at ? `${file}:${problem.at.line}:${problem.at.column}` : file;
  return `#${route.index}${route.name ? ` ${route.name}` : ''}${route.template === null ? '' : ` ${JSON.stringify(route.template)}`}`;
}

/** A route file as read: its routes, and a route module's `constraints` (extra inline constraint names). */
export interface RouteFile {
  readonly routes: RouteDefinition[];
  readonly constraints?: Readonly<Record<string, ConstraintFactory>>;
  /** A route module (it may hold handlers and constraint objects), not JSON. */
  readonly isModule: boolean;
  /** The routes of a module that carry middleware (taken out of `routes`: only an adapter runs it). */
  readonly withMiddleware: readonly { readonly index: number; readonly definition: RouteDefinition }[];
  /** The export of a route module the table came from ("routes", "default", "adminRoutes"); null for JSON. */
  readonly exportName: string | null;
  /** Whether that export is one a built module would not find by itself (it reads `routes`, else the default export). */
  readonly isOtherExport: boolean;
  /** What the export is: a route list, or the pipeline's builder or collection (routes as built: not data). */
  readonly kind: 'route list' | 'RouteBuilder' | 'RouteCollection';
  /** The table's own case rule: a builder's or collection's routing options (a route list has none). */
  readonly caseSensitive: boolean;
  /** How its links are written (lowercaseUrls…): a builder's or collection's routing options, as its UrlHelper writes them. */
  readonly urlOptions: Pick<CompileOptions, 'lowercaseUrls' | 'lowercaseQueryStrings' | 'appendTrailingSlash'>;
}

/** Route modules: JavaScript, and TypeScript where Node strips types (.ts, .mts, .cts). */
const MODULE = /^\.[cm]?[jt]s$/;
const TYPESCRIPT = /^\.[cm]?ts$/;

/** How many times a route module was imported afresh: each time gets a URL of its own. */
let reloads = 0;

/**
 * The routes of `file`, and a route module's constraint factories. `exportName` (--export): the export of a route
 * module that holds the table, when it has several. `fresh`: the file is read again even if it was imported before
 * (switchyard inspect --watch); an ES module is cached by its URL for the life of the process, so a fresh import
 * asks for the file under a new URL (`?reload=N`), and a CommonJS one is cached by its path, so that entry is
 * dropped first. The module is imported in this process, not in a child process, because a route module may hold
 * functions (constraint objects, `constraints` factories) that cannot be sent across; modules it imports are not
 * read again.
 */
export async function loadRouteFile(file: string, { fresh = false, exportName }: { fresh?: boolean; exportName?: string } = {}): Promise<RouteFile> {
  const path = resolve(file);
  try {
    await access(path);
  } catch {
    throw new CliError(`cannot read ${file}: no such file`);
  }
  const extension = extname(path);
  if (extension === '.tsx') throw new CliError(`cannot read ${file}: Node strips the types of .ts, .mts and .cts files, not .tsx (JSX): compile it to JavaScript first`);
  const isModule = MODULE.test(extension);
  if (exportName !== undefined && !isModule) throw new CliError(`--export names an export of a route module; ${file} is JSON`);
  let table: unknown;
  let constraints: Record<string, ConstraintFactory> | undefined;
  let chosen: { name: string; isOtherExport: boolean } | null = null;
  if (isModule) {
    const module = await importRouteModule(file, path, fresh);
    chosen = routeTableExport(file, module, exportName);
    table = module[chosen.name];
    if (module.constraints !== undefined) {
      const given = module.constraints as Record<string, unknown> | null;
      if (typeof given !== 'object' || given === null || Object.values(given).some((f) => typeof f !== 'function')) {
        throw new CliError(`${file}: \`constraints\` must be an object of constraint factories, e.g. { slug: () => new RegexRouteConstraint("^[a-z-]+$") }`);
      }
      constraints = given as Record<string, ConstraintFactory>;
    }
    const built = builtRoutes(table);
    if (built !== null) {
      return { routes: built.routes, constraints, isModule, withMiddleware: [], exportName: chosen.name, isOtherExport: chosen.isOtherExport, kind: built.kind, caseSensitive: built.caseSensitive, urlOptions: built.urlOptions };
    }
    if (isCompiledRouter(table)) {
      throw new CliError(`${file}: the export "${chosen.name}" is a compiled router, whose routes the command cannot read back: export the route list given to compile() (export const routes = [...])`);
    }
  } else {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      table = JSON.parse(text);
    } catch (error) {
      throw new RouteFileError(file, [jsonProblem(text, error as Error)]);
    }
  }
  const routes = protocol.routeListOf(table);
  if (routes === null) {
    throw new RouteFileError(file, [{ code: 'no-route-list', route: null, message: 'holds no route list: expected an array of routes, or an object with a "routes" array', where: [] }]);
  }
  // Every route is checked, so that one run lists every mistake; the good ones are compiled to find theirs.
  const problems: RouteProblem[] = [];
  const good: { index: number; definition: RouteDefinition }[] = [];
  const withMiddleware: { index: number; definition: RouteDefinition }[] = [];
  routes.forEach((route: unknown, index) => {
    if (typeof route === 'string' && isModule) {
      problems.push(routeProblem(index, null, `expected an object such as { template: "products/{id}" }, got the string ${JSON.stringify(route)}: compile() and the adapters take the module's routes as objects (write { template: ${JSON.stringify(route)} }); a template string alone is a JSON route file's shorthand`));
      return;
    }
    if (typeof route !== 'string' && (typeof route !== 'object' || route === null || Array.isArray(route))) {
      problems.push(routeProblem(index, null, `expected an object such as { "template": "products/{id}" }, got ${route === null ? 'null' : Array.isArray(route) ? 'an array' : JSON.stringify(route)}`));
      return;
    }
    if (typeof route === 'object') {
      const given = route as Record<string, unknown>;
      const before = problems.length;
      // A misspelt key would be ignored ("metods": the route then takes every method): refuse it, with a guess. A
      // module's routes are compile()'s to check, as the app's compile() and adapters check them.
      if (!isModule) for (const reason of unknownKeys(given, FILE_ROUTE_KEYS, 'a route')) problems.push(routeProblem(index, given, reason));
      if (!('template' in given)) problems.push(routeProblem(index, given, 'no "template"'));
      if (given.name != null && typeof given.name !== 'string') problems.push(routeProblem(index, given, `"name" must be a string, got ${kindOf(given.name)}`));
      for (const key of DATA_KEYS) {
        const path = tooDeep(given[key], key);
        if (path !== null) problems.push(routeProblem(index, given, `"${key}" nests more than ${MAX_DEPTH} levels deep, or contains itself (at ${path}): a route's data is plain data, at most ${MAX_DEPTH} levels deep`));
      }
      if (problems.length > before) return;
    }
    const { middleware, ...definition } = (isModule ? route : fileRoute(route)) as RouteDefinition & { middleware?: unknown };
    if (middleware != null && !(Array.isArray(middleware) && middleware.length === 0)) withMiddleware.push({ index, definition });
    good.push({ index, definition });
  });
  if (problems.length > 0) {
    const failures = checkRoutes(good.map((g) => g.definition), { constraints }).map((f) => ({ ...f, routeIndex: good[f.routeIndex].index }));
    const byIndex: (RouteDefinition | undefined)[] = [];
    for (const g of good) byIndex[g.index] = g.definition;
    const all = [...problems, ...failureProblems(failures, byIndex, constraints, isModule)];
    throw new RouteFileError(file, all.sort((a, b) => (a.route?.index ?? -1) - (b.route?.index ?? -1)));
  }
  const from = { exportName: chosen?.name ?? null, isOtherExport: chosen?.isOtherExport ?? false, kind: 'route list' as const, caseSensitive: false, urlOptions: {} };
  return { routes: good.map((g) => g.definition), constraints, isModule, withMiddleware, ...from };
}

/**
 * A route module, imported. A TypeScript one runs where Node strips types (22.18+, 23.6+; 22.6+ with
 * --experimental-strip-types); where it does not, or the module holds TypeScript that Node does not strip, the
 * error says what it takes.
 */
async function importRouteModule(file: string, path: string, fresh: boolean): Promise<Record<string, unknown>> {
  if (TYPESCRIPT.test(extname(path))) resolveTypeScriptSpellings();
  if (fresh) delete nodeModule.createRequire(import.meta.url).cache[path];
  try {
    return await import(pathToFileURL(path).href + (fresh ? `?reload=${++reloads}` : ''));
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && /\.[cm]?ts\b/.test(message)) {
      const [major, minor] = process.versions.node.split('.').map(Number);
      const turnedOff = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18) ? ', its type stripping turned off' : '';
      throw new CliError(
        `cannot load ${file}: this Node (${process.version}${turnedOff}) does not run TypeScript. Node 22.18 or later (23.6 or later) strips the types itself; on Node 22.6 to 22.17, run the command with NODE_OPTIONS=--experimental-strip-types; on an older Node, compile the module to JavaScript first (tsc, esbuild) and give switchyard the .js file`,
      );
    }
    const hint = code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX' ? ' (Node strips types only: an enum, a namespace or a parameter property needs NODE_OPTIONS=--experimental-transform-types, or the module compiled to JavaScript first)' : '';
    throw new CliError(`cannot load ${file}: ${message}${hint}`);
  }
}

/** Whether resolveTypeScriptSpellings' hook is in place. */
let spellingsResolved = false;

/**
 * TypeScript has a module import its sibling by the name it has once compiled ("./handlers.js" for handlers.ts, as
 * `module: nodenext` requires); Node, running the .ts file as it is, finds no handlers.js. This resolve hook tries
 * the .ts name when the .js one is missing, for imports made by a TypeScript module, as tsc and esbuild resolve
 * them. Node 22.15+ (module.registerHooks): every Node that strips types without a flag has it.
 */
function resolveTypeScriptSpellings(): void {
  if (spellingsResolved) return;
  spellingsResolved = true;
  const { registerHooks } = nodeModule as Partial<typeof nodeModule>;
  registerHooks?.({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const fromTypeScript = /\.[cm]?ts$/.test(context.parentURL?.replace(/[?#].*$/s, '') ?? '');
        if (!fromTypeScript || !/^\.\.?\/.*\.[cm]?js$/s.test(specifier) || (error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
        try {
          return nextResolve(specifier.replace(/js$/, 'ts'), context);
        } catch {
          throw error; // neither name: the error names the one the module wrote
        }
      }
    },
  });
}

/**
 * The export of a route module that holds its table: the one --export names; else `routes`, else the default
 * export, when it looks like a table (a list, { routes: [...] }, a builder, a collection); else the one export that
 * holds a table (the same table under two names counts once). None, or several: a CliError that lists them.
 */
function routeTableExport(file: string, module: Record<string, unknown>, requested: string | undefined): { name: string; isOtherExport: boolean } {
  const names = Object.keys(module);
  const tables = names.filter((n) => n !== 'constraints' && holdsRouteTable(module[n]));
  // What a module built from this one reads by itself (load-router.ts): `routes`, else the default export.
  const isOtherExport = (name: string): boolean => name !== (module.routes !== undefined ? 'routes' : 'default');
  if (requested !== undefined) {
    if (!Object.hasOwn(module, requested)) {
      const guess = didYouMean(requested, names);
      throw new CliError(`${file} has no export named ${JSON.stringify(requested)}${guess ? ` (did you mean "${guess}"?)` : ''}; ${tables.length > 0 ? `its route tables: ${tables.join(', ')}` : `its exports: ${names.join(', ') || 'none'}`}`);
    }
    return { name: requested, isOtherExport: isOtherExport(requested) };
  }
  for (const name of ['routes', 'default']) {
    const value = module[name];
    if (value !== undefined && (protocol.routeListOf(value) !== null || builtRoutes(value) !== null)) return { name, isOtherExport: isOtherExport(name) };
  }
  const distinct = tables.filter((name, i) => tables.findIndex((n) => module[n] === module[name]) === i);
  if (distinct.length === 1) return { name: distinct[0], isOtherExport: isOtherExport(distinct[0]) };
  if (distinct.length > 1) throw new CliError(`${file} exports ${distinct.length} route tables (${distinct.join(', ')}): choose one with --export NAME`);
  const compiled = names.find((n) => isCompiledRouter(module[n]));
  if (compiled !== undefined) return { name: compiled, isOtherExport: true }; // refused with its reason by the caller
  throw new CliError(`${file} exports no route table (its exports: ${names.join(', ') || 'none'}): export an array of routes (export const routes = [...]), a RouteBuilder or a RouteCollection`);
}

/**
 * A route list (routes, each an object with a template: an empty list or a list of strings is no sign of one), {
 * routes: [...] }, a builder or a collection.
 */
function holdsRouteTable(value: unknown): boolean {
  if (builtRoutes(value) !== null) return true;
  if (isCompiledRouter(value)) return false;
  const list = protocol.routeListOf(value);
  return list !== null && list.length > 0 && list.every((r) => typeof r === 'object' && r !== null && 'template' in r);
}

/** compile()'s answer: its `routes` are compiled entries, not the definitions it was given. */
function isCompiledRouter(value: unknown): boolean {
  const router = value as Partial<CompiledRouter> | null;
  return typeof router?.match === 'function' && typeof router.generate === 'function';
}

/**
 * The routes of the pipeline's RouteBuilder or RouteCollection as the collection compiles them (each Route's
 * definition: its group's prefix, verbs and constraints applied, its app's constraint names), and the routing
 * options' case rule; null for anything else. Custom routers between the routes are not read: they are code.
 */
function builtRoutes(value: unknown): Pick<RouteFile, 'routes' | 'kind' | 'caseSensitive' | 'urlOptions'> | null {
  let routers: readonly Router[];
  let kind: RouteFile['kind'];
  let options: Pick<RouteFile, 'caseSensitive' | 'urlOptions'>;
  if (value instanceof RouteBuilder) {
    const { caseSensitive, lowercaseUrls, lowercaseQueryStrings, appendTrailingSlash } = getRoutingServices(value.serviceProvider).options;
    [routers, kind, options] = [value.routes, 'RouteBuilder', { caseSensitive: caseSensitive === true, urlOptions: { lowercaseUrls, lowercaseQueryStrings, appendTrailingSlash } }];
  } else if (value instanceof RouteCollection) {
    [routers, kind, options] = [Array.from({ length: value.count }, (_, i) => value.get(i)), 'RouteCollection', { caseSensitive: value.caseSensitive, urlOptions: value.urlOptions }];
  } else {
    return null;
  }
  return { routes: routers.flatMap((r) => (r instanceof Route ? [r.definition] : [])), kind, ...options };
}

/** The keys a route in a JSON file may have ("method": one method, as the benchmark route sets write it). */
const FILE_ROUTE_KEYS = ['name', 'template', 'defaults', 'constraints', 'methods', 'method', 'dataTokens', 'generationOnly', 'handler'];

/**
 * A route of a JSON file as a definition: a template string is its template, and one `method` is its methods. A
 * `method` beside `methods` stays, a key compile() refuses, never dropped unseen.
 */
function fileRoute(route: unknown): RouteDefinition {
  if (typeof route === 'string') return { template: route };
  const { method, ...rest } = route as RouteDefinition & { method?: unknown };
  return typeof method === 'string' && rest.methods == null ? { ...rest, methods: [method] } : (route as RouteDefinition);
}

/**
 * How deep a route's plain data (defaults, dataTokens, constraints, methods) may nest. Printing, explaining and
 * building a table walk these values recursively (JSON.stringify, the built module's literals): a value nested
 * thousands of levels deep, or one that contains itself (a route module can build that), would overflow the stack
 * in one command and pass in another; refused here, every command gives the same verdict.
 */
const MAX_DEPTH = 64;
const DATA_KEYS = ['defaults', 'dataTokens', 'constraints', 'methods', 'method'];

/**
 * Where `value` nests deeper than MAX_DEPTH ("defaults.deep.a.a…"), or null. Plain objects and arrays only
 * (constraint objects, regexes and functions are not data). A loop, not recursion, so the check itself cannot
 * overflow; an object met again no deeper than before is not walked again, so shared parts cost once per depth.
 */
function tooDeep(value: unknown, key: string): string | null {
  const deepest = new Map<object, number>();
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 1, path: key }];
  while (stack.length > 0) {
    const { value: at, depth, path } = stack.pop()!;
    if (typeof at !== 'object' || at === null) continue;
    const proto = Object.getPrototypeOf(at);
    if (!Array.isArray(at) && proto !== Object.prototype && proto !== null) continue;
    if (depth > MAX_DEPTH) return `${path}…`;
    if ((deepest.get(at) ?? 0) >= depth) continue;
    deepest.set(at, depth);
    for (const [k, v] of Object.entries(at)) {
      // Paths are shown only when too deep; shortened so a long key or a deep path stays one line.
      stack.push({ value: v, depth: depth + 1, path: depth < 4 ? `${path}${Array.isArray(at) ? `[${k}]` : `.${/^[A-Za-z_$][\w$]*$/.test(k) && k.length <= 20 ? k : '…'}`}` : path });
    }
  }
  return null;
}

/** "an object", "an array", "a number", for a value of the wrong kind. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function routeProblem(index: number, route: Record<string, unknown> | null, message: string): RouteProblem {
  const name = typeof route?.name === 'string' ? route.name : null;
  const template = typeof route?.template === 'string' ? route.template : null;
  return { code: 'invalid-route', route: { index, name, template }, message, where: [] };
}

/** Bad JSON, with its line and column, and the line with a caret under the place. */
function jsonProblem(text: string, error: Error): RouteProblem {
  const offset = jsonSyntaxErrorOffset(text) ?? Number(/at position (\d+)/.exec(error.message)?.[1] ?? text.length);
  const { line, column, lineText } = lineAndColumn(text, offset);
  // V8's words without its position (replaced by line and column) or its quote of the text's start.
  let reason = error.message.replace(/ in JSON at position \d+.*$/s, '').replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '');
  if (/^[\]}]$/.test(text[offset] ?? '') && text.slice(0, offset).trimEnd().endsWith(',')) reason += ' (JSON allows no comma after the last item)';
  // A long line (minified JSON) is shown around the place only.
  const from = Math.max(0, column - 60);
  const shown = lineText.slice(from, column + 40);
  return {
    code: 'invalid-json',
    route: null,
    at: { line, column },
    message: `not valid JSON at line ${line}, column ${column}: ${reason}`,
    where: [shown, `${' '.repeat(column - 1 - from)}^`],
  };
}

/**
 * compile() with a table's errors turned into one RouteFileError listing every bad route; a bad template or
 * an unknown constraint shows where in the template it goes wrong, with a caret. Case-sensitive when asked, or when
 * the table's own routing options say so.
 */
export function compileRoutes(file: string, table: RouteFile, caseSensitive = false): CompiledRouter {
  return withRouteErrors(file, table, () => compile(table.routes, { ...table.urlOptions, constraints: table.constraints, caseSensitive: caseSensitive || table.caseSensitive }));
}

/** Runs `build` (compile() or compileToModule()); when the routes are bad, throws a RouteFileError listing each. */
export function withRouteErrors<T>(file: string, table: RouteFile, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof TemplateParseError || error instanceof RouteCreationError || error instanceof AggregateError)) {
      throw new CliError(`${file}: ${(error as Error).message}`);
    }
    const failures = checkRoutes(table.routes, { constraints: table.constraints });
    if (failures.length === 0) throw new CliError(`${file}: ${(error as Error).message}`);
    throw new RouteFileError(file, failureProblems(failures, table.routes, table.constraints, table.isModule));
  }
}

/** The problems of routes compile() refused, each with its route, what is wrong and where. */
function failureProblems(failures: readonly RouteFailure[], routes: readonly (RouteDefinition | undefined)[], constraints: RouteFile['constraints'], isModule: boolean): RouteProblem[] {
  const registry = new ConstraintRegistry(constraints);
  return failures.map(({ routeIndex, error }) => {
    const definition = routes[routeIndex] as Partial<RouteDefinition> | undefined;
    const route = { index: routeIndex, name: typeof definition?.name === 'string' ? definition.name : null, template: typeof definition?.template === 'string' ? definition.template : null };
    if (error instanceof TemplateParseError) {
      return { code: 'invalid-route', route, message: `invalid template at position ${error.index}: ${error.reason}`, where: pointAt(error.template, error.index) };
    }
    if (!(error instanceof RouteCreationError)) return { code: 'invalid-route', route, message: error.message, where: [] };
    const unknown = unknownConstraintOf(error.template, registry);
    const constraint = unknown?.reference ?? /the (?:inline )?constraint "([^"]+)"/.exec(error.reason)?.[1];
    const at = constraint === undefined ? -1 : error.template.indexOf(`:${constraint}`);
    const where = at >= 0 ? pointAt(error.template, at + 1) : [];
    if (unknown === undefined) return { code: 'invalid-route', route, message: error.reason, where };
    // compile()'s own advice (its constraints option) means nothing on the command line: how a file does it.
    const reason = error.reason.replace(/ To use another name inline, register it: .*$/s, '');
    return { code: 'invalid-route', route, message: `${reason} ${registerHint(unknown.reference, unknown.parameter, isModule)}`, where };
  });
}

/** The first inline constraint of the template whose name the registry does not know, and its parameter. */
function unknownConstraintOf(template: string, registry: ConstraintRegistry): { reference: string; parameter: string } | undefined {
  try {
    for (const parameter of parseTemplate(template).parameters) {
      const reference = parameter.constraints.find((r) => !registry.has(r));
      if (reference !== undefined) return { reference, parameter: parameter.name };
    }
  } catch {
    // A template that does not parse has its own error.
  }
  return undefined;
}

/** How a route file of this kind adds a constraint name. */
function registerHint(reference: string, parameter: string, isModule: boolean): string {
  const name = reference.replace(/\(.*$/s, '');
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
  const factory = `export const constraints = { ${key}: () => new RegexRouteConstraint("^[a-z0-9-]+$") }`;
  if (isModule) return `A route module registers a name by exporting it beside the routes: ${factory}.`;
  return `A JSON route file cannot register a name: write a regex in the route's "constraints" instead ("constraints": { ${JSON.stringify(parameter)}: "^[a-z0-9-]+$" }), or make it a route module (routes.mjs, exporting the routes and ${factory}).`;
}

/** The template and a caret under `position`, as two lines. */
function pointAt(template: string, position: number): string[] {
  return [template, `${' '.repeat(position)}^`];
}

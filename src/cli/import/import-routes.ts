// `switchyard import`: the route table that C# sources register. Attribute routes first, in the order ASP.NET
// gives them (ASP.NET Core tries attribute routes, Order 0 by default, before conventional ones, Order 1 and
// up); then the conventional routes in registration order, from each entry point following its calls
// (registration-order.ts), entry points in the order of the files given (folders sorted by path). What could not
// be read, and what switchyard refuses to compile, is left out and said.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ConstraintRegistry, type RouteConstraint } from '../../constraints.js';
import { checkRoutes, compile, type RouteDefinition } from '../../index.js';
import { diagnostics, summarizeDiagnostics, type Diagnostic } from '../../introspect.js';
import { CliError } from '../load-routes.js';
import { ATTRIBUTE_ORDER, attributeOrder, attributeRoutes } from './attribute-routes.js';
import { conventionalRoute, isConventionalCall, isEndpointCall, libraryEndpoints } from './conventional-routes.js';
import { declarationsOf, type Call, type FileDeclarations } from './declarations.js';
import { conventionalReach, knownValueConstraints, type ControllerAction } from './conventional-reach.js';
import { applicationConstraintsLeftOut, shortText, type KeptConstraints, type Finding, type ImportedRoute } from './imported-route.js';
import { isMinimalApiCall, isMinimalApiRegistration, MinimalApis } from './minimal-apis.js';
import { registrationOrder } from './registration-order.js';
import { SourceClasses } from './source-classes.js';
import { CSharpSyntaxError, tokenize } from './tokens.js';
import { ConstantTable, Evaluator } from './values.js';

export interface SourceFile {
  /** As shown in the output: relative to where the command runs. */
  readonly file: string;
  readonly text: string;
}

/** A group of consecutive routes and the order they are in. */
export interface RouteGroup {
  readonly from: number;
  readonly to: number;
  readonly ordering: string;
}

const REGISTRY = new ConstraintRegistry();

export interface ImportResult {
  readonly routes: readonly ImportedRoute[];
  readonly groups: readonly RouteGroup[];
  readonly findings: readonly Finding[];
  /** Each file read, and how many of the routes come from it. */
  readonly files: readonly { readonly file: string; readonly routes: number }[];
  /** What `switchyard lint` says of the table. */
  readonly lint: { readonly summary: string; readonly diagnostics: readonly Diagnostic[] };
}

/** A file of ASP.NET MVC 5 (System.Web), not of ASP.NET Core. */
const isMvc5 = (text: string): boolean => /^\s*using\s+System\.Web\.(?:Mvc|Http)\s*;/m.test(text) && !/^\s*using\s+Microsoft\.AspNetCore\b/m.test(text);

export interface ImportOptions {
  /**
   * Inline constraint names of the application (its RouteOptions.ConstraintMap) kept in the templates as written
   * (--keep-constraint), rather than left out: the app registers each in its route module's `constraints` export.
   */
  readonly keepConstraints?: readonly string[];
}

/** The routes of C# source texts. */
export function importSources(sources: readonly SourceFile[], options: ImportOptions = {}): ImportResult {
  const kept = keptConstraints(options.keepConstraints ?? []);
  const findings: Finding[] = [];
  const parsed: { source: SourceFile; declarations: FileDeclarations }[] = [];
  for (const source of sources) {
    try {
      const tokens = tokenize(source.text);
      parsed.push({ source, declarations: declarationsOf(tokens, source.text, (name) => isConventionalCall(name) || isEndpointCall(name) || isMinimalApiCall(name)) });
    } catch (error) {
      if (!(error instanceof CSharpSyntaxError)) throw error;
      findings.push({ kind: 'skipped', file: source.file, line: error.line, text: '', message: `the file is not read: ${error.reason}` });
    }
  }
  const constants = new ConstantTable();
  for (const { declarations } of parsed) {
    for (const c of declarations.classes) constants.add(c);
    constants.addLocals(declarations.localConstants);
  }
  const classes = new SourceClasses(parsed.map(({ source, declarations }) => ({ file: source.file, classes: declarations.classes })));
  const evaluator = new Evaluator(constants);
  // A `Map(…)` that is not a minimal API's (a pipeline branch, a mapper, a method of the sources) is no registration.
  for (const entry of parsed) {
    const calls = entry.declarations.calls.filter((call) => {
      const registration = call.name !== 'Map' || isMinimalApiRegistration(call, evaluator, classes);
      if (typeof registration === 'string') findings.push({ kind: 'skipped', file: entry.source.file, line: call.line, text: shortText(call.text), message: `not imported: ${registration}` });
      return registration === true;
    });
    entry.declarations = { ...entry.declarations, calls };
  }
  for (const { source, declarations } of parsed) append(findings, libraryEndpoints(source.file, declarations, classes));

  const attributed: ImportedRoute[] = [];
  const actions: ControllerAction[] = [];
  let controllers = 0;
  const mvc5Files = new Set(parsed.filter(({ source }) => isMvc5(source.text)).map(({ source }) => source.file));
  for (const { source, declarations } of parsed) {
    const fromAttributes = attributeRoutes(source.file, declarations.classes, classes, evaluator, mvc5Files.has(source.file));
    append(attributed, fromAttributes.routes);
    append(findings, fromAttributes.findings);
    append(actions, fromAttributes.actions);
    controllers += fromAttributes.controllers;
  }

  const groups: { routes: ImportedRoute[]; ordering: string }[] = [];
  // Conventional routes: each call read once (its findings said once), its route placed wherever it is registered.
  // Minimal APIs are found the same way, but endpoint routing orders them with the attribute routes.
  const order = registrationOrder(
    parsed.map(({ source, declarations }) => ({ file: source.file, declarations })),
    classes,
  );
  append(findings, order.findings);
  const minimal = new MinimalApis(parsed.map(({ source, declarations }) => ({ file: source.file, text: source.text, declarations })), classes, order.callSites, evaluator);
  const endpoints: ImportedRoute[] = [];
  const read = new Map<Call, ImportedRoute | null>();
  for (const sequence of order.sequences) {
    const routes: ImportedRoute[] = [];
    for (const { file, call } of sequence.calls) {
      const isEndpoint = isMinimalApiCall(call.name);
      if (!read.has(call)) {
        const one = isEndpoint ? minimal.read(file, call) : conventionalRoute(file, call, evaluator, mvc5Files.has(file));
        read.set(call, one.route);
        append(findings, one.findings);
      }
      const route = read.get(call);
      // A copy: a method called twice registers its routes twice, each its own place in the table.
      if (route !== null && route !== undefined) (isEndpoint ? endpoints : routes).push({ ...route });
    }
    if (routes.length > 0) {
      groups.push({ routes, ordering: `conventional routes registered by ${sequence.entry}, in registration order following its calls (first match wins)${sequence.isArea ? '; area registrations first, as RegisterAllAreas() runs before the other routes are registered' : ''}` });
    }
  }

  // Attribute routes and minimal APIs first (Order 0 by default; conventional routes have 1 and up), ordered together.
  // One with an Order above 0 ranks among the conventional routes in ASP.NET, which no single list order keeps: said.
  if (groups.length > 0) {
    for (const route of [...attributed, ...endpoints]) {
      if ((route.order ?? 0) > 0) {
        findings.push({ kind: 'note', file: route.file, line: route.line, text: shortText(route.definition.template), message: `its Order ${route.order} ranks it among the conventional routes in ASP.NET (they take Orders 1, 2, …): imported before all of them` });
      }
    }
  }
  if (attributed.length + endpoints.length > 0) {
    const kinds = [attributed.length > 0 ? 'attribute routes' : null, endpoints.length > 0 ? 'minimal API endpoints' : null].filter((k) => k !== null).join(' and ');
    groups.unshift({ routes: attributeOrder([...attributed, ...endpoints]), ordering: `${kinds}, ${ATTRIBUTE_ORDER}` });
  }

  // ASP.NET's `exists` made the values the actions have; an application's own inline constraints (its
  // RouteOptions.ConstraintMap) left out of the template, and said.
  const known = controllers === 0 ? null : actions;
  for (const group of groups) group.routes = group.routes.map((route) => applicationConstraintsLeftOut(knownValueConstraints(route, known, findings), kept, findings));
  // A name kept that no template has is a mistake (misspelt, or the route is gone from the C#): said, not ignored.
  const unused = [...kept.names.keys()].filter((name) => !kept.used.has(name));
  if (unused.length > 0) throw new CliError(`--keep-constraint ${unused.join(', ')}: no template of the sources read has the inline constraint ${unused.map((n) => `"${n}"`).join(', ')}`);

  // An ASP.NET Core conventional route: one route per controller and verbs it reaches. Without a controller in the
  // sources the importer cannot tell what it reaches: imported as written, and said.
  for (const group of groups) {
    group.routes = group.routes.flatMap((route) => {
      if (route.endpointRouting !== true) return [route];
      if (known !== null) return conventionalReach(route, known, findings);
      findings.push({ kind: 'note', file: route.file, line: route.line, text: shortText(route.definition.template), message: 'no controller in the sources read: imported as written, reaching any controller and action (ASP.NET Core reaches only actions that exist and have no attribute route: give the controllers\' files to import that)' });
      return [route];
    });
  }

  // A name given twice: ASP.NET refuses the second at start-up; the route is kept, without the name.
  const named = new Map<string, ImportedRoute>();
  for (const group of groups) {
    group.routes = group.routes.map((route) => {
      const name = route.definition.name;
      if (name === undefined) return route;
      const first = named.get(name.toLowerCase());
      if (first === undefined) {
        named.set(name.toLowerCase(), route);
        return route;
      }
      findings.push({ kind: 'note', file: route.file, line: route.line, text: name, message: `the route name "${name}" is already the route's at ${first.file}:${first.line} (ASP.NET throws on a name given twice): imported without it` });
      const { name: _dropped, ...definition } = route.definition;
      return { ...route, definition };
    });
  }

  // What switchyard does not compile is left out, each with its reason; the rest is the table.
  const flat = groups.flatMap((g) => g.routes);
  // A kept name is the application's: its code is not here, so compiling and lint take it as accepting any value.
  const constraints = Object.fromEntries([...kept.names.keys()].map((name) => [name, () => APPLICATION_CONSTRAINT]));
  const failures = new Map(checkRoutes(flat.map((r) => r.definition), { constraints }).map((f) => [flat[f.routeIndex], f.error]));
  for (const group of groups) {
    group.routes = group.routes.filter((route) => {
      const error = failures.get(route);
      if (error === undefined) return true;
      findings.push({ kind: 'skipped', file: route.file, line: route.line, text: route.definition.template, message: `switchyard does not compile it: ${error.message}` });
      return false;
    });
  }
  const routes: ImportedRoute[] = [];
  const ranges: RouteGroup[] = [];
  for (const group of groups) {
    if (group.routes.length === 0) continue;
    ranges.push({ from: routes.length, to: routes.length + group.routes.length, ordering: group.ordering });
    append(routes, group.routes);
  }
  const definitions: RouteDefinition[] = routes.map((r) => r.definition);
  const router = compile(definitions, { constraints });
  const found = diagnostics(router);
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  const perFile = new Map<string, number>();
  for (const route of routes) perFile.set(route.file, (perFile.get(route.file) ?? 0) + 1);
  return {
    routes,
    groups: ranges,
    findings,
    // Counted in one pass: a folder of 50,000 files, each with a route, is not 50,000 passes over 50,000 routes.
    files: sources.map((s) => ({ file: s.file, routes: perFile.get(s.file) ?? 0 })),
    lint: { summary: summarizeDiagnostics(routes.length, found).text, diagnostics: found },
  };
}

/** What compiling the table runs for a kept constraint name: its code is the application's. */
const APPLICATION_CONSTRAINT: RouteConstraint = { match: () => true };

/** The names --keep-constraint gives (compared ignoring case, as ASP.NET compares them); a built-in name is a mistake. */
function keptConstraints(names: readonly string[]): KeptConstraints {
  for (const name of names) {
    if (!/^[A-Za-z_][\w-]*$/.test(name)) throw new CliError(`--keep-constraint ${JSON.stringify(name)}: not a constraint name (a name as a template writes it: {id:even})`);
    if (REGISTRY.has(name)) throw new CliError(`--keep-constraint ${name}: "${name}" is one of switchyard's constraints, kept in every template already`);
  }
  return { names: new Map(names.map((name) => [name, new ConstraintRegistry({ [name]: () => APPLICATION_CONSTRAINT })])), used: new Set() };
}

/** The C# files of the paths given: files as they are, folders searched for *.cs (any case), sorted by path. */
export async function readSources(paths: readonly string[], cwd: string): Promise<SourceFile[]> {
  const files: string[] = [];
  for (const path of paths) {
    const full = resolve(cwd, path);
    let info;
    try {
      info = await stat(full);
    } catch {
      throw new CliError(`cannot read ${path}: no such file or folder`);
    }
    if (info.isDirectory()) append(files, (await csFilesIn(full)).sort());
    // A pipe or a device (/dev/zero) would be read forever.
    else if (info.isFile()) files.push(full);
    else throw new CliError(`cannot read ${path}: not a file or a folder`);
  }
  if (files.length === 0) throw new CliError(`no C# files (*.cs) in ${paths.join(', ')}`);
  // Shown relative to where the command runs; a file outside that folder by its full path.
  const shown = (file: string): string => (relative(cwd, file).startsWith('..') ? file : relative(cwd, file)).split('\\').join('/');
  // One file at a time: a folder of 50,000 files would run out of file descriptors if all were opened at once.
  const sources: SourceFile[] = [];
  for (const file of new Set(files)) {
    let bytes;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new CliError(`cannot read ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    sources.push({ file: shown(file), text: decode(bytes, shown(file)) });
  }
  return sources;
}

/** A file's text: UTF-8, or UTF-16 when it starts with a UTF-16 byte order mark (Visual Studio can save either). */
function decode(bytes: Uint8Array, file: string): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

async function csFilesIn(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) append(out, await csFilesIn(full));
    else if (entry.isFile() && /\.cs$/i.test(entry.name)) out.push(full);
  }
  return out;
}

/** Adds `items` to `list` one by one: `list.push(...items)` passes them as arguments, past the stack at 100,000 or so. */
function append<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}

// Reading a route table for the command line: a JSON file (an array of route definitions, or an object with
// a "routes" array) or an ES module exporting one (default export or `routes`, and optionally `constraints`:
// extra inline constraint names). A route may give one `method` instead of `methods` (the benchmark route sets do). Every failure is a CliError with a message
// that names the file and what is wrong; nothing here prints or exits.
import { access, readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { normalizeRoute, routeListOf } from '../aot.js';
import { compile, didYouMean, RouteCreationError, TemplateParseError, type CompiledRouter, type ConstraintFactory, type RouteDefinition } from '../index.js';

/** A mistake in the input (file, JSON, template, arguments): printed without a stack, exit status 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A route file as read: its routes, and a route module's `constraints` (extra inline constraint names). */
export interface RouteTable {
  readonly routes: RouteDefinition[];
  readonly constraints?: Readonly<Record<string, ConstraintFactory>>;
  /** An ES module (it may hold handlers and constraint objects), not JSON. */
  readonly isModule: boolean;
}

/** The routes of `file`, and a route module's constraint factories. */
export async function loadRouteTable(file: string): Promise<RouteTable> {
  const path = resolve(file);
  try {
    await access(path);
  } catch {
    throw new CliError(`cannot read ${file}: no such file`);
  }
  let table: unknown;
  let constraints: Record<string, ConstraintFactory> | undefined;
  const isModule = /^\.[cm]?js$/.test(extname(path));
  if (isModule) {
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(path).href);
    } catch (error) {
      throw new CliError(`cannot load ${file}: ${(error as Error).message}`);
    }
    table = module.routes ?? module.default;
    if (table === undefined) throw new CliError(`${file} exports no routes (export default [...] or export const routes = [...])`);
    if (module.constraints !== undefined) {
      const given = module.constraints as Record<string, unknown> | null;
      if (typeof given !== 'object' || given === null || Object.values(given).some((f) => typeof f !== 'function')) {
        throw new CliError(`${file}: \`constraints\` must be an object of constraint factories, e.g. { slug: () => new RegexRouteConstraint("^[a-z-]+$") }`);
      }
      constraints = given as Record<string, ConstraintFactory>;
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
      throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const routes = routeListOf(table);
  if (routes === null) throw new CliError(`${file} holds no route list: expected an array of routes, or an object with a "routes" array`);
  const definitions = routes.map((route: unknown, i) => {
    if (typeof route !== 'string' && (typeof route !== 'object' || route === null || Array.isArray(route))) {
      throw new CliError(`${file}, route ${i}: expected an object such as { "template": "products/{id}" }`);
    }
    if (typeof route === 'object') {
      // A misspelt key would be ignored ("metods": the route then takes every method): refuse it, with a guess.
      for (const key of Object.keys(route)) {
        if (ROUTE_KEYS.includes(key)) continue;
        const guess = didYouMean(key, ROUTE_KEYS);
        throw new CliError(`${file}, route ${i}: unknown key ${JSON.stringify(key)}${guess ? ` (did you mean "${guess}"?)` : ''}; a route has ${ROUTE_KEYS.map((k) => `"${k}"`).join(', ')}`);
      }
      if (!('template' in route)) throw new CliError(`${file}, route ${i}: no "template"`);
    }
    return normalizeRoute(route);
  });
  return { routes: definitions, constraints, isModule };
}

/** The keys a route in a file may have ("method": one method, as the benchmark route sets write it). */
const ROUTE_KEYS = ['name', 'template', 'defaults', 'constraints', 'methods', 'method', 'dataTokens', 'generationOnly', 'handler'];

/**
 * compile() with errors turned into CliErrors that name the route by its index; a bad template or an unknown
 * constraint shows where in the template it goes wrong, with a caret.
 */
export function compileRoutes(file: string, routes: readonly RouteDefinition[], constraints?: Readonly<Record<string, ConstraintFactory>>): CompiledRouter {
  return withRouteErrors(file, routes, () => compile(routes, { constraints }));
}

/** Runs `build` (compile() or compileToModule()) with its template and route errors turned into CliErrors. */
export function withRouteErrors<T>(file: string, routes: readonly RouteDefinition[], build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof TemplateParseError) {
      const index = routes.findIndex((r) => r.template === error.template);
      throw new CliError(`${file}, route ${index}: invalid template ${JSON.stringify(error.template)} at position ${error.index}: ${error.reason}${pointAt(error.template, error.index)}`);
    }
    if (error instanceof RouteCreationError) {
      const index = routes.findIndex((r) => r.template === error.template && (r.name ?? null) === error.routeName);
      const constraint = /the (?:inline )?constraint "([^"]+)"/.exec(error.message)?.[1];
      const at = constraint === undefined ? -1 : error.template.indexOf(`:${constraint}`);
      const where = at >= 0 ? `${pointAt(error.template, at + 1)}` : '';
      throw new CliError(`${file}, route ${index}: ${error.reason}${where}`);
    }
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
}

/** The template and a caret under `position`, on lines of their own. */
function pointAt(template: string, position: number): string {
  return `\n  ${template}\n  ${' '.repeat(position)}^`;
}

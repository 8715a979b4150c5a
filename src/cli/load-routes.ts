// Reading a route table for the command line: a JSON file (an array of route definitions, or an object with
// a "routes" array) or an ES module exporting one (default export or `routes`). A route may give one
// `method` instead of `methods` (the benchmark route sets do). Every failure is a CliError with a message
// that names the file and what is wrong; nothing here prints or exits.
import { access, readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, didYouMean, RouteCreationError, TemplateParseError, type CompiledRouter, type RouteDefinition } from '../index.js';

/** A mistake in the input (file, JSON, template, arguments): printed without a stack, exit status 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** The route definitions in `file`. */
export async function loadRoutes(file: string): Promise<RouteDefinition[]> {
  const path = resolve(file);
  try {
    await access(path);
  } catch {
    throw new CliError(`cannot read ${file}: no such file`);
  }
  let table: unknown;
  if (/^\.[cm]?js$/.test(extname(path))) {
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(path).href);
    } catch (error) {
      throw new CliError(`cannot load ${file}: ${(error as Error).message}`);
    }
    table = module.routes ?? module.default;
    if (table === undefined) throw new CliError(`${file} exports no routes (export default [...] or export const routes = [...])`);
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
  const routes = Array.isArray(table) ? table : (table as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) throw new CliError(`${file} holds no route list: expected an array of routes, or an object with a "routes" array`);
  return routes.map((route: unknown, i) => {
    if (typeof route === 'string') return { template: route };
    if (typeof route !== 'object' || route === null || Array.isArray(route)) throw new CliError(`${file}, route ${i}: expected an object such as { "template": "products/{id}" }`);
    // A misspelt key would be ignored ("metods": the route then takes every method): refuse it, with a guess.
    for (const key of Object.keys(route)) {
      if (ROUTE_KEYS.includes(key)) continue;
      const guess = didYouMean(key, ROUTE_KEYS);
      throw new CliError(`${file}, route ${i}: unknown key ${JSON.stringify(key)}${guess ? ` (did you mean "${guess}"?)` : ''}; a route has ${ROUTE_KEYS.map((k) => `"${k}"`).join(', ')}`);
    }
    if (!('template' in route)) throw new CliError(`${file}, route ${i}: no "template"`);
    const { method, ...rest } = route as RouteDefinition & { method?: unknown };
    return typeof method === 'string' && rest.methods == null ? { ...rest, methods: [method] } : rest;
  });
}

/** The keys a route in a file may have ("method": one method, as the benchmark route sets write it). */
const ROUTE_KEYS = ['name', 'template', 'defaults', 'constraints', 'methods', 'method', 'dataTokens', 'generationOnly', 'handler'];

/**
 * compile() with errors turned into CliErrors that name the route by its index; a bad template or an unknown
 * constraint shows where in the template it goes wrong, with a caret.
 */
export function compileRoutes(file: string, routes: readonly RouteDefinition[]): CompiledRouter {
  try {
    return compile(routes);
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

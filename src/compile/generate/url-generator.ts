// URL generation over a whole table: by route name, or by trying each route in collection order. Each route's
// generator (route-generator.ts) is made on its first use, so a table that only matches pays nothing for them.
import type { RouteValues } from '../../route-values.js';
import type { CompiledRoute, RouteEntry } from '../route-entry.js';
import { duplicateName, RouteNames } from '../route-names.js';
import type { GenerationRequest } from './binder.js';
import { createDirectGenerator } from './plain-route.js';
import { createRouteGenerator, type RouteGenerator } from './route-generator.js';
import { ValueBag } from './value-bag.js';
import { normalizeVirtualPath, type UrlOptions } from './normalize-path.js';

/** Options of one generate() call. */
export interface GenerateOptions {
  /** The current request's route values, reused while the URL agrees with the current one (left to right). */
  ambientValues?: RouteValues | null;
  /** Only this route is tried; an unknown name gives null. */
  routeName?: string | null;
  httpContext?: unknown;
}

/** A generated URL: path (and query) starting with "/", the route that made it, and its data tokens. */
export interface GeneratedPath {
  readonly path: string;
  readonly route: CompiledRoute;
  readonly dataTokens: Readonly<Record<string, unknown>>;
}

/** The table's URL generation, and the pieces explainGenerate() runs again. */
export interface UrlGenerator {
  generate(values: RouteValues, options: GenerateOptions): GeneratedPath | null;
  /** The values, ambient values and context of one call, as every route's generator reads them. */
  requestOf(values: RouteValues, options: GenerateOptions): GenerationRequest;
  /** The route with this name (exact case first, then ignoring case), if any. */
  routeNamed(name: string): RouteEntry | undefined;
  /** One route's normalized URL for a request, or null. */
  generateWith(entry: RouteEntry, request: GenerationRequest): string | null;
}

/** The values, ambient values and context of one generate() call, as every route's generator reads them. */
export function generationRequestOf(values: RouteValues, generateOptions: GenerateOptions): GenerationRequest {
  const ambient = generateOptions.ambientValues ? new ValueBag(generateOptions.ambientValues) : null;
  return {
    values: new ValueBag(values ?? {}),
    ambient: ambient !== null && ambient.keys.length > 0 ? ambient : null, // empty: nothing to reuse
    httpContext: generateOptions.httpContext,
  };
}

/** Indexes the names (a duplicate name, ignoring case, is a RouteCreationError) and returns the generator. */
export function createUrlGenerator(entries: readonly RouteEntry[], options: UrlOptions): UrlGenerator {
  const byName = new RouteNames<RouteEntry>();
  // Names as written, so the usual by-name call needs no lower-casing.
  const byExactName = new Map<string, RouteEntry>();
  for (const entry of entries) {
    const name = entry.route.name;
    if (name === null) continue;
    if (byName.has(name)) throw duplicateName(name, entry.route.template);
    byName.set(name, entry);
    byExactName.set(name, entry);
  }
  const generators: (RouteGenerator | undefined)[] = new Array(entries.length);
  const generatorOf = (i: number): RouteGenerator => (generators[i] ??= createRouteGenerator(entries[i]));
  // The by-name shortcut for values that are exactly a plain route's parameters (null: the route has none).
  const directs: (((values: RouteValues) => string | undefined) | null | undefined)[] = new Array(entries.length);
  const directOf = (i: number) => (directs[i] === undefined ? (directs[i] = createDirectGenerator(entries[i])) : directs[i]);

  const normalize = (path: string): string => normalizeVirtualPath(path, options);
  const routeNamed = (name: string) => byExactName.get(name) ?? byName.get(name);
  const requestOf = generationRequestOf;
  const generateWith = (entry: RouteEntry, request: GenerationRequest): string | null => {
    const path = generatorOf(entry.route.index)(request);
    return path === null ? null : normalize(path);
  };
  const found = (entry: RouteEntry, path: string | null): GeneratedPath | null =>
    path === null ? null : { path, route: entry.route, dataTokens: entry.route.dataTokens };

  return {
    requestOf,
    routeNamed,
    generateWith,
    generate(values, generateOptions) {
      const routeName = generateOptions.routeName;
      const named = routeName !== undefined && routeName !== null && routeName !== '';
      if (named && !generateOptions.ambientValues && values) {
        const entry = byExactName.get(routeName);
        const direct = entry === undefined ? null : directOf(entry.route.index);
        const path = direct ? direct(values) : undefined;
        if (path !== undefined) return found(entry!, normalize(path));
      }
      const request = requestOf(values, generateOptions);
      if (named) {
        const entry = routeNamed(routeName);
        return entry === undefined ? null : found(entry, generateWith(entry, request));
      }
      for (const entry of entries) {
        const path = generateWith(entry, request);
        if (path !== null) return found(entry, path);
      }
      return null;
    },
  };
}

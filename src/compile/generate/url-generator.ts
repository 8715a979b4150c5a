// URL generation over a whole table: by route name, or by trying each route in collection order. Each route's
// generator (route-generator.ts) is made on its first use, so a table that only matches pays nothing for them.
import type { RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import type { CompiledRoute } from '../compiled-route.js';
import { nameKey } from '../../name-key.js';
import type { GenerationRequest } from './binder.js';
import type { createDirectGenerator } from './plain-route.js';
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

/** A table's generate(): by route name, or by trying each route in order. */
export type UrlGenerator = (values: RouteValues, options?: GenerateOptions) => GeneratedPath | null;

/** What explainGenerate() runs again of a table's URL generation (routeNamed, generateWith): its routes and options. */
export interface Generation {
  readonly routes: GenerationRoutes<RouteEntry>;
  readonly options: UrlOptions;
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

/** What a route keeps for URL generation, made on its first use (a null direct generator: the route has none). */
export interface RouteGeneration {
  generator?: RouteGenerator;
  direct?: ((values: RouteValues) => string | undefined) | null;
}

/**
 * The routes URL generation reads: a compiled table's fixed list (below), or a live table's changing one
 * (live/live-url-generator.ts). R is how the list holds a route: the route as created (what its generators read),
 * or more.
 */
export interface GenerationRoutes<R extends RouteEntry> {
  /** The route with this name, in any case. */
  named(name: string): R | undefined;
  /** Every route, in order. */
  inOrder(): Iterable<R>;
  /** The route at an index of the list. */
  at(index: number): R;
  /** The route with its current index: what an answer names. */
  answerOf(route: R): RouteEntry;
  /** What generation keeps of the route, made on its first use: kept while the list holds the route (as it moves). */
  generationOf(route: R): RouteGeneration;
}

/**
 * A compiled table's routes, indexed by name. Their names are unique ignoring case: compile() refuses a name taken
 * twice when it makes the entries, a built module when it was built (its digests cover each route's name).
 */
export function fixedRoutes(entries: readonly RouteEntry[]): GenerationRoutes<RouteEntry> {
  // Each name as written (the usual by-name call needs no lower-casing) and its nameKey, for a name in any case:
  // one Map holds both, as they never disagree (no two routes have a name with the same key).
  const byName = new Map<string, RouteEntry>();
  const generations: (RouteGeneration | null)[] = entries.map(() => null); // packed: one per route
  for (const entry of entries) {
    const name = entry.route.name;
    if (name === null) continue;
    byName.set(nameKey(name), entry).set(name, entry);
  }
  return {
    named: (name) => byName.get(name) ?? byName.get(nameKey(name)),
    inOrder: () => entries,
    at: (index) => entries[index],
    answerOf: (entry) => entry,
    // By the route's place (a compiled table's order is its index): a field read, where a map keyed by the route
    // cost a by-name generate() a fifth of its time.
    generationOf: (entry) => (generations[entry.order] ??= {}),
  };
}

/** A route's normalized URL for a request, or null; its generator is made on first use and kept. */
function generateAt<R extends RouteEntry>(routes: GenerationRoutes<R>, options: UrlOptions, route: R, request: GenerationRequest): string | null {
  const path = (routes.generationOf(route).generator ??= createRouteGenerator(route))(request);
  return path === null ? null : normalizeVirtualPath(path, options);
}

// explainGenerate()'s two readings of a table's generation (apart from the generator: a built router's bundle carries neither).

/** The route with this name (exact case first, then ignoring case), as an answer names it, if any. */
export function routeNamed({ routes }: Generation, name: string): RouteEntry | undefined {
  const route = routes.named(name);
  return route === undefined ? undefined : routes.answerOf(route);
}

/** One route's normalized URL for a request, or null. */
export function generateWith({ routes, options }: Generation, entry: RouteEntry, request: GenerationRequest): string | null {
  return generateAt(routes, options, routes.at(entry.route.index), request);
}

/** What makes a plain route's by-name shortcut (plain-route.ts), made on the route's first by-name use. */
export type DirectGenerators = typeof createDirectGenerator;

/**
 * URL generation over a list of routes: by name, or each route in order; with the by-name shortcut for plain routes
 * given, or none (`null`: every link goes the binder's way, with the same result): a module built --compact leaves
 * the shortcut's code out of a Worker's bundle.
 */
export function urlGeneratorWith<R extends RouteEntry>(routes: GenerationRoutes<R>, options: UrlOptions, direct: DirectGenerators | null): UrlGenerator {
  const found = (route: R, path: string | null): GeneratedPath | null => {
    if (path === null) return null;
    const answer = routes.answerOf(route).route;
    return { path, route: answer, dataTokens: answer.dataTokens };
  };
  return (values, generateOptions = {}) => {
    const routeName = generateOptions.routeName; // none, null or '': no name
    const route = routeName ? routes.named(routeName) : undefined;
    if (routeName && route === undefined) return null;
    // The by-name shortcut, for the name as written: values that are exactly a plain route's parameters.
    if (direct !== null && route !== undefined && route.route.name === routeName && !generateOptions.ambientValues && values) {
      const generation = routes.generationOf(route);
      if (generation.direct === undefined) generation.direct = direct(route);
      const path = generation.direct ? generation.direct(values) : undefined;
      if (path !== undefined) return found(route, normalizeVirtualPath(path, options));
    }
    const request = generationRequestOf(values, generateOptions);
    if (route !== undefined) return found(route, generateAt(routes, options, route, request));
    for (const each of routes.inOrder()) {
      const path = generateAt(routes, options, each, request);
      if (path !== null) return found(each, path);
    }
    return null;
  };
}

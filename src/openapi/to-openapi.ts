// toOpenApi: an ordered route table → an OpenAPI 3.1 document. Paths, path parameters and their schemas,
// operations and operationIds come from the routes; everything else (bodies, responses, descriptions) only
// from metadata the caller gives — nothing is guessed.
import { foldFor } from '../compile/case-fold.js';
import { compile, type CompiledRouter } from '../compile/compile.js';
import { internalsOf } from '../compile/router-internals.js';
import { coversLengths } from '../compile/introspect/cover.js';
import type { RouteEntry } from '../compile/route-entry.js';
import type { CompiledRoute } from '../compile/compiled-route.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import { RouteCollection } from '../pipeline/route-collection.js';
import { Route } from '../pipeline/route.js';
import { parameterSchema, type JsonSchema } from './constraint-schema.js';
import { pathVariants, type PathVariant } from './template-paths.js';

/** Part of an OpenAPI Operation object (summary, description, tags, requestBody, responses, parameters…). */
export type OperationMetadata = Readonly<Record<string, unknown>>;

/** Options of toOpenApi(). */
export interface OpenApiOptions {
  /** The document's Info object; `title` and `version` are required. */
  info: { readonly title: string; readonly version: string; readonly [field: string]: unknown };
  /** The document's Server objects (default: none, i.e. paths are relative to where the document is served). */
  servers?: readonly Readonly<Record<string, unknown>>[];
  /**
   * Operation metadata merged into the derived operations. Keys: "METHOD target" for one method
   * ("POST api/todo") or "target" for every method of a route, the target being a route name or a
   * template as written. A route's `dataTokens.openapi` is merged first, then "target", then "METHOD
   * target"; the route name wins over the template. A key that names no route is an error.
   */
  operations?: Readonly<Record<string, OperationMetadata>>;
  /** The methods a route without a verb limit is listed under (default ["GET"]). */
  methods?: readonly string[];
  /**
   * true: a route that takes GET is listed under HEAD too, as the router middleware and the adapters serve HEAD
   * requests from it (their headAsGet option, on by default).
   */
  headFromGet?: boolean;
  /** The document's Components object (schemas, responses… that metadata refers to with $ref). */
  components?: Readonly<Record<string, unknown>>;
  /**
   * true: the routes' literals compare with their case (compile()'s caseSensitive), so "/Users" and "/users" are
   * two paths. Default: a router made by compile() says itself; anything else compares ignoring case.
   */
  caseSensitive?: boolean;
}

/** What toOpenApi() describes: a compiled router, a pipeline RouteCollection, or route definitions. */
export type OpenApiSource = CompiledRouter | RouteCollection | Iterable<RouteDefinition | CompiledRoute>;

/** An OpenAPI 3.1 document (plain JSON data). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers?: Record<string, unknown>[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
}

// The methods a Path Item has a field for; a route limited to others (PROPFIND…) has no OpenAPI 3.1 form.
const PATH_ITEM_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A route and its entry (what the cover analysis reads). */
interface Described {
  readonly route: CompiledRoute;
  readonly entry: RouteEntry;
}

/** A path in the document: its first spelling, its parameter names, and its operations by method. */
interface ListedPath {
  readonly path: string;
  readonly names: readonly string[];
  readonly item: Record<string, Record<string, unknown>>;
}

function isCompiledRoute(value: unknown): value is CompiledRoute {
  return typeof value === 'object' && value !== null && 'parsedTemplate' in value && 'constraints' in value;
}

/** The routes of any source, in collection order, with their entries. */
function routesOf(source: OpenApiSource, caseSensitive: boolean): Described[] {
  const described = (router: CompiledRouter, routes: readonly CompiledRoute[] = router.routes): Described[] => {
    const entries = internalsOf(router)!.compiled!.entries();
    return routes.map((route, i) => ({ route, entry: entries[i] }));
  };
  if (source instanceof RouteCollection) {
    // Template routes only: a custom Router has no template to describe.
    const definitions: RouteDefinition[] = [];
    for (let i = 0; i < source.count; i++) {
      const router = source.get(i);
      if (router instanceof Route) definitions.push(router.definition);
    }
    return described(compile(definitions, { strategy: 'reference', caseSensitive }));
  }
  if (typeof (source as CompiledRouter).match === 'function' && Array.isArray((source as CompiledRouter).routes)) {
    const router = source as CompiledRouter;
    if (internalsOf(router)?.compiled) return described(router);
    return rebuilt(router.routes, caseSensitive);
  }
  const items = [...(source as Iterable<RouteDefinition | CompiledRoute>)];
  if (items.every(isCompiledRoute)) return rebuilt(items, caseSensitive);
  if (items.some(isCompiledRoute)) throw new TypeError('toOpenApi: give either compiled routes or route definitions, not both');
  return described(compile(items as RouteDefinition[], { strategy: 'reference', caseSensitive }));
}

/** Compiled routes given on their own: their entries are made again from what they hold (resolved constraints). */
function rebuilt(routes: readonly CompiledRoute[], caseSensitive: boolean): Described[] {
  const definitions = routes.map((r): RouteDefinition => {
    // The template gives its inline defaults again: only the others are passed.
    const inline = new Set(r.parsedTemplate.parameters.filter((p) => p.defaultValue !== null).map((p) => p.name));
    const defaults = Object.fromEntries(Object.entries(r.defaults).filter(([key]) => !inline.has(key)));
    return { template: r.template, defaults, constraints: Object.fromEntries(r.constraints), methods: r.methods };
  });
  const router = compile(definitions, { strategy: 'reference', caseSensitive });
  const entries = internalsOf(router)!.compiled!.entries();
  return routes.map((route, i) => ({ route, entry: entries[i] }));
}

/**
 * True when `earlier` takes every request of `later`'s path `variant` (its verb limit aside): the path's own
 * length, or every length from it on for a path that ends in a catch-all.
 */
function covers(earlier: Described, later: Described, variant: PathVariant): boolean {
  const n = variant.segments.length;
  const endsInCatchAll = variant.segments[n - 1]?.kind === 'catchAll';
  return coversLengths(earlier.entry, later.entry, n, endsInCatchAll ? null : n);
}

/** Finds and merges a route's metadata for one method; records which `operations` keys were used. */
function metadataFor(route: CompiledRoute, method: string, operations: Readonly<Record<string, OperationMetadata>>, used: Set<string>) {
  const pick = (key: string | null): OperationMetadata | undefined => {
    if (key === null || !Object.hasOwn(operations, key)) return undefined;
    used.add(key);
    return operations[key];
  };
  const tokens = route.dataTokens.openapi as OperationMetadata | undefined;
  const forMethod = { ...pick(`${method} ${route.template}`), ...pick(route.name && `${method} ${route.name}`) };
  const merged: Record<string, unknown> = { ...tokens, ...pick(route.template), ...pick(route.name), ...forMethod };
  return { merged, methodOperationId: typeof forMethod.operationId === 'string' };
}

/** Builds one operation: derived path parameters, metadata, operationId, defaults of left-out parameters. */
function buildOperation(
  route: CompiledRoute,
  variant: PathVariant,
  method: string,
  primaryMethod: string,
  names: readonly string[],
  metadata: { merged: Record<string, unknown>; methodOperationId: boolean },
): Record<string, unknown> {
  const { operationId: givenId, parameters: givenParameters, ...rest } = metadata.merged;
  const parameters: Record<string, unknown>[] = variant.parameters.map((p, i) => ({
    name: names[i],
    in: 'path',
    required: true,
    schema: parameterSchema(route.constraints.get(p.name)) satisfies JsonSchema,
    ...(p.isCatchAll ? { 'x-switchyard-catch-all': true } : {}),
    // Same path as an earlier route with other parameter names: OpenAPI wants one spelling of the path.
    ...(names[i] !== p.name ? { 'x-switchyard-route-value': p.name } : {}),
  }));
  for (const extra of (givenParameters as Record<string, unknown>[] | undefined) ?? []) {
    const derived = parameters.findIndex((p) => p.in === extra.in && p.name === extra.name);
    if (derived >= 0) parameters[derived] = { ...parameters[derived], ...extra };
    else parameters.push({ ...extra });
  }

  let operationId = typeof givenId === 'string' ? givenId : route.name;
  if (operationId !== null) {
    if (method !== primaryMethod && !metadata.methodOperationId) operationId += `_${method.toLowerCase()}`;
    if (variant.omitted.length > 0) operationId += `_without_${variant.omitted.map((p) => p.name).join('_')}`;
  }
  const defaults: Record<string, unknown> = {};
  for (const p of variant.omitted) {
    const value = route.defaults[p.name];
    if (value !== null && value !== undefined) defaults[p.name] = value;
  }
  const { tags, summary, description, ...others } = rest;
  return {
    ...(tags === undefined ? {} : { tags }),
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    ...(operationId === null ? {} : { operationId }),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...others,
    ...(Object.keys(defaults).length === 0 ? {} : { 'x-switchyard-defaults': defaults }),
  };
}

/**
 * The OpenAPI 3.1 document of a route table. Each template gives one path per form a request can take
 * (trailing optional/defaulted parameters present or not); constraints give the parameter schemas; verb
 * limits the operations (routes without one: `options.methods`, default GET); route names the operationIds.
 * A later route that can never win for a path and method (an earlier one accepts all its requests) is left
 * out; one that wins only where an earlier route's constraints reject is named under the earlier operation's
 * `x-switchyard-fallbacks`, since OpenAPI allows one operation per path and method.
 */
export function toOpenApi(source: OpenApiSource, options: OpenApiOptions): OpenApiDocument {
  if (typeof options?.info?.title !== 'string' || typeof options.info.version !== 'string') {
    throw new TypeError('toOpenApi: options.info needs a title and a version (strings)');
  }
  const operations = options.operations ?? {};
  const defaultMethods = (options.methods ?? ['GET']).map((m) => m.toUpperCase());
  const used = new Set<string>();
  const earlier: Described[] = [];
  const listed = new Map<string, ListedPath>();
  const operationIds = new Map<string, string>();

  /** The methods a route is served under: its verb limit, plus HEAD where GET is with headFromGet. */
  const servedMethods = (methods: readonly string[]): readonly string[] =>
    options.headFromGet && methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;

  const compiled = typeof (source as CompiledRouter).match === 'function' ? internalsOf(source)?.compiled : undefined;
  const caseSensitive = options.caseSensitive ?? compiled?.caseSensitive === true;
  const fold = foldFor(caseSensitive);
  for (const current of routesOf(source, caseSensitive)) {
    const route = current.route;
    if (route.generationOnly) continue; // it never matches a request: it is no operation
    const methods = servedMethods(route.methods ?? defaultMethods);
    const listable = methods.filter((m) => PATH_ITEM_METHODS.has(m.toLowerCase()));
    const variants = pathVariants(route, fold);
    for (const variant of variants) {
      for (const method of listable) {
        const shadowed = earlier.some((e) => (e.route.methods === null || servedMethods(e.route.methods).includes(method)) && covers(e, current, variant));
        if (shadowed) continue;
        const field = method.toLowerCase();
        let entry = listed.get(variant.key);
        const existing = entry?.item[field];
        if (existing) {
          existing['x-switchyard-fallbacks'] = [...((existing['x-switchyard-fallbacks'] as string[]) ?? []), route.template];
          continue;
        }
        if (!entry) {
          entry = { path: variant.path, names: variant.parameters.map((p) => p.name), item: {} };
          listed.set(variant.key, entry);
        }
        const operation = buildOperation(route, variant, method, listable[0], entry.names, metadataFor(route, method, operations, used));
        const id = operation.operationId as string | undefined;
        if (id !== undefined) {
          const owner = `${method} ${entry.path}`;
          if (operationIds.has(id)) throw new Error(`toOpenApi: the operationId "${id}" is given to ${operationIds.get(id)} and ${owner}`);
          operationIds.set(id, owner);
        }
        entry.item[field] = operation;
      }
    }
    earlier.push(current);
  }

  const unused = Object.keys(operations).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`toOpenApi: the operations key(s) ${unused.map((k) => `"${k}"`).join(', ')} name no route and method`);

  const paths: OpenApiDocument['paths'] = {};
  for (const entry of listed.values()) if (Object.keys(entry.item).length > 0) paths[entry.path] = entry.item;
  return {
    openapi: '3.1.0',
    info: { ...options.info },
    ...(options.servers ? { servers: options.servers.map((s) => ({ ...s })) } : {}),
    paths,
    ...(options.components ? { components: { ...options.components } } : {}),
  };
}

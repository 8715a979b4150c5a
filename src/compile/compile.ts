// compile(): an ordered route collection → a router that matches (first match wins) and generates URLs.
import { ConstraintRegistry } from '../constraints/registry.js';
import type { ConstraintFactory } from '../constraints/route-constraint.js';
import { duplicateRouteName, RouteCreationError } from '../errors.js';
import type { RouteValues } from '../route-values.js';
import { createDirectGenerator, createRouteGenerator, ValueBag, type RouteGenerator } from './binder.js';
import { naiveAllowedMethods, naiveMatches } from './naive-matcher.js';
import { normalizeVirtualPath, type UrlOptions } from './normalize-path.js';
import { RequestPath } from './request-path.js';
import { describeRoutes, type DescribeFormat } from './describe.js';
import { diagnose, type Diagnostic } from './diagnostics.js';
import { explainGeneration, type GenerationExplanation } from './explain-generate.js';
import { explainRequest, type Explanation } from './explain.js';
import { createRouteEntry, type CompiledRoute, type RouteDefinition, type RouteEntry, type SegmentPlan } from './route-entry.js';
import { acceptsMethod, captureValues, passesConstraints, type RouteMatch } from './route-match.js';
import { buildStaticIndex, lookupStatic, type StaticIndex } from './static-index.js';
import { collectCandidates, findFirst, firstAccepting } from './trie-matcher.js';
import { buildTrie, describeTrie, type TrieNode } from './trie.js';
import { createGeneratedMatcher, type GeneratedMatcher } from './generated-matcher.js';
import type { CheckedRoutes, RouterFor } from './typed-router.js';

/** Options of compile(). */
export interface CompileOptions extends UrlOptions {
  /**
   * 'generated' (default): the segment trie written out as JavaScript and compiled once (new Function); where
   * the runtime forbids new Function, the interpreted trie is used instead and `router.strategy` says 'trie'.
   * 'trie': the segment trie, interpreted. 'linear': every route in order (the naive baseline and reference).
   */
  strategy?: MatchStrategy;
  /** Extra inline constraint names, e.g. { slug: () => new RegexRouteConstraint('^[a-z0-9-]+$') }. */
  constraints?: Readonly<Record<string, ConstraintFactory>>;
  /** A registry to resolve inline constraints with (the pipeline passes the one from addRouting). */
  constraintRegistry?: ConstraintRegistry;
  /** Called once at start-up with router.diagnostics() when there are any (unreachable routes, likely mistakes). */
  onDiagnostics?: (diagnostics: readonly Diagnostic[]) => void;
}

/** How match() finds the first route: generated code, the interpreted trie, or every route in order. */
export type MatchStrategy = 'generated' | 'trie' | 'linear';

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

/** The compiled route collection. */
export interface CompiledRouter {
  readonly routes: readonly CompiledRoute[];
  /** The strategy in use (a requested 'generated' reads 'trie' where new Function is unavailable). */
  readonly strategy: MatchStrategy;
  /** The generated matcher's JavaScript source (strategy 'generated'), for debugging; null otherwise. */
  readonly source: string | null;
  /** The first route, in collection order, that accepts the request; null when none does. */
  match(path: string, method?: string | null, httpContext?: unknown): RouteMatch | null;
  /** Every route that accepts the request, lazily, in collection order. */
  matches(path: string, method?: string | null, httpContext?: unknown): Iterable<RouteMatch>;
  /**
   * The methods accepted by the routes whose template and constraints (the verb aside) accept the path;
   * "*" stands for a route without a verb limit. Empty when no route matches the path.
   */
  allowedMethods(path: string, httpContext?: unknown): string[];
  /** A URL from route values, by route name or by trying each route in order; null when none can. */
  generate(values: RouteValues, options?: GenerateOptions): GeneratedPath | null;
  /**
   * The route table for people: 'tree' (default) — template segments as a tree, each route's index, name,
   * methods and constraints where it ends; 'table' — one line per route; 'trie' — the compiled trie (or the
   * route list for 'linear').
   */
  describe(format?: DescribeFormat | 'trie'): string;
  /** For each route in order: the winner, why each other route did not take the request, or that it was not tried. */
  explain(path: string, method?: string | null, httpContext?: unknown): Explanation;
  /** For each route generate() would try: why it did or did not produce a URL. */
  explainGenerate(values: RouteValues, options?: GenerateOptions): GenerationExplanation;
  /** Unreachable routes (proven) and likely mistakes, in collection order. */
  diagnostics(): Diagnostic[];
}

/** The request method, upper-cased; GET when none is given. */
function verbOf(method: string | null | undefined): string {
  switch (method) {
    // The usual methods come upper-case already (node:http's are): no toUpperCase, which costs more than a match.
    case 'GET':
    case 'POST':
    case 'PUT':
    case 'DELETE':
    case 'PATCH':
    case 'HEAD':
    case 'OPTIONS':
      return method;
  }
  return typeof method === 'string' && method !== '' ? method.toUpperCase() : 'GET';
}

/**
 * Compiles routes once, at start-up. Throws TemplateParseError or RouteCreationError for a bad route.
 * A literal table (an array written in place, no `as const` needed) gets typed match() and generate().
 */
export function compile<const Routes extends readonly RouteDefinition[] | Iterable<RouteDefinition>>(
  routes: Routes & CheckedRoutes<Routes>,
  options?: CompileOptions,
): RouterFor<Routes>;
export function compile(routes: Iterable<RouteDefinition>, options: CompileOptions = {}): CompiledRouter {
  const requested = options.strategy ?? 'generated';
  if (requested !== 'generated' && requested !== 'trie' && requested !== 'linear') {
    throw new TypeError(`compile: unknown strategy "${String(requested)}" (use "generated", "trie" or "linear")`);
  }
  let registry = options.constraintRegistry ?? new ConstraintRegistry(options.constraints);
  if (options.constraintRegistry && options.constraints) {
    registry = registry.clone(); // extra names for these routes only, not for the caller's registry
    for (const [name, factory] of Object.entries(options.constraints)) registry.register(name, factory);
  }

  const entries: RouteEntry[] = [];
  const literalPlans = new Map<string, SegmentPlan>();
  const byName = new Map<string, RouteEntry>();
  for (const definition of routes) {
    const entry = createRouteEntry(definition, entries.length, registry, literalPlans);
    if (entry.route.name !== null) {
      const key = entry.route.name.toLowerCase();
      if (byName.has(key)) {
        throw new RouteCreationError(entry.route.name, entry.route.template, duplicateRouteName(entry.route.name));
      }
      byName.set(key, entry);
    }
    entries.push(entry);
  }
  // Made on a route's first generate() call: a large table that only matches pays nothing for them.
  const generators: (RouteGenerator | undefined)[] = new Array(entries.length);
  const generatorOf = (i: number): RouteGenerator => (generators[i] ??= createRouteGenerator(entries[i]));
  // The by-name shortcut for values that are exactly a plain route's parameters (null: the route has none).
  const directs: (((values: RouteValues) => string | undefined) | null | undefined)[] = new Array(entries.length);
  const directOf = (i: number) => (directs[i] === undefined ? (directs[i] = createDirectGenerator(entries[i])) : directs[i]);
  // Names as written, so the usual by-name call needs no lower-casing.
  const byExactName = new Map([...byName.values()].map((entry) => [entry.route.name!, entry]));
  const trie: TrieNode | null = requested === 'linear' ? null : buildTrie(entries);
  const staticIndex: StaticIndex | null = requested === 'trie' ? buildStaticIndex(trie!, entries) : null;
  /** The interpreted walk (strategy 'trie', and the generated matcher's rare slow path). */
  const walk = (target: string, verb: string, httpContext: unknown): RouteMatch | null => {
    const path = new RequestPath(target);
    const listed = staticIndex === null ? undefined : lookupStatic(staticIndex, path);
    if (listed !== undefined) return firstAccepting(listed, path, verb, httpContext);
    return findFirst(trie!, path, verb, httpContext);
  };
  const generated: GeneratedMatcher | null = requested === 'generated' ? createGeneratedMatcher(trie!, entries, walk) : null;
  const strategy: MatchStrategy = requested === 'generated' && generated === null ? 'trie' : requested;

  function* matches(target: string, method?: string | null, httpContext?: unknown): Generator<RouteMatch> {
    if (typeof target !== 'string') return;
    const verb = verbOf(method);
    if (trie === null) {
      yield* naiveMatches(entries, target, verb, httpContext);
      return;
    }
    const path = new RequestPath(target);
    for (const entry of collectCandidates(trie, path)) {
      if (!acceptsMethod(entry, verb)) continue;
      const values = captureValues(entry, path);
      if (values !== null && passesConstraints(entry, values, verb, httpContext)) yield { route: entry.route, values };
    }
  }

  const normalize = (path: string): string => normalizeVirtualPath(path, options);
  const generationRequest = (values: RouteValues, generateOptions: GenerateOptions) => {
    const ambient = generateOptions.ambientValues ? new ValueBag(generateOptions.ambientValues) : null;
    return {
      values: new ValueBag(values ?? {}),
      ambient: ambient !== null && ambient.keys.length > 0 ? ambient : null, // empty: nothing to reuse
      httpContext: generateOptions.httpContext,
    };
  };

  const router: CompiledRouter = {
    routes: entries.map((e) => e.route),
    strategy,
    get source() {
      return generated?.source ?? null;
    },
    match(target, method, httpContext) {
      if (typeof target !== 'string') return null;
      const verb = verbOf(method);
      if (generated !== null) return generated.match(target, verb, httpContext);
      if (trie === null) {
        for (const found of naiveMatches(entries, target, verb, httpContext)) return found;
        return null;
      }
      return walk(target, verb, httpContext);
    },
    matches,
    allowedMethods(target, httpContext) {
      if (typeof target !== 'string') return [];
      if (trie === null) return naiveAllowedMethods(entries, target, httpContext);
      const path = new RequestPath(target);
      const allowed = new Set<string>();
      // Routes whose template shape matches the path, in order (constraints not yet run).
      for (const entry of collectCandidates(trie, path)) {
        const values = captureValues(entry, path);
        if (values === null) continue;
        const methods = entry.route.methods ?? ['*'];
        // The verb limit aside, do the constraints accept the request (as if sent with one of its methods)?
        if (passesConstraints(entry, values, methods[0] === '*' ? 'GET' : methods[0], httpContext)) {
          for (const m of methods) allowed.add(m);
        }
      }
      return [...allowed].sort();
    },
    generate(values, generateOptions = {}) {
      const routeName = generateOptions.routeName;
      if (routeName !== undefined && routeName !== null && routeName !== '' && !generateOptions.ambientValues && values) {
        const entry = byExactName.get(routeName);
        const direct = entry === undefined ? null : directOf(entry.route.index);
        const path = direct ? direct(values) : undefined;
        if (path !== undefined) return { path: normalize(path), route: entry!.route, dataTokens: entry!.route.dataTokens };
      }
      const request = generationRequest(values, generateOptions);
      if (routeName !== undefined && routeName !== null && routeName !== '') {
        const entry = byExactName.get(routeName) ?? byName.get(routeName.toLowerCase());
        const path = entry ? generatorOf(entry.route.index)(request) : null;
        return path === null ? null : { path: normalize(path), route: entry!.route, dataTokens: entry!.route.dataTokens };
      }
      for (let i = 0; i < entries.length; i++) {
        const path = generatorOf(i)(request);
        if (path !== null) return { path: normalize(path), route: entries[i].route, dataTokens: entries[i].route.dataTokens };
      }
      return null;
    },
    describe(format = 'tree') {
      if (format !== 'trie') return describeRoutes(entries, format);
      return trie ? describeTrie(trie) : entries.map((e) => `${e.route.index} ${e.route.template}`).join('\n');
    },
    explain: (target, method, httpContext) => explainRequest(entries, target, verbOf(method), httpContext),
    explainGenerate(values, generateOptions = {}) {
      const request = generationRequest(values, generateOptions);
      const name = generateOptions.routeName || null;
      const named = name === null ? undefined : (byExactName.get(name) ?? byName.get(name.toLowerCase()));
      const generate = (entry: RouteEntry): string | null => {
        const path = generatorOf(entry.route.index)(request);
        return path === null ? null : normalize(path);
      };
      return explainGeneration({ entries: name === null ? entries : named ? [named] : [], routeName: name, generate }, request);
    },
    diagnostics: () => diagnose(entries),
  };
  if (options.onDiagnostics) {
    const found = diagnose(entries);
    if (found.length > 0) options.onDiagnostics(found);
  }
  return router;
}

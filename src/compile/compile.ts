// compile(): an ordered route collection → a router that matches (first match wins) and generates URLs. It only
// assembles: route entries (route-entry.ts), the strategy's Matcher (match/, reference/) and URL generation
// (generate/). It registers what introspection reads (introspect/inspectable.ts) and loads no introspection code:
// explain, diagnostics and describe are functions of switchyard-router/introspect.
import { foldFor, type Fold } from './case-fold.js';
import { ConstraintRegistry } from '../constraints/registry.js';
import type { ConstraintFactory } from '../constraints/route-constraint.js';
import { RouteCreationError, TemplateParseError, throwRouteFailures, type RouteFailure } from '../errors.js';
import type { RouteValues } from '../route-values.js';
import type { UrlOptions } from './generate/normalize-path.js';
import { fixedRoutes, type GenerateOptions, type GeneratedPath, type GenerationRoutes } from './generate/url-generator.js';
import { LiveTable } from './live/live-table.js';
import { liveRoutes } from './live/live-url-generator.js';
import { createGeneratedMatcher } from './match/generated/generated-matcher.js';
import { plainFront, stackMatcher, type MatcherStack, type StackCore } from './match/matcher-stack.js';
import { assembleRouter, type AssembledRouter, type RouterState } from './assemble-router.js';
import { createDirectGenerator } from './generate/plain-route.js';
import { createTrieMatcher } from './match/trie-matcher.js';
import { matchableEntries } from './matchable-entries.js';
import { freshMatch, type Matcher, type MatchStrategy, type RouteMatch } from './matcher.js';
import { createRoute, routeAt, type CompiledRoute } from './compiled-route.js';
import { createReferenceMatcher } from './reference/reference-matcher.js';
import { compileComplexSegment } from './complex-segment.js';
import { createRouteEntry, createSharedParts, unsharedParts, type RouteEntry } from './route-entry.js';
import type { RouteDefinition } from './route-definition.js';
import type { CheckedRoutes, RouterFor } from './typed-router.js';
import type { Inspectable } from './introspect/inspectable.js';
import { duplicateName, nameOf, RoutesByName } from './route-names.js';
import { unknownKeys } from './unknown-keys.js';

export type { GenerateOptions, GeneratedPath, MatchStrategy };

/** Options of compile(). */
export interface CompileOptions extends UrlOptions {
  /**
   * 'generated' (default): the segment trie written out as JavaScript and compiled by compile() (new Function),
   * answering from the first request; where the runtime forbids new Function, the interpreted trie is used
   * instead and `router.strategy` says 'trie'. 'trie': the segment trie, interpreted. 'reference': every route
   * in order (the naive baseline and oracle).
   */
  strategy?: MatchStrategy;
  /**
   * true: literals (and the literals of complex segments) compare with their case, so "/Users" and "/users" are
   * different paths, as in most JavaScript routers. false (default): ASP.NET's case-insensitive comparison.
   */
  caseSensitive?: boolean;
  /** Extra inline constraint names, e.g. { slug: () => new RegexRouteConstraint('^[a-z0-9-]+$') }. */
  constraints?: Readonly<Record<string, ConstraintFactory>>;
  /** A registry to resolve inline constraints with (the pipeline passes the one from addRouting). */
  constraintRegistry?: ConstraintRegistry;
}

/** The keys of compile()'s options. */
const COMPILE_KEYS: readonly string[] = /* @__PURE__ */ Object.keys({
  strategy: true,
  caseSensitive: true,
  constraints: true,
  constraintRegistry: true,
  lowercaseUrls: true,
  lowercaseQueryStrings: true,
  appendTrailingSlash: true,
} satisfies Record<keyof CompileOptions, true>);

/** The compiled route collection. */
export interface CompiledRouter extends AssembledRouter {
  readonly strategy: MatchStrategy;
}

/**
 * Each strategy's matcher factory (null: the runtime cannot host it): compile() assembles, it never branches on
 * the strategy. `caseSensitive`: literals compare with their case (the entries were made with the same setting).
 */
const MATCHERS: Readonly<Record<MatchStrategy, (entries: readonly RouteEntry[], options: { readonly caseSensitive: boolean }) => StackCore | null>> = {
  generated: createGeneratedMatcher,
  trie: (entries, options) => createTrieMatcher(entries, options),
  reference: createReferenceMatcher,
};

/**
 * Compiles routes once, at start-up. Throws TemplateParseError or RouteCreationError for a bad route, and
 * RouteTableError (every failing route, in order) when two or more are bad.
 * A literal table (an array written in place, no `as const` needed) gets typed match() and generate().
 */
export function compile<const Routes extends readonly RouteDefinition[] | Iterable<RouteDefinition>>(
  routes: Routes & CheckedRoutes<Routes>,
  options?: CompileOptions,
): RouterFor<Routes>;
export function compile(routes: Iterable<RouteDefinition>, options: CompileOptions = {}): CompiledRouter {
  // A misspelt option (`caseSensitve: true`) would be ignored, and the table would not be the one asked for.
  const [unknown] = unknownKeys(options, COMPILE_KEYS, "compile()'s options object");
  if (unknown !== undefined) throw new TypeError(`compile: ${unknown}`);
  const requested = options.strategy ?? 'generated';
  if (!Object.hasOwn(MATCHERS, requested)) {
    throw new TypeError(`compile: unknown strategy "${String(requested)}" (use "generated", "trie" or "reference")`);
  }
  const registry = registryOf(options);
  const caseSensitive = options.caseSensitive === true;
  const fold = foldFor(caseSensitive);
  // The strategy's matcher of some entries (their indexes 0..n-1 in order), with the stack in front of it: the
  // whole table's, or a live table's partition's. Without new Function the generated matcher cannot exist: the
  // interpreted trie answers instead.
  const matcherOf = (matchable: readonly RouteEntry[]): StackCore => MATCHERS[requested](matchable, { caseSensitive }) ?? createTrieMatcher(matchable, { caseSensitive });
  const compileState = (definitions: Iterable<RouteDefinition>): CompiledState => {
    const entries = createEntries(definitions, registry, fold);
    const matchable = matchableEntries(entries);
    let routes: readonly CompiledRoute[] | null = null;
    let generation: GenerationRoutes<RouteEntry> | null = null;
    // The stack (static table, method filter) in front of the strategy's matcher; the reference stays the plain
    // ordered loop it is the oracle as.
    const core = matcherOf(matchable);
    const stack = stackOf(core, matchable);
    const matcher = stack ?? core;
    const made: CompiledState = {
      matcher,
      front: stack?.front ?? plainFront(core),
      stack,
      // An answer read after the router changed names its route as it stood at the call (its index then).
      matches: (target, method, httpContext) => asOfCall(matcher.matches(target, method, httpContext), () => state !== made, entries),
      generationRoutes: () => (generation ??= fixedRoutes(entries)),
      routes: () => (routes ??= entries.map((e) => e.route)),
      entries: () => entries,
      live: null,
    };
    return made;
  };

  let state = compileState(routes);
  const strategy = state.matcher.strategy;

  /** The live table the router changes: made from the compiled state at the first change. */
  const live = (): LiveTable => {
    if (state.live !== null) return state.live;
    // A route added later is made as compile() makes it: with the router's fold, in parts of its own (nothing
    // of it is kept in a table-wide cache once it is removed).
    const parts = unsharedParts(fold, createRoute);
    const createEntry = (definition: RouteDefinition, index: number) => createRouteEntry(definition, index, registry, parts);
    const buildMatcher = (matchable: readonly RouteEntry[]): Matcher => {
      const core = matcherOf(matchable);
      return stackOf(core, matchable) ?? core;
    };
    const made = new LiveTable({ strategy, fold, buildMatcher, createEntry }, state.entries());
    // One list for generate() and explainGenerate(): the generators one makes serve the other.
    const generation = liveRoutes(made);
    become({
      matcher: made,
      front: plainFront(made),
      stack: null,
      matches: (target, method, httpContext) => made.matches(target, method, httpContext),
      generationRoutes: () => generation,
      routes: () => made.routes(),
      entries: () => made.entries(),
      live: made,
    });
    return made;
  };
  const become = (next: CompiledState): void => {
    state = next;
    assembled.become(next);
  };

  const assembled = assembleRouter<CompiledRouter>(state, options, {
    strategy,
    direct: createDirectGenerator,
    changes: {
      add(route) {
        const made = live();
        made.insert(made.length, route);
      },
      insert(index, route) {
        live().insert(index, route);
      },
      remove: (nameOrIndex) => live().remove(nameOrIndex),
      // A whole new list is compiled as compile() compiles it; the router becomes live again at its next change.
      replace(routes) {
        become(compileState(routes));
      },
    },
    compiled: {
      caseSensitive,
      entries: () => state.entries(),
      live: () => state.live,
      // describe() says which static paths' answers cannot be kept, and why (never silently slower).
      inspectable: (): Inspectable => ({ entries: state.entries(), matcher: state.matcher, generation: assembled.generation(), fold, notes: state.stack?.staticTable?.notes() ?? [] }),
    },
  });
  return assembled.router;
}

/** A state of compile()'s router: its entries (indexes = positions), and its live table once it has changed. */
interface CompiledState extends RouterState {
  readonly entries: () => readonly RouteEntry[];
  readonly live: LiveTable | null;
}

/**
 * A compiled state's answers, read lazily: those read once `changed()` (the router changed since the call) name
 * their routes at their indexes in `entries`, the table of the call (a route's own index is its place now).
 */
function* asOfCall(answers: Iterable<RouteMatch>, changed: () => boolean, entries: readonly RouteEntry[]): Generator<RouteMatch> {
  for (const answer of answers) {
    if (!changed()) yield answer;
    else yield freshMatch(routeAt(answer.route, entries.findIndex((entry) => entry.route === answer.route)), answer.values as RouteValues);
  }
}

/** The stack in front of `core` (the routes it matches: `matchable`); none in front of the reference, the oracle. */
function stackOf(core: StackCore, matchable: readonly RouteEntry[]): MatcherStack | null {
  return core.strategy === 'reference' ? null : stackMatcher(core, matchable);
}

/** The route entries, in collection order, resolved with the registry; throws for bad routes. */
function createEntries(routes: Iterable<RouteDefinition>, registry: ConstraintRegistry, fold: Fold): RouteEntry[] {
  const { entries, failures } = createEveryEntry(routes, registry, fold);
  throwRouteFailures(failures);
  return entries;
}

/**
 * Every route of a table that compile() would refuse, each with its index, in collection order (empty: the
 * table compiles). For tools that report a whole table at once (`switchyard lint`).
 */
export function checkRoutes(routes: Iterable<RouteDefinition>, options: Pick<CompileOptions, 'constraints' | 'constraintRegistry'> = {}): RouteFailure[] {
  return createEveryEntry(routes, registryOf(options), foldFor(false)).failures; // a route's errors do not depend on case
}

/** The registry inline constraints resolve with: the options' own, with their extra names for these routes only. */
function registryOf(options: Pick<CompileOptions, 'constraints' | 'constraintRegistry'>): ConstraintRegistry {
  let registry = options.constraintRegistry ?? new ConstraintRegistry(options.constraints);
  if (options.constraintRegistry && options.constraints) {
    registry = registry.clone(); // extra names for these routes only, not for the caller's registry
    for (const [name, factory] of Object.entries(options.constraints)) registry.register(name, factory);
  }
  return registry;
}

/** Creates every route it can, and collects why each other route cannot be created instead of stopping. */
function createEveryEntry(routes: Iterable<RouteDefinition>, registry: ConstraintRegistry, fold: Fold): { entries: RouteEntry[]; failures: RouteFailure[] } {
  const entries: RouteEntry[] = [];
  const failures: RouteFailure[] = [];
  const names = new RoutesByName<true>();
  const shared = createSharedParts(fold, compileComplexSegment, createRoute);
  let index = 0;
  for (const definition of routes) {
    const routeIndex = index++;
    // A bad route's name still counts: a later route with the same name is a duplicate either way.
    const name = nameOf(definition);
    try {
      const entry = createRouteEntry(definition, routeIndex, registry, shared);
      if (name !== null && names.has(name)) throw duplicateName(name, entry.route.template);
      entries.push(entry);
    } catch (error) {
      if (!(error instanceof TemplateParseError || error instanceof RouteCreationError || error instanceof TypeError)) throw error;
      failures.push({ routeIndex, error });
    }
    if (name !== null) names.set(name, true);
  }
  return { entries, failures };
}

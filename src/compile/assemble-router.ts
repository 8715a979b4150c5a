// assembleRouter(): the one place a router is put together, for compile() (compile.ts), its live table (the same
// router, changed: live/live-table.ts answers in its state) and a built module (aot/load-router.ts). A state is a
// strategy's matcher with the stack in front of it (static table, method filter) and URL generation over the same
// routes; the facade (match, matches, allowedMethods, generate, routes, source, the changes) reads the state it
// has now, which a change replaces whole. It imports no strategy, no live table and no emitter: a built module's
// bundle carries none of them.
import type { UrlOptions } from './generate/normalize-path.js';
import { createUrlGenerator, type Generation, type GenerationRoutes, type UrlGenerator } from './generate/url-generator.js';
import { plainFront, stackMatcher, type FrontMatch, type MatcherStack, type StackCore } from './match/matcher-stack.js';
import type { Matcher, RouteMatch } from './matcher.js';
import type { CompiledRoute, RouteDefinition, RouteEntry } from './route-entry.js';
import { registerInternals, type CompiledInternals } from './router-internals.js';
import { defineGetters } from './define-getters.js';
import { verbOf } from './verb.js';

/** What a router answers with until its next change. */
export interface RouterState {
  /** The matcher requests go to: allowedMethods() and the source. */
  readonly matcher: Matcher;
  /** router.matches() (the matcher's, unless the state says how its answers read the table as at the call). */
  matches(target: string, method: string, httpContext: unknown): Iterable<RouteMatch>;
  /** router.match() over the matcher: the stack's own front, or verbOf in front of a matcher without a stack. */
  readonly front: FrontMatch;
  /** The matcher's stack (static table, method filter); null for the reference strategy and a live table. */
  readonly stack: MatcherStack | null;
  /** The routes and URL options generate() reads (explainGenerate() runs them again): made on first use. */
  generation(): Generation;
  /** URL generation over `generation()`. */
  urls(values: Parameters<UrlGenerator>[0], options?: Parameters<UrlGenerator>[1]): ReturnType<UrlGenerator>;
  /** The routes in order (router.routes). */
  routes(): readonly CompiledRoute[];
}

/**
 * The state of a table whose matcher is `core` over `matchable` (its routes but the generation-only ones): the
 * stack in front of it unless it is the reference (the plain ordered loop it is the oracle as), and URL generation
 * over `routes` (called on the first generate(), or when introspection reads it). `all`: every route in order,
 * for router.routes.
 */
export function stateOf(core: StackCore, matchable: readonly RouteEntry[], routes: () => GenerationRoutes<RouteEntry>, options: UrlOptions, all: () => readonly CompiledRoute[]): RouterState {
  const stack = stackOf(core, matchable);
  return liveState(stack ?? core, stack, routes, options, all);
}

/** The stack in front of `core` (the routes it matches: `matchable`); none in front of the reference, the oracle. */
export function stackOf(core: StackCore, matchable: readonly RouteEntry[]): MatcherStack | null {
  return core.strategy === 'reference' ? null : stackMatcher(core, matchable);
}

/** The state of a matcher that brings its own layers (a live table): match() is verbOf in front of it. */
export function liveState(
  matcher: Matcher,
  stack: MatcherStack | null,
  routes: () => GenerationRoutes<RouteEntry>,
  options: UrlOptions,
  all: () => readonly CompiledRoute[],
): RouterState {
  // A server that only matches never pays for URL generation's index of names: made on the first generate().
  let generation: Generation | null = null;
  let urls: UrlGenerator | null = null;
  const generationNow = (): Generation => (generation ??= { routes: routes(), options });
  return {
    matcher,
    matches: (target, method, httpContext) => matcher.matches(target, method, httpContext),
    front: stack?.front ?? plainFront(matcher),
    stack,
    generation: generationNow,
    urls: (values, generateOptions) => (urls ??= createUrlGenerator(generationNow().routes, options))(values, generateOptions),
    routes: all,
  };
}

/** add(), insert(), remove() and replace() of a router: a change puts the router in another state (assembled.become). */
export interface RouterChanges {
  add(route: RouteDefinition): void;
  insert(index: number, route: RouteDefinition): void;
  remove(nameOrIndex: string | number): boolean;
  replace(routes: Iterable<RouteDefinition>): void;
}

/** A router's public face, as every router the library makes has it. */
export interface AssembledRouter extends RouterChanges {
  readonly routes: readonly CompiledRoute[];
  readonly strategy: string;
  readonly source: string | null;
  match(path: string, method?: string | null, httpContext?: unknown): RouteMatch | null;
  matches(path: string, method?: string | null, httpContext?: unknown): Iterable<RouteMatch>;
  allowedMethods(path: string, httpContext?: unknown): string[];
  generate: RouterState['urls'];
}

/** What assembleRouter() is given beside the first state. */
export interface Assembly {
  /** What router.strategy says (it does not change with the state). */
  readonly strategy: string;
  /** router.source: the state's matcher's, unless given (a built module's code, as written in the module). */
  readonly source?: string;
  readonly changes: RouterChanges;
  /** What compile() keeps of its router for introspection (router-internals.ts); none for a built module's. */
  readonly compiled?: CompiledInternals;
}

/** The router over `initial`, and `become`, which puts it in another state (its changes call it). */
export function assembleRouter<Router extends AssembledRouter>(initial: RouterState, assembly: Assembly): { readonly router: Router; become(next: RouterState): void } {
  let state = initial;
  const { changes, source } = assembly;
  // routes and source are getters, defined after the literal (define-getters.ts).
  const router = defineGetters<Router>(
    {
      strategy: assembly.strategy,
      match: (target, method, httpContext) => state.front(target, method, httpContext),
      matches: (target, method, httpContext) => (typeof target === 'string' ? state.matches(target, verbOf(method), httpContext) : []),
      allowedMethods: (target, httpContext) => (typeof target === 'string' ? state.matcher.allowedMethods(target, httpContext) : []),
      generate: (values, options) => state.urls(values, options),
      add: (route) => changes.add(route),
      insert: (index, route) => changes.insert(index, route),
      remove: (nameOrIndex) => changes.remove(nameOrIndex),
      replace: (routes) => changes.replace(routes),
    } satisfies Omit<AssembledRouter, 'routes' | 'source'>,
    {
      routes: () => state.routes(),
      source: source === undefined ? () => state.matcher.source : () => source,
    },
  );
  registerInternals(router, { stack: () => state.stack, compiled: assembly.compiled });
  return {
    router,
    become: (next) => {
      state = next;
    },
  };
}

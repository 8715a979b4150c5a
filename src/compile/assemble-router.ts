// assembleRouter(): the one place a router is put together, for compile() (compile.ts) and its live table (the
// same router, changed: live/live-table.ts answers in its state) and a built module's (aot/load-router.ts: it
// imports nothing a built module's bundle would not carry). A state is a
// matcher (a strategy's, with the stack in front of it: static table, method filter, matcher-stack.ts) and the
// routes URL generation reads; the facade (match, matches, allowedMethods, generate, routes, source, the changes)
// answers by the state it has now, which a change replaces whole. It imports no strategy, no live table and no
// emitter: a built module's bundle carries none of them.
import type { UrlOptions } from './generate/normalize-path.js';
import type { RouteValues } from '../route-values.js';
import { urlGeneratorWith, type DirectGenerators, type GeneratedPath, type GenerateOptions, type Generation, type GenerationRoutes, type UrlGenerator } from './generate/url-generator.js';
import type { FrontMatch, MatcherStack } from './match/matcher-stack.js';
import type { Matcher, RouteMatch } from './matcher.js';
import type { RouteEntry } from './route-entry.js';
import type { CompiledRoute } from './compiled-route.js';
import type { RouteDefinition } from './route-definition.js';
import { registerInternals, type CompiledInternals } from './router-internals.js';
import { defineGetters } from './define-getters.js';
import { verbOf } from './verb.js';

/** What a router answers with until its next change. */
export interface RouterState {
  /** The matcher requests go to: allowedMethods(), and the source. */
  readonly matcher: Matcher;
  /** router.match() over it: a stack's front, or plainFront for a matcher without a stack. */
  readonly front: FrontMatch;
  /** The matcher's stack (static table, method filter); null for the reference strategy and a live table. */
  readonly stack: MatcherStack | null;
  /** router.matches() (the matcher's, or compile()'s answers as of the call, compile.ts). */
  matches(target: string, method: string, httpContext: unknown): Iterable<RouteMatch>;
  /** The routes URL generation reads (called on the first generate(), and each time introspection reads them). */
  generationRoutes(): GenerationRoutes<RouteEntry>;
  /** Every route in order (router.routes). */
  routes(): readonly CompiledRoute[];
}

/** add(), insert(), remove() and replace() of a router: a change puts the router in another state (become). */
export interface RouterChanges {
  /**
   * Appends a route (as compile() of the list with it at the end would take it). Throws compile()'s error for a
   * bad route or a name already taken, and then the router is unchanged. See docs/live-tables.md.
   */
  add(route: RouteDefinition): void;
  /** Inserts a route at `index` (0 to the number of routes); the routes from there on move one place down. */
  insert(index: number, route: RouteDefinition): void;
  /** Removes the route at an index, or with a name (ignoring case); whether there was one. */
  remove(nameOrIndex: string | number): boolean;
  /** Replaces every route with these (compiled as compile() compiles them; on an error the router is unchanged). */
  replace(routes: Iterable<RouteDefinition>): void;
}

/** A router's public face, as every router the library makes has it (compile.ts's CompiledRouter names its strategies). */
export interface AssembledRouter extends RouterChanges {
  readonly routes: readonly CompiledRoute[];
  /** The strategy in use (a requested 'generated' reads 'trie' where new Function is unavailable). */
  readonly strategy: string;
  /** The generated matcher's JavaScript source (strategy 'generated'), for debugging; null otherwise. */
  readonly source: string | null;
  /** The first route, in collection order, that accepts the request; null when none does. */
  match(path: string, method?: string | null, httpContext?: unknown): RouteMatch | null;
  /** Every route that accepts the request, lazily, in collection order, as the table is at this call (docs/live-tables.md). */
  matches(path: string, method?: string | null, httpContext?: unknown): Iterable<RouteMatch>;
  /**
   * The methods accepted by the routes whose template and constraints (the verb aside) accept the path;
   * "*" stands for a route without a verb limit. Empty when no route matches the path.
   */
  allowedMethods(path: string, httpContext?: unknown): string[];
  /** A URL from route values, by route name or by trying each route in order; null when none can. */
  generate(values: RouteValues, options?: GenerateOptions): GeneratedPath | null;
}

/** What assembleRouter() is given beside the first state. */
export interface Assembly {
  /** What router.strategy says (it does not change with the state). */
  readonly strategy: string;
  /** router.source: the state's matcher's, unless given (a built module's code, as written in the module). */
  readonly source?: string;
  readonly changes: RouterChanges;
  /**
   * generate()'s shortcut by name for plain routes (plain-route.ts's createDirectGenerator), or null: every link
   * the binder's way, with the same result (a module built --compact leaves the shortcut out of its bundle).
   */
  readonly direct: DirectGenerators | null;
  /** The router never changes state (a built module's: its changes refuse): match() is the first state's front. */
  readonly fixed?: boolean;
  /** What compile() keeps of its router for introspection (router-internals.ts); none for a built module's. */
  readonly compiled?: CompiledInternals;
}

/** The router over `initial`; `become` puts it in another state (its changes call it), `generation` is its state's. */
export function assembleRouter<Router extends AssembledRouter>(
  initial: RouterState,
  options: UrlOptions,
  { strategy, source, changes, direct, compiled, fixed = false }: Assembly,
): { readonly router: Router; become(next: RouterState): void; generation(): Generation } {
  let state = initial;
  // A server that only matches never pays for URL generation's index of names: made on the first generate().
  let urls: UrlGenerator | null = null;
  const generation = (): Generation => ({ routes: state.generationRoutes(), options });
  // routes and source are getters, defined after the literal (define-getters.ts).
  const router = defineGetters<Router>(
    {
      strategy,
      // A router that never changes answers with its state's front itself: one call less per request.
      match: fixed ? initial.front : (target, method, httpContext) => state.front(target, method, httpContext),
      matches: (target, method, httpContext) => (typeof target === 'string' ? state.matches(target, verbOf(method), httpContext) : []),
      allowedMethods: (target, httpContext) => (typeof target === 'string' ? state.matcher.allowedMethods(target, httpContext) : []),
      generate: (values, generateOptions) => (urls ??= urlGeneratorWith(state.generationRoutes(), options, direct))(values, generateOptions),
      ...changes,
    } satisfies Omit<AssembledRouter, 'routes' | 'source'>,
    { routes: () => state.routes(), source: () => source ?? state.matcher.source },
  );
  registerInternals(router, { stack: () => state.stack, compiled });
  return {
    router,
    become(next) {
      state = next;
      urls = null;
    },
    generation,
  };
}

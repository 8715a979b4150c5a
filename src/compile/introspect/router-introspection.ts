// The functions of switchyard-router/introspect: explain, explainGenerate, diagnostics and describe of a router
// made by compile(). They read the router's current parts (inspectable.ts), so a live table is inspected as it
// is now; compile() itself loads none of this.
import type { RouteValues } from '../../route-values.js';
import type { CompiledRouter } from '../compile.js';
import type { CompiledRoute } from '../compiled-route.js';
import { generateWith, generationRequestOf, routeNamed, type GenerateOptions } from '../generate/url-generator.js';
import { verbOf } from '../verb.js';
import { describeMatcher, describeRoutes, type DescribeFormat } from './describe.js';
import { diagnose, type Diagnostic } from './diagnostics.js';
import { explainGeneration, type GenerationExplanation } from './explain-generate.js';
import { explainRequest, type Explanation } from './explain.js';
import { inspectableOf } from './inspectable.js';

/** For each route in order: the winner, why each other route did not take the request, or that it was not tried. */
export function explain(router: CompiledRouter, path: string, method?: string | null, httpContext?: unknown): Explanation {
  const { entries, fold } = inspectableOf(router, 'explain');
  return explainRequest(entries, path, verbOf(method), httpContext, fold);
}

/** For each route generate() would try (the named route alone, or every route in order): why it did or did not produce a URL. */
export function explainGenerate(router: CompiledRouter, values: RouteValues, options: GenerateOptions = {}): GenerationExplanation {
  const { entries, generation } = inspectableOf(router, 'explainGenerate');
  const name = options.routeName || null;
  const named = name === null ? undefined : routeNamed(generation, name);
  const request = generationRequestOf(values, options);
  const candidates = name === null ? entries : named ? [named] : [];
  return explainGeneration({ entries: candidates, routeName: name, generate: (entry) => generateWith(generation, entry, request) }, request);
}

/** Options of diagnostics(). */
export interface DiagnosticsOptions {
  /**
   * Whether a route's target may decline a request it matched (the node:http pipeline's routers other than a
   * handler: `Route.mayDecline`): a route behind it is then reachable, a warning rather than "unreachable".
   */
  mayDecline?: (route: CompiledRoute) => boolean;
}

/** Unreachable routes (proven) and likely mistakes, in collection order. */
export function diagnostics(router: CompiledRouter, options: DiagnosticsOptions = {}): Diagnostic[] {
  const { entries, matcher, fold } = inspectableOf(router, 'diagnostics');
  return diagnose(entries, (path, method) => matcher.match(path, method, undefined), fold, options.mayDecline);
}

/**
 * The route table for people: 'tree' (default) — template segments as a tree, each route's index, name,
 * methods and constraints where it ends; 'table' — one line per route; 'trie' — the compiled trie (or the
 * route list for 'reference'). Then, one line each, the static paths whose answers the static table cannot
 * keep (a route there has a constraint that reads more than its value), and that route.
 */
export function describe(router: CompiledRouter, format: DescribeFormat | 'trie' = 'tree'): string {
  const { entries, matcher, notes } = inspectableOf(router, 'describe');
  return [format === 'trie' ? describeMatcher(matcher.strategy, entries) : describeRoutes(entries, format), ...notes].join('\n');
}

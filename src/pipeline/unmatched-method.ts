// What a router answers when no route takes a request's method, decided here once for the router middleware
// (router-middleware.ts) and every framework adapter (frameworks/dispatch.ts), with one set of options and
// defaults: a HEAD request no route takes goes again as GET (the GET answer's headers, no body); an OPTIONS
// request gets 204 with Allow; any other method, on a path some route takes under another, gets 405 problem+json
// with Allow; anything else goes on to the next handler. No node:* (not even its types): Hono's Worker bundle
// carries this file.
import { methodNotAllowedProblem, type ProblemDetails } from './problem-details.js';

/** How a router answers a method no route takes: the router middleware's options and every adapter's. */
export interface UnmatchedMethodOptions {
  /** A HEAD request no route takes is routed again as GET (the response has the GET answer's headers, no body). Default true. */
  headAsGet?: boolean;
  /** A request whose path some route takes under another method gets 405 problem+json with Allow. Default true. */
  methodNotAllowed?: boolean;
  /** An OPTIONS request no route takes, on a path some route takes, gets 204 with Allow. Default true. */
  options?: boolean;
}

/** The option names, for the checks of option objects. */
export const UNMATCHED_METHOD_KEYS: readonly string[] = ['headAsGet', 'methodNotAllowed', 'options'];

/** The answer to a request no route took: 204 with Allow to OPTIONS, or 405 with Allow and its problem. */
export type UnmatchedMethodAnswer =
  | { readonly kind: 'options'; readonly allow: string }
  | { readonly kind: 'methodNotAllowed'; readonly allow: string; readonly problem: ProblemDetails };

/** Whether a request no route took is routed again as GET. */
export function routesAsGet(method: string, options: UnmatchedMethodOptions): boolean {
  return method === 'HEAD' && options.headAsGet !== false;
}

/**
 * The answer to a request no route took (HEAD as GET included), or null: the next handler. `allowed` gives the
 * methods of the routes that accept the path ("*": one without a verb limit), asked only when an answer needs them.
 */
export function answerUnmatched(method: string, allowed: () => readonly string[], options: UnmatchedMethodOptions): UnmatchedMethodAnswer | null {
  const answerOptions = options.options !== false;
  const wantOptions = answerOptions && method === 'OPTIONS';
  if (!wantOptions && options.methodNotAllowed === false) return null;
  const listed = allowed();
  // No route accepts the path, or one accepts every method (then a constraint refused the request): not a 405.
  if (listed.length === 0 || listed.includes('*')) return null;
  const methods = new Set(listed);
  if (options.headAsGet !== false && methods.has('GET')) methods.add('HEAD');
  if (answerOptions) methods.add('OPTIONS');
  const allow = [...methods].sort().join(', ');
  if (wantOptions) return { kind: 'options', allow };
  return { kind: 'methodNotAllowed', allow, problem: methodNotAllowedProblem(`${method} is not allowed here; use ${allow}.`) };
}

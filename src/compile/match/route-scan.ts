// The interpreted answers of a built module that carries no trie (built --compact, its code reaching no trie node):
// matches(), allowedMethods() and the rare request its code leaves to them (an escaped "/"). The routes whose
// template shape takes the path are found one by one, in order, then checked as the walk checks them. A scan
// costs a step per route where the trie's walk costs a step per segment: for the paths that reach it (a 405, an
// OPTIONS, a "%2F"), in a bundle that must be small.
import type { Fold } from '../case-fold.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { answerOf } from './answer-of.js';
import { RequestPath } from './request-path.js';
import { accepting, methodsAllowed } from './trie-matcher.js';
import { shapeMissAt } from './route-checks.js';

/** match(), matches() and allowedMethods() over `entries` (in order, generation-only ones left out) by scanning them. */
export function createRouteScan(entries: readonly RouteEntry[], fold: Fold): Pick<Matcher, 'match' | 'matches' | 'allowedMethods'> {
  const scan = (target: string): [RouteEntry[], RequestPath] => {
    const path = new RequestPath(target, false, fold);
    return [entries.filter((entry) => shapeMissAt(entry, path) < 0), path];
  };
  function* matches(target: string, method: string, httpContext: unknown): Generator<RouteMatch> {
    for (const [entry, values] of accepting(...scan(target), method, httpContext)) yield answerOf(entry, values);
  }
  return {
    // The first of matches(): the trie's own first-match walk (trie-walk.ts) is not in a bundle that has no trie.
    match: (target, method, httpContext) => matches(target, method, httpContext).next().value ?? null,
    matches,
    allowedMethods: (target, httpContext) => methodsAllowed(...scan(target), httpContext),
  };
}

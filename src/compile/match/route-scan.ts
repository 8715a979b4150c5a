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
import { firstAccepting } from './trie-walk.js';

/**
 * Whether the template shape of `entry` takes `path`, its constraints not yet run: what the trie collects for it
 * (trie-walk.ts): literals by the table's fold, a parameter any segment, a complex segment its pattern, a
 * catch-all the rest; no empty segment; the path may end where the rest of the template may be absent.
 */
export function shapeAccepts(entry: RouteEntry, path: RequestPath): boolean {
  const segments = entry.segments;
  for (let depth = 0; ; depth++) {
    if (depth === path.length) return depth >= entry.omittableFrom;
    if (depth === segments.length || path.isEmpty(depth)) return false;
    const plan = segments[depth];
    if (plan.kind === 'catchAll') return true;
    if (plan.kind === 'literal' ? path.decoded(depth) !== plan.folded && path.folded(depth) !== plan.folded : plan.kind === 'complex' && plan.pattern.match(path.decoded(depth)) === null) return false;
  }
}

/** match(), matches() and allowedMethods() over `entries` (in order, generation-only ones left out) by scanning them. */
export function createRouteScan(entries: readonly RouteEntry[], fold: Fold): Pick<Matcher, 'match' | 'matches' | 'allowedMethods'> {
  const scan = (target: string): [RouteEntry[], RequestPath] => {
    const path = new RequestPath(target, false, fold);
    return [entries.filter((entry) => shapeAccepts(entry, path)), path];
  };
  return {
    match: (target, method, httpContext) => firstAccepting(...scan(target), method, httpContext),
    *matches(target, method, httpContext): Generator<RouteMatch> {
      for (const [entry, values] of accepting(...scan(target), method, httpContext)) yield answerOf(entry, values);
    },
    allowedMethods: (target, httpContext) => methodsAllowed(...scan(target), httpContext),
  };
}

// The static fast path: a request for a static route's path, spelled exactly as the table spells it (or in its
// folded case), is answered by two Map lookups keyed by method and target, before anything scans the string for
// "?", "#" or "%". The answer is the wrapped matcher's own answer for that exact (target, method), computed on the
// first such request and kept: matching is a function of the target and the method alone when every constraint
// of the table is a built-in value check, so the kept answer is the one the matcher would give again. A table
// with any other constraint (a custom object, a subclass, the HTTP method constraint, which reads the request
// context) gets no fast path. Every other target (another case, an escape, a trailing slash, a query) and every
// method no route names goes to the matcher as before.
import { describeConstraint } from '../../constraints/constraint-description.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';

/**
 * A kept answer: the route and its values, copied for each request (a caller may change them; spreading keeps an
 * own "__proto__" as data); most static routes have none, and then a new {} is all a request costs.
 */
type Kept = (RouteMatch & { readonly hasValues: boolean }) | null;

const keep = (found: RouteMatch | null): Kept => (found === null ? null : { route: found.route, values: found.values, hasValues: Reflect.ownKeys(found.values).length > 0 });

/** Whether matching over these entries depends on nothing but the target and the method. */
export function matchesArePure(entries: readonly RouteEntry[]): boolean {
  return entries.every((entry) => entry.constraintList.every((c) => describeConstraint(c) !== null));
}

/** The targets a static route is requested by: its path as the template spells it, and folded. */
export function staticTargetsOf(entry: RouteEntry): string[] {
  const folded = '/' + entry.segments.map((s) => (s.kind === 'literal' ? s.folded : '')).join('/');
  const spelled = '/' + entry.route.template.replace(/^~?\//, '').replace(/\/$/, '');
  return spelled === folded ? [folded] : [folded, spelled];
}

/**
 * The matcher with the static fast path in front of match(), or the matcher itself when the table has no static
 * route or its matching is not a function of target and method alone.
 */
export function withStaticFastPath(matcher: Matcher, entries: readonly RouteEntry[]): Matcher {
  if (!matchesArePure(entries)) return matcher;
  const targets = new Set<string>();
  for (const entry of entries) if (entry.isStatic) for (const target of staticTargetsOf(entry)) targets.add(target);
  if (targets.size === 0) return matcher;
  // The methods the table names (a route without a verb limit answers any method; others go to the matcher).
  const methods = new Set(['GET', 'HEAD']);
  for (const entry of entries) if (entry.methodSet !== null) for (const m of entry.methodSet) methods.add(m);
  // method → target → kept answer (undefined: not asked yet). The lengths first: another length is never hashed.
  const kept = new Map<string, Map<string, Kept | undefined>>();
  for (const method of methods) kept.set(method, new Map([...targets].map((t) => [t, undefined])));
  const lengths = new Set([...targets].map((t) => t.length));
  const slow = matcher.match;
  return {
    strategy: matcher.strategy,
    get source() {
      return matcher.source;
    },
    matches: matcher.matches,
    allowedMethods: matcher.allowedMethods,
    describe: matcher.describe,
    match(target, method, httpContext) {
      if (lengths.has(target.length)) {
        const byTarget = kept.get(method);
        if (byTarget !== undefined) {
          let answer = byTarget.get(target);
          if (answer === undefined && byTarget.has(target)) byTarget.set(target, (answer = keep(slow(target, method, undefined))));
          if (answer !== undefined) return answer === null ? null : { route: answer.route, values: answer.hasValues ? { ...answer.values } : {} };
        }
      }
      return slow(target, method, httpContext);
    },
  };
}

// The static fast path: a request for a static route's path, spelled exactly as the table spells it (or in its
// folded case), is answered by one Map lookup keyed by the target and the method's slot in what that target
// keeps, before anything scans the string for "?", "#" or "%". The answer is the wrapped matcher's own answer for
// that exact (target, method), computed on the first such request and kept: matching is a function of the target
// and the method alone when every constraint of the table is a built-in value check, so the kept answer is the
// one the matcher would give again. A table with any other constraint (a custom object, a subclass, the HTTP
// method constraint, which reads the request context) gets no fast path. Every other target (another case, an
// escape, a trailing slash, a query), and every method beyond the standard seven that no route names, goes to the
// matcher as before.
import { describeConstraint } from '../../constraints/constraint-description.js';
import type { Matcher, RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { STANDARD_METHODS, standardSlot } from '../verb.js';

/**
 * A kept answer: the route and its values, copied for each request (a caller may change them; spreading keeps an
 * own "__proto__" as data); most static routes have none, and then a new {} is all a request costs.
 */
type Kept = (RouteMatch & { readonly hasValues: boolean }) | null;

const keep = (found: RouteMatch | null): Kept => (found === null ? null : { route: found.route, values: found.values, hasValues: Reflect.ownKeys(found.values).length > 0 });

/** A request's own copy of a kept answer. */
const answerOf = (kept: Kept): RouteMatch | null => (kept === null ? null : { route: kept.route, values: kept.hasValues ? { ...kept.values } : {} });

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
 * What one static target keeps: the answer for each standard method (undefined: not asked yet), and for each
 * other method the table names; any other method is not kept (the set of methods a client can send is
 * unbounded, and keeping them all would let it grow this memory without limit).
 */
interface TargetAnswers {
  readonly standard: (Kept | undefined)[];
  readonly named: Map<string, Kept | undefined> | null;
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
  // The non-standard methods the table names (PURGE, REPORT…), kept beside the standard ones.
  const named = new Set<string>();
  for (const entry of entries) if (entry.methodSet !== null) for (const m of entry.methodSet) if (standardSlot(m) < 0) named.add(m);
  // target → its kept answers: one hash of the target, then a switch on the method (measured on the GitHub
  // set's static requests: 20 ns a lookup against 37 for a map of methods, each a map of targets).
  const answers = new Map<string, TargetAnswers>();
  for (const target of targets) {
    answers.set(target, {
      standard: STANDARD_METHODS.map(() => undefined),
      named: named.size === 0 ? null : new Map([...named].map((m) => [m, undefined])),
    });
  }
  // The lengths first: a target of another length is never hashed (a fresh string from node:http has no hash yet).
  // A byte per length, not a Set: one bounds check and one load instead of hashing the number.
  let longest = 0;
  for (const target of targets) longest = Math.max(longest, target.length); // no spread: 100,000 targets overflow it
  const lengths = new Uint8Array(longest + 1);
  for (const target of targets) lengths[target.length] = 1;
  const slow = matcher.match;
  const askFirst = (kept: TargetAnswers, slot: number, target: string, method: string, httpContext: unknown): RouteMatch | null => {
    if (slot < 0 && kept.named?.has(method) !== true) return slow(target, method, httpContext);
    let answer = slot >= 0 ? kept.standard[slot] : kept.named!.get(method);
    if (answer === undefined) {
      answer = keep(slow(target, method, undefined));
      if (slot >= 0) kept.standard[slot] = answer;
      else kept.named!.set(method, answer);
    }
    return answerOf(answer);
  };
  return {
    strategy: matcher.strategy,
    get source() {
      return matcher.source;
    },
    matches: matcher.matches,
    allowedMethods: matcher.allowedMethods,
    describe: matcher.describe,
    // Kept small, so that V8 inlines it into the caller and a static answer's object need not be kept: asking
    // for a (target, method) the first time, and every method beyond the standard ones, is askFirst()'s work.
    match(target, method, httpContext) {
      const length = target.length;
      const kept = length <= longest && lengths[length] === 1 ? answers.get(target) : undefined;
      if (kept === undefined) return slow(target, method, httpContext);
      const slot = standardSlot(method);
      const answer = slot >= 0 ? kept.standard[slot] : undefined;
      if (answer === undefined) return askFirst(kept, slot, target, method, httpContext);
      return answerOf(answer);
    },
  };
}

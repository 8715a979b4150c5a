// The static table: every static route's path, with the routes whose template shape accepts it (what the walk
// would collect there), read by every strategy. In front of match(), a request target spelled as a static route
// spells it (or in its folded case) is one Map lookup keyed by the exact string, before anything scans it for "?",
// "#" or "%"; any other spelling (another case, a query, a trailing slash) is the strategy's, which does not look
// here again. The routes of a path are tried in order, as the walk tries them; where their constraints all
// depend on the value alone (constraint-parts.ts), the answer for a (target, method) is a function of those two and
// is kept after its first request, frozen (values too), and that one object is given to every later request.
// Answers are kept by the exact target, not by the path: "/API" and "/api" are one path, but a parameter route
// before the static one takes its value from the request's own text ({slug} = "API" or "api"), and its
// constraints may accept one spelling and not the other, so each spelling has its own answer.
import { dependsOnlyOnValue } from '../../constraints/constraint-parts.js';
import type { Fold } from '../case-fold.js';
import { frozenMatch, type RouteMatch } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { STANDARD_METHODS, standardSlot } from '../verb.js';
import { RequestPath } from './request-path.js';
import { collectCandidates, firstAccepting } from './trie-walk.js';
import type { TrieNode } from './trie.js';

/** A method's answer: undefined until it is asked (or always, where answers are not kept). */
type Kept = RouteMatch | null | undefined;

/** One static path of the table: its routes, which every spelling of it shares. */
export class StaticPath {
  private candidateList: readonly RouteEntry[] | null = null;
  private keptBecause: string | null | undefined = undefined;

  constructor(
    /** The folded path without its leading slash ("api/todo"; as written in a case-sensitive table). */
    readonly key: string,
    private readonly table: StaticTable,
  ) {}

  /** The routes whose template shape accepts the path, ascending index (found in the trie on first need). */
  get candidates(): readonly RouteEntry[] {
    return (this.candidateList ??= collectCandidates(this.table.trie(), new RequestPath(`/${this.key}`, false, this.table.fold)));
  }

  /** Why answers for this path cannot be kept (a route whose constraint reads more than its value), or null. */
  get notKept(): string | null {
    if (this.keptBecause === undefined) {
      const opaque = this.candidates.find((entry) => !entry.plan.constraintList.every(dependsOnlyOnValue));
      this.keptBecause = opaque === undefined ? null : `route ${opaque.route.index} (${opaque.route.template}) has a constraint that reads more than its value`;
    }
    return this.keptBecause;
  }
}

/** One exact request target of a static path ("/Api/Todo", "/api/todo") and the answers kept for it. */
export class StaticTarget {
  /** The answer for each standard method, by slot. */
  readonly standard: Kept[] = STANDARD_METHODS.map(() => undefined);
  /** The answers for the other methods some route names (PURGE, REPORT…); any other method is never kept. */
  readonly named: Map<string, Kept> | null;

  constructor(
    readonly path: StaticPath,
    private readonly table: StaticTable,
  ) {
    this.named = table.namedMethods.size === 0 ? null : new Map([...table.namedMethods].map((m) => [m, undefined]));
  }

  /** The answer for this target, kept where it can be: the first candidate that accepts the method, values and constraints. */
  answer(target: string, slot: number, method: string, httpContext: unknown): RouteMatch | null {
    const candidates = this.path.candidates;
    if (this.path.notKept !== null) return firstAccepting(candidates, this.table.pathOf(target), method, httpContext);
    if (slot < 0 && this.named?.has(method) !== true) return firstAccepting(candidates, this.table.pathOf(target), method, undefined);
    let kept = slot >= 0 ? this.standard[slot] : this.named!.get(method);
    if (kept === undefined) {
      kept = shared(firstAccepting(candidates, this.table.pathOf(target), method, undefined));
      if (slot >= 0) this.standard[slot] = kept;
      else this.named!.set(method, kept);
    }
    return kept;
  }
}

/**
 * An answer to keep for every later request: frozen, values too. A static route's is already; a parameter route's
 * (a "{slug}" before the static route) was made fresh for this request, and must not take one request's write to the next.
 */
function shared(found: RouteMatch | null): RouteMatch | null {
  return found === null || Object.isFrozen(found) ? found : frozenMatch(found.route, found.values);
}

/** The targets a static route is requested by: its path as the template spells it, and folded (one in a case-sensitive table). */
function targetsOf(entry: RouteEntry, key: string): string[] {
  const spelled = '/' + entry.route.template.replace(/^~?\//, '').replace(/\/$/, '');
  return spelled === `/${key}` ? [spelled] : [`/${key}`, spelled];
}

/** The table of a route collection's static paths (empty when it has no static route). */
export class StaticTable {
  /** Folded key → its path (its spellings share it). */
  readonly byKey = new Map<string, StaticPath>();
  /** Exact request target ("/api/todo", "/Api/Todo") → its path and kept answers: what the front looks up first. */
  readonly byTarget = new Map<string, StaticTarget>();
  /** A byte per target length: a target of another length is never hashed (a fresh string has no hash yet). */
  readonly targetLengths: Uint8Array;
  /** The non-standard methods the routes name. */
  readonly namedMethods = new Set<string>();

  /**
   * `trie`: the trie of the same entries, built on first need (a built module's is made only when used). `fold`:
   * how the table compares literals (its case fold), which the entries' literals were folded by: a case-sensitive
   * table's keys are the paths as written, so a request in another case finds no path here.
   */
  constructor(
    entries: readonly RouteEntry[],
    readonly trie: () => TrieNode,
    readonly fold: Fold,
  ) {
    for (const { plan } of entries) if (plan.methodSet !== null) for (const m of plan.methodSet) if (standardSlot(m) < 0) this.namedMethods.add(m);
    let longest = 0;
    for (const entry of entries) {
      const plan = entry.plan;
      if (!plan.isStatic) continue;
      const key = plan.segments.map((s) => (s.kind === 'literal' ? s.folded : '')).join('/');
      let path = this.byKey.get(key);
      if (path === undefined) {
        if (!this.isLookupKey(`/${key}`, key)) continue;
        this.byKey.set(key, (path = new StaticPath(key, this)));
      }
      // Each route's own spelling: "api/todo" and "Api/Todo" are one path, requested either way.
      for (const target of targetsOf(entry, key)) {
        // A target whose request path would differ from the key (an escape, a "?" in a literal) is left to the walk.
        if (!this.isLookupKey(target, key) || this.byTarget.has(target)) continue;
        this.byTarget.set(target, new StaticTarget(path, this));
        longest = Math.max(longest, target.length);
      }
    }
    this.targetLengths = new Uint8Array(longest + 1);
    for (const target of this.byTarget.keys()) this.targetLengths[target.length] = 1;
  }

  /** Why some static paths' answers are not kept, one line per path ([] when all are, or there are none). */
  notes(): string[] {
    const notes: string[] = [];
    for (const path of this.byKey.values()) if (path.notKept !== null) notes.push(`/${path.key}: answered from the static table, not kept: ${path.notKept}`);
    return notes;
  }

  /** A request target split as the table's paths are (for the candidates' checks). */
  pathOf(target: string): RequestPath {
    return new RequestPath(target, false, this.fold);
  }

  /** Whether a request for `target` is looked up by `key` (the request path's raw body, folded, is the key). */
  private isLookupKey(target: string, key: string): boolean {
    const raw = this.pathOf(target).rawKey();
    return raw !== null && this.fold(raw) === key;
  }
}

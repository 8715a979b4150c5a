// What the library keeps of each router it makes, beside the router's public methods: one record per router,
// registered by compile() (compile.ts) and by a built module's runtime (aot/load-router.ts), read by
// introspection (introspect/inspectable.ts), toOpenApi and the tests. Not public API. It names the parts it
// records by type only, so the main entry loads none of them through it.
import type { Inspectable } from './introspect/inspectable.js';
import type { LiveTable } from './live/live-table.js';
import type { MatcherStack } from './match/matcher-stack.js';
import type { RouteEntry } from './route-entry.js';

/** A router's internals; read the functions at each call (a router's changes replace its parts). */
export interface RouterInternals {
  /** The layers in front of the strategy's matcher (null for the reference strategy and a live table). */
  stack(): MatcherStack | null;
  /** What compile() keeps of its router; none for a built module's router (its routes are its code). */
  readonly compiled?: CompiledInternals;
}

/** What compile() keeps of a router it made. */
export interface CompiledInternals {
  /** Whether literals compare with their case (compile option caseSensitive). */
  readonly caseSensitive: boolean;
  /** Every route entry, in collection order (generation-only ones included); indexes are positions. */
  entries(): readonly RouteEntry[];
  /** The live table, once the router has changed (null before its first change, and after replace()). */
  live(): LiveTable | null;
  /** What introspection reads. */
  inspectable(): Inspectable;
}

const INTERNALS = new WeakMap<object, RouterInternals>();

/** Called once for each router the library makes. */
export function registerInternals(router: object, internals: RouterInternals): void {
  INTERNALS.set(router, internals);
}

/** The internals of a router the library made (undefined for any other value). */
export function internalsOf(router: unknown): RouterInternals | undefined {
  return INTERNALS.get(router as object); // undefined for a value that is no object, too
}

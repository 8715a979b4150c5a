// What introspection reads of a router made by compile(): compile.ts keeps it in the router's internals
// (router-internals.ts), and the functions of switchyard-router/introspect (router-introspection.ts) read it
// here. compile() loads nothing of introspect/, so the main entry carries no explain, diagnostics or describe code.
import type { Fold } from '../case-fold.js';
import type { Generation } from '../generate/url-generator.js';
import type { Matcher } from '../matcher.js';
import type { RouteEntry } from '../route-entry.js';
import { internalsOf } from '../router-internals.js';

/** A router's current parts (a live table's change with it: read them at each call). */
export interface Inspectable {
  /** Every route entry, in collection order (generation-only ones included). */
  readonly entries: readonly RouteEntry[];
  /** The matcher requests go to (the strategy's, behind the static table and the method filter). */
  readonly matcher: Matcher;
  /** The routes and options URL generation reads. */
  readonly generation: Generation;
  readonly fold: Fold;
  /** The static paths whose answers the static table cannot keep, and why (one line each). */
  readonly notes: readonly string[];
}

/** The parts of a router made by compile(); throws a TypeError for anything else (a built module's router included). */
export function inspectableOf(router: object, caller: string): Inspectable {
  const compiled = internalsOf(router)?.compiled;
  if (compiled === undefined) throw new TypeError(`${caller}: expected a router made by compile() (a built module's router has no route entries to inspect)`);
  return compiled.inspectable();
}

// The format a built module is written in: what compileToModule() writes and loadRouter() reads (the fields of
// ModuleTable, the constants' references O/N/L/W, the helpers H the module's code calls, the order of the object
// catalogue, the route digests). A module records it; the runtime refuses a module of another format at load,
// with the command that builds it again. Before formats were recorded, a module of an older build loaded, then
// threw at the tier switch on a hot table ("table.shapes is not a function" on request 99,999).
//
// Raise MODULE_FORMAT with any change to that contract (test/aot.test.ts pins the contract beside the number).

// What each format changed. 1 was never written: modules that record no format are older than format 2, the first
// recorded one (route digests that name no class: route-digest.ts). 3: a route with parameters answers with an object
// literal, not H.frozenMatch (a request's own answer is not frozen). 4: the module imports the factories of the
// built-in constraint names its routes use (`constraints`) and the in-place checks its code calls (`checks`) from the
// runtime, which holds no other; a template whose text split at "/" is its parsed form is written 0 in `segments`. 5:
// no `templates` list: a route's digest begins with its template's own (route-digest.ts), which the runtime checks
// before it reads the parsed template. 6: the code compares a literal's first char code in place and the rest by
// H.literalAt, which older runtimes do not have. 7: the module makes each route's constraints itself (`constraints(G,
// V, C)`, with `names`: the constraint names its route module gave), so the runtime resolves no constraint name and
// checks no definition again; a route's digest covers its constraints object as given. 8: the module imports one
// namespace, the protocol of its format (switchyard-router/aot/protocol, `import * as P`), and names what it uses of
// it (P.loadRouter, P.intConstraint, P.intCheck), where format 7 imported each by name from switchyard-router/aot,
// which no longer exports them. 9: a route's digest writes a constraint as any other value, by its fields, tagged with
// its built-in label or name (route-digest.ts), so the runtime has no second way to write one; the module makes each
// key's constraint whole, and calls P.keyConstraint only for a key with several constraints or an optional parameter
// (format 8 handed the runtime, per key, 1 when its parameter was optional and each constraint).
/**
 * The module format this switchyard writes and reads. A built module records the format it was written in, and
 * loadRouter() refuses a module of another format when it loads, naming the command that builds it again: build your
 * modules with the same switchyard-router that runs them. A new format comes only with a new minor version (never a
 * patch); the changelog names what each format changed. See [Module
 * formats](https://switchyard-router.github.io/switchyard/docs/aot.html#module-formats-build-again-after-upgrading).
 */
export const MODULE_FORMAT = 9;

/** What a module says of its format: the number, and the command that built it (`switchyard build` writes it). */
export interface ModuleFormat {
  readonly format?: unknown;
  readonly buildCommand?: unknown;
}

/** Throws when `table` was written in another format than this runtime reads, naming both and how to build it again. */
export function checkModuleFormat(table: ModuleFormat): void {
  if (table.format === MODULE_FORMAT) return;
  const written = table.format === undefined ? `records no module format (a switchyard older than format ${MODULE_FORMAT} wrote it)` : `is in module format ${JSON.stringify(table.format)}`;
  const command = typeof table.buildCommand === 'string' ? table.buildCommand : 'switchyard build <route file> -o <this module>';
  throw new Error(`this router module ${written}, its runtime (switchyard-router/aot) reads format ${MODULE_FORMAT}: build it again with this switchyard-router: npx ${command}`);
}

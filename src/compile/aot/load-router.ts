// loadRouter(): what a module written by compileToModule() runs at start-up. It rebuilds the route entries from
// the module's data (templates already parsed) and puts the router together as compile() does: the static table
// and the method filter in front of the module's code, which answers from the first request (a built module's
// code is its zero-cost start: no tiers, as compile() has none); matches(), allowedMethods() and the rare request
// the code leaves to the walk use the interpreted trie, built on its first use; generate() is compile()'s URL
// generation.
import { foldAscii, keepCase, type Fold } from '../case-fold.js';
import type { compileComplexSegment } from '../complex-segment.js';
import type { ConstraintFactory, RouteConstraint } from '../../constraints/route-constraint.js';
import { nameKey } from '../../name-key.js';
import type { UrlOptions } from '../generate/normalize-path.js';
import { fixedRoutes, type DirectGenerators, type GenerationRoutes } from '../generate/url-generator.js';
import { assembleRouter } from '../assemble-router.js';
import { emittedHelpersWith, type EmittedHelpers, type SubtreeMatch, type WalkFrom } from '../match/generated/emitted-helpers.js';
import type { INLINE_CHECKS } from '../match/generated/inline-constraints.js';
import { emittedFront, type EmittedMatch } from '../match/generated/emitted-front.js';
import { stackMatcher, type StackCore } from '../match/matcher-stack.js';
import { createRouteScan } from '../match/route-scan.js';
import type { StaticTable } from '../match/static-table.js';
import type { TrieNode } from '../match/trie.js';
import type { trieParts, TrieWalker } from '../match/trie-matcher.js';
import type { Matcher } from '../matcher.js';
import { matchableEntries } from '../matchable-entries.js';
import { builtRouteEntry, createSharedParts, type RouteEntry } from '../route-entry.js';
import type { CompiledRoute } from '../compiled-route.js';
import type { RouteDefinition } from '../route-definition.js';
import type { RouterFor } from '../typed-router.js';
import { checkModuleFormat, type ModuleFormat } from './module-format.js';
import { catalogOf } from './object-catalog.js';
import { routeDigest, templateDigest } from './route-digest.js';
import { routeListOf } from './route-source.js';
import { decodeTemplate, type ModuleTemplateData } from './template-data.js';

/** What a built module hands loadRouter(). */
export interface ModuleTable extends ModuleFormat {
  /**
   * The format the module was written in; a module of another format is refused at load (see [Module
   * formats](https://switchyard-router.github.io/switchyard/docs/aot.html#module-formats-build-again-after-upgrading)).
   */
  readonly format?: number;
  /** The command that built the module, for that refusal's message (switchyard build writes it). */
  readonly buildCommand?: string;
  /** The route definitions, or the namespace of the route module they come from (its routes and constraints). */
  readonly routes: readonly RouteDefinition[] | { readonly routes?: unknown; readonly default?: unknown; readonly constraints?: unknown };
  /**
   * Each route's constraints as the module makes them (G: an item of route i's constraints object, V: a constraint of
   * route i's own constraintResolver, C: the route module's constraint names), written when it was built: per key, its constraint (P.keyConstraint's when the key needs a wrapper); 0 for
   * a route without any. The module imports the built-in factories it calls one by one from the runtime, so a bundle
   * carries no other constraint, and no resolver of constraint names.
   */
  readonly constraints?: (
    G: (route: number, key: string, at: number | null) => unknown,
    V: (route: number, reference: string) => RouteConstraint,
    C: Readonly<Record<string, ConstraintFactory>>,
  ) => readonly (readonly (readonly [string, RouteConstraint])[] | 0)[];
  /**
   * With a route module: each constraint name the routes resolved (nameKey), 1 when the route module's own
   * constraints gave it, 0 when it was a built-in one; a module whose route module's names changed is refused.
   */
  readonly names?: Readonly<Record<string, 0 | 1>>;
  /** The in-place constraint checks the module's code calls (H.int, H.range…), imported one by one as well. */
  readonly checks?: Partial<typeof INLINE_CHECKS>;
  /**
   * With a route module: each route's digest as built (of its template, then of the rest of the route as given);
   * a route whose template's digest (the first half) or whole digest differs is refused (see [Route
   * modules](https://switchyard-router.github.io/switchyard/docs/aot.html#route-modules-handlers-constraint-objects-custom-constraint-names)).
   */
  readonly digests?: readonly string[];
  /**
   * Each route's parsed template as data, or 0 for a template whose text, split at each "/", is its parsed form
   * (see [What is in the module](https://switchyard-router.github.io/switchyard/docs/aot.html#what-is-in-the-module)).
   */
  readonly segments: readonly ModuleTemplateData[];
  /**
   * foldCase (how literals ignore case beyond ASCII), when a literal of the routes is beyond ASCII and case is
   * ignored: the module imports it then, and only then; the runtime folds ASCII letters alone otherwise, which
   * compares ASCII literals as foldCase does (see [How literals ignore
   * case](https://switchyard-router.github.io/switchyard/docs/matching.html#how-literals-ignore-case)).
   */
  readonly fold?: Fold;
  /**
   * The interpreted trie (switchyard-router/aot's `trie`), for matches(), allowedMethods() and what the module's code
   * leaves to the walk; a module built --compact whose code reaches no trie node imports none (its routes are scanned).
   */
  readonly trie?: typeof trieParts;
  /** The compiler of complex segments ("{name}.{ext?}"): a module imports it when a route has one. */
  readonly complex?: typeof compileComplexSegment;
  /** The static table in front of the module's code (StaticTable); none in a module built --compact. */
  readonly staticTable?: typeof StaticTable;
  /**
   * generate()'s shortcut by name for a plain route (createDirectGenerator); none in a module built --compact, whose
   * links all go the binder's way, to the same URLs.
   */
  readonly direct?: DirectGenerators;
  /** URL options, and whether literals compare with their case (the module's code was written for it). */
  readonly options: UrlOptions & { readonly caseSensitive?: boolean };
  readonly constants: (
    O: (n: number) => unknown,
    N: (n: number) => TrieNode,
    L: (shape: number, constants: unknown[]) => LazyShape,
    W: (node: number, depth: number) => LazyShape,
  ) => unknown[];
  readonly matcher: (K: readonly unknown[], H: EmittedHelpers) => EmittedMatch;
  /** The factories of the subtrees behind large literal fan-outs, one per shape. */
  readonly shapes: () => ShapeFactory[];
}

/** The router of a built module: compile()'s matching and generation (explain and diagnostics stay with compile()). */
export interface AotRouter<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[]> {
  readonly routes: readonly CompiledRoute[];
  /** Always 'aot': the matcher is the module's own code. */
  readonly strategy: 'aot';
  /** The module's matcher function, as written in the module. */
  readonly source: string;
  match: RouterFor<Routes>['match'];
  matches: RouterFor<Routes>['matches'];
  allowedMethods(path: string, httpContext?: unknown): string[];
  generate: RouterFor<Routes>['generate'];
  /** A built router cannot change: these throw (its code and data are the module's; see docs/live-tables.md). */
  add(route: RouteDefinition): never;
  insert(index: number, route: RouteDefinition): never;
  remove(nameOrIndex: string | number): never;
  replace(routes: Iterable<RouteDefinition>): never;
}

/** What add(), insert(), remove() and replace() of a built router do. */
const refuseChange = (): never => {
  throw new TypeError('a router built ahead of time (compileToModule) cannot change: compile() the routes for a live table, or build the module again');
};

type ShapeFactory = (K: readonly unknown[], H: EmittedHelpers) => SubtreeMatch;

/** A subtree not made yet: its shape's factory and its constants. */
interface LazyShape {
  readonly factory: ShapeFactory;
  readonly constants: unknown[];
}

/**
 * The helpers the module's code calls (H), with its own checks. A subtree's function is made on its first request,
 * from its shape's factory (plain code of the module), and kept in the literal table in place of the LazyShape.
 */
function helpersFor(checks: ModuleTable['checks'], fold: Fold, walkFrom: WalkFrom | undefined): EmittedHelpers {
  const helpers = emittedHelpersWith(checks ?? {}, (table, key, found) => {
    const { factory, constants } = found as LazyShape;
    const made = factory(constants, helpers);
    table.set(key, made);
    return made;
  }, fold, walkFrom) as EmittedHelpers;
  return helpers;
}

/** The router of a module built by compileToModule(). */
export function loadRouter(table: ModuleTable): AotRouter {
  // First: a module of another format may hold none of what the rest reads, or hold it with another meaning.
  checkModuleFormat(table);
  const { definitions, constraints } = definitionsOf(table);
  if (table.names !== undefined) checkNames(table.names, constraints, table);
  // Route i's constraints object and constraintResolver, as the module's constraints read them: one that is gone
  // is a changed route (its digest would say so, but the module reads it before the digest is checked).
  const given = (i: number, key: string, at: number | null): unknown => {
    const spec = definitions[i].constraints?.[key];
    const item = at === null ? spec : Array.isArray(spec) ? spec[at] : undefined;
    return item ?? changedRoute(definitions[i], i, table);
  };
  const own = (i: number, reference: string): RouteConstraint => definitions[i].constraintResolver?.resolve(reference) ?? changedRoute(definitions[i], i, table);
  const made = table.constraints?.(given, own, constraints ?? {}) ?? [];
  const caseSensitive = table.options.caseSensitive === true;
  const fold = caseSensitive ? keepCase : (table.fold ?? foldAscii);
  const shared = createSharedParts(fold, table.complex ?? null);
  const entries = definitions.map((definition, index) =>
    builtRouteEntry(definition, decodeTemplate(definition.template, table.segments[index]), index, made[index] || undefined, shared),
  );
  if (!Array.isArray(table.routes)) checkDigests(entries.map((e) => e.route), definitions, table);
  const matchable = matchableEntries(entries);

  // The trie (a module imports it unless it was built --compact and its code reaches no trie node) only for what
  // the code does not answer: built on its first use, not at start-up. The static table (not with --compact) lists
  // its paths now and asks the trie for a path's routes on that path's first request. Without a trie, the routes
  // are scanned (route-scan.ts).
  const parts = table.trie;
  let trie: TrieWalker | null = null;
  let nodes: TrieNode[] | null = null;
  const walker = (): TrieWalker => (trie ??= parts!.walker(matchable, fold));
  const nodeAt = (n: number): TrieNode => (nodes ??= parts!.nodes(walker().root))[n];
  const companion: Pick<Matcher, 'match' | 'matches' | 'allowedMethods'> =
    parts === undefined
      ? createRouteScan(matchable, fold)
      : {
          match: (target, method, httpContext) => walker().match(target, method, httpContext),
          matches: (target, method, httpContext) => walker().matches(target, method, httpContext),
          allowedMethods: (target, httpContext) => walker().allowedMethods(target, httpContext),
        };
  const staticTable = table.staticTable === undefined ? undefined : new table.staticTable(matchable, () => walker().root, fold);
  const helpers = helpersFor(table.checks, fold, parts?.walkFrom);
  // The module's code, handed its constants and helpers now: it answers from the first request.
  const catalog = catalogOf(entries);
  const source = String(table.matcher);
  const shapes = table.shapes();
  const constants = table.constants(
    (n) => catalog[n],
    nodeAt,
    (shape, subtreeConstants) => ({ factory: shapes[shape], constants: subtreeConstants }),
    // The walk from a trie node, with the parameters of a subtree's function (the trie is built on first use).
    (n, depth) => ({
      factory: () => {
        const node = nodeAt(n);
        return (path, _end, method, ctx, best) => helpers.walk(node, depth, path as string, method as string, ctx, best as number);
      },
      constants: [],
    }),
  );
  const built: StackCore = {
    strategy: 'generated',
    source: null,
    staticTable,
    match: emittedFront(table.matcher(constants, helpers), companion),
    matches: companion.matches,
    allowedMethods: companion.allowedMethods,
  };
  // Put together as compile() does (assemble-router.ts). (A built module's names were checked unique when it was
  // written; a route module's by its digests.)
  const stack = stackMatcher(built, matchable);
  const routes = entries.map((e) => e.route);
  let generation: GenerationRoutes<RouteEntry> | null = null; // made on the first generate(), then kept
  const state = { matcher: stack, front: stack.front, stack, matches: stack.matches, generationRoutes: () => (generation ??= fixedRoutes(entries)), routes: () => routes };
  const changes = { add: refuseChange, insert: refuseChange, remove: refuseChange, replace: refuseChange };
  return assembleRouter<AotRouter>(state, table.options, { strategy: 'aot', source, changes, direct: table.direct ?? null, fixed: true }).router;
}

/**
 * The routes of a route module against the digests the module was built from: a route whose methods,
 * constraints, defaults, data tokens, name or generationOnly changed (its template the same) would be matched
 * by code and constants made for the old route.
 */
function checkDigests(routes: readonly CompiledRoute[], definitions: readonly RouteDefinition[], table: ModuleTable): void {
  const changed = routes.findIndex((route, i) => routeDigest(route, definitions[i]) !== table.digests![i]);
  if (changed !== -1) changedRoute(definitions[changed], changed, table);
}

/** The refusal of route `index` of the route module, changed beside its template since the module was built. */
function changedRoute(definition: RouteDefinition, index: number, table: ModuleFormat): never {
  const named = definition.name == null ? '' : ` (named ${JSON.stringify(definition.name)})`;
  throw outOfDate(
    `route ${index} ${JSON.stringify(definition.template)}${named} is not the route it was built from: its name, defaults, constraints, methods, data tokens, generationOnly or keys changed`,
    table,
  );
}

/**
 * The route module's constraint names against those the module was built with: a name its routes use that the
 * route module no longer gives, or now gives in place of a built-in one, would leave the module's constraints
 * made as they no longer are.
 */
function checkNames(names: Readonly<Record<string, 0 | 1>>, constraints: Readonly<Record<string, ConstraintFactory>> | undefined, table: ModuleFormat): void {
  const own = new Set(Object.keys(constraints ?? {}).map(nameKey));
  for (const [name, was] of Object.entries(names)) {
    if (own.has(name) !== (was === 1)) throw outOfDate(`its constraints ${was === 1 ? 'no longer give' : 'now give'} the constraint name "${name}"`, table);
  }
}

/** The refusal of a module whose route module changed since it was built, saying what changed and the command that built it. */
const outOfDate = (what: string, table: ModuleFormat): Error =>
  new Error(`this router module is out of date with its routes (${what}): build it again${typeof table.buildCommand === 'string' ? `: npx ${table.buildCommand}` : ''}`);

/**
 * The definitions (and custom constraint names) of the table, checked against the templates it was built from (the
 * first half of each digest): the module's parsed form of a template is read only for the template it was made from.
 */
function definitionsOf(table: ModuleTable): { definitions: RouteDefinition[]; constraints: Record<string, ConstraintFactory> | undefined } {
  if (Array.isArray(table.routes)) return { definitions: table.routes as RouteDefinition[], constraints: undefined };
  const source = table.routes as { routes?: unknown; default?: unknown; constraints?: unknown };
  const list = routeListOf(source.routes ?? source.default);
  if (list === null) throw new Error('the route module of this router exports no route list any more: build the router again');
  // As the app's compile() and adapters take them: `switchyard build` read the route module so (no template
  // strings, no `method`, a JSON file's shorthands).
  const definitions = list as RouteDefinition[];
  const digests = table.digests ?? [];
  const changed = definitions.length !== digests.length ? -2 : definitions.findIndex((d, i) => templateDigest(String(d?.template)) !== digests[i].slice(0, 8));
  if (changed !== -1) {
    const what =
      changed === -2
        ? `it has ${definitions.length} routes, the router was built from ${digests.length}`
        : `route ${changed} is ${JSON.stringify(definitions[changed]?.template ?? definitions[changed])}, not the template the router was built from`;
    throw outOfDate(what, table);
  }
  return { definitions, constraints: source.constraints as Record<string, ConstraintFactory> | undefined };
}

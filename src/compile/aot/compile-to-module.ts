// compileToModule(): a route table → the source of an ES module whose default export is the router, with the
// generated matcher written out as plain code. Nothing in it needs eval or new Function, and it parses no
// template at start-up (the parsed templates are data in it); it imports only the protocol of its format,
// `switchyard-router/aot/protocol` (load-router.ts and what the module names of it), and the route module it was
// built from when there is one.
//
// Injection safety, as in the generated matcher: every string from a route enters the module as a JSON string
// literal (js-literal.ts) or as a constant K[i]; the constants are literals or references `O(n)` to the objects
// the module rebuilds from its routes (object-catalog.ts).
import { ConstraintRegistry, planRouteConstraints, type ConstraintOrigin } from '../../constraints/registry.js';
import { splitReference } from '../../constraints/inline-constraint-resolver.js';
import { foldFor } from '../case-fold.js';
import { compileComplexSegment } from '../complex-segment.js';
import type { ModuleTable } from './load-router.js';
import type { ConstraintFactory } from '../../constraints/route-constraint.js';
import type { UrlOptions } from '../generate/normalize-path.js';
import { emitMatcher, emitSubtree, withLegend, type EmittedUnit, type LazySubtree } from '../match/generated/emit-matcher.js';
import { INLINE_CHECKS, inlineChecksFor } from '../match/generated/inline-constraints.js';
import { SHARED_SHAPE } from '../match/generated/generated-matcher.js';
import { buildTrie, nodesOf } from '../match/trie.js';
import { matchableEntries } from '../matchable-entries.js';
import { createRouteEntry, createSharedParts, type RouteEntry } from '../route-entry.js';
import type { RouteDefinition } from '../route-definition.js';
import { NotDataError, toData, toJavaScript } from './js-literal.js';
import { MODULE_FORMAT } from './module-format.js';
import { catalogOf, isObject } from './object-catalog.js';
import { routeDigest } from './route-digest.js';
import { templateDataOf } from './template-data.js';
import { quote } from '../match/generated/emit/writer.js';
import { nameKey } from '../../name-key.js';

/** What a module imports its runtime from, unless told otherwise: the protocol of the module format. */
export const DEFAULT_RUNTIME = 'switchyard-router/aot/protocol';

/** Options of compileToModule(). */
export interface ModuleOptions extends UrlOptions {
  /**
   * The import specifier of the route module these routes come from (its default export or `routes`, and its
   * `constraints`: extra inline constraint names). The built module imports it for what only code can make:
   * handlers, constraint objects, constraint factories. Without it every route must be data (as in JSON).
   */
  routesModule?: string | null;
  /**
   * The export of the route module that holds the routes, when it is neither `routes` nor the default export (which
   * the module reads by itself): `switchyard build --export adminRoutes`.
   */
  routesExport?: string | null;
  /** Extra inline constraint names; they must also be the route module's `constraints` export. */
  constraints?: Readonly<Record<string, ConstraintFactory>>;
  /** Where the module imports its runtime from: the protocol of its format (default "switchyard-router/aot/protocol"). */
  runtime?: string;
  /**
   * The command that builds this module again (`switchyard build` writes its own): a runtime that reads another
   * module format refuses the module, and names this command.
   */
  buildCommand?: string | null;
  /** Literals compare with their case, as compile()'s option of the same name. */
  caseSensitive?: boolean;
  /**
   * Smaller code and runtime, for a Worker's bundle: the module's matcher compares every literal segment by a helper
   * loop (H.literalAt, or startsWith when case-sensitive), not char by char as it does up to 16 chars by default (a
   * call per literal segment tested); no static table stands in front of it; and unless its code reaches a trie node,
   * matches(), allowedMethods() and a path with an escaped "/" scan the routes rather than walk a trie.
   */
  compact?: boolean;
}

/** The routes' entries as compile() makes them; errors are compile()'s (TemplateParseError, RouteCreationError). */
function entriesOf(definitions: readonly RouteDefinition[], registry: ConstraintRegistry, caseSensitive: boolean): RouteEntry[] {
  const shared = createSharedParts(foldFor(caseSensitive), compileComplexSegment);
  return definitions.map((definition, index) => createRouteEntry(definition, index, registry, shared));
}

/**
 * How the module makes each route's constraints again (its `constraints` function; G: an item of a route's
 * constraints object as given, V: a route's own constraintResolver's constraint, C: the route module's constraint
 * names): per route, each key and an expression for its constraint (P.keyConstraint's when it needs a wrapper),
 * each of the constraints in it from where it came (registry.ts, ConstraintOrigin); 0 for a route without any. The
 * built-in factories and classes the expressions name are the protocol's (P.intConstraint); `names` gets each constraint name the
 * table resolved (its nameKey), 1 when the route module's own constraints supplied it, 0 when it is a built-in one
 * or the name of a string that no name resolved (a pattern).
 */
function constraintSources(
  entries: readonly RouteEntry[],
  definitions: readonly RouteDefinition[],
  registry: ConstraintRegistry,
  custom: ModuleOptions['constraints'],
  names: Map<string, 0 | 1>,
): string[] {
  const customKeys = Object.keys(custom ?? {});
  const expression = (index: number, origin: ConstraintOrigin): string => {
    const given = (key: string, at: number | null) => `G(${index}, ${quote(key)}, ${at ?? 'null'})`;
    switch (origin.kind) {
      case 'given':
        return given(origin.key, origin.at);
      case 'regexp':
        return `new P.RegexRouteConstraint(${given(origin.key, origin.at)})`;
      case 'pattern':
        // A string that was a pattern because no name resolved it: a route module that now gives its name would
        // make it that constraint (a route of its own resolver has no route module's names).
        if (definitions[index].constraintResolver == null) names.set(nameKey(splitReference(origin.text).name), 0);
        // What the regex factory makes of its argument text, as the resolver's anchored pattern is made.
        return `P.regexConstraint([], ${quote(origin.pattern)})`;
    }
    if (origin.byRoute) return `V(${index}, ${quote(origin.reference)})`;
    // The arguments as the resolver gives them (inline-constraint-resolver.ts): split on "," and trimmed, and the text.
    const { name, argumentText } = splitReference(origin.reference);
    const call = `(${toJavaScript(argumentText === null ? [] : argumentText.split(',').map((a) => a.trim()), 'arguments')}, ${toJavaScript(argumentText, 'arguments')})`;
    // A custom name replaces a built-in one of the same nameKey; of two custom keys with one nameKey, the later.
    const own = customKeys.findLast((key) => nameKey(key) === nameKey(name));
    names.set(nameKey(name), own === undefined ? 0 : 1);
    if (own !== undefined) return `C[${quote(own)}]${call}`;
    return `P.${nameKey(name)}Constraint${call}`;
  };
  return entries.map((entry, index) => {
    if (entry.plan.constraintKeys.length === 0) return '0';
    const definition = definitions[index];
    const plans = planRouteConstraints({ name: entry.route.name, template: entry.route.template }, entry.route.parsedTemplate, definition.constraints, definition.constraintResolver ?? registry, definition.constraintResolver != null);
    // A key that needs no wrapper (one constraint, a required parameter: keyConstraint() makes it itself) is its
    // constraint; another is P.keyConstraint's, which the module then names.
    const made = (plan: (typeof plans)[number]): string => {
      const list = plan.parts.map((part) => expression(index, part.origin));
      return !plan.optional && list.length === 1 ? list[0] : `P.keyConstraint(${plan.optional ? '1' : '0'}, [${list.join(', ')}])`;
    };
    return `[${plans.map((plan) => `[${quote(plan.key)}, ${made(plan)}]`).join(', ')}]`;
  });
}

/**
 * The in-place checks the module's code may call (H.int, H.range…: the emitter writes those of inlineChecksFor), in
 * INLINE_CHECKS' order: the module names each (P.intCheck), and no other.
 */
function checkNamesOf(entries: readonly RouteEntry[]): string[] {
  const used = new Set<string>();
  for (const entry of entries) for (const constraint of entry.plan.constraintList) for (const check of inlineChecksFor(constraint) ?? []) used.add(check.helper);
  return Object.keys(INLINE_CHECKS).filter((name) => used.has(name));
}

/**
 * The source of an ES module whose default export is a router over `routes`, built ahead of time: write it to a
 * file and import it; it loads with no code compiled at run time (it imports its runtime,
 * switchyard-router/aot/protocol, unless `options.runtime` names another). `options` takes compile()'s URL options,
 * `caseSensitive`, `compact`, and `routesModule` with `constraints` for routes read from a route module. See [From
 * code: compileToModule()](https://switchyard-router.github.io/switchyard/docs/aot.html#from-code-compiletomodule-switchyard-routerbuild).
 */
export function compileToModule(routes: Iterable<RouteDefinition>, options: ModuleOptions = {}): string {
  const definitions = [...routes];
  const routesModule = options.routesModule ?? null;
  const routesExport = options.routesExport ?? null;
  if (routesModule === null && options.constraints && Object.keys(options.constraints).length > 0) {
    throw new TypeError('compileToModule: custom constraint names need a routesModule that exports them as `constraints` (a module cannot hold a function as data)');
  }
  const caseSensitive = options.caseSensitive === true;
  const registry = new ConstraintRegistry(options.constraints);
  const entries = entriesOf(definitions, registry, caseSensitive);
  const matchable = matchableEntries(entries);
  const root = buildTrie(matchable);
  // Subtrees behind a large literal fan-out as compile() has them: a shape of subtree that several subtrees
  // share is written once, as a factory they share (rN/items/{id} for every N: one function), run on a
  // subtree's first request; a subtree whose shape few others have is answered by the interpreted walk, built
  // on its first request (SHARED_SHAPE says why). Writing every subtree out makes a large table's module mostly
  // functions for one subtree each, and slower to load than compile() (docs/benchmarks.md, "Why these thresholds").
  const unit = emitMatcher(root, matchable, { lazy: true, caseSensitive, compact: options.compact === true });

  const objects = new Map<unknown, string>();
  catalogOf(entries).forEach((object, n) => objects.has(object) || objects.set(object, `O(${n})`));
  const nodeIndex = new Map<unknown, number>();
  nodesOf(root).forEach((node, n) => nodeIndex.set(node, n));
  const subtrees = lazySubtreesOf(unit.constants);
  const uses = new Map<string, number>();
  for (const { source } of subtrees.values()) uses.set(source, (uses.get(source) ?? 0) + 1);
  const shapes = new Map<string, number>(); // shared subtree source → index in the module's shapes
  let reachesTrie = false; // the code names a trie node (N) or leaves a subtree to the walk (W)
  const expression = (value: unknown, where: string): string => {
    if (!isObject(value)) return toJavaScript(value, where);
    const reference = objects.get(value) ?? (nodeIndex.has(value) ? `N(${nodeIndex.get(value)})` : undefined);
    reachesTrie ||= reference?.startsWith('N(') === true;
    if (reference !== undefined) return reference;
    if (Array.isArray(value)) return `[${value.map((item, i) => expression(item, `${where}[${i}]`)).join(', ')}]`;
    const subtree = subtrees.get(value);
    if (subtree !== undefined) {
      if (uses.get(subtree.source)! < SHARED_SHAPE) {
        reachesTrie = true;
        return `W(${nodeIndex.get((value as LazySubtree).node)}, ${(value as LazySubtree).depth})`;
      }
      let shape = shapes.get(subtree.source);
      if (shape === undefined) shapes.set(subtree.source, (shape = shapes.size));
      return `L(${shape}, [${subtree.constants.map((c, i) => expression(c, `${where} constant ${i}`)).join(', ')}])`;
    }
    return toJavaScript(value, where);
  };
  const constants = unit.constants.map((value, i) => expression(value, `constant ${i}`));

  const urlOptions: ModuleTable['options'] = {
    lowercaseUrls: options.lowercaseUrls,
    lowercaseQueryStrings: options.lowercaseQueryStrings,
    appendTrailingSlash: options.appendTrailingSlash,
    caseSensitive: caseSensitive || undefined,
  };
  const names = new Map<string, 0 | 1>();
  const constraints = constraintSources(entries, definitions, registry, options.constraints, names);
  const checks = checkNamesOf(matchable);
  // The interpreted trie, unless the module is built compact and its code reaches no trie node (then the runtime
  // scans the routes for what the trie would answer); the static table in front of the code, unless compact.
  const compact = options.compact === true;
  const parts = [...(compact ? [] : ['StaticTable']), ...(compact && !reachesTrie ? [] : ['trie'])];
  // Ignoring case, a literal beyond ASCII needs foldCase's casing tables; the runtime's own fold covers the rest.
  // The compiler of complex segments ("{name}.{ext?}"), when a route has one.
  const complex = entries.some((entry) => entry.plan.segments.some((plan) => plan.kind === 'complex'));
  const unicode = !caseSensitive && entries.some((entry) => entry.route.parsedTemplate.segments.some((segment) => segment.parts.some((part) => part.kind !== 'parameter' && /[^\0-\x7f]/.test(part.text))));
  const lines = [
    `// Generated by switchyard from ${definitions.length} route${definitions.length === 1 ? '' : 's'}: a router that needs no eval or new Function`,
    '// and parses no template or constraint at start-up. Do not edit: build it again when the routes change.',
    // One namespace, its members read as P.name: a bundler keeps the members the module names, and no other.
    `import * as P from ${quote(options.runtime ?? DEFAULT_RUNTIME)};`,
  ];
  if (routesModule !== null) lines.push(`import * as source from ${quote(routesModule)};`);
  lines.push(
    '',
    'export default P.loadRouter({',
    // The format first: a runtime that reads another refuses the module before reading anything else (module-format.ts).
    `  format: ${MODULE_FORMAT},`,
    ...(options.buildCommand == null ? [] : [`  buildCommand: ${quote(options.buildCommand)},`]),
    // From a route module, each route's digest as built (its template's first): a module whose table changed since
    // refuses to load (route-digest.ts).
    ...(routesModule !== null
      ? [routesExport == null ? '  routes: source,' : `  routes: { routes: source[${quote(routesExport)}], constraints: source.constraints },`, `  digests: [${entries.map((entry, i) => quote(routeDigest(entry.route, definitions[i]))).join(', ')}],`]
      : [`  routes: ${routesAsData(definitions)},`]),
    // The constraint names the routes resolved, as the route module's constraints export gave them (1) or not (0),
    // and the names of the strings that were patterns (0): a module whose route module's names changed since refuses
    // to load.
    ...(routesModule !== null && names.size > 0 ? [`  names: { ${[...names].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, own]) => `${quote(name)}: ${own}`).join(', ')} },`] : []),
    ...(constraints.every((c) => c === '0') ? [] : ['  constraints,']),
    ...(checks.length === 0 ? [] : [`  checks: { ${checks.map((name) => `${name}: P.${name}Check`).join(', ')} },`]),
    ...(parts.includes('trie') ? ['  trie: P.trie,'] : []),
    ...(parts.includes('StaticTable') ? ['  staticTable: P.StaticTable,'] : []),
    ...(compact ? [] : ['  direct: P.createDirectGenerator,']),
    ...(complex ? ['  complex: P.compileComplexSegment,'] : []),
    ...(unicode ? ['  fold: P.foldCase,'] : []),
    `  segments: ${toData(entries.map((entry) => templateDataOf(entry.route.parsedTemplate)), 'templates')},`,
    `  options: ${toJavaScript(JSON.parse(JSON.stringify(urlOptions)), 'options')},`,
    '  constants,',
    '  matcher,',
    '  shapes,',
    '});',
    '',
    ...(constraints.every((c) => c === '0')
      ? []
      : [
          '/**',
          ' * Each route\'s constraints, made as when the module was built (G: an item of route i\'s constraints object, V: a',
          ' * constraint of route i\'s own constraintResolver, C: the route module\'s constraint names): each key and its',
          ' * constraint; 0: the route has none.',
          ' */',
          'function constraints(G, V, C) {',
          `  return [\n${constraints.map((c) => `    ${c},`).join('\n')}\n  ];`,
          '}',
          '',
        ]),
    '/**',
    ' * The generated code\'s constants K: literals, the objects the router rebuilt from its routes (O) and its trie',
    ' * (N), and the subtrees behind large literal fan-outs: L, a shape below and that subtree\'s own constants; W,',
    ' * a subtree answered by the interpreted walk from trie node n.',
    ' */',
    'function constants(O, N, L, W) {',
    `  return [\n${constants.map((c) => `    ${c},`).join('\n')}\n  ];`,
    '}',
    '',
    '/** The generated matcher (K: constants, H: helpers from the runtime). */',
    'function matcher(K, H) {',
    ...indent(withLegend(unit)),
    '}',
    '',
    '/** The shapes of subtree, each made into a subtree\'s function on its first request (K[0]: its first route). */',
    'function shapes() {',
    '  return [',
    ...[...shapes.keys()].flatMap((source) => ['    function (K, H) {', ...indent(source, '      '), '    },']),
    '  ];',
    '}',
    '',
  );
  return lines.join('\n');
}

const indent = (source: string, by = '  '): string[] => source.split('\n').map((line) => by + line);

const isLazySubtree = (value: object): value is LazySubtree => 'node' in value && 'taken' in value && 'shapes' in value;

/** Every lazy subtree reachable from the constants (subtrees hold fan-outs of their own), with its emitted unit. */
function lazySubtreesOf(constants: readonly unknown[]): Map<object, EmittedUnit> {
  const found = new Map<object, EmittedUnit>();
  const stack: unknown[] = [...constants];
  while (stack.length > 0) {
    const value = stack.pop();
    // Item by item: a spread takes one call argument per item, more than a stack holds in a large table.
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (isObject(value) && isLazySubtree(value) && !found.has(value)) {
      const unit = emitSubtree(value);
      found.set(value, unit);
      for (const item of unit.constants) stack.push(item);
    }
  }
  return found;
}

/** The route definitions as data; a value only code can make is refused with where it is. */
function routesAsData(definitions: readonly RouteDefinition[]): string {
  // Undefined properties left out (as if absent), so that a table of plain routes is JSON.
  const plain = definitions.map((definition) => Object.fromEntries(Object.entries(definition).filter(([, value]) => value !== undefined)));
  try {
    return toData(plain, 'routes');
  } catch (error) {
    if (!(error instanceof NotDataError)) throw error;
    const index = Number(/^routes\[(\d+)\]/.exec(error.where)?.[1]);
    const where = error.where.replace(/^routes\[(\d+)\]/, 'route $1');
    throw new TypeError(
      `compileToModule: ${where} is ${error.what}, which a module cannot hold as data (${JSON.stringify(definitions[index]?.template)}); build from a route module (routesModule) so the built module imports it`,
    );
  }
}

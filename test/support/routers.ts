// Every strategy, in one list: every table and property runs against each of them. The 'aot' strategy is a
// module written by compileToModule() and loaded as a module is (its import of the runtime given the runtime
// in place), 'aot-compact' one built with `compact` (a Worker's: no static table, and routes scanned where its code
// reaches no trie node); they run in the vitest project "aot" (SWITCHYARD_STRATEGIES=aot,aot-compact), whose
// workers forbid eval and new Function, so every table there also proves the module needs neither. The projects "case-sensitive" and
// "aot case-sensitive" (SWITCHYARD_CASE_SENSITIVE=1) run the same tables and properties once more on tables
// compiled with caseSensitive: true, each table skipping the cases whose answer may depend on case (caseDependent).
import { runInThisContext } from 'node:vm';
import * as protocol from '../../src/aot-protocol.js';
import { loadRouter, type AotRouter } from '../../src/aot.js';
import { compile, type CompileOptions, type CompiledRouter, type MatchStrategy, type RouteDefinition } from '../../src/index.js';
import { compileToModule } from '../../src/build.js';
import { foldCase } from '../../src/compile/case-fold.js';
import { parseTemplate } from '../../src/index.js';
import type { CaseRoute } from '../cases/types.js';
import type { Skip } from './suite.js';

export type Strategy = MatchStrategy | 'aot' | 'aot-compact';

/** The strategies of a router module built ahead of time. */
export const isBuilt = (strategy: Strategy): strategy is 'aot' | 'aot-compact' => strategy === 'aot' || strategy === 'aot-compact';

const ALL: readonly Strategy[] = ['generated', 'trie', 'reference'];
export const strategies: readonly Strategy[] = process.env.SWITCHYARD_STRATEGIES
  ? (process.env.SWITCHYARD_STRATEGIES.split(',') as Strategy[])
  : ALL;

/** The strategies checked against the reference (the reference itself aside). */
export const subjects = strategies.filter((s) => s !== 'reference');

/** This run compiles every table with caseSensitive: true (the projects "case-sensitive" and "aot case-sensitive"). */
export const caseSensitive = process.env.SWITCHYARD_CASE_SENSITIVE === '1';

/** The mode a title shows. */
export const caseMode = caseSensitive ? 'case-sensitive' : 'ignoring case';

/**
 * What a case-sensitive run skips: the rows whose answer could depend on case, a literal of their templates or a
 * request path (decoded) that is not its own case fold (lower case); comparing with or without case gives the same
 * result for every other row. The answers that depend on case have their own table, in both modes
 * (test/cases/case-sensitive-cases.ts). A run that ignores case skips none.
 */
export function caseDependent<Row extends { routes: readonly { template: string }[] }>(pathsOf: (row: Row) => readonly string[] = (row) => [(row as unknown as { path: string }).path]): Skip<Row> {
  return {
    reason: 'its answer may depend on case, which this caseSensitive run compares (case-sensitive-cases.ts has such answers in both modes)',
    rows: (row) => caseSensitive && !(row.routes.every((r) => literalsOf(r.template).every(isOwnFold)) && pathsOf(row).every((p) => isOwnFold(looseDecode(p)))),
  };
}

const isOwnFold = (text: string): boolean => foldCase(text) === text;

const literals = new Map<string, readonly string[]>();
function literalsOf(template: string): readonly string[] {
  let found = literals.get(template);
  if (found === undefined) {
    try {
      found = parseTemplate(template).segments.flatMap((s) => s.parts.flatMap((p) => (p.kind === 'parameter' ? [] : [p.text])));
    } catch {
      found = []; // a case about a bad template: it throws in either mode
    }
    literals.set(template, found);
  }
  return found;
}

/** The path with every escape that decodes, decoded ("%41" → "A"); the rest as it stands. */
function looseDecode(path: string): string {
  return path.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** compile()'s options, with 'aot' among the strategies. */
export type StrategyOptions = Omit<CompileOptions, 'strategy'> & { strategy?: Strategy };

/**
 * compile(), or for 'aot' the router of a module built from the same routes: its code answers from the first
 * request, as compile()'s does, so every table checks that code.
 */
export function compileWith(routes: Iterable<RouteDefinition>, options: StrategyOptions = {}): CompiledRouter {
  const { strategy, ...given } = options;
  const rest = { caseSensitive, ...given };
  if (strategy === undefined || !isBuilt(strategy)) return compile(routes, { ...rest, strategy });
  return loadBuilt([...routes], rest, strategy === 'aot-compact');
}

export function routerFor(routes: CaseRoute[], strategy: Strategy, options: Omit<CompileOptions, 'strategy'> = {}): CompiledRouter {
  return compileWith(
    routes.map((r) => ({
      name: r.name ?? null,
      template: r.template,
      defaults: r.defaults,
      constraints: r.constraints,
      methods: r.methods,
      dataTokens: r.dataTokens,
    })),
    { ...options, strategy },
  );
}

/**
 * Builds the module and loads it. Routes that are data are written into it; otherwise (a constraint object, a
 * custom constraint name) it is built from a route module, which here is an object in place of the import.
 */
function loadBuilt(routes: RouteDefinition[], options: Omit<CompileOptions, 'strategy'>, compact: boolean): CompiledRouter {
  const { constraints, constraintRegistry, ...given } = options;
  const urlOptions = { ...given, compact };
  if (constraintRegistry) throw new Error('the aot strategy takes no constraintRegistry');
  let source: string;
  let routeModule: object | null = null;
  try {
    source = compileToModule(routes, { ...urlOptions, constraints });
  } catch (error) {
    if (!/cannot hold|need a routesModule/.test((error as Error).message)) throw error;
    source = compileToModule(routes, { ...urlOptions, constraints, routesModule: './routes.mjs' });
    routeModule = { routes, constraints };
  }
  return evaluateBuiltModule(source, routeModule) as unknown as CompiledRouter;
}

/**
 * A built module's router, the module evaluated in place: its imports become the protocol (src/aot-protocol.ts, with
 * `load` for its loadRouter, by default loadRouter itself) and `routeModule`.
 */
export function evaluateBuiltModule(source: string, routeModule: object | null, load: typeof loadRouter = loadRouter): AotRouter {
  const body = source
    .replace(/^import \* as P from .*;$/m, '')
    .replace(/^import \* as source from .*;$/m, '')
    .replace(/^export default P\.loadRouter\(/m, 'return loadRouter(');
  const factory = runInThisContext(`(function (loadRouter, source, P) {\n${body}\n})`) as (load: typeof loadRouter, source: object | null, protocol: object) => AotRouter;
  return factory(load, routeModule, protocol);
}

// The types compile() gives a literal route table: match() results discriminated by route, generate() by
// route name with the values each route needs; isRoute() narrows a match. The router object is unchanged.
import type { RouteValues } from '../route-values.js';
import type { CheckTemplate, GenerationValues, TemplateValues } from '../template/template-types.js';
import type { CompiledRouter, GenerateOptions, GeneratedPath } from './compile.js';
import type { CompiledRoute } from './compiled-route.js';
import type { RouteDefinition } from './route-definition.js';
import type { RouteMatch } from './matcher.js';

/** A match of one route of a literal table: its name (null without one) and index are literal types. */
export interface TypedRouteMatch<Name extends string | null, Index extends number, Values extends RouteValues> extends RouteMatch {
  readonly route: CompiledRoute & { readonly name: Name; readonly index: Index };
  readonly values: Readonly<Values>;
}

type NameOf<R> = R extends { readonly name: infer N extends string } ? N : null;
type TemplateOf<R> = R extends { readonly template: infer T extends string } ? T : string;
type DefaultsOf<R> = R extends { readonly defaults: infer D extends object } ? D : {};
type IndexOf<K> = K extends `${infer N extends number}` ? N : never;

/** A table the types can read: a tuple (the `const` type parameter of compile() makes one). */
export type IsTuple<Routes extends readonly unknown[]> = number extends Routes['length'] ? false : true;

/** The union of match() results for a literal table. */
export type MatchOf<Routes extends readonly RouteDefinition[]> = IsTuple<Routes> extends true
  ? {
      [K in keyof Routes]: TypedRouteMatch<
        NameOf<Routes[K]>,
        IndexOf<K>,
        TemplateValues<TemplateOf<Routes[K]>, DefaultsOf<Routes[K]>>
      >;
    }[number]
  : RouteMatch;

/** The route names of a table (exactly as written; at runtime a name also matches in another case). */
export type RouteNames<Routes extends readonly RouteDefinition[]> = Exclude<NameOf<Routes[number]>, null>;

/** Per route name, the values generate() needs (computed once per table, looked up per call). */
export type GenerationTable<Routes extends readonly RouteDefinition[]> = {
  [R in Routes[number] as NameOf<R> & string]: GenerationValues<TemplateOf<R>, DefaultsOf<R>>;
};

/** The values generate() needs for the route named N. */
export type GenerateValuesFor<Routes extends readonly RouteDefinition[], N extends string> = string extends N
  ? RouteValues
  : GenerationTable<Routes>[N & keyof GenerationTable<Routes>];

/** The router compile() returns for a literal table. */
export interface TypedRouter<Routes extends readonly RouteDefinition[]> extends CompiledRouter {
  match(path: string, method?: string | null, httpContext?: unknown): MatchOf<Routes> | null;
  matches(path: string, method?: string | null, httpContext?: unknown): Iterable<MatchOf<Routes>>;
  /** Without a route name: each route is tried in order, loosely typed as classic generation is. */
  generate(values: RouteValues, options?: GenerateOptions & { routeName?: null }): GeneratedPath | null;
  /** By route name with ambient values: those may supply what the route needs, so any values go. */
  generate<N extends RouteNames<Routes>>(
    values: RouteValues,
    options: GenerateOptions & { routeName: N; ambientValues: RouteValues | null },
  ): GeneratedPath | null;
  /** By route name (last, so a type error names the missing value): only the table's names; the values the route needs without a default are required. */
  generate<N extends keyof GenerationTable<Routes>>(
    values: GenerationTable<Routes>[N],
    options: GenerateOptions & { routeName: N; ambientValues?: null },
  ): GeneratedPath | null;
}

/** The router type for a table: typed for a literal table, the loose CompiledRouter otherwise. */
export type RouterFor<Routes extends Iterable<RouteDefinition>> = Routes extends readonly RouteDefinition[]
  ? IsTuple<Routes> extends true
    ? TypedRouter<Routes>
    : CompiledRouter
  : CompiledRouter;

/** Per route, an InvalidTemplate to intersect with where the types see a malformed template literal. */
export type CheckedRoutes<Routes> = Routes extends readonly unknown[]
  ? {
      [K in keyof Routes]: unknown extends CheckTemplate<TemplateOf<Routes[K]>>
        ? unknown
        : { readonly template: CheckTemplate<TemplateOf<Routes[K]>> };
    }
  : unknown;

/**
 * Narrows a match of a literal table to one route, by name (or by index for a route without one). TypeScript
 * cannot narrow `match` itself from `match.route.name` (a nested property), hence this guard.
 */
export function isRoute<M extends RouteMatch, Key extends NonNullable<M['route']['name']> | M['route']['index']>(
  match: M | null,
  key: Key,
): match is Extract<M, { readonly route: { readonly name: Key } } | { readonly route: { readonly index: Key } }> {
  return match !== null && (typeof key === 'number' ? match.route.index === key : match.route.name === key);
}

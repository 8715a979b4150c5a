// The types that let a route literal given to an adapter type its own handler: each route's template, name and
// defaults are inferred from the literal, and the handler's parameters come from them (its values typed from the
// template, urlFor typed by the table). And the one typed core every adapter's defineRoutes and group are typed
// by (TypedAdapter): an adapter names its handler and middleware types once (HandlerTypes), nothing more.
//
// Why three type parameters rather than one tuple of routes: a handler written without annotations makes its
// route object "context sensitive", and TypeScript infers nothing from such an object as a whole; it still infers
// each property that is not a function. So the templates, names and defaults are each inferred through their
// own mapped type (reverse mapping over the array literal), and only once they are known does the parameter's
// type become the checked shape (AdapterRoutes' second branch) that hands the handler its contextual type.
import type { CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { GroupOptions } from '../compile/route-group.js';
import type { IsTuple, GenerationTable } from '../compile/typed-router.js';
import type { MergedByName, RouteValues } from '../route-values.js';
import type { CheckTemplate, JoinTemplates, TemplateValues } from '../template/template-types.js';
import type { AdapterOptions, AdapterRouter } from './dispatch.js';

/** The route table the types see: template, name (null without one) and defaults of each route. */
export type RouteTableOf<T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = {
  readonly [K in keyof T]: {
    readonly template: T[K];
    readonly name: N[K & keyof N] extends string ? N[K & keyof N] : null;
    readonly defaults: D[K & keyof D] extends Readonly<Record<string, unknown>> ? D[K & keyof D] : {};
  };
};

/** The values of the route at index K, typed from its template and defaults. */
export type ValuesAt<T extends readonly string[], D extends readonly unknown[], K> = TemplateValues<
  T[K & keyof T] & string,
  D[K & keyof D] extends object ? D[K & keyof D] : {}
>;

/** What inference reads: each property through a mapped type of its own. */
type Inferred<T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = { readonly [K in keyof T]: { readonly template: T[K] } } & {
  readonly [K in keyof N]: { readonly name?: N[K] };
} & { readonly [K in keyof D]: { readonly defaults?: D[K] } };

/**
 * The routes an adapter takes, the handler of route K being Handlers[K]: while T is inferred, the shape
 * inference reads; after, the route definitions as checked (unknown keys and malformed templates are errors).
 */
export type AdapterRoutes<
  T extends readonly string[],
  N extends readonly unknown[],
  D extends readonly unknown[],
  Handlers extends { readonly [K in keyof T]: unknown },
  Middleware extends { readonly [K in keyof T]: unknown } = Handlers,
  Framework extends string = never,
  /** A group's name prefix ('' for a module or a table). */
  NamePrefix extends string = '',
> = [T] extends [never]
  ? Inferred<T, N, D>
  : {
      readonly [K in keyof T]: Omit<RouteDefinition, 'name' | 'template' | 'defaults' | 'handler' | 'generationOnly'> & {
        readonly template: T[K] & CheckTemplate<T[K]>;
        readonly name?: N[K & keyof N] & (string | null | undefined);
        readonly defaults?: D[K & keyof D] & (Readonly<Record<string, unknown>> | null | undefined);
        /** Run in order before the handler, each in the framework's own middleware form. */
        readonly middleware?: IsTuple<T> extends true ? readonly (Middleware[K] | TypedElsewhere<Framework, NamePrefix>)[] | null : readonly unknown[] | null;
        // A table that is not a literal: handlers as loose as the definitions.
      } & (IsTuple<T> extends true ? WithHandler<Handlers[K] | TypedElsewhere<Framework, NamePrefix>> : { readonly handler?: unknown; readonly generationOnly?: boolean | null });
    };

/**
 * A route's handler: required, as the adapters require it at run time, unless the route only makes links
 * (generationOnly: true). Its type is the same in both, so an inline handler gets it as its contextual type either way.
 */
export type WithHandler<H> =
  // In this order: a route with neither is reported against the last, as "Property 'handler' is missing".
  | { readonly handler?: H; readonly generationOnly: true }
  | { readonly handler: H; readonly generationOnly?: false | null };

/** The values argument of urlFor for a route: optional when the route needs none. */
type ValuesArgument<V> = {} extends V ? [values?: V] : [values: V];

/** A route name of a table: for a literal table only its names, any name otherwise. */
type NameIn<Routes extends readonly RouteDefinition[]> = IsTuple<Routes> extends true ? keyof GenerationTable<Routes> & string : string;

/** The values argument for route `Name` of a table: what it needs without a default, for a literal table. */
type ValuesFor<Routes extends readonly RouteDefinition[], Name> = IsTuple<Routes> extends true
  ? ValuesArgument<GenerationTable<Routes>[Name & keyof GenerationTable<Routes>]>
  : [values?: RouteValues];

/**
 * Links by route name with the request's values as ambient values: `urlFor(name, values)` to a route of the
 * table the handler is typed by (its module's, its group's, the adapter's), `urlFor(routes, name, values)` to a
 * route of another module of the same app (what its defineRoutes or group gave, imported). For a literal table,
 * only its names, and the values each route needs that have no default (ambient values aside: pass them).
 */
export type UrlFor<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[]> = <
  const First extends NameIn<Routes> | readonly RouteDefinition[],
  Name extends First extends readonly RouteDefinition[] ? NameIn<First> : never,
>(
  // One signature, not two overloads: TypeScript reports a call that fits no overload by the last one alone, so a
  // misspelt name of the own table was reported against the other form ("not assignable to RouteDefinition[]"),
  // where one signature's error lists the names the table has.
  first: First,
  ...rest: First extends readonly RouteDefinition[] ? [name: Name, ...values: ValuesFor<First, Name>] : ValuesFor<Routes, First>
) => string;

/**
 * What a handler or middleware typed elsewhere (defineRoutes, another group) may be in a table: as written, but
 * not under a group's name prefix, which renames the routes its urlFor links to by the names it was typed with.
 */
type TypedElsewhere<Framework extends string, NamePrefix extends string> = NamePrefix extends '' ? DefinedHandler<Framework> : NamePrefixOverRoutesTypedElsewhere;

/** The type error of a group's name prefix over routes typed elsewhere. */
export interface NamePrefixOverRoutesTypedElsewhere {
  readonly 'a group with a name prefix takes the routes written in it: routes typed elsewhere link by the names they were typed with (give the name prefix where they are written)': never;
}


declare const defined: unique symbol;

/**
 * A handler or middleware already typed where its route was written (defineRoutes, group) for the adapter of
 * Framework: a table made of such routes keeps them as they are. (At run time the function as written.)
 */
export interface DefinedHandler<Framework extends string> {
  readonly [defined]: Framework;
}

/** The routes defineRoutes and group give: each route's template, name and defaults as the types read them. */
export type DefinedRoutes<T extends readonly unknown[], N extends readonly unknown[], D extends readonly unknown[], Framework extends string> = {
  readonly [K in keyof T]: Omit<RouteDefinition, 'name' | 'template' | 'defaults' | 'handler' | 'generationOnly'> & {
    readonly template: T[K] & string;
    readonly name: N[K & keyof N] extends string ? N[K & keyof N] : null;
    readonly defaults: D[K & keyof D] extends object ? D[K & keyof D] : {};
    readonly middleware?: readonly DefinedHandler<Framework>[] | null;
  } & WithHandler<DefinedHandler<Framework>>;
};

/** A group's templates: its prefix joined to each route's. */
export type PrefixedTemplates<P extends string, T extends readonly string[]> = { readonly [K in keyof T]: JoinTemplates<P, T[K] & string> };

/** A group's route names: its name prefix before each (a route without a name keeps none). */
export type PrefixedNames<GN extends string, N extends readonly unknown[]> = { readonly [K in keyof N]: N[K] extends string ? `${GN}${N[K]}` : null };

/** A group's defaults under each route's own (the route's win). */
export type MergedDefaults<GD, D extends readonly unknown[]> = {
  readonly [K in keyof D]: D[K] extends object ? { [Key in keyof MergedByName<GD, D[K]>]: MergedByName<GD, D[K]>[Key] } : GD;
};

/** The route table of a group, as its handlers' urlFor sees it. */
export type GroupTableOf<P extends string, GN extends string, GD, T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = RouteTableOf<
  PrefixedTemplates<P, T>,
  PrefixedNames<GN, N>,
  MergedDefaults<GD, D>
>;

/** The values of route K of a group: from its joined template and merged defaults. */
export type GroupValuesAt<P extends string, GD, T extends readonly string[], D extends readonly unknown[], K> = TemplateValues<
  JoinTemplates<P, T[K & keyof T] & string>,
  MergedDefaults<GD, D>[K & keyof MergedDefaults<GD, D>] extends object ? MergedDefaults<GD, D>[K & keyof MergedDefaults<GD, D>] : {}
>;

/** What group() gives an adapter's table: the routes with the group's parts, their handlers as written. */
export type GroupedRoutes<P extends string, GN extends string, GD, T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[], Framework extends string> = DefinedRoutes<
  PrefixedTemplates<P, T>,
  PrefixedNames<GN, N>,
  MergedDefaults<GD, D>,
  Framework
>;

/**
 * An adapter's handler and middleware types, for the table a handler's urlFor links in (`routes`) and the values of
 * its route (`values`): an adapter declares `handler` and `middleware` from `this['routes']` and `this['values']`
 * (RoutesOf), and the core fills both in for each route (HandlerOf, MiddlewareOf).
 */
export interface HandlerTypes<Framework extends string = string> {
  /** The adapter's name: what keeps a handler typed for one adapter out of another's table. */
  readonly framework: Framework;
  readonly routes: unknown;
  readonly values: unknown;
  readonly handler: unknown;
  /** Left unknown: a route's middleware is typed as its handler. */
  readonly middleware: unknown;
}

/** `this['routes']` of a HandlerTypes, as the route list it is filled in with. */
export type RoutesOf<Routes> = Routes extends readonly RouteDefinition[] ? Routes : readonly RouteDefinition[];

type Filled<F extends HandlerTypes, Routes, Values> = F & { readonly routes: Routes; readonly values: Values };

/** F's handler for a route of `Routes` whose values are `Values`. */
export type HandlerOf<F extends HandlerTypes, Routes, Values> = Filled<F, Routes, Values>['handler'];

/** F's middleware for a route of `Routes` whose values are `Values`: its handler type where F names none. */
export type MiddlewareOf<F extends HandlerTypes, Routes, Values> = unknown extends Filled<F, Routes, Values>['middleware'] ? HandlerOf<F, Routes, Values> : Filled<F, Routes, Values>['middleware'];

/** The routes an adapter of F takes, each handler and middleware typed from its route. */
export type TypedRoutes<F extends HandlerTypes, T extends readonly string[], N extends readonly unknown[], D extends readonly unknown[]> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: HandlerOf<F, RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  { readonly [K in keyof T]: MiddlewareOf<F, RouteTableOf<T, N, D>, ValuesAt<T, D, K>> },
  F['framework']
>;

/** A group's routes for an adapter of F, each handler and middleware typed from its route under the group's prefix. */
export type TypedGroupRoutes<
  F extends HandlerTypes,
  P extends string,
  GN extends string,
  GD,
  T extends readonly string[],
  N extends readonly unknown[],
  D extends readonly unknown[],
> = AdapterRoutes<
  T,
  N,
  D,
  { readonly [K in keyof T]: HandlerOf<F, GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  { readonly [K in keyof T]: MiddlewareOf<F, GroupTableOf<P, GN, GD, T, N, D>, GroupValuesAt<P, GD, T, D, K>> },
  F['framework'],
  GN
>;

/**
 * The type of each adapter's `defineRoutes` and `group`: `F` names the adapter's handler and middleware types
 * (`ExpressTypes`, `FastifyTypes`, `KoaTypes`, `HonoTypes`), which type each route's handler from its route.
 */
export interface TypedAdapter<F extends HandlerTypes> {
  /**
   * A module of routes (`export const users = defineRoutes([...])`): each inline handler and middleware typed
   * from its route, and kept typed in a table spread from modules (`[...users, ...posts]`).
   */
  defineRoutes<const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[]>(routes: TypedRoutes<F, T, N, D>): DefinedRoutes<T, N, D, F['framework']>;
  /**
   * Routes under a prefix (`tenants/{tenant:int}`), with a name prefix, middleware run before each route's own,
   * shared defaults and constraints (group() of the main entry): the flat table written out, handlers typed with
   * the prefix's values. Groups nest.
   */
  group<
    const T extends readonly string[],
    const N extends readonly unknown[],
    const D extends readonly unknown[],
    const P extends string = '',
    const GN extends string = '',
    const GD extends object = {},
  >(
    options: GroupOptions<P, GN, GD, MiddlewareOf<F, readonly RouteDefinition[], TemplateValues<P, GD>>>,
    routes: TypedGroupRoutes<F, P, GN, GD, T, N, D>,
  ): GroupedRoutes<P, GN, GD, T, N, D, F['framework']>;
}

/**
 * An adapter's `switchyard()` that returns `Middleware`: the routes (each handler typed from its route), or a router
 * already made (compile()'s or a built module's), kept as its own type. One signature, not an overload per kind, so
 * that a mistake in a route literal is reported at the route. Given routes, R is inferred from them, fails its
 * constraint and falls back to AdapterRouter: the router kept is then the one compile() makes.
 */
export interface AdapterEntry<F extends HandlerTypes, Middleware> {
  <const T extends readonly string[], const N extends readonly unknown[], const D extends readonly unknown[], R extends AdapterRouter = CompiledRouter>(
    routes: TypedRoutes<F, T, N, D> | R,
    options?: AdapterOptions,
  ): Middleware & { readonly router: AdapterRouter extends R ? CompiledRouter : R };
}

/**
 * An adapter's defineRoutes at run time: the routes as given (its group is the main entry's group()). Each adapter
 * exports both typed by its TypedAdapter, one `const` each, so that a bundle that uses neither carries neither
 * (a destructured call would be kept whole).
 */
export const routesAsGiven = (routes: readonly RouteDefinition[]): readonly RouteDefinition[] => routes;

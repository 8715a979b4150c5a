// The types that let a route literal given to an adapter type its own handler: each route's template, name and
// defaults are inferred from the literal, and the handler's parameters come from them (its values typed from the
// template, urlFor typed by the table). Types only.
//
// Why three type parameters rather than one tuple of routes: a handler written without annotations makes its
// route object "context sensitive", and TypeScript infers nothing from such an object as a whole; it still infers
// each property that is not a function. So the templates, names and defaults are each inferred through their
// own mapped type (reverse mapping over the array literal), and only once they are known does the parameter's
// type become the checked shape (AdapterRoutes' second branch) that hands the handler its contextual type.
import type { RouteDefinition } from '../compile/route-entry.js';
import type { IsTuple, GenerationTable } from '../compile/typed-router.js';
import type { RouteValues } from '../route-values.js';
import type { CheckTemplate, TemplateValues } from '../template/template-types.js';

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
> = [T] extends [never]
  ? Inferred<T, N, D>
  : {
      readonly [K in keyof T]: Omit<RouteDefinition, 'name' | 'template' | 'defaults' | 'handler'> & {
        readonly template: T[K] & CheckTemplate<T[K]>;
        readonly name?: N[K & keyof N] & (string | null | undefined);
        readonly defaults?: D[K & keyof D] & (Readonly<Record<string, unknown>> | null | undefined);
        // A table that is not a literal: handlers as loose as the definitions.
        readonly handler?: IsTuple<T> extends true ? Handlers[K] : unknown;
        /** Run in order before the handler, each in the framework's own middleware form. */
        readonly middleware?: IsTuple<T> extends true ? readonly Middleware[K][] | null : readonly unknown[] | null;
      };
    };

/** The values argument of urlFor for a route: optional when the route needs none. */
type ValuesArgument<V> = {} extends V ? [values?: V] : [values: V];

/**
 * Links by route name with the request's values as ambient values. For a literal table, only its names, and
 * the values each route needs that have no default (ambient values aside: pass them).
 */
export type UrlFor<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[]> = IsTuple<Routes> extends true
  ? <Name extends keyof GenerationTable<Routes> & string>(name: Name, ...values: ValuesArgument<GenerationTable<Routes>[Name]>) => string
  : (name: string, values?: RouteValues) => string;


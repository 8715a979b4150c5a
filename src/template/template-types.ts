// Type-level reading of a route template: the route values a literal template gives after a match, and the
// values generation needs. Types only (no runtime code); the runtime parser stays the authority.
import type { RouteValues } from '../route-values.js';

/** One parameter as the types see it. */
export interface TemplateParameterInfo {
  readonly name: string;
  /** `{id?}`: may be absent after a match. */
  readonly optional: boolean;
  /** `{*path}` / `{**path}`: absent when the rest of the path is empty. */
  readonly catchAll: boolean;
  /** `{action=Index}`: always present after a match. */
  readonly defaulted: boolean;
}

/** What a type error about a template literal says (the runtime TemplateParseError gives the position). */
export interface InvalidTemplate<Reason extends string> {
  readonly 'invalid route template': Reason;
}

/** A value generation accepts for a required parameter. */
export type RouteValueInput = string | number | bigint | boolean | Date;

/**
 * Whether T is a literal string type (or a union of them): not `string`, and not a pattern such as
 * `${string}/{id}` whose unknown part might hold parameters of its own.
 */
export type IsLiteralTemplate<T extends string> = {} extends Record<T, unknown> ? false : true;

// Scanning: literal text up to the next "{" ("{{" is a literal brace), then a parameter up to the first "}"
// that is not part of "}}" (inside a parameter "{{" and "}}" stand for one brace, so constraint arguments
// such as regex(^\d{{3}}$) or regex(^(a|b)$) need no bracket counting). Tail-recursive, one step per brace.
type ScanLiteral<T extends string, Acc> = T extends `${infer Literal}{${infer Rest}`
  ? Rest extends `{${infer After}`
    ? ScanLiteral<After, Acc | LoneCloseBrace<Literal>>
    : ScanParameter<Rest, '', Acc | LoneCloseBrace<Literal>>
  : Acc | LoneCloseBrace<T>;

/** A "}" in literal text must be doubled. */
type LoneCloseBrace<Literal extends string> = Literal extends `${string}}${infer Rest}`
  ? Rest extends `}${infer After}`
    ? LoneCloseBrace<After>
    : InvalidTemplate<'a "}" without its "{" (write "}}" for a literal brace)'>
  : never;

type ScanParameter<T extends string, Inner extends string, Acc> = T extends `${infer Head}}${infer Tail}`
  ? Tail extends `}${infer After}`
    ? ScanParameter<After, `${Inner}${Head}}`, Acc>
    : ScanLiteral<Tail, Acc | ParameterOf<`${Inner}${Head}`>>
  : InvalidTemplate<'a "{" has no closing "}"'>;

/** The text after the last ")" (constraint arguments end there), or the whole text without one. */
type AfterLastParen<S extends string> = S extends `${string})${infer Rest}` ? AfterLastParen<Rest> : S;

/** The name: up to the first ":", "=" or a trailing "?". */
type NameOf<S extends string> = S extends `${infer N}:${string}`
  ? NameOf<N>
  : S extends `${infer N}=${string}`
    ? N
    : S extends `${infer N}?`
      ? N
      : S;

/** An inline default: "=" right after the name, or after the constraints (outside their arguments). */
type HasInlineDefault<S extends string> = S extends `${NameOf<S>}=${string}`
  ? true
  : S extends `${string}:${infer Constraints}`
    ? AfterLastParen<Constraints> extends `${string}=${string}`
      ? true
      : false
    : false;

type Described<S extends string, CatchAll extends boolean> = NameOf<S> extends ''
  ? InvalidTemplate<'a parameter has no name'>
  : {
      readonly name: NameOf<S>;
      readonly catchAll: CatchAll;
      readonly optional: S extends `${string}?` ? true : false;
      readonly defaulted: HasInlineDefault<S>;
    };

type ParameterOf<S extends string> = S extends `**${infer R}`
  ? Described<R, true>
  : S extends `*${infer R}`
    ? Described<R, true>
    : Described<S, false>;

/**
 * The parameters of a literal template, as a union of TemplateParameterInfo (never for none); an
 * InvalidTemplate member when the template is malformed in a way the types can see.
 */
export type TemplateParameters<T extends string> = ScanLiteral<T, never>;

/** The first reason a literal template is invalid, or never when the types see nothing wrong. */
export type TemplateProblem<T extends string> = IsLiteralTemplate<T> extends false
  ? never
  : Extract<TemplateParameters<T>, InvalidTemplate<string>>;

/** `unknown` for a good (or non-literal) template; an InvalidTemplate type to intersect with, else. */
export type CheckTemplate<T extends string> = [TemplateProblem<T>] extends [never] ? unknown : TemplateProblem<T>;

type Params<T extends string> = Extract<TemplateParameters<T>, TemplateParameterInfo>;

/** Defaults that count: a null or undefined default is left out of the values. */
type DefaultKeys<D> = { [K in keyof D & string]: [D[K]] extends [null | undefined] ? never : K }[keyof D & string];

/** Parameter names are matched to default names ignoring case, as at runtime. */
type HasDefault<Name extends string, D> = Lowercase<Name> extends Lowercase<DefaultKeys<D>> ? true : false;

/** The default given for a parameter name (any spelling of the name), or never. */
type DefaultFor<Name extends string, D> = {
  [K in DefaultKeys<D>]: Lowercase<K> extends Lowercase<Name> ? Exclude<D[K & keyof D], null | undefined> : never;
}[DefaultKeys<D>];

/** An inline default or a `defaults` entry. */
type HasAnyDefault<P extends TemplateParameterInfo, D> = P['defaulted'] extends true ? true : HasDefault<P['name'], D>;

/** Neither optional nor a catch-all: the path must have it for the route to match. */
type IsMandatory<P extends TemplateParameterInfo> = P['optional'] extends true ? false : P['catchAll'] extends true ? false : true;

/** Always in the values after a match: defaulted, or the path must have it. */
type IsPresent<P extends TemplateParameterInfo, D> = HasAnyDefault<P, D> extends true ? true : IsMandatory<P>;

type Simplify<T> = { [K in keyof T]: T[K] };

/** Route values after a match: URL values are decoded strings; defaults as given. */
type MatchedValuesOf<P extends TemplateParameterInfo, D> = Simplify<
  { -readonly [I in P as (IsPresent<I, D> extends true ? I['name'] : never)]: string | DefaultFor<I['name'], D> } & {
    -readonly [I in P as (IsPresent<I, D> extends true ? never : I['name'])]?: string;
  } & {
    // Defaults that name no parameter are route values too (classic routing puts them there).
    -readonly [K in DefaultKeys<D> as (Lowercase<K> extends Lowercase<P['name']> ? never : K)]: Exclude<D[K & keyof D], null | undefined>;
  }
>;

/**
 * The route values `match()` gives for template T (and the route's `defaults` D). Keys are spelled as in
 * the template: `{ID}` gives `values.ID`. A non-literal template gives the loose RouteValues.
 */
export type TemplateValues<T extends string, D = {}> = IsLiteralTemplate<T> extends false
  ? RouteValues
  : [TemplateProblem<T>] extends [never]
    ? MatchedValuesOf<Params<T>, D>
    : RouteValues;

/** A parameter generation needs from the caller: the path must have it, and no default stands in for it. */
type IsRequiredForGeneration<P extends TemplateParameterInfo, D> = HasAnyDefault<P, D> extends true ? false : IsMandatory<P>;

/**
 * The values `generate()` needs for template T: every parameter without a default (spelled as in the
 * template); other parameters optional; extra values allowed (they become the query string).
 */
export type GenerationValues<T extends string, D = {}> = IsLiteralTemplate<T> extends false
  ? RouteValues
  : [TemplateProblem<T>] extends [never]
    ? Simplify<
        { [I in Params<T> as (IsRequiredForGeneration<I, D> extends true ? I['name'] : never)]: RouteValueInput } & {
          [I in Params<T> as (IsRequiredForGeneration<I, D> extends true ? never : I['name'])]?: unknown;
        }
      > &
        RouteValues
    : RouteValues;

/** Joins a group prefix and a template with one "/" (as mapGroup does at runtime). */
export type JoinTemplates<Prefix extends string, T extends string> = IsLiteralTemplate<Prefix | T> extends false
  ? string
  : Prefix extends ''
    ? T
    : T extends ''
      ? Prefix
      : `${Prefix}/${T}`;

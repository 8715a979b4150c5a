// Typed case tables shared by the spec files. A case is data; the spec files loop over them.
import type { RouteTemplate } from '../../src/template/ast.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? Mutable<U>[] : T[K] extends object ? Mutable<T[K]> : T[K] };

/** parseTemplate(template) deep-equals `expected` (text is filled in by the spec file), or throws at `error.index`. */
export interface TemplateCase {
  template: string;
  expected?: Omit<Mutable<RouteTemplate>, 'text' | 'parameters'>;
  error?: { index?: number; reason?: RegExp };
  /** Where the case comes from (e.g. "aspnet TemplateParserTests.Parse_ComplexSegment_LPL"). */
  source?: string;
}

/** A route as the match/generate tables give it. */
export interface CaseRoute {
  template: string;
  name?: string;
  defaults?: Record<string, unknown>;
  /** Strings only here (regex or known constraint name), so the tables stay plain data. */
  constraints?: Record<string, string>;
  methods?: string[];
  dataTokens?: Record<string, unknown>;
}

/** Matching `path` (with `method`, default GET) against `routes` gives route `expected.index` with exactly `expected.values`, or no match (null). */
export interface MatchCase {
  routes: CaseRoute[];
  path: string;
  method?: string;
  expected: { index: number; values: Record<string, unknown> } | null;
  source?: string;
}

/** Generating from `values` (+ `ambient`, `routeName`) over `routes` gives `expected` (path + query), or null. */
export interface GenerateCase {
  routes: CaseRoute[];
  values: Record<string, unknown>;
  ambient?: Record<string, unknown> | null;
  routeName?: string | null;
  options?: { lowercaseUrls?: boolean; lowercaseQueryStrings?: boolean; appendTrailingSlash?: boolean };
  expected: string | null;
  /** Index of the route that must have produced the path, when it matters. */
  expectedIndex?: number;
  source?: string;
}

/** Inline constraint text (e.g. "range(1,10)") accepts `value`, or not. Direction defaults to incoming. */
export interface ConstraintCase {
  constraint: string;
  value: unknown;
  accepted: boolean;
  source?: string;
}

/** Inline constraint text that must be rejected when the route is created (bad arguments, unknown name). */
export interface ConstraintErrorCase {
  constraint: string;
  reason: RegExp;
  source?: string;
}

// What switchyard knows about a built-in constraint, read from its record (builtins.ts, the class's own static
// `builtin`, by exact class: a subclass may override match(), so it is a custom constraint, opaque to every
// analysis): the label a user writes, the values it accepts (for the analyses of diagnostics()), the check the
// generated matcher runs in place, and the JSON Schema OpenAPI documents.
import { builtinOf } from './builtins.js';
import { INT64_MAX, INT64_MIN } from './invariant-parsers.js';
import type { RouteConstraint } from './route-constraint.js';

/** The names of the generated matcher's in-place checks (compile/match/generated/inline-constraints.ts). */
export type InlineHelper = 'int' | 'long' | 'bool' | 'alpha' | 'guid' | 'length' | 'range' | 'regex';

/** One in-place check: helper(path, start, end, ...args). */
export interface InlineCheck {
  readonly helper: InlineHelper;
  /** Bounds or a RegExp passed after the offsets; they enter generated code through the constants array. */
  readonly args: readonly (number | bigint | RegExp)[];
}

/** A built-in constraint described. */
export interface ConstraintDescription {
  /** "int", "range(1,10)", "regex(^a$)": as a user writes it; equal labels accept the same values. */
  readonly label: string;
  /** The integers it accepts (int, long, min, max, range), or null. */
  readonly integers: readonly [bigint, bigint] | null;
  /** The text lengths it accepts (minlength, maxlength, length), or null. */
  readonly lengths: readonly [number, number] | null;
  /** The kind of text it accepts where that kind excludes others: letters only, "true"/"false", a decimal number. */
  readonly kind: 'letters' | 'boolean' | 'decimal' | null;
  /** The regular expression of a regex constraint, or null. */
  readonly pattern: RegExp | null;
  /** The checks the generated matcher runs on a URL segment in place ([]: always passes), or null: call match(). */
  readonly inline: readonly InlineCheck[] | null;
  /** The JSON Schema (OpenAPI 3.1) of the values it accepts, or null (a plain string). */
  readonly schema: Readonly<Record<string, unknown>> | null;
}

/**
 * The label of a described built-in constraint, as a user writes it ("int", "range(1,10)", "regex(^a$)"); null for
 * anything else (custom, subclassed, the wrappers, the HTTP method constraint). Apart from the descriptions: a
 * built router's runtime needs only this (route digests, the static table), not the schemas.
 */
export function constraintLabel(c: RouteConstraint): string | null {
  const builtin = builtinOf(c);
  if (builtin === null || !('accepts' in builtin)) return null;
  return builtin.label?.(c) ?? builtin.name;
}

/**
 * The description of a built-in constraint, by exact class; null for anything else (custom, subclassed, wrappers).
 * A regex's in-place check and schema follow from its pattern; an integer range's schema (min, max, range) from its
 * bounds.
 */
export function describeConstraint(c: RouteConstraint): ConstraintDescription | null {
  const builtin = builtinOf(c);
  if (builtin === null || !('accepts' in builtin)) return null;
  const accepts = typeof builtin.accepts === 'function' ? builtin.accepts(c) : builtin.accepts;
  const described = { label: constraintLabel(c)!, integers: null, lengths: null, kind: null, pattern: null, inline: null, schema: null, ...accepts };
  const { pattern, integers } = described;
  if (pattern !== null) return { ...described, inline: [{ helper: 'regex', args: [pattern] }], schema: regexSchema(pattern) };
  return integers !== null && described.schema === null ? { ...described, schema: integerSchema(integers) } : described;
}

/**
 * A regex constraint's schema. JSON Schema patterns are ECMA-262 expressions without flags, tested anywhere in
 * the value like RegExp.test — so the source is kept as written (anchors and all). The router matches
 * case-insensitively ("i"): the flags go in `x-switchyard-pattern-flags` rather than rewriting the expression.
 */
function regexSchema(pattern: RegExp): Record<string, unknown> {
  const flags = pattern.flags.replace(/[dgyu]/g, '');
  return { type: 'string', pattern: pattern.source, ...(flags === '' ? {} : { 'x-switchyard-pattern-flags': flags }) };
}

/** An integer range's schema: a 64-bit integer, with the bounds that are not Int64's own. */
function integerSchema([min, max]: readonly [bigint, bigint]): Record<string, unknown> {
  return {
    type: 'integer',
    format: 'int64',
    // Past 2^53 a bound is rounded to the nearest double, as JSON numbers are read by most tools.
    ...(min === INT64_MIN ? {} : { minimum: Number(min) }),
    ...(max === INT64_MAX ? {} : { maximum: Number(max) }),
  };
}

// What switchyard knows about each built-in constraint, stated once: the label a user writes, the values it
// accepts (for the analyses of diagnostics()), the check the generated matcher runs in place, and the JSON
// Schema OpenAPI documents. A description is found by the constraint's exact class (its builtinName, builtins.ts:
// no class is named here, so a bundle keeps only the classes it uses): a subclass may override match(), so it is a
// custom constraint, opaque to every analysis (one rule everywhere).
import {
  builtinNameOf,
  type LengthRouteConstraint,
  type MaxLengthRouteConstraint,
  type MaxRouteConstraint,
  type MinLengthRouteConstraint,
  type MinRouteConstraint,
  type RangeRouteConstraint,
  type RegexRouteConstraint,
} from './builtins.js';
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN } from './invariant-parsers.js';
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

export const INT32: readonly [bigint, bigint] = [INT32_MIN, INT32_MAX];
export const INT64: readonly [bigint, bigint] = [INT64_MIN, INT64_MAX];

// The last "/"-separated part has a "." followed (somewhere) by a character other than "." — the file
// constraint's rule. Linear: no nested or adjacent overlapping repetition.
const FILE_NAME_PATTERN = '\\.\\.*[^/.][^/]*$';

const plain = (label: string, rest: Partial<ConstraintDescription> = {}): ConstraintDescription => ({
  label,
  integers: null,
  lengths: null,
  kind: null,
  pattern: null,
  inline: null,
  schema: null,
  ...rest,
});

const lengths = (label: string, min: number, max: number, schema: Record<string, unknown>): ConstraintDescription =>
  plain(label, { lengths: [min, max], inline: [{ helper: 'length', args: [min, max] }], schema: { type: 'string', ...schema } });

const integers = (label: string, min: bigint, max: bigint): ConstraintDescription =>
  plain(label, {
    integers: [min, max],
    inline: [{ helper: 'range', args: [min, max] }],
    schema: {
      type: 'integer',
      format: 'int64',
      // Past 2^53 a bound is rounded to the nearest double, as JSON numbers are read by most tools.
      ...(min === INT64[0] ? {} : { minimum: Number(min) }),
      ...(max === INT64[1] ? {} : { maximum: Number(max) }),
    },
  });

/**
 * A regex constraint's schema. JSON Schema patterns are ECMA-262 expressions without flags, tested anywhere in
 * the value like RegExp.test — so the source is kept as written (anchors and all). The router matches
 * case-insensitively ("i"): the flags go in `x-switchyard-pattern-flags` rather than rewriting the expression.
 */
function regexSchema(pattern: RegExp): Record<string, unknown> {
  const flags = pattern.flags.replace(/[dgyu]/g, '');
  return { type: 'string', pattern: pattern.source, ...(flags === '' ? {} : { 'x-switchyard-pattern-flags': flags }) };
}

/**
 * The label of a described built-in constraint, as a user writes it ("int", "range(1,10)", "regex(^a$)"); null for
 * anything else (custom, subclassed, the wrappers, the HTTP method constraint). Apart from the descriptions: a
 * built router's runtime needs only this (route digests, the static table), not the schemas.
 */
export function constraintLabel(c: RouteConstraint): string | null {
  const name = builtinNameOf(c);
  switch (name) {
    case null:
    case 'optional':
    case 'all':
    case 'httpMethod':
      return null;
    case 'minlength':
      return `minlength(${(c as MinLengthRouteConstraint).minLength})`;
    case 'maxlength':
      return `maxlength(${(c as MaxLengthRouteConstraint).maxLength})`;
    case 'length':
      return `length(${(c as LengthRouteConstraint).minLength},${(c as LengthRouteConstraint).maxLength})`;
    case 'min':
      return `min(${(c as MinRouteConstraint).min})`;
    case 'max':
      return `max(${(c as MaxRouteConstraint).max})`;
    case 'range':
      return `range(${(c as RangeRouteConstraint).min},${(c as RangeRouteConstraint).max})`;
    case 'regex': {
      const { pattern } = c as RegexRouteConstraint;
      // Inline and string regexes ignore case; a RegExp object keeps its own flags, so it shows them.
      return pattern.flags === 'i' ? `regex(${pattern.source})` : `/${pattern.source}/${pattern.flags}`;
    }
    default:
      return name;
  }
}

/** The description of a built-in constraint, by exact class; null for anything else (custom, subclassed, wrappers). */
export function describeConstraint(c: RouteConstraint): ConstraintDescription | null {
  const label = constraintLabel(c);
  if (label === null) return null;
  switch (builtinNameOf(c)) {
    case 'int':
      return plain(label, { integers: INT32, inline: [{ helper: 'int', args: [] }], schema: { type: 'integer', format: 'int32' } });
    case 'long':
      return plain(label, { integers: INT64, inline: [{ helper: 'long', args: [] }], schema: { type: 'integer', format: 'int64' } });
    case 'bool':
      return plain(label, { kind: 'boolean', inline: [{ helper: 'bool', args: [] }], schema: { type: 'boolean' } });
    case 'datetime':
      return plain(label, { schema: { type: 'string', format: 'date-time' } });
    case 'decimal':
      return plain(label, { kind: 'decimal', schema: { type: 'number' } });
    case 'double':
      return plain(label, { schema: { type: 'number', format: 'double' } });
    case 'float':
      return plain(label, { schema: { type: 'number', format: 'float' } });
    case 'guid':
      return plain(label, { inline: [{ helper: 'guid', args: [] }], schema: { type: 'string', format: 'uuid' } });
    case 'alpha':
      return plain(label, { kind: 'letters', inline: [{ helper: 'alpha', args: [] }], schema: { type: 'string', pattern: '^[A-Za-z]*$' } });
    case 'file':
      return plain(label, { schema: { type: 'string', pattern: FILE_NAME_PATTERN } });
    case 'nonfile':
      return plain(label, { schema: { type: 'string', not: { pattern: FILE_NAME_PATTERN } } });
    case 'minlength': {
      const { minLength } = c as MinLengthRouteConstraint;
      return lengths(label, minLength, Infinity, { minLength });
    }
    case 'maxlength': {
      const { maxLength } = c as MaxLengthRouteConstraint;
      return lengths(label, 0, maxLength, { maxLength });
    }
    case 'length': {
      const { minLength, maxLength } = c as LengthRouteConstraint;
      return lengths(label, minLength, maxLength, { minLength, maxLength });
    }
    case 'min':
      return integers(label, (c as MinRouteConstraint).min, INT64[1]);
    case 'max':
      return integers(label, INT64[0], (c as MaxRouteConstraint).max);
    case 'range': {
      const { min, max } = c as RangeRouteConstraint;
      return integers(label, min, max);
    }
    case 'regex': {
      const { pattern } = c as RegexRouteConstraint;
      return plain(label, { pattern, inline: [{ helper: 'regex', args: [pattern] }], schema: regexSchema(pattern) });
    }
    case 'required':
      // A value from a URL segment is never empty: nothing to check in place.
      return plain(label, { inline: [], schema: { type: 'string', minLength: 1 } });
    default:
      return null;
  }
}

// Route constraints → the JSON Schema of a path parameter (OpenAPI 3.1 schemas are JSON Schema 2020-12).
import {
  AlphaRouteConstraint,
  BoolRouteConstraint,
  CompositeRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FileNameRouteConstraint,
  FloatRouteConstraint,
  GuidRouteConstraint,
  IntRouteConstraint,
  LengthRouteConstraint,
  LongRouteConstraint,
  MaxLengthRouteConstraint,
  MinLengthRouteConstraint,
  NonFileNameRouteConstraint,
  OptionalRouteConstraint,
  RangeRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
} from '../constraints/builtins.js';
import type { RouteConstraint } from '../constraints/route-constraint.js';

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

// The last "/"-separated part has a "." followed (somewhere) by a character other than "." — the file
// constraint's rule. Linear: no nested or adjacent overlapping repetition.
const FILE_NAME_PATTERN = '\\.\\.*[^/.][^/]*$';

/** The schema of one built-in constraint; null when it has none (the parameter stays a plain string). */
function builtinSchema(constraint: RouteConstraint): JsonSchema | null {
  // Subclasses first: Min/Max extend Range.
  if (constraint instanceof IntRouteConstraint) return { type: 'integer', format: 'int32' };
  if (constraint instanceof LongRouteConstraint) return { type: 'integer', format: 'int64' };
  if (constraint instanceof BoolRouteConstraint) return { type: 'boolean' };
  if (constraint instanceof GuidRouteConstraint) return { type: 'string', format: 'uuid' };
  if (constraint instanceof DateTimeRouteConstraint) return { type: 'string', format: 'date-time' };
  if (constraint instanceof DecimalRouteConstraint) return { type: 'number' };
  if (constraint instanceof DoubleRouteConstraint) return { type: 'number', format: 'double' };
  if (constraint instanceof FloatRouteConstraint) return { type: 'number', format: 'float' };
  if (constraint instanceof AlphaRouteConstraint) return { type: 'string', pattern: '^[A-Za-z]*$' };
  if (constraint instanceof FileNameRouteConstraint) return { type: 'string', pattern: FILE_NAME_PATTERN };
  if (constraint instanceof NonFileNameRouteConstraint) return { type: 'string', not: { pattern: FILE_NAME_PATTERN } };
  if (constraint instanceof RequiredRouteConstraint) return { type: 'string', minLength: 1 };
  if (constraint instanceof MinLengthRouteConstraint) return { type: 'string', minLength: constraint.minLength };
  if (constraint instanceof MaxLengthRouteConstraint) return { type: 'string', maxLength: constraint.maxLength };
  if (constraint instanceof LengthRouteConstraint) {
    return { type: 'string', minLength: constraint.minLength, maxLength: constraint.maxLength };
  }
  if (constraint instanceof RangeRouteConstraint) {
    return {
      type: 'integer',
      format: 'int64',
      // Past 2^53 a bound is rounded to the nearest double, as JSON numbers are read by most tools.
      ...(constraint.min === INT64_MIN ? {} : { minimum: Number(constraint.min) }),
      ...(constraint.max === INT64_MAX ? {} : { maximum: Number(constraint.max) }),
    };
  }
  if (constraint instanceof RegexRouteConstraint) return regexSchema(constraint.pattern);
  return null;
}

/**
 * A regex constraint's pattern. JSON Schema patterns are ECMA-262 expressions without flags, tested
 * anywhere in the value like RegExp.test — so the source is kept as written (anchors and all). The router
 * matches case-insensitively ("i"): the flags go in `x-switchyard-pattern-flags` rather than rewriting the
 * expression.
 */
function regexSchema(pattern: RegExp): JsonSchema {
  const flags = pattern.flags.replace(/[dgyu]/g, '');
  return { type: 'string', pattern: pattern.source, ...(flags === '' ? {} : { 'x-switchyard-pattern-flags': flags }) };
}

/** The schemas a constraint contributes: its own toOpenApiSchema() first, then the built-in table. */
function schemasOf(constraint: RouteConstraint): JsonSchema[] {
  if (typeof constraint.toOpenApiSchema === 'function') {
    const own = constraint.toOpenApiSchema();
    return own ? [{ ...own }] : [];
  }
  if (constraint instanceof OptionalRouteConstraint) return schemasOf(constraint.innerConstraint);
  if (constraint instanceof CompositeRouteConstraint) return constraint.constraints.flatMap(schemasOf);
  const schema = builtinSchema(constraint);
  return schema ? [schema] : [];
}

// Bounds where two schemas combine by taking the tighter one.
const LOWER = new Set(['minimum', 'minLength', 'exclusiveMinimum', 'minItems']);
const UPPER = new Set(['maximum', 'maxLength', 'exclusiveMaximum', 'maxItems']);

/** Adds `schema` to `merged` keyword by keyword; false (nothing changed) when a keyword disagrees. */
function mergeInto(merged: JsonSchema, schema: JsonSchema): boolean {
  const updates: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!(keyword in merged)) updates[keyword] = value;
    else if (JSON.stringify(merged[keyword]) === JSON.stringify(value)) continue;
    else if (LOWER.has(keyword) && typeof value === 'number') updates[keyword] = Math.max(merged[keyword] as number, value);
    else if (UPPER.has(keyword) && typeof value === 'number') updates[keyword] = Math.min(merged[keyword] as number, value);
    // int (int32) and range (int64) together: the narrower format holds.
    else if (keyword === 'format' && merged.type === 'integer' && schema.type === 'integer') updates[keyword] = 'int32';
    else return false;
  }
  Object.assign(merged, updates);
  return true;
}

/**
 * The schema of a parameter whose values pass `constraint` (null: no constraint, a plain string). Several
 * constraints merge into one schema keyword by keyword (bounds take the tighter value); one that disagrees
 * with the others (two patterns, two types) is kept whole under `allOf`, so every constraint still applies.
 */
export function parameterSchema(constraint: RouteConstraint | undefined): JsonSchema {
  const schemas = constraint ? schemasOf(constraint) : [];
  if (schemas.length === 0) return { type: 'string' };
  const merged: JsonSchema = {};
  const apart: JsonSchema[] = [];
  for (const schema of schemas) {
    if (!mergeInto(merged, schema)) apart.push(schema);
  }
  if (!('type' in merged) && apart.length === 0) merged.type = 'string';
  return apart.length === 0 ? merged : { ...merged, allOf: apart };
}

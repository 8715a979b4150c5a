// Route constraints → the JSON Schema of a path parameter (OpenAPI 3.1 schemas are JSON Schema 2020-12).
import { describeConstraint } from '../constraints/constraint-description.js';
import { constraintParts } from '../constraints/constraint-parts.js';
import type { RouteConstraint } from '../constraints/route-constraint.js';

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** The schemas a constraint contributes, part by part: a part's own toOpenApiSchema() first, then the built-in's description. */
function schemasOf(constraint: RouteConstraint): JsonSchema[] {
  return constraintParts(constraint).flatMap((part) => {
    const schema = typeof part.toOpenApiSchema === 'function' ? part.toOpenApiSchema() : describeConstraint(part)?.schema;
    return schema ? [{ ...schema }] : [];
  });
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

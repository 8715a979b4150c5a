// Checks every OpenAPI document a test produces: the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator),
// plus what the schema cannot say — each path's {names} are exactly its operations' path parameters, and
// operationIds are unique.
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'vitest';
import type { OpenApiDocument } from '../../src/openapi.js';

export async function expectValidOpenApi(document: OpenApiDocument): Promise<void> {
  const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
  expect(result.valid).toBe(true);

  const ids: string[] = [];
  const shapes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    // OpenAPI: paths that differ only in their parameter names are the same path and must not both exist.
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    expect(shapes.has(shape), `two paths of the shape ${shape}`).toBe(false);
    shapes.add(shape);
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      const declared = parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(declared, `${method} ${path}: path parameters`).toEqual(inPath);
      if (typeof operation.operationId === 'string') ids.push(operation.operationId);
    }
  }
  expect(new Set(ids).size, `operationIds are unique: ${ids.join(', ')}`).toBe(ids.length);
}

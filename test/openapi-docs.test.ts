// docs/openapi.md shows real output: its two JSON documents are what toOpenApi gives today.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';
import { ROUTER, type RouteCollection } from '../src/http.js';
import { toOpenApi } from '../src/openapi.js';
import { todoOpenApiDocument } from '../src/todo/openapi-document.js';
import { createTodoApp } from '../src/todo/server.js';
import { expectValidOpenApi } from './support/openapi.js';

const DOC = readFileSync(new URL('../docs/openapi.md', import.meta.url), 'utf8');

/** The JSON code block after `<!-- generated: name -->`. */
function block(name: string): unknown {
  const match = new RegExp(`<!-- generated: ${name} -->\\s*\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(DOC);
  expect(match, `docs/openapi.md has a "${name}" block`).not.toBeNull();
  return JSON.parse(match![1]);
}

/** The small table of docs/openapi.md, as written there. */
function smallTableDocument() {
  const router = compile([
    { name: 'product', template: 'shop/{category}/{id:int:min(1)}', methods: ['GET'] },
    { name: 'files', template: 'files/{filename}.{ext?}' },
    { name: 'wiki', template: 'wiki/{**slug}' },
    { name: 'user', template: 'users/{name}', methods: ['GET', 'DELETE'] },
    { template: 'users/me' }, // never wins: users/{name} takes every GET first
  ]);
  return toOpenApi(router, {
    info: { title: 'Shop', version: '1.0.0' },
    operations: {
      product: { summary: 'One product', responses: { '200': { description: 'The product.' } } },
    },
  });
}

describe('docs/openapi.md', () => {
  it.each([
    ['small-table', smallTableDocument],
    ['todo', () => todoOpenApiDocument(createTodoApp({ log: false }).services.getRequired<RouteCollection>(ROUTER))],
  ])('shows the document toOpenApi generates for %s', async (name, generate) => {
    const document = generate();
    await expectValidOpenApi(document);
    expect(block(name)).toEqual(document);
  });

  it('shows the small table as the test builds it', () => {
    const source = readFileSync(new URL(import.meta.url), 'utf8');
    const table = /const router = compile\(\[\n([\s\S]*?)\n  \]\);/.exec(source)![1].replace(/^ {2}/gm, '');
    expect(DOC).toContain(table);
  });
});

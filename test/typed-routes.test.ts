// Typed routes at runtime: the values the types promise are the values match() gives; isRoute() narrows
// by name or index; the type tests really fail on a wrong expectation; the GitHub table type-checks cheaply.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, isRoute } from '../src/index.js';
import { GITHUB_FIXTURE, GITHUB_JSON, renderGithubFixture } from './support/github-fixture.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** Runs tsc on a project; returns its exit status and output. */
function tsc(args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(process.execPath, [TSC, ...args], { cwd: ROOT, encoding: 'utf8' }) };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: e.stdout + e.stderr };
  }
}

// The rows of test/types/typed-routes.test-d.ts, at runtime: the keys present are the ones the types say
// are present (required keys always, optional ones here only when the path has them).
describe.each([
  { template: 'shop/{category}/{id:int}', defaults: {}, path: '/shop/Tools/42', values: { category: 'Tools', id: '42' } },
  { template: 'products/{id?}', defaults: {}, path: '/products', values: {} },
  { template: '{controller=Home}/{action=Index}/{id?}', defaults: {}, path: '/', values: { controller: 'Home', action: 'Index' } },
  { template: 'files/{*path}', defaults: {}, path: '/files', values: {} },
  { template: 'files/{**path}', defaults: {}, path: '/files/a/b', values: { path: 'a/b' } },
  { template: 'files/{*path=index.html}', defaults: {}, path: '/files', values: { path: 'index.html' } },
  { template: 'files/{filename}.{ext?}', defaults: {}, path: '/files/report', values: { filename: 'report' } },
  { template: '{{literal}}/{id}', defaults: {}, path: '/%7Bliteral%7D/5', values: { id: '5' } },
  { template: 'a/{x:regex(^\\d{{3}}$)}', defaults: {}, path: '/a/123', values: { x: '123' } },
  { template: 'a/{x:regex(^b$)=b}', defaults: {}, path: '/a', values: { x: 'b' } },
  { template: 'u/{ID}', defaults: {}, path: '/u/7', values: { ID: '7' } },
  { template: 'blog/{page}', defaults: { page: 1 }, path: '/blog', values: { page: 1 } },
  { template: 'blog/{page}', defaults: { PAGE: 1 }, path: '/blog', values: { page: 1 } },
  { template: 'blog/{page?}', defaults: { area: 'admin' }, path: '/blog', values: { area: 'admin' } },
  { template: 'blog/{page}', defaults: { ignored: null }, path: '/blog/2', values: { page: '2' } },
])('$template with defaults $defaults', ({ template, defaults, path, values }) => {
  it(`matches ${path} with exactly the promised keys`, () => {
    expect(compile([{ template, defaults }]).match(path)?.values).toEqual(values);
  });
});

describe('isRoute', () => {
  const router = compile([
    { name: 'product', template: 'shop/{category}/{id:int}' },
    { template: 'files/{filename}.{ext?}' },
  ]);
  it.each([
    { path: '/shop/t/1', key: 'product' as const, expected: true },
    { path: '/shop/t/1', key: 1 as const, expected: false },
    { path: '/files/a.b', key: 1 as const, expected: true },
    { path: '/files/a.b', key: 'product' as const, expected: false },
    { path: '/nothing', key: 'product' as const, expected: false },
  ])('$path is route $key: $expected', ({ path, key, expected }) => {
    expect(isRoute(router.match(path), key)).toBe(expected);
  });
});

describe('type tests', () => {
  it('a wrong type expectation fails the type check that npm test runs', () => {
    const dir = join(ROOT, `test/types/.failing-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(
        join(dir, 'wrong.test-d.ts'),
        "import { expectTypeOf } from 'vitest';\nimport type { TemplateValues } from '../../../src/index.js';\n" +
          "expectTypeOf<TemplateValues<'shop/{id}'>>().toEqualTypeOf<{ id?: string }>();\n",
      );
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.json', compilerOptions: { noEmit: true, rootDir: '../../..' }, include: ['wrong.test-d.ts'] }));
      const result = tsc(['-p', join(dir, 'tsconfig.json')]);
      expect(result.status).not.toBe(0);
      expect(result.output).toMatch(/wrong\.test-d\.ts\(3,/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the typed examples of README.md and docs/typed-routes.md type-check, and their "error" lines are errors', () => {
    const dir = join(ROOT, `test/types/.docs-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const files: string[] = [];
      for (const doc of ['README.md', 'docs/typed-routes.md']) {
        const blocks = [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
        blocks
          .filter((code) => code.includes("from 'switchyard-router'"))
          .forEach((code, i) => {
            const lines = code.replace("from 'switchyard-router'", "from '../../../src/index.js'").split('\n');
            // A line the docs say is an error must be one: @ts-expect-error fails the check otherwise.
            const checked = lines.flatMap((line) => (/\/\/ (type )?error/.test(line) ? ['// @ts-expect-error', line] : [line]));
            const name = `${doc.replace(/\W/g, '-')}-${i}.ts`;
            writeFileSync(join(dir, name), checked.join('\n') + '\nexport {};\n');
            files.push(name);
          });
      }
      expect(files.length).toBeGreaterThanOrEqual(2);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.json', compilerOptions: { noEmit: true, noUnusedLocals: false, rootDir: '../../..' }, include: files }));
      const result = tsc(['-p', join(dir, 'tsconfig.json')]);
      expect(result.output).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the GitHub fixture is the route set as it is now', () => {
    expect(readFileSync(GITHUB_FIXTURE, 'utf8')).toBe(renderGithubFixture(readFileSync(GITHUB_JSON, 'utf8')));
  });

  it('the GitHub route set (203 routes) type-checks without "excessively deep", in few instantiations', () => {
    const start = performance.now();
    const result = tsc(['-p', 'test/types/tsconfig.github.json', '--extendedDiagnostics']);
    const ms = performance.now() - start;
    expect(result.output).not.toMatch(/excessively deep/);
    expect(result.status, result.output).toBe(0);
    const instantiations = Number(/Instantiations:\s+(\d+)/.exec(result.output)?.[1]);
    console.log(`GitHub table: ${instantiations} type instantiations, tsc ${Math.round(ms)} ms`);
    // A budget, not a timing: an accidental blow-up of the type machinery multiplies this count.
    expect(instantiations).toBeLessThan(1_000_000);
  });
});

// The framework entries' declarations need no Node types: a Cloudflare Worker project (no @types/node) that
// imports switchyard-router/hono or switchyard-router/hono/aot type-checks with skipLibCheck: false. And a
// CommonJS TypeScript project type-checks under the module settings docs/package.md lists, with TypeScript 7
// and the latest 5.x; under node16 and node18 it gets the error the docs name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
// Inside the checkout, where 'hono' resolves to its node_modules (.tmp-* is ignored by git).
const dir = mkdtempSync(join(ROOT, '.tmp-entry-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const consumers = [
  {
    entry: 'hono',
    code: (from: string) =>
      `import { Hono } from 'hono';\nimport { switchyard } from ${from};\n` +
      `const app = new Hono();\napp.use(switchyard([{ name: 'a', template: 'a/{id:int}', handler: (c) => c.json(c.var.switchyard.values) }]));\nexport default app;\n`,
  },
  {
    entry: 'hono-aot',
    code: (from: string) =>
      `import { Hono } from 'hono';\nimport { switchyard } from ${from};\nimport type { AotRouter } from ${JSON.stringify(join(ROOT, 'dist/aot.js'))};\n` +
      `declare const router: AotRouter;\nconst app = new Hono();\napp.use(switchyard(router));\nexport default app;\n`,
  },
];

/** tsc over one file: the language and the DOM's Request/Response (what a Worker has), no @types/node. */
function typecheck(file: string): string {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [tsc, '--ignoreConfig', '--noEmit', '--strict', '--types', '', '--lib', 'es2022,dom,dom.iterable', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false', file];
  try {
    execFileSync(process.execPath, args, { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

describe('framework entries type-check without Node types', () => {
  it.each(consumers)('switchyard-router/$entry', ({ entry, code }) => {
    const file = join(dir, `${entry}.ts`);
    writeFileSync(file, code(JSON.stringify(join(ROOT, `dist/${entry}.js`))));
    expect(typecheck(file)).toBe('');
  });
});

describe('a CommonJS TypeScript project (docs/package.md, "CommonJS")', () => {
  // The project: no "type": "module" (its .ts files are CommonJS), the package installed by name (a link to this
  // checkout), the main entry and a subpath imported as a CommonJS file imports them.
  const project = join(dir, 'cjs');
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(project, 'node_modules/switchyard-router'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'cjs-app', private: true }));
  writeFileSync(
    join(project, 'index.ts'),
    "import { compile } from 'switchyard-router';\nimport { switchyard } from 'switchyard-router/express';\n" +
      "const router = compile([{ name: 'item', template: 'items/{id:int}' }]);\nconst m = router.match('/items/5');\n" +
      "if (m) m.values.id satisfies string;\nexport const middleware = switchyard(router);\n",
  );
  const SETTINGS: { name: string; options: Record<string, string>; errors: RegExp | null; only?: string }[] = [
    { name: 'nodenext', options: { module: 'nodenext' }, errors: null },
    { name: 'node20', options: { module: 'node20' }, errors: null },
    { name: 'preserve + bundler', options: { module: 'preserve', moduleResolution: 'bundler' }, errors: null },
    { name: 'node16', options: { module: 'node16' }, errors: /error TS1479/ },
    { name: 'node18', options: { module: 'node18' }, errors: /error TS1479/ },
    // TypeScript 7 has no node10 resolution any more.
    { name: 'commonjs (node10)', options: { module: 'commonjs', moduleResolution: 'node10' }, errors: /'switchyard-router\/express'/, only: 'TypeScript 5' },
  ];
  const COMPILERS = [
    ['TypeScript 7', join(ROOT, 'node_modules/typescript/bin/tsc')],
    ['TypeScript 5', join(ROOT, 'node_modules/typescript-5/bin/tsc')],
  ] as const;

  it.each(COMPILERS.flatMap(([compiler, tsc]) => SETTINGS.filter((s) => (s.only ?? compiler) === compiler).map((setting) => ({ compiler, tsc, ...setting }))))('$compiler, $name', ({ name, tsc, options, errors }) => {
    const config = join(project, `tsconfig.${name.replace(/\W+/g, '-')}.json`);
    const compilerOptions: Record<string, unknown> = { ...options, strict: true, noEmit: true, skipLibCheck: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')] };
    writeFileSync(config, JSON.stringify({ compilerOptions, files: ['index.ts'] }));
    let out = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    if (errors === null) expect(out).toBe('');
    else expect(out).toMatch(errors);
  });
});

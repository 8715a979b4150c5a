// The framework entries' declarations need no Node types: a Cloudflare Worker project (no @types/node) that
// imports switchyard-router/hono or switchyard-router/hono/aot type-checks with skipLibCheck: false.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

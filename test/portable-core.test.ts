// The main entry is the portable core: it bundles for a browser (esbuild, platform "browser", no Node
// built-ins) and runs in a bare JavaScript context with none of Node's globals; its declarations type-check
// without Node's types. The node:http pipeline (/http) and OpenAPI (/openapi) are other entries.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'switchyard',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

describe('the main entry is the portable core', () => {
  it('bundles for the browser and compiles, matches and generates in a context without Node globals', async () => {
    const code = await bundleForBrowser('src/index.ts');
    expect(code).not.toMatch(/(?:from|import|require)\s*\(?\s*["']node:/);
    // A bare V8 context: no process, Buffer, require or module; just the language (and the script's result).
    const answer = runInNewContext(
      `${code}
      const router = switchyard.compile([
        { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
        { name: 'files', template: 'static/{**path}' },
      ]);
      const m = router.match('/shop/tools/42');
      JSON.stringify({
        hasProcess: typeof process !== 'undefined',
        route: m && m.route.name,
        values: m && m.values,
        path: router.match('/static/a%2Fb/c').values.path,
        url: router.generate({ category: 'tools', id: 7 }, { routeName: 'product' }).path,
        strategy: router.strategy,
      });`,
      {},
    );
    expect(JSON.parse(answer as string)).toEqual({
      hasProcess: false,
      route: 'product',
      values: { category: 'tools', id: '42' },
      path: 'a/b/c',
      url: '/shop/tools/7',
      strategy: 'generated',
    });
  });

  it('the pipeline entry is not portable (it is the node:http one), so it is a separate entry', async () => {
    await expect(bundleForBrowser('src/http.ts')).rejects.toThrow(/node:http|node:/);
  });

  it('its declarations type-check with no Node types installed in the program', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-types-'));
    try {
      writeFileSync(
        join(dir, 'use.ts'),
        `import { compile, TemplateParseError } from ${JSON.stringify(join(ROOT, 'dist/index.js'))};\n` +
          `const r = compile([{ name: 'a', template: 'a/{id:int}' }]);\n` +
          `const m = r.match('/a/1');\nif (m) m.values.id satisfies string;\nexport const e: typeof TemplateParseError = TemplateParseError;\n`,
      );
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      // types: [] — no @types/node; lib without DOM either, so only the language itself is available.
      const args = [tsc, '--ignoreConfig', '--noEmit', '--strict', '--types', '', '--lib', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false', join(dir, 'use.ts')];
      expect(() => execFileSync(process.execPath, args, { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

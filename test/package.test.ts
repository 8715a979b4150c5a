// A package people can install: the tarball `npm pack` makes holds the library's entries, their chunks and
// declarations, the command and the LICENSE — not the to-do app, not source maps — and, installed into an
// empty project, it imports by its published name and runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'switchyard-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], ROOT))[0] as { filename: string; files: { path: string }[] };
const files = packed.files.map((f) => f.path);

describe('npm pack', () => {
  it('is published as switchyard-router, with the switchyard command', () => {
    expect(pkg.name).toBe('switchyard-router');
    expect(Object.keys(pkg.bin)).toEqual(['switchyard']);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it.each(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/http.js', 'dist/http.d.ts', 'dist/openapi.js', 'dist/openapi.d.ts', 'dist/cli.js'])('holds %s', (file) => {
    expect(files).toContain(file);
  });

  it('holds every file the exports map and bin name', () => {
    const named = [pkg.bin.switchyard, ...Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e as Record<string, string>)))];
    for (const path of named) expect(files, path).toContain(path.replace(/^\.\//, ''));
  });

  it('leaves out the to-do app, source maps and the declarations of the app and the command', () => {
    expect(files.filter((f) => f.endsWith('.map') || f.includes('todo') || f.startsWith('dist/cli/'))).toEqual([]);
  });

  it('installs into an empty project and imports by name: the core, /aot, /http and /openapi', () => {
    const project = join(scratch, 'app');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm(['install', '--no-audit', '--no-fund', '--offline', join(scratch, packed.filename)], project);
    writeFileSync(
      join(project, 'use.js'),
      `import { compile } from 'switchyard-router';
       import { RouteBuilder } from 'switchyard-router/http';
       import { toOpenApi } from 'switchyard-router/openapi';
       import { loadRouter } from 'switchyard-router/aot';
       const router = compile([{ name: 'item', template: 'items/{id:int}' }]);
       console.log(JSON.stringify({ values: router.match('/items/5').values, url: router.generate({ id: 7 }, { routeName: 'item' }).path,
         builder: typeof RouteBuilder, aot: typeof loadRouter, paths: Object.keys(toOpenApi(router, { info: { title: 't', version: '1' } }).paths) }));`,
    );
    const out = execFileSync(process.execPath, ['use.js'], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ values: { id: '5' }, url: '/items/7', builder: 'function', aot: 'function', paths: ['/items/{id}'] });
    const version = execFileSync(join(project, 'node_modules/.bin/switchyard'), ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(pkg.version);
  }, 60_000);
});

describe('package checks', () => {
  const bin = (name: string): string => join(ROOT, 'node_modules/.bin', name);
  it('publint finds nothing to fix in package.json and the tarball', () => {
    const out = execFileSync(bin('publint'), ['--strict'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/All good!/);
  }, 60_000);

  it('@arethetypeswrong/cli: every entry resolves with its types under node16 and bundlers (ESM-only)', () => {
    // Exits non-zero on any problem in the profile (node10 and require() are out of it: the package is ESM-only).
    const out = execFileSync(bin('attw'), ['--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/switchyard-router\/http/);
    expect(out).not.toMatch(/❌|💀 Resolution failed.*node16|Masquerading|FalseCJS|FalseESM/);
  }, 60_000);

  it('size-limit: the main entry (compile, match, generate) and the runtime of built modules stay within their budgets', () => {
    // .size-limit.json: minified and brotli-compressed, with everything they import; exits non-zero past a limit.
    const out = execFileSync(bin('size-limit'), ['--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const results = JSON.parse(out) as { name: string; passed: boolean; size: number }[];
    expect(results.map((r) => r.name)).toEqual(['switchyard-router: compile, match, generate', 'switchyard-router/aot: the runtime of built modules']);
    for (const r of results) expect(r, `${r.name}: ${r.size} bytes`).toMatchObject({ passed: true });
  }, 60_000);
});

// A package people can install: the tarball `npm pack` makes holds the library's entries, their chunks and
// declarations, the command and the LICENSE — not the to-do app, not source maps — and, installed into an
// empty project, it imports by its published name and runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'switchyard-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], ROOT))[0] as { filename: string; files: { path: string }[] };
const files = packed.files.map((f) => f.path);

/** The packed tarball installed into an empty ES module project in the temporary folder (once). */
let project: string | undefined;
function installed(): string {
  if (project !== undefined) return project;
  project = join(scratch, 'app');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  // hono: the one optional peer dependency an entry imports at run time (switchyard-router/hono), copied from
  // the checkout's node_modules (offline: npm's cache holds tarballs, not the registry's listing).
  npm(['install', '--no-audit', '--no-fund', '--offline', '--install-links', join(scratch, packed.filename), join(ROOT, 'node_modules/hono')], project);
  return project;
}

describe('npm pack', () => {
  it('is published as switchyard-router, with the switchyard command', () => {
    expect(pkg.name).toBe('switchyard-router');
    expect(Object.keys(pkg.bin)).toEqual(['switchyard']);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it.each(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/constraints.js', 'dist/introspect.js', 'dist/build.js', 'dist/http.js', 'dist/http.d.ts', 'dist/openapi.js', 'dist/openapi.d.ts', 'dist/cli.js'])('holds %s', (file) => {
    expect(files).toContain(file);
  });

  it('holds every file the exports map and bin name', () => {
    const named = [pkg.bin.switchyard, ...Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e as Record<string, string>)))];
    for (const path of named) expect(files, path).toContain(path.replace(/^\.\//, ''));
  });

  // A module with one character outside ASCII is decoded and scanned as UTF-16 each time it is imported (build.mjs).
  it('holds JavaScript that is ASCII only', () => {
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(5);
    expect(js.filter((f) => /[^\0-\x7f]/.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('leaves out the to-do app, source maps and the declarations of the app and the command', () => {
    expect(files.filter((f) => f.endsWith('.map') || (f.startsWith('dist/') && f.includes('todo')) || f.startsWith('dist/cli/'))).toEqual([]);
  });

  it('installs into an empty project and imports by name: the core, /constraints, /introspect, /build, /aot, /http and /openapi', () => {
    const project = installed();
    writeFileSync(
      join(project, 'use.js'),
      `import { compile } from 'switchyard-router';
       import { RegexRouteConstraint } from 'switchyard-router/constraints';
       import { explain, describe } from 'switchyard-router/introspect';
       import { compileToModule } from 'switchyard-router/build';
       import { RouteBuilder } from 'switchyard-router/http';
       import { toOpenApi } from 'switchyard-router/openapi';
       import { loadRouter } from 'switchyard-router/aot';
       const router = compile([{ name: 'item', template: 'items/{id:int}', constraints: { id: new RegexRouteConstraint('^[1-8]$') } }]);
       console.log(JSON.stringify({ values: router.match('/items/5').values, refused: router.match('/items/9'), url: router.generate({ id: 7 }, { routeName: 'item' }).path,
         closest: explain(router, '/items/9').closest.route.index, table: describe(router, 'table').includes('items/{id:int}'),
         built: compileToModule([{ template: 'a' }]).includes('switchyard-router/aot'),
         builder: typeof RouteBuilder, aot: typeof loadRouter, paths: Object.keys(toOpenApi(router, { info: { title: 't', version: '1' } }).paths) }));`,
    );
    const out = execFileSync(process.execPath, ['use.js'], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ values: { id: '5' }, refused: null, url: '/items/7', closest: 0, table: true, built: true, builder: 'function', aot: 'function', paths: ['/items/{id}'] });
    const version = execFileSync(join(project, 'node_modules/.bin/switchyard'), ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(pkg.version);
  });

  // CommonJS code loads the same ES module files through require(esm) (Node 20.19+ and 22.12+): no second copy.
  const entries = Object.keys(pkg.exports).filter((e) => e !== './package.json').map((e) => e.replace(/^\./, 'switchyard-router'));
  it.each(entries)('%s: a .cjs file of the installed project require()s it', (entry) => {
    const project = installed();
    writeFileSync(join(project, 'use.cjs'), `const m = require(${JSON.stringify(entry)});\nprocess.stdout.write(JSON.stringify(Object.keys(m).sort()));\n`);
    const fromCjs = execFileSync(process.execPath, ['use.cjs'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const fromEsm = execFileSync(process.execPath, ['--input-type=module', '-e', `process.stdout.write(JSON.stringify(Object.keys(await import(${JSON.stringify(entry)})).sort()))`], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(fromCjs)).toEqual(JSON.parse(fromEsm));
    expect(JSON.parse(fromCjs).length).toBeGreaterThan(0);
  });

  it('the same class from require() and import: one copy of the code', () => {
    const project = installed();
    writeFileSync(join(project, 'same.mjs'), `import { createRequire } from 'node:module';\nimport { TemplateParseError } from 'switchyard-router';\nconst required = createRequire(import.meta.url)('switchyard-router');\nprocess.stdout.write(String(required.TemplateParseError === TemplateParseError));\n`);
    expect(execFileSync(process.execPath, ['same.mjs'], { cwd: project, encoding: 'utf8' })).toBe('true');
  });
});

// What a user of the installed package (or of its npm page) reaches: the README's links and the docs' own open
// files the tarball holds, at headings they have; the repository, the docs site and the issue tracker are named.
describe('the tarball: docs a user reaches', () => {
  /** A file the tarball holds, or a folder with files in it. */
  const holds = (path: string): boolean => (path.endsWith('/') ? files.some((f) => f.startsWith(path)) : files.includes(path));
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
  const anchorsOf = (file: string): Set<string> =>
    new Set([...readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
  /** [file, link, the file it points at, anchor] of each relative link in the text of `file` (code blocks aside). */
  const linksOf = (file: string): [string, string, string, string | null][] => {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1])
      .filter((link) => !/^[a-z]+:|^#/.test(link))
      .map((link) => {
        const [path, anchor = null] = link.split('#');
        return [file, link, join(file, '..', decodeURIComponent(path)).split('\\').join('/'), anchor]; // join keeps a folder's "/"
      });
  };
  const markdown = files.filter((f) => f.endsWith('.md'));

  it('holds the docs, the changelog and the license', () => {
    for (const file of ['CHANGELOG.md', 'LICENSE', 'docs/package.md', 'docs/aot.md', 'docs/diagnostics.md', 'docs/examples/routes.json']) expect(files).toContain(file);
  });

  it("every link of the README to a file opens a file the tarball holds, at a heading it has", () => {
    const links = linksOf('README.md');
    expect(links.length).toBeGreaterThan(15);
    for (const [, link, target, anchor] of links) {
      expect(holds(target), `README.md → ${link}`).toBe(true);
      if (anchor !== null && target.endsWith('.md')) expect(anchorsOf(target), `README.md → ${link}`).toContain(anchor);
    }
  });

  // An image too (docs/images/ holds the screenshots the pages show): npm's page and an editor show it from the package.
  it('so does every link of the docs and the changelog it holds, images too', () => {
    const broken = markdown
      .filter((f) => f !== 'README.md')
      .flatMap(linksOf)
      .filter(([, , target, anchor]) => !holds(target) || (anchor !== null && target.endsWith('.md') && !anchorsOf(target).has(anchor)))
      .map(([file, link]) => `${file} → ${link}`);
    expect(broken).toEqual([]);
    expect(files.filter((f) => f.startsWith('docs/images/')).length).toBeGreaterThan(0);
  });

  // The API reference (docs/api/) is generated by `npm run docs` and not packed: the README, which says the pages
  // are in the package, says the reference is on the site and links it there.
  it('leaves the API reference to the site, and the README says so with a link to it', () => {
    expect(files.filter((f) => f.startsWith('docs/api/'))).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const said = readme.slice(0, readme.indexOf('\n## '));
    expect(said).toContain('in the package too');
    expect(said).toContain(`[API reference](${pkg.homepage}docs/api/)`);
    expect(said).toMatch(/is on the site only/);
  });

  it('holds no tests, benchmarks or sources of the build', () => {
    expect(files.filter((f) => /^(test|bench|src|\.ci)\/|\.test\.[cm]?[jt]s$|^(build\.mjs|tsconfig.*\.json|vitest\..*)$/.test(f))).toEqual([]);
  });

  it('names the repository, the docs site as its homepage, and where to report bugs', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/switchyard-router/switchyard.git' });
    expect(pkg.homepage).toBe('https://switchyard-router.github.io/switchyard/');
    expect(pkg.bugs).toEqual({ url: 'https://github.com/switchyard-router/switchyard/issues' });
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(pkg.homepage);
  });
});

describe('development install', () => {
  // The README's "Quick start" Node: `npm ci` on it must not warn EBADENGINE, so no installed package may ask
  // for a newer one (fastify's light-my-request 6.8 asks for Node 22 through cookie 2: overridden to 6.6).
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const quickStartNode = /On a fresh machine with Node\.js (\d+\.\d+) or later/.exec(readme)?.[1];
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
  const wanting = Object.entries(lock.packages).filter(([, p]) => typeof p.engines?.node === 'string');

  it('the README names the Node it is developed on, and the package supports it', () => {
    expect(quickStartNode).toBeDefined();
    expect(semver.satisfies(`${quickStartNode}.0`, pkg.engines.node)).toBe(true);
  });

  it('no installed package asks for a newer Node', () => {
    const newer = wanting.filter(([, p]) => !semver.satisfies(`${quickStartNode}.0`, p.engines!.node!)).map(([path, p]) => `${path}@${p.version}: node ${p.engines!.node}`);
    expect(newer).toEqual([]);
  });
});

describe('package checks', () => {
  const bin = (name: string): string => join(ROOT, 'node_modules/.bin', name);
  it('publint finds nothing to fix in package.json and the tarball', () => {
    const out = execFileSync(bin('publint'), ['--strict'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/All good!/);
  });

  it('@arethetypeswrong/cli: every entry resolves with its types under node16 and bundlers (ES modules)', () => {
    // Exits non-zero on any problem in the profile. The "esm-only" profile leaves out node10 and node16's
    // from-CJS column: that column models TypeScript's `module: node16`, where require() of an ES module is a
    // type error ("ESM (dynamic import only)"), while Node 20.19+ runs it (the .cjs tests above). The tarball is
    // the one packed into the temporary folder: `attw --pack` would write and then delete one in the repository.
    const out = execFileSync(bin('attw'), [join(scratch, packed.filename), '--profile', 'esm-only', '--format', 'table-flipped'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/switchyard-router\/http/);
    expect(out).not.toMatch(/❌|💀 Resolution failed.*node16|Masquerading|FalseCJS|FalseESM/);
  });

  it('size-limit: the main entry (compile, match, generate) and the runtime of built modules stay within their budgets', () => {
    // .size-limit.json: minified and brotli-compressed, with everything they import; exits non-zero past a limit.
    const out = execFileSync(bin('size-limit'), ['--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const results = JSON.parse(out) as { name: string; passed: boolean; size: number }[];
    expect(results.map((r) => r.name)).toEqual(['switchyard-router: compile, match, generate', 'switchyard-router/aot: the runtime of built modules']);
    for (const r of results) expect(r, `${r.name}: ${r.size} bytes`).toMatchObject({ passed: true });
  });
});

// build.mjs: the main entry loads what matching and generation need, in few files (Node's loader costs per file);
// the other entries share its classes through dist/internal.js.
describe('the built entries', () => {
  const dist = join(ROOT, 'dist');
  /** The files an entry loads (its static imports, followed), relative to dist/. */
  const loads = (entry: string): string[] => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) visit(join(file, '..', m[1]));
    };
    visit(entry);
    return [...seen];
  };
  /** The source files of the code in those files (their source maps). */
  const sourcesOf = (files: string[]): string[] => files.flatMap((f) => (JSON.parse(readFileSync(join(dist, `${f}.map`), 'utf8')) as { sources: string[] }).sources.map((s) => s.replace(/^(\.\.\/)+/, '')));

  it('the main entry holds no introspection and no writer of built modules, in at most 4 files', () => {
    const files = loads('index.js');
    expect(files.length).toBeLessThanOrEqual(4);
    const sources = sourcesOf(files);
    expect(sources).toContain('src/compile/compile.ts');
    expect(sources.filter((s) => (s.startsWith('src/compile/introspect/') && !s.endsWith('/inspectable.ts')) || s.startsWith('src/compile/aot/'))).toEqual([]);
  });

  it('/introspect and /build hold what the main entry leaves out', () => {
    expect(sourcesOf(loads('introspect.js'))).toContain('src/compile/introspect/diagnostics.ts');
    expect(sourcesOf(loads('build.js'))).toContain('src/compile/aot/compile-to-module.ts');
  });

  it('one copy of each class whichever entries a program imports', () => {
    const script = `
      const { compile, TemplateParseError } = await import('./dist/index.js');
      const { IntRouteConstraint } = await import('./dist/constraints.js');
      const { explain } = await import('./dist/introspect.js');
      const http = await import('./dist/http.js');
      const router = compile([{ template: 'a/{id:int}' }]);
      let thrown = null;
      try { new http.RouteBuilder(http.createApplication()).mapGet('a/{', () => {}); } catch (e) { thrown = e; }
      process.stdout.write(JSON.stringify([router.routes[0].constraints.get('id') instanceof IntRouteConstraint, thrown instanceof TemplateParseError, explain(router, '/a/5').match !== null]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([true, true, true]);
  });
});

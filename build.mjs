// Bundles the library's entries (dist/index.js: the portable core, matching and generation; dist/constraints.js:
// the constraint classes and registry; dist/introspect.js: explain, diagnostics, describe; dist/build.js: router
// modules written ahead of time; dist/aot.js: the runtime of built router modules; dist/http.js: the node:http pipeline;
// dist/openapi.js: the OpenAPI document; dist/express.js, fastify.js, hono.js, koa.js: the framework adapters; dist/hono-aot.js: the Hono adapter over built routers, without compile()), the to-do server (dist/todo-server.js) and the `switchyard` command
// (dist/cli.js, package.json "bin") with esbuild, then emits declaration files with tsc.
// The library entries are built together with code splitting, so a class (TemplateParseError, RouteCollection)
// exists once however many entries a program imports. Zero runtime dependencies: nothing is external but
// node:*, and, in the server bundle only, `pg` (a dev dependency the server imports only when TODO_STORE selects
// PostgreSQL; it is loaded from the checkout's node_modules).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

rmSync('dist', { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

// Two passes, so that the main entry loads few files: Node's loader costs about as much per module file as the
// parse of 20 kB, and esbuild splits code by the set of entries that use it, so one pass over every entry would
// cut the main entry's code into a dozen chunks. Pass 1 builds the main entry and the runtime of built modules
// (and Hono over it) with code splitting among themselves, plus internal modules (dist/internal*.js, in no
// "exports": not public) that re-export everything of theirs. Pass 2 builds the other entries, and every import
// of a module of pass 1 becomes an import of a dist/internal*.js: each class (TemplateParseError, the constraint
// classes) still exists once however many entries a program imports.
const external = ['hono', 'hono/*']; // the frameworks are the user's (optional peer dependencies)
const pass1Entries = { index: 'src/index.ts', aot: 'src/aot.ts', 'aot-protocol': 'src/aot-protocol.ts', 'hono-aot': 'src/hono-aot.ts' };
const { metafile } = await build({ ...common, entryPoints: pass1Entries, external, outdir: 'dist', splitting: true, write: false, metafile: true, logLevel: 'silent' });
// (Not src/aot.ts: its re-export of the protocol must stay in dist/aot.js, where "./aot-protocol.js" is its path. Not
// src/aot-protocol.ts, which only re-exports: shared with the internal files, it would be an empty chunk, one more
// file for every built module to load.)
const pass1Modules = Object.keys(metafile.inputs).filter((f) => f.startsWith('src/') && f !== 'src/aot.ts' && f !== 'src/aot-protocol.ts').map((f) => resolve(f));
const pass1Index = new Map(pass1Modules.map((f, i) => [f, i]));
// dist/internal.js re-exports the main entry's modules, internal-hono.js the other modules of Hono over a built
// router (the adapters' dispatch, problem details, tracing), internal-aot.js the rest of the runtime of built
// modules: the pipeline and the adapters load what they use, not that runtime. Each re-exports all of its
// modules' exports: a narrower internal.js would cut the main entry's code into more chunks.
const modulesOf = async (entry) => {
  const { metafile: only } = await build({ ...common, entryPoints: [entry], external, outdir: 'dist', write: false, metafile: true, logLevel: 'silent' });
  return new Set(Object.keys(only.inputs).filter((f) => f.startsWith('src/')).map((f) => resolve(f)));
};
const mainModules = await modulesOf('src/index.ts');
const honoModules = await modulesOf('src/hono-aot.ts');
const aotModules = await modulesOf('src/aot.ts');
const internalFileOf = (i) => (mainModules.has(pass1Modules[i]) ? 'internal.js' : honoModules.has(pass1Modules[i]) ? 'internal-hono.js' : 'internal-aot.js');
// Each module's exports, renamed name$i in dist/internal.js (two modules may export the same name).
const exportsOf = await build({ ...common, bundle: false, entryPoints: pass1Modules, outdir: 'dist/.exports', write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
const moduleExports = new Map(Object.values(exportsOf.metafile.outputs).filter((o) => o.entryPoint).map((o) => [resolve(o.entryPoint), o.exports]));
const internalSource = (file) =>
  pass1Modules.flatMap((f, i) => (internalFileOf(i) === file ? [`export { ${moduleExports.get(f).map((n) => `${n} as ${n}$${i}`).join(', ')} } from ${JSON.stringify(f)};`] : [])).join('\n');
const INTERNAL = '@switchyard-router/internal'; // pass 2 imports module i as INTERNAL/i; replaced below by dist/internal.js
// Hono over a built router bundles its own copy of each module of the main entry that the runtime of built
// modules does not have (route-group.ts, for hono/aot's group()): shared by the main entry and hono-aot alone, such
// a module would be a chunk of its own, one more file for the main entry to load; imported through dist/internal.js,
// it would bring the main entry's chunks (the code generator among them) into a Worker's bundle. A copy exports no
// class, so each class still exists once.
const COPY = 'hono-aot-copy';
const honoCopies = {
  name: 'hono-aot-copies',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const fromHono = args.namespace === COPY || (honoModules.has(args.importer) && !mainModules.has(args.importer));
      const target = resolve(dirname(args.importer), args.path.replace(/\.js$/, '.ts'));
      return fromHono && mainModules.has(target) && !aotModules.has(target) ? { path: target, namespace: COPY } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: COPY }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (/^export (abstract )?class /m.test(contents)) throw new Error(`build.mjs: hono-aot would hold a copy of ${args.path}, which exports a class`);
      return { contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};
// dist/aot.js re-exports the protocol of built modules as the statement it is (`export * as protocol from
// "./aot-protocol.js"`), not as a namespace object made in a chunk: that object names every member, so a bundle of
// any module that shares its chunk (loadRouter's) would carry every constraint, check and matcher part.
const protocolReexport = {
  name: 'protocol-reexport',
  setup(b) {
    b.onResolve({ filter: /^\.\/aot-protocol\.js$/ }, (args) => (args.importer === resolve('src/aot.ts') ? { path: './aot-protocol.js', external: true } : undefined));
  },
};
await build({
  ...common,
  entryPoints: { ...pass1Entries, internal: `${INTERNAL}.js`, 'internal-hono': `${INTERNAL}-hono.js`, 'internal-aot': `${INTERNAL}-aot.js` },
  plugins: [
    honoCopies,
    protocolReexport,
    {
      name: 'internal-entry',
      setup(b) {
        b.onResolve({ filter: /^@switchyard-router\/internal(-aot|-hono)?\.js$/ }, (args) => ({ path: args.path.slice(INTERNAL.length - 'internal'.length), namespace: 'internal' }));
        b.onLoad({ filter: /.*/, namespace: 'internal' }, (args) => ({ contents: internalSource(args.path), loader: 'ts', resolveDir: resolve('src') }));
      },
    },
  ],
  external,
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
await build({
  ...common,
  entryPoints: {
    constraints: 'src/constraints.ts',
    introspect: 'src/introspect.ts',
    build: 'src/build.ts',
    http: 'src/http.ts',
    openapi: 'src/openapi.ts',
    express: 'src/express.ts',
    fastify: 'src/fastify.ts',
    hono: 'src/hono.ts',
    koa: 'src/koa.ts',
  },
  plugins: [
    {
      name: 'pass-1-modules-from-internal',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) => {
          const i = pass1Index.get(resolve(dirname(args.importer), args.path.replace(/\.js$/, '.ts')));
          return i === undefined ? undefined : { path: `${INTERNAL}/${i}`, external: true };
        });
      },
    },
  ],
  external,
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});

/** Pass 2's imports of module i (INTERNAL/i) as imports of its names name$i from the dist/internal*.js that has it. */
function fromInternal(text, file) {
  const target = (i) => JSON.stringify(`${file.startsWith('chunks/') ? '../' : './'}${internalFileOf(Number(i))}`);
  const renamed = (list, i) =>
    list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
      const [name, local = name] = s.split(/\s+as\s+/);
      return `${name}$${i} as ${local}`;
    }).join(', ');
  const out = text
    .replace(/\b(import|export)\s*\{([^}]*)\}\s*from\s*"@switchyard-router\/internal\/(\d+)";/g, (_all, kind, list, i) => `${kind} { ${renamed(list, i)} } from ${target(i)};`)
    .replace(/\bimport\s*"@switchyard-router\/internal\/(\d+)";/g, (_all, i) => `import ${target(i)};`);
  if (out.includes(INTERNAL)) throw new Error(`build.mjs: an import of a pass-1 module in dist/${file} is of a form fromInternal() does not rewrite`);
  return out;
}
if (existsSync('src/todo/server.ts')) {
  await build({ ...common, entryPoints: ['src/todo/server.ts'], outfile: 'dist/todo-server.js', external: ['pg'] });
}
// The command imports the library's entries at run time (dist/index.js beside it), not a bundled copy: a route
// module that builds constraints with `switchyard-router` then hands the command the very same classes.
const entriesBesideCli = {
  name: 'entries-beside-cli',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/(index|constraints|introspect|build|aot|http|openapi)\.js$/ }, (args) => ({ path: args.path.replace('../', './'), external: true }));
  },
};
if (existsSync('src/cli/main.ts')) {
  await build({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [entriesBesideCli] });
  chmodSync('dist/cli.js', 0o755);
}

// The bundles are kept ASCII: a source with a single other character (an arrow in a comment esbuild
// keeps) is decoded from UTF-8 and scanned as UTF-16 at every import, which costs the main entry about a fifth
// of its import (docs/benchmarks.md, "Start-up in instructions"). Each other character is written as its \u
// escape, which means the same in a string, a regular expression or a comment.
for (const file of [...readdirSync('dist').filter((n) => n.endsWith('.js')), ...readdirSync('dist/chunks').map((n) => `chunks/${n}`).filter((n) => n.endsWith('.js'))]) {
  let text = readFileSync(`dist/${file}`, 'utf8');
  const before = text;
  text = fromInternal(text, file);
  if (/[^\0-\x7f]/.test(text)) text = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  if (text !== before) writeFileSync(`dist/${file}`, text);
}

// Declarations only; type errors fail the build.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });

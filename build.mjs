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

rmSync('dist', { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: {
    index: 'src/index.ts',
    constraints: 'src/constraints.ts',
    introspect: 'src/introspect.ts',
    build: 'src/build.ts',
    aot: 'src/aot.ts',
    http: 'src/http.ts',
    openapi: 'src/openapi.ts',
    express: 'src/express.ts',
    fastify: 'src/fastify.ts',
    hono: 'src/hono.ts',
    'hono-aot': 'src/hono-aot.ts',
    koa: 'src/koa.ts',
  },
  // The frameworks are the user's (optional peer dependencies): the hono entry imports hono's own error class.
  external: ['hono', 'hono/*'],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
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
  const text = readFileSync(`dist/${file}`, 'utf8');
  if (/[^\0-\x7f]/.test(text)) writeFileSync(`dist/${file}`, text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`));
}

// Declarations only; type errors fail the build.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });

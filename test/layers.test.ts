// Layers import downward only: template → constraints → compile → pipeline → openapi → entries → todo / cli.
// The entries are the package's public surface: src/index.ts (the portable core), src/http.ts (the node:http
// pipeline), src/openapi.ts. The to-do app and the command line are the library's customers and use the entries only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
const RANK: Record<string, number> = { leaf: 0, template: 1, constraints: 2, compile: 3, pipeline: 4, openapi: 5, frameworks: 5, entry: 6, todo: 7, cli: 7 };
const ENTRIES = new Set(['index.ts', 'constraints.ts', 'introspect.ts', 'build.ts', 'aot.ts', 'aot-protocol.ts', 'http.ts', 'openapi.ts', 'express.ts', 'fastify.ts', 'hono.ts', 'hono-aot.ts', 'koa.ts']);
/** The layers of the portable core: no node:* module, no Node types. */
const CORE = new Set(['leaf', 'template', 'constraints', 'compile']);
const LEAVES = new Set(['errors.ts', 'route-values.ts', 'did-you-mean.ts', 'name-key.ts', 'constraint-context.ts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

function layerOf(file: string): string {
  const rel = relative(SRC, file);
  if (LEAVES.has(rel)) return 'leaf';
  if (ENTRIES.has(rel)) return 'entry';
  return rel.split('/')[0];
}

const edges = files(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:(import type )|import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
    from: file,
    typeOnly: m[1] !== undefined,
    specifier: m[2],
    to: m[2].startsWith('.') ? resolve(dirname(file), m[2].replace(/\.js$/, '.ts')) : null,
  })),
);

describe('layers', () => {
  it('has files in every layer', () => {
    expect(new Set(files(SRC).map(layerOf))).toEqual(new Set(Object.keys(RANK)));
  });

  it.each(edges.filter((e) => e.to !== null))('$from imports $specifier downward', ({ from, to }) => {
    const a = layerOf(from);
    const b = layerOf(to!);
    // The to-do app and the command line are customers of the library: they use its public surface only.
    if (a === 'todo' || a === 'cli') expect(b === a || b === 'entry', `${a} may only use the package entries, not ${relative(SRC, to!)}`).toBe(true);
    else expect(RANK[b], `${relative(SRC, from)} → ${relative(SRC, to!)}`).toBeLessThanOrEqual(RANK[a]);
  });

  it('keeps template/, constraints/ and compile/ free of node:* (they run in any JS runtime)', () => {
    const offenders = edges.filter((e) => CORE.has(layerOf(e.from)) && e.specifier.startsWith('node:'));
    expect(offenders.map((e) => relative(SRC, e.from))).toEqual([]);
  });

  it('keeps the main entry (src/index.ts) on the portable core: it re-exports nothing from pipeline/ or openapi/', () => {
    const main = edges.filter((e) => relative(SRC, e.from) === 'index.ts' && e.to !== null);
    expect(main.length).toBeGreaterThan(5);
    expect(main.filter((e) => !CORE.has(layerOf(e.to!))).map((e) => e.specifier)).toEqual([]);
  });

  // What `import ... from 'switchyard-router'` loads: the modules the main entry reaches by code (not types).
  // Matching and generation only: introspection, the module writer and the route digests are other entries'.
  it('keeps introspection and the writer of built modules out of the main entry (they are /introspect and /build)', () => {
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const e of edges) if (e.from === file && !e.typeOnly && e.to !== null) visit(e.to);
    };
    visit(resolve(SRC, 'index.ts'));
    const rel = [...reached].map((file) => relative(SRC, file));
    expect(rel).toContain('compile/compile.ts');
    // compile() keeps what introspection reads in the router's internals (router-internals.ts) and loads nothing of introspect/.
    expect(rel.filter((f) => f.startsWith('compile/introspect/'))).toEqual([]);
    expect(rel.filter((f) => f.startsWith('compile/aot/'))).toEqual([]);
  });

  // Inside compile/: compile.ts assembles; the model (route-entry.ts, matcher.ts, complex-segment.ts, case-fold.ts,
  // typed-router.ts) sits below the four folders; match/ (match/generated/ included) and generate/ are independent
  // consumers of the model (as ASP.NET's TemplateMatcher and TemplateBinder), introspect/ reads both, reference/
  // stands alone, aot/ (modules built ahead of time, and their runtime) puts the model, match/ and generate/
  // together as compile.ts does.
  const compilePart = (file: string): string | null => {
    const rel = relative(SRC, file);
    if (!rel.startsWith('compile/')) return null;
    if (rel === 'compile/compile.ts') return 'assembly';
    if (rel === 'compile/assemble-router.ts') return 'assemble';
    const parts = rel.split('/');
    return parts.length > 2 ? parts[1] : 'model';
  };
  const MAY_IMPORT: Record<string, string[]> = {
    model: ['model'],
    match: ['model', 'match'],
    generate: ['model', 'generate'],
    introspect: ['model', 'match', 'generate', 'introspect'],
    reference: ['reference'],
    // assembleRouter: the router's facade over a state (a matcher, the routes URL generation reads): for compile(),
    // and callable by built modules' runtime (aot/).
    assemble: ['model', 'match', 'generate'],
    aot: ['model', 'match', 'generate', 'assemble', 'aot'],
    live: ['model', 'match', 'generate', 'live'],
    assembly: ['model', 'match', 'generate', 'introspect', 'reference', 'live', 'assemble'],
  };
  const compileEdges = edges.filter((e) => e.to !== null && compilePart(e.from) !== null && compilePart(e.to) !== null);

  it('has every part of the compile layer', () => {
    expect(new Set(files(SRC).map(compilePart).filter((p) => p !== null))).toEqual(new Set(Object.keys(MAY_IMPORT)));
  });

  it.each(compileEdges)('compile layer: $from imports $specifier as its part may', (e) => {
    const from = compilePart(e.from)!;
    const to = compilePart(e.to!)!;
    // Types may point back at the assembly (the typed router describes compile()'s result; introspection's
    // functions take it), and the reference matcher implements the model's Matcher interface and reads the
    // resolved route (types only, never code: compile() loads no introspection, introspection reads what
    // compile.ts keeps in the router's internals, router-internals.ts).
    // The router's internals record (router-internals.ts) names the parts it records by type.
    const internals = relative(SRC, e.from) === 'compile/router-internals.ts';
    const typeOnlyException = e.typeOnly && (((from === 'model' || from === 'introspect') && to === 'assembly') || (from === 'reference' && to === 'model') || internals);
    expect(MAY_IMPORT[from].includes(to) || typeOnlyException, `${relative(SRC, e.from)} → ${relative(SRC, e.to!)}`).toBe(true);
  });

  // The reference strategy is the oracle the other matchers are tested against: it may share the parsed template
  // and the resolved route (types only) with them, never their path splitting, decoding, folding or matching.
  it('keeps the reference matcher (compile/reference/) independent of the production matchers', () => {
    const reference = edges.filter((e) => e.to !== null && compilePart(e.from) === 'reference');
    expect(reference.length).toBeGreaterThan(5);
    const allowed = (e: (typeof edges)[number]): boolean => {
      const rel = relative(SRC, e.to!);
      if (compilePart(e.to!) === 'reference' || rel.startsWith('template/') || LEAVES.has(rel)) return true;
      return e.typeOnly && (rel === 'compile/route-entry.ts' || rel === 'compile/matcher.ts');
    };
    expect(reference.filter((e) => !allowed(e)).map((e) => `${relative(SRC, e.from)} → ${e.specifier}`)).toEqual([]);
  });

  it('has no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(resolve(SRC, '../package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    // The PostgreSQL store's types come from the pg dev dependency; they are erased at build time.
    // The framework adapters import their framework's types (and hono's UnsupportedPathError, which hono's
    // SmartRouter must recognise, and the expansion of optional parameters hono's own routers use): the
    // frameworks are optional peer dependencies, the user's own.
    const peer = (e: (typeof edges)[number]): boolean =>
      layerOf(e.from) === 'frameworks' &&
      Object.hasOwn(pkg.peerDependencies, e.specifier.split('/')[0]) &&
      (e.typeOnly || e.specifier === 'hono/router' || e.specifier === 'hono/utils/url');
    const bare = edges.filter((e) => e.to === null && !e.specifier.startsWith('node:') && !(e.typeOnly && e.specifier === 'pg' && layerOf(e.from) === 'todo') && !peer(e));
    expect(bare.map((e) => `${relative(SRC, e.from)}: ${e.specifier}`)).toEqual([]);
    expect(Object.values(pkg.peerDependenciesMeta).every((meta) => (meta as { optional?: boolean }).optional === true)).toBe(true);
  });

  it('loads pg only by a dynamic import in the PostgreSQL store, which is loaded only by a dynamic import', () => {
    const loaders = files(SRC).filter((file) => /\bimport\(\s*['"]pg['"]\s*\)/.test(readFileSync(file, 'utf8')));
    expect(loaders.map((file) => relative(SRC, file))).toEqual(['todo/postgres-repository.ts']);
    const staticUsers = edges.filter((e) => !e.typeOnly && /postgres-(repository|schema)\.js$/.test(e.specifier) && !/postgres-(repository|schema)\.ts$/.test(e.from));
    expect(staticUsers.map((e) => relative(SRC, e.from))).toEqual([]);
  });
});

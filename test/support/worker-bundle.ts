// The Worker bundles of test/fixtures/workers: a 20-route Hono app on a router built ahead of time
// (switchyard-router/hono/aot, built `--compact` as docs/frameworks/hono.md builds it) and the same app on Hono's own router, each bundled as wrangler bundles a Worker
// (esbuild, one ES module, the "workerd"/"worker"/"browser" export conditions) and minified.
import { build } from 'esbuild';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileToModule } from '../../src/build.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/fixtures/workers');

export interface WorkerBundles {
  /** The folder holding the fixtures, the built router.mjs and both bundles. */
  readonly dir: string;
  /** The bundled Worker on switchyard's built router, and on Hono's own. */
  readonly switchyard: { readonly path: string; readonly text: string };
  readonly hono: { readonly path: string; readonly text: string };
  /** The same routes through switchyard-router/hono, compile() in the bundle. */
  readonly compiled: { readonly path: string; readonly text: string };
  /** The Worker on a router built without --compact. */
  readonly full: { readonly path: string; readonly text: string };
}

/**
 * Builds router.mjs from routes.mjs (as `switchyard build routes.mjs -o router.mjs --compact` does, and once without
 * --compact) in a folder inside the checkout, where `switchyard-router/...` resolves to this checkout's dist/ (the
 * package's own name), then bundles the Workers with `esbuild --bundle --minify --format=esm`.
 */
export async function buildWorkerBundles(routesModule?: string): Promise<WorkerBundles> {
  const dir = mkdtempSync(join(ROOT, '.tmp-workers-'));
  cpSync(FIXTURES, dir, { recursive: true });
  // Another route module (the docs' example) in place of the fixture's.
  if (routesModule !== undefined) writeFileSync(join(dir, 'routes.mjs'), routesModule);
  const routes = ((await import(join(dir, 'routes.mjs'))) as { default: Parameters<typeof compileToModule>[0] }).default;
  const bundle = async (name: string, as = name) => {
    const path = join(dir, `${as}.bundle.mjs`);
    await build({
      entryPoints: [join(dir, `${name}.mjs`)],
      outfile: path,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'browser'],
      logLevel: 'error',
    });
    return { path, text: readFileSync(path, 'utf8') };
  };
  writeFileSync(join(dir, 'router.mjs'), compileToModule(routes, { routesModule: './routes.mjs' }));
  const full = await bundle('worker-switchyard', 'worker-switchyard-full');
  writeFileSync(join(dir, 'router.mjs'), compileToModule(routes, { routesModule: './routes.mjs', compact: true }));
  return {
    dir,
    full,
    switchyard: await bundle('worker-switchyard'),
    hono: await bundle('worker-hono'),
    compiled: await bundle('worker-compile'),
  };
}

// A route set (test/fixtures/routes-<set>.json) as a router module built ahead of time (what `switchyard build` writes), beside a snapshot of the
// bundle (snapshot.mjs), importing its runtime from the aot-protocol.js copied there: the file the switchyard-aot adapter
// imports (BENCH_SWITCHYARD_MODULE).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { switchyardRoutes } from '../adapters/switchyard-routes.mjs';

/**
 * Writes the module of `set` (github or small) beside `bundlePath` (the snapshot's index.js) and returns its path;
 * `compact`: built as `switchyard build --compact` writes it.
 */
export async function writeBuiltModule(bundlePath, set = 'github', { compact = false } = {}) {
  // compileToModule is in the build entry beside it (a build older than that entry has it in index.js).
  const writer = join(dirname(bundlePath), 'build.js');
  const { compileToModule } = await import(pathToFileURL(existsSync(writer) ? writer : bundlePath).href);
  const { routes } = JSON.parse(readFileSync(new URL(`../../test/fixtures/routes-${set}.json`, import.meta.url), 'utf8'));
  const file = join(dirname(bundlePath), `${set}-router${compact ? '-compact' : ''}.mjs`);
  writeFileSync(file, compileToModule(switchyardRoutes(routes), { runtime: './aot-protocol.js', compact }));
  return file;
}

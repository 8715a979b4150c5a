// Copies a built bundle to a private temporary directory, so a run measures one build from start to end even
// when dist/ is rebuilt meanwhile (npm test rebuilds it), and records which build that was.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * { path of the copy, sha256 of the bundle, remove() }. The library's entries share code in dist/chunks/
 * (esbuild code splitting): the chunks they import are copied beside the entry, and hashed with it.
 */
export function snapshotBundle(file) {
  if (!existsSync(file)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
  const copy = join(dir, basename(file));
  copyFileSync(file, copy);
  const hash = createHash('sha256').update(readFileSync(copy));
  // The runtime of built router modules (dist/aot.js, and dist/aot-protocol.js, what a module imports) and their writer (dist/build.js, which imports what it shares
  // with them from dist/internal*.js), for a module written beside the copy (bench:startup).
  for (const entry of ['aot.js', 'aot-protocol.js', 'build.js', 'internal.js', 'internal-hono.js', 'internal-aot.js']) {
    const sibling = join(dirname(file), entry);
    if (existsSync(sibling) && basename(file) !== entry) {
      copyFileSync(sibling, join(dir, entry));
      hash.update(readFileSync(sibling));
    }
  }
  const chunks = join(dirname(file), 'chunks');
  if (existsSync(chunks)) {
    mkdirSync(join(dir, 'chunks'));
    for (const name of readdirSync(chunks).filter((n) => n.endsWith('.js')).sort()) {
      copyFileSync(join(chunks, name), join(dir, 'chunks', name));
      hash.update(readFileSync(join(chunks, name)));
    }
  }
  return { path: copy, sha256: hash.digest('hex').slice(0, 16), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The commit checked out, and whether src/ had uncommitted changes when the bundle was built. */
export function sourceState() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src');
  return { commit, srcDirty: dirty === null ? null : dirty.length > 0 };
}

/** The snapshot of dist/index.js for a bench script (removed when the process exits); exits with a hint if missing. */
export function snapshotLibraryOrExit(script) {
  // BENCH_DIST_INDEX: another build's index.js (a copy of dist/ kept to measure before and after a change).
  const bundle = snapshotBundle(process.env.BENCH_DIST_INDEX ?? fileURLToPath(new URL('../../dist/index.js', import.meta.url)));
  if (bundle === null) {
    console.error(`${script}: dist/index.js is missing; run \`node build.mjs\` first.`);
    process.exit(1);
  }
  process.on('exit', () => bundle.remove());
  return bundle;
}

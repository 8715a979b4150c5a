// Copies a built bundle to a private temporary directory, so a run measures one build from start to end even
// when dist/ is rebuilt meanwhile (npm test rebuilds it), and records which build that was.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';

/** { path of the copy, sha256 of the bundle, remove() }. */
export function snapshotBundle(file) {
  if (!existsSync(file)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
  const copy = join(dir, basename(file));
  copyFileSync(file, copy);
  if (existsSync(file + '.map')) copyFileSync(file + '.map', copy + '.map');
  const sha256 = createHash('sha256').update(readFileSync(copy)).digest('hex').slice(0, 16);
  return { path: copy, sha256, remove: () => rmSync(dir, { recursive: true, force: true }) };
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

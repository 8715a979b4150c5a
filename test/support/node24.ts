// A Node that strips TypeScript's types by itself (22.18 or later, 23.6 or later), for the tests of what the
// command reads from a .ts route module. The machine's Node may be older (20): then Node 24 as tools/node-versions
// pins it (`npm run install:nodes`, which CI runs; installed here when it is not yet), outside the project's own
// node_modules/.bin: that package's bin is named "node", and there it would run every npm script on Node 24
// instead of the machine's. NODE24=/path/to/node names one instead. A Node that cannot be had fails the test that
// asked, with what to do: it is never skipped.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const NODES = join(ROOT, 'tools/node-versions');
const BINARY = join(NODES, 'node_modules/node24/bin/node');
const INSTALL = ['ci', '--no-audit', '--no-fund', '--prefer-offline'];

/** Whether Node `version` ("v22.18.0") strips types without a flag. */
function stripsTypes(version: string): boolean {
  const [major, minor] = version.slice(1).split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

let found: string | undefined;

/** The path of a Node that runs .ts files as they are. */
export function typeStrippingNode(): string {
  if (found !== undefined) return found;
  if (process.env.NODE24) return (found = checked(process.env.NODE24, 'NODE24'));
  if (stripsTypes(process.version)) return (found = process.execPath);
  if (!existsSync(BINARY)) install();
  return (found = checked(BINARY, 'tools/node-versions'));
}

/**
 * Installs tools/node-versions' lock into a folder of its own, then moves its node_modules into place: a test run
 * beside this one finds it whole or not at all.
 */
function install(): void {
  const scratch = mkdtempSync(join(NODES, '.install-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(NODES, file), join(scratch, file));
    try {
      execFileSync('npm', INSTALL, { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`this test needs a Node that strips TypeScript's types (22.18 or later): \`npm run install:nodes\` (npm ${INSTALL.join(' ')} in tools/node-versions) failed (${(error as Error).message.split('\n')[0]}); or set NODE24=/path/to/node`);
    }
    try {
      renameSync(join(scratch, 'node_modules'), join(NODES, 'node_modules'));
    } catch (error) {
      if (!existsSync(BINARY)) throw error; // else a run beside this one put it there first
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `path`, once it says it is a Node that strips types. */
function checked(path: string, from: string): string {
  let version = '';
  try {
    version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch (error) {
    throw new Error(`this test needs a Node that strips TypeScript's types (22.18 or later): ${from} (${path}) does not run: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!stripsTypes(version)) throw new Error(`this test needs a Node that strips TypeScript's types (22.18 or later): ${from} (${path}) is ${version}`);
  return path;
}

// Bundles the library (dist/index.js) and the to-do server (dist/todo-server.js) with esbuild,
// then emits declaration files with tsc. Zero runtime dependencies: nothing is external but node:*.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
if (existsSync('src/todo/server.ts')) {
  await build({ ...common, entryPoints: ['src/todo/server.ts'], outfile: 'dist/todo-server.js' });
}

// Declarations only; type errors fail the build.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });

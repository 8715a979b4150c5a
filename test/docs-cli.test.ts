// The docs show real output: every ```console block that runs `npx switchyard …` in README.md and
// docs/diagnostics.md is run again (the built bin, no colours) and must print exactly what the block shows.
// And the user-facing text stands on its own: no citations of a spec the reader of the package does not have.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCS } from '../docs/.vitepress/entries.js';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = ['README.md', 'docs/diagnostics.md', 'docs/aot.md', 'docs/import.md'];

/** [file, command, expected output] for each console block. */
const blocks = DOCS.flatMap((file) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^```console\n\$ (npx switchyard [^\n]*)\n([\s\S]*?)^```$/gm)].map(
    (m) => [file, m[1], m[2].replace(/\n$/, '')] as const,
  ),
);

describe('console blocks in the docs are real output', () => {
  it('finds them', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(blocks.some(([file, command]) => file === 'README.md' && command.startsWith('npx switchyard explain'))).toBe(true);
  });

  it.each(blocks)('%s: $ %s', (_file, command, expected) => {
    const args = command.split(' ').slice(2);
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
    const result = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: ROOT, encoding: 'utf8', env });
    expect((result.stdout + result.stderr).replace(/\n$/, '')).toBe(expected);
  });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (GENERATED_DOCS.includes(relative(ROOT, full))) return []; // what `npm run docs` wrote
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('user-facing text states rules instead of citing a spec', () => {
  const texts = [join(ROOT, 'README.md'), ...files(join(ROOT, 'docs')), ...files(join(ROOT, 'src'))].filter((f) => /\.(md|ts)$/.test(f));
  it.each(texts.map((f) => [f.slice(ROOT.length + 1)]))('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text).not.toMatch(/spec(ification)? (rule|step)s? \d|spec's|spec matching|spec generation|spec set-up|\(spec [A-Z]|the spec\b|shared spec|\.\.\/shared/i);
  });
});

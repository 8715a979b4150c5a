// Every TypeScript block of README.md and docs/ type-checks under `strict`, as a user would paste it: each block
// is a module of its own, `switchyard-router` and its subpaths resolve to this checkout's sources (`./src/…`, as
// the to-do docs write it from the repository root, too; `./router.mjs` is the module `switchyard build` makes
// of docs/examples/routes.json). A line the docs mark `// error: "text"` (or `// error: `text``) must be a type error that says
// that text; one marked `// error` without a text must be a type error.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RouteDefinition } from '../src/index.js';
import { compileToModule, moduleDeclarations } from '../src/build.js';
import { GENERATED_DOCS } from '../docs/.vitepress/entries.js';

const ROOT = resolve(import.meta.dirname, '..');

/** README.md and every Markdown file under docs/ (not what `npm run docs` generated there). */
function markdownFiles(dir = join(ROOT, 'docs')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return GENERATED_DOCS.includes(relative(ROOT, path)) ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [relative(ROOT, path)] : [];
  });
}

/** The ```ts / ```typescript blocks of a Markdown file (in a list item too), with the line each starts on. */
function typescriptBlocks(markdown: string): { line: number; code: string }[] {
  return [...markdown.matchAll(/^([ \t]*)```(?:ts|typescript)[ \t]*\n([\s\S]*?)^\1```/gm)].map((m) => ({
    line: markdown.slice(0, m.index).split('\n').length + 1,
    code: m[2].split('\n').map((line) => line.slice(m[1].length)).join('\n'),
  }));
}

/**
 * A line's promised error: the text after `// error:` in double quotes, or in backquotes when it holds double
 * quotes (TypeScript's own words: `type '"post"'`); '' for a bare `// error`; null.
 */
function promisedError(line: string): string | null {
  const m = /\/\/ (?:type )?error\b(?::\s*(?:"([^"]*)"|`([^`]*)`))?/.exec(line);
  return m === null ? null : (m[1] ?? m[2] ?? '');
}

const blocks = ['README.md', ...markdownFiles()].flatMap((doc) =>
  typescriptBlocks(readFileSync(join(ROOT, doc), 'utf8')).map((block) => ({ doc, ...block, file: `${doc.replace(/\W/g, '-')}-${block.line}.ts` })),
);

describe('the TypeScript blocks of the docs', () => {
  it('are found in README.md and docs/', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
  });

  it('type-check under strict against the package entries', () => {
    const dir = join(ROOT, `test/types/.docs-blocks-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const promised: { where: string; text: string }[] = [];
      for (const block of blocks) {
        const lines = block.code.split('\n').flatMap((line, i) => {
          const text = promisedError(line);
          if (text === null) return [line];
          if (text === '') return ['// @ts-expect-error', line];
          promised.push({ where: `${block.doc}:${block.line + i}`, text });
          return [line];
        });
        // Only a bare "// error" adds a line: keep every other line number as in the doc.
        const code = lines.join('\n').replace(/from '\.\/src\//g, "from '../../../src/");
        writeFileSync(join(dir, block.file), `${code}\nexport {};\n`);
      }
      const table = JSON.parse(readFileSync(join(ROOT, 'docs/examples/routes.json'), 'utf8')) as RouteDefinition[];
      writeFileSync(join(dir, 'router.mjs'), compileToModule(table));
      writeFileSync(join(dir, 'router.d.mts'), moduleDeclarations(table));
      const tsconfig = {
        extends: '../../../tsconfig.json',
        compilerOptions: {
          noEmit: true,
          strict: true,
          noUnusedLocals: false,
          rootDir: '../../..',
          paths: {
            'switchyard-router': ['../../../src/index.ts'],
            'switchyard-router/*': ['../../../src/*.ts'],
          },
        },
        include: blocks.map((b) => b.file),
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
      } catch (error) {
        output = (error as { stdout: string }).stdout;
      }
      // Name each error by its doc and line there, not by the scratch file; one entry per error.
      const errors = output
        .replace(/test\/types\/\.docs-blocks-\d+\/(\S+?)\.ts\((\d+),\d+\)/g, (_all, file: string, line: string) => {
          const block = blocks.find((b) => b.file === `${file}.ts`)!;
          const bare = block.code.split('\n').filter((l, i) => i < Number(line) && promisedError(l) === '').length;
          return `${block.doc}:${block.line + Number(line) - 1 - bare}`;
        })
        .split(/\n(?=\S)/)
        .filter((e) => e.trim() !== '');
      for (const { where, text } of promised) {
        const found = errors.findIndex((e) => e.startsWith(`${where}: error`) && e.includes(text));
        expect(found, `${where}: a type error saying ${JSON.stringify(text)}; tsc said:\n${errors.filter((e) => e.startsWith(where)).join("\n")}`).not.toBe(-1);
        errors.splice(found, 1);
      }
      const located = errors.join('\n');
      expect(located).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

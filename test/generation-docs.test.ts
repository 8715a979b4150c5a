// docs/generation.md's "Areas" example runs as the doc shows it: each `router.match(…)` or `…generate(…)`
// line of its block is evaluated with compile() from the sources, and must give what its comment says.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../docs/generation.md'), 'utf8');

/** The ```ts block of a section of docs/generation.md. */
function blockOf(heading: string): string {
  const section = DOC.slice(DOC.indexOf(`\n## ${heading}\n`));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error(`docs/generation.md: no ts block under "## ${heading}"`);
  return block[1];
}

const block = blockOf('Areas: a default that no parameter takes');
// The lines that show an answer: the expression, and what the comment says it gives (a JavaScript literal).
const shown = [...block.matchAll(/^((?:router|loose)\.(?:match|generate)\(.*\)(?:\?\.(?:path|values))?);\s*\/\/ (null|'[^']*'|\{[^}]*\})/gm)].map((m) => ({ expression: m[1], expected: m[2] }));
const setup = block.replace(/^import .*$/m, '').split('\n').filter((line) => !/^(router|loose)\./.test(line)).join('\n');

describe('docs/generation.md, "Areas"', () => {
  it('shows answers', () => {
    expect(shown.length).toBeGreaterThanOrEqual(5);
  });

  it.each(shown)('$expression → $expected', ({ expression, expected }) => {
    const run = new Function('compile', `${setup}\nreturn ${expression};`) as (c: typeof compile) => unknown;
    expect(run(compile)).toEqual(new Function(`return (${expected});`)());
  });
});

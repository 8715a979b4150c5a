// The README's first screen: the title, one sentence, the ten-line example and the two commands (installing the
// package; running the clone), in that order, and nothing else before the first section. The rest lives below it
// or in docs/ (docs/package.md: entry points, module formats, CommonJS TypeScript settings, sizes).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');
const firstScreen = README.slice(0, README.indexOf('\n## '));

/** The first screen cut into its parts: prose paragraphs and fenced blocks, in order. */
function parts(text: string): { kind: string; text: string }[] {
  const found: { kind: string; text: string }[] = [];
  const body = text.replace(/^# .*\n/, '');
  for (const m of body.matchAll(/```(\w+)\n([\s\S]*?)```|((?:[^`\n].*\n?)+)/g)) {
    if (m[1] !== undefined) found.push({ kind: m[1], text: m[2] });
    else if (m[3].trim() !== '') found.push({ kind: 'prose', text: m[3].trim() });
  }
  return found;
}

describe("the README's first screen", () => {
  const screen = parts(firstScreen);

  it('is the title, one sentence, the example and the commands', () => {
    expect(firstScreen.startsWith('# switchyard\n')).toBe(true);
    expect(screen.map((p) => p.kind)).toEqual(['prose', 'ts', 'sh']);
  });

  it('says what it is in one sentence', () => {
    const sentence = screen[0].text.replace(/\s+/g, ' ');
    expect(sentence).toMatch(/\.$/);
    expect(sentence.slice(0, -1)).not.toMatch(/[.!?](\s|$)/);
  });

  it('shows the ten-line example, then two commands: install, and run the clone', () => {
    const example = screen[1].text.split('\n').filter((line) => line.trim() !== '');
    expect(example.length).toBeLessThanOrEqual(11);
    expect(example[0]).toBe("import { compile, isRoute } from 'switchyard-router';");
    const commands = screen[2].text.trim().split('\n');
    expect(commands.map((c) => c.replace(/\s+#.*/, ''))).toEqual(['npm install switchyard-router', 'npm ci && npm start']);
  });

  it('fits a screen: the example starts within the first ten lines, the commands end by line 30', () => {
    const lines = README.split('\n');
    expect(lines.indexOf('```ts')).toBeLessThan(10);
    expect(firstScreen.split('\n').length).toBeLessThanOrEqual(30);
  });

  it('links the package page, where the entry points and CommonJS TypeScript settings went', () => {
    expect(README).toContain('[docs/package.md](docs/package.md)');
    const page = readFileSync(resolve(import.meta.dirname, '../docs/package.md'), 'utf8');
    for (const setting of ['"module": "nodenext"', '"module": "node20"', 'TS1479', '`switchyard-router/hono/aot`']) expect(page).toContain(setting);
  });
});

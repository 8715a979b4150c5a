// The README's first screen: the title, one sentence, the ten-line example, then two parts apart — using the
// package (the install line, and the import line of each framework adapter) and working in a clone (the test and
// start commands) — then the docs site; nothing else before the first section. Benchmark ratios and the rest live
// below it or in docs/ (docs/package.md: entry points, module formats, CommonJS TypeScript settings, sizes).
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
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { homepage: string; exports: Record<string, unknown> };

  it('is the title, one sentence, the example, using the package, working in a clone, the docs site', () => {
    expect(firstScreen.startsWith('# switchyard\n')).toBe(true);
    expect(screen.map((p) => p.kind)).toEqual(['prose', 'ts', 'prose', 'sh', 'js', 'prose', 'sh', 'prose']);
    expect(screen[2].text).toMatch(/^\*\*Using the package\*\*/);
    expect(screen[5].text).toMatch(/^\*\*Working in a clone\*\*/);
    expect(screen[7].text).toContain(pkg.homepage);
  });

  it('says what it is in one sentence', () => {
    const sentence = screen[0].text.replace(/\s+/g, ' ');
    expect(sentence).toMatch(/\.$/);
    expect(sentence.slice(0, -1)).not.toMatch(/[.!?](\s|$)/);
  });

  it('shows the ten-line example', () => {
    const example = screen[1].text.split('\n').filter((line) => line.trim() !== '');
    expect(example.length).toBeLessThanOrEqual(11);
    expect(example[0]).toBe("import { compile, isRoute } from 'switchyard-router';");
  });

  it('using the package: the install line, then the import of each framework adapter, as its entry exports it', async () => {
    expect(screen[3].text.trim()).toBe('npm install switchyard-router');
    const imports = screen[4].text.trim().split('\n').map((line) => /^import \{ (\w+) \} from '(switchyard-router\/(\w+))'; +\/\/ (\w+) \d/.exec(line));
    expect(imports.map((m) => m?.[3])).toEqual(['express', 'fastify', 'koa', 'hono']);
    for (const m of imports) {
      const [, name, specifier, entry, framework] = m!;
      expect(Object.keys(pkg.exports)).toContain(`./${entry}`);
      expect(framework.toLowerCase()).toBe(entry);
      const module = (await import(`../src/${entry}.ts`)) as Record<string, unknown>;
      expect(typeof module[name], specifier).toBe('function');
    }
  });

  it('working in a clone: the test command, then the start command, apart from the install line', () => {
    const commands = screen[6].text.trim().split('\n').map((c) => c.replace(/\s+#.*/, ''));
    expect(commands).toEqual(['npm ci && npm test', 'npm start']);
    expect(screen[3].text).not.toMatch(/npm (ci|test|start)/);
  });

  it('fits a screen: the example starts within the first ten lines, the docs site ends it by line 45', () => {
    const lines = README.split('\n');
    expect(lines.indexOf('```ts')).toBeLessThan(10);
    expect(firstScreen.trimEnd().split('\n').length).toBeLessThanOrEqual(45);
  });

  it('leaves benchmark ratios to their own section further down', () => {
    const speed = README.indexOf('\n## Speed\n');
    expect(speed).toBeGreaterThan(firstScreen.length);
    expect(README.search(/\d\.\d+× |warm-up/i)).toBeGreaterThan(speed);
  });

  it('links the package page, where the entry points and CommonJS TypeScript settings went', () => {
    expect(README).toContain('[docs/package.md](docs/package.md)');
    const page = readFileSync(resolve(import.meta.dirname, '../docs/package.md'), 'utf8');
    for (const setting of ['"module": "nodenext"', '"module": "node20"', 'TS1479', '`switchyard-router/hono/aot`']) expect(page).toContain(setting);
  });
});

// The built site lives under the homepage's path (/switchyard/): opened from disk it has no styles and no search,
// so the README says the one command that builds and serves it there, and the address to open.
describe("the README's docs site", () => {
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { homepage: string; scripts: Record<string, string> };
  const section = README.slice(README.indexOf('\n## Documentation\n'), README.indexOf('\n## ', README.indexOf('\n## Documentation\n') + 1));

  it('npm run docs:preview builds the site (npm run docs), then serves the build (vitepress preview)', () => {
    expect(pkg.scripts['docs:preview']).toBe('npm run docs && vitepress preview docs');
  });

  it('says to run npm run docs:preview where it says where the site is built, and the address to open: its base, on the preview port', () => {
    const said = /`docs\/\.vitepress\/dist\/`[^]*?`npm run docs:preview`[^]*?`(http:\/\/localhost:(\d+)(\/[^`]*))`/.exec(section);
    expect(said, 'the Documentation section names docs/.vitepress/dist/, then npm run docs:preview and the URL').not.toBeNull();
    expect(said![2]).toBe('4173'); // vitepress preview's port when none is given
    expect(said![3]).toBe(new URL(pkg.homepage).pathname);
  });
});

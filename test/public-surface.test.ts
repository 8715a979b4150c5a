// The public surface, counted: each entry of package.json's `exports`, imported from the build (`npm test` builds
// first), exports the values docs/package.md lists for it ("What each entry exports") and no other, and the
// entries together stay small enough to hold in one's head: at most 80 values in all, the runtime of built
// modules (`./aot`, what generated modules import) at most 5. Types are not counted: they cost nothing at run time.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { default: string }> };
const DOC = readFileSync(join(ROOT, 'docs/package.md'), 'utf8');

const MAX_IN_ALL = 80;
const MAX_AOT = 5;

interface Entry {
  /** The key in `exports`: '.', './http'. */
  readonly key: string;
  /** As a program imports it: 'switchyard-router', 'switchyard-router/http'. */
  readonly specifier: string;
  /** The built file. */
  readonly file: string;
}

const entries: Entry[] = Object.entries(pkg.exports)
  .filter(([key]) => key !== './package.json')
  .map(([key, target]) => ({
    key,
    specifier: key === '.' ? 'switchyard-router' : `switchyard-router/${key.slice(2)}`,
    file: join(ROOT, typeof target === 'string' ? target : target.default),
  }));

/** docs/package.md's section "What each entry exports": per `### \`specifier\`` heading, the names its table lists. */
function documentedValues(): Map<string, string[]> {
  const start = DOC.indexOf('\n## What each entry exports\n');
  if (start < 0) throw new Error('docs/package.md has no section "## What each entry exports"');
  const end = DOC.indexOf('\n## ', start + 1);
  const section = DOC.slice(start, end < 0 ? undefined : end);
  const listed = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of section.split('\n')) {
    const heading = /^### `([^`]+)`\s*$/.exec(line);
    if (heading !== null) {
      current = [];
      listed.set(heading[1], current);
    } else if (current !== null && line.startsWith('|') && !/^\|\s*(value|-)/.test(line)) {
      // The first cell of a row names one value or several siblings: `IntRouteConstraint`, `LongRouteConstraint`, …
      const cell = line.split('|')[1];
      current.push(...[...cell.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]));
    }
  }
  return listed;
}

const documented = documentedValues();
const exported = new Map<string, string[]>();
for (const entry of entries) exported.set(entry.key, Object.keys(await import(pathToFileURL(entry.file).href)));
const count = (keys: (key: string) => boolean): number => entries.filter((e) => keys(e.key)).reduce((sum, e) => sum + exported.get(e.key)!.length, 0);

describe('the public surface', () => {
  it('docs/package.md has a table for each entry of package.json exports, and for no other', () => {
    expect([...documented.keys()].sort()).toEqual(entries.map((e) => e.specifier).sort());
  });

  it.each(entries)('$specifier exports the values docs/package.md lists for it', ({ key, specifier }) => {
    const listed = documented.get(specifier) ?? [];
    expect(new Set(listed).size, `${specifier}: a value listed twice`).toBe(listed.length);
    expect([...exported.get(key)!].sort()).toEqual([...listed].sort());
  });

  it('docs/package.md gives the count of the values besides those of switchyard-router/aot', () => {
    const stated = /(\d+) values besides `switchyard-router\/aot`'s/.exec(DOC);
    expect(stated?.[1]).toBe(String(count((key) => key !== './aot')));
  });

  it(`every entry but ./aot: at most ${MAX_IN_ALL - MAX_AOT} values`, () => {
    expect(count((key) => key !== './aot')).toBeLessThanOrEqual(MAX_IN_ALL - MAX_AOT);
  });

  // The built-module protocol is one namespace, not a public name per part (issue 46): fails until it is.
  it(`./aot (what built modules import): at most ${MAX_AOT} values`, () => {
    expect(exported.get('./aot')).toBeDefined();
    expect(exported.get('./aot')!.length).toBeLessThanOrEqual(MAX_AOT);
  });

  it(`in all: at most ${MAX_IN_ALL} values`, () => {
    expect(count(() => true)).toBeLessThanOrEqual(MAX_IN_ALL);
  });
});

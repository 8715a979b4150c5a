// The public surface, counted: each entry of package.json's `exports`, imported from the build (`npm test` builds
// first), exports the values docs/package.md lists for it ("What each entry exports") and no other, and the
// entries together stay small enough to hold in one's head: at most 80 values in all, the runtime of built
// modules (`./aot`) at most 5. The built-module protocol is one namespace, `./aot`'s `protocol`, counted once: its
// subpath `./aot/protocol` is that namespace as a module (so a bundler keeps only the members a module names), and
// a test holds them the same. Types are not counted: they cost nothing at run time.
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
const PROTOCOL = './aot/protocol';
const modules = new Map<string, Record<string, unknown>>();
for (const entry of entries) modules.set(entry.key, await import(pathToFileURL(entry.file).href));
const exported = new Map([...modules].map(([key, module]) => [key, Object.keys(module)]));
/** The values of the entries `keys` takes; the protocol's subpath adds none: its namespace is `./aot`'s `protocol`. */
const count = (keys: (key: string) => boolean): number =>
  entries.filter((e) => e.key !== PROTOCOL && keys(e.key)).reduce((sum, e) => sum + exported.get(e.key)!.length, 0);

describe('the public surface', () => {
  it('docs/package.md has a table for each entry of package.json exports, and for no other', () => {
    expect([...documented.keys()].sort()).toEqual(entries.map((e) => e.specifier).sort());
  });

  it.each(entries)('$specifier exports the values docs/package.md lists for it', ({ key, specifier }) => {
    const listed = documented.get(specifier) ?? [];
    expect(new Set(listed).size, `${specifier}: a value listed twice`).toBe(listed.length);
    expect([...exported.get(key)!].sort()).toEqual([...listed].sort());
  });

  it('docs/package.md gives the count of the values in all', () => {
    const stated = /what it is for: (\d+) in all/.exec(DOC);
    expect(stated?.[1]).toBe(String(count(() => true)));
  });

  it(`${PROTOCOL} is the namespace ./aot exports as protocol: the same members, the same objects`, () => {
    const namespace = modules.get('./aot')!.protocol as Record<string, unknown>;
    const subpath = modules.get(PROTOCOL)!;
    expect(Object.keys(namespace).sort()).toEqual(Object.keys(subpath).sort());
    expect(Object.keys(subpath).filter((name) => namespace[name] !== subpath[name])).toEqual([]);
  });

  it(`every entry but ./aot: at most ${MAX_IN_ALL - MAX_AOT} values`, () => {
    expect(count((key) => key !== './aot')).toBeLessThanOrEqual(MAX_IN_ALL - MAX_AOT);
  });

  it(`./aot (the runtime of built modules, the protocol one namespace in it): at most ${MAX_AOT} values`, () => {
    expect(exported.get('./aot')).toBeDefined();
    expect(exported.get('./aot')!.length).toBeLessThanOrEqual(MAX_AOT);
  });

  it(`in all: at most ${MAX_IN_ALL} values`, () => {
    expect(count(() => true)).toBeLessThanOrEqual(MAX_IN_ALL);
  });
});

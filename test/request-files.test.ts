// One request takes one path through the house, whatever made the router (docs/architecture.md, "One request,
// file by file"): the source files one router.match() runs code in after warm-up, counted by V8's precise coverage
// in a child process on the build (test/support/request-files.mjs), are the ones the doc names, and the doc's
// counts are those. A second copy of an assembly or a detour through another file shows up here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DOC = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');

interface Row {
  readonly router: 'compiled' | 'aot' | 'live' | 'trie';
  /** The first cell of the doc's table row that gives this router's count. */
  readonly label: string | null;
  readonly path: string;
  readonly template: string;
  readonly files: readonly string[];
}

const STACK = ['src/compile/assemble-router.ts', 'src/compile/match/matcher-stack.ts', 'src/compile/verb.ts'];
/** A built router's match() is its stack's front itself (it never changes): no facade between. */
const BUILT_STACK = STACK.filter((file) => file !== 'src/compile/assemble-router.ts');
const PARAM = '/repos/julienschmidt/httprouter/issues';
const rows: Row[] = [
  {
    router: 'compiled',
    label: "`compile()`, strategy `'generated'`",
    path: PARAM,
    template: 'repos/{owner}/{repo}/issues',
    // Not compiled-route.ts: the caller of a subtree's function reads the found route's index (a getter) only where
    // it compares indexes again after the call, and on this path nothing does.
    files: [...STACK, 'src/compile/match/request-path.ts', 'emitted code'],
  },
  { router: 'aot', label: 'a built module', path: PARAM, template: 'repos/{owner}/{repo}/issues', files: [...BUILT_STACK, 'src/compile/match/request-path.ts', 'emitted code'] },
  {
    router: 'live',
    label: '`compile()` after `add()`',
    path: PARAM,
    template: 'repos/{owner}/{repo}/issues',
    files: [...STACK, 'src/compile/match/request-path.ts', 'src/compile/live/live-table.ts', 'src/compile/match/answer-of.ts', 'src/compile/matcher.ts', 'emitted code'],
  },
  {
    router: 'trie',
    label: "`compile()`, strategy `'trie'`",
    path: PARAM,
    template: 'repos/{owner}/{repo}/issues',
    files: [
      ...STACK,
      'src/compile/match/request-path.ts',
      'src/compile/match/trie-matcher.ts',
      'src/compile/match/trie-walk.ts',
      'src/compile/match/trie.ts',
      'src/compile/match/route-checks.ts',
      'src/compile/match/capture-values.ts',
      'src/compile/match/answer-of.ts',
      'src/compile/matcher.ts',
      'src/route-values.ts',
    ],
  },
  ...(['compiled', 'trie'] as const).map((router): Row => ({ router, label: null, path: '/authorizations', template: 'authorizations', files: STACK })),
  { router: 'aot', label: null, path: '/authorizations', template: 'authorizations', files: BUILT_STACK },
];

/** The count the doc's table gives for a row, by its first cell. */
function documentedCount(label: string): number | null {
  const row = DOC.split('\n').find((line) => line.startsWith(`| ${label} |`));
  return row === undefined ? null : Number(row.split('|')[2].trim());
}

describe('the files one request runs code in (docs/architecture.md)', () => {
  it.each(rows)('$router: GET $path → $files.length files', ({ router, label, path, template, files }) => {
    const ran = JSON.parse(execFileSync(process.execPath, [resolve(ROOT, 'test/support/request-files.mjs'), router, path], { cwd: ROOT, encoding: 'utf8' }));
    expect(ran.template).toBe(template);
    expect(ran.files).toEqual([...files].sort());
    if (label !== null) expect(documentedCount(label)).toBe(files.length);
  });

  it('the doc gives the static request its count', () => {
    expect(DOC).toContain(`stops at the stack's static table: ${STACK.length} files`);
    expect(DOC).toContain(`a built module's, ${BUILT_STACK.length}`);
  });
});

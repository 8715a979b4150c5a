// Snapshots of the code that runs for a table large enough to use every form of the generated matcher: a switch
// on the first char of a wide literal fan-out, a Map table whose subtrees compile on first use (one shape shared
// by twelve subtrees), functions split off by the size budget, and the interpreted walk past 64 segments. The
// files are JavaScript, readable on their own; a change to the emitter shows up in review as a diff of them.
import { describe, expect, it } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';

const RESOURCES = ['users', 'orgs', 'gists', 'teams', 'events', 'notifications', 'search', 'markdown', 'meta'];
const ROUTES: RouteDefinition[] = [
  // Nine literals with different first chars, plus the "r" bucket below: a switch on the first char code.
  ...RESOURCES.map((name) => ({ name, template: `${name}/{id:int}`, methods: ['GET'] })),
  // Twelve literals that share "r": one case of the switch holds a Map table; their subtrees have one shape.
  ...Array.from({ length: 12 }, (_, i) => ({ template: `r${i}/items/{id:int}/{tag?}` })),
  // A subtree larger than one function's budget: split into functions of its own.
  ...['issues', 'pulls', 'commits', 'branches', 'tags', 'releases', 'hooks', 'keys', 'labels', 'milestones', 'forks', 'stars'].flatMap((what) => [
    { template: `repos/{owner}/{repo}/${what}` },
    { template: `repos/{owner}/{repo}/${what}/{number:int}`, methods: ['GET', 'PATCH'] },
    { template: `repos/{owner}/{repo}/${what}/{number:int}/comments/{comment}` },
  ]),
  // Complex segments, defaults, a catch-all last.
  { template: 'files/{name}.{ext?}' },
  { template: '{controller=Home}/{action=Index}/{id?}' },
  // Seventy segments: past 64, the interpreted walk takes over.
  { template: Array.from({ length: 70 }, (_, i) => `d${i}`).join('/') },
  { template: 'static/{**path}' },
];

describe('router.source for a large table', () => {
  it('is the code that runs before any request (file snapshot)', async () => {
    const source = compile(ROUTES).source!;
    for (const form of [/switch \(c0\)/, /H\.literalTable\(K\[\d+\], K\[\d+\]\); \/\/ subtrees compiled on first use/, /^function n\d+/m, /H\.walk\(/]) {
      expect(source).toMatch(form);
    }
    await expect(source).toMatchFileSnapshot('./__snapshots__/large-table.cold.js');
  });

  it('shows the shape compiled once four of its subtrees were reached (file snapshot)', async () => {
    const router = compile(ROUTES);
    for (const i of [0, 3, 7, 11]) expect(router.match(`/r${i}/items/5/x`)?.route.index).toBe(RESOURCES.length + i);
    const source = router.source!;
    expect(source.match(/A subtree shape reached by 4 subtrees/g)).toHaveLength(1);
    await expect(source.slice(source.indexOf('\n// A subtree shape'))).toMatchFileSnapshot('./__snapshots__/large-table.shape.js');
  });
});

// A case-sensitive table (compile option caseSensitive): every literal compares char code by char code as written
// (no `| 32`), the switch has one label per first char, a long literal and a subtree's literals read as data are
// compared with startsWith, a literal table is looked up without folding, and non-ASCII text needs no helper.
const CASE_SENSITIVE_ROUTES: RouteDefinition[] = [
  ...['Users', 'users', 'Orgs', 'gists', 'Teams', 'events', 'Search', 'meta', 'ΟΔΟΣ'].map((name) => ({ template: `${name}/{id:int}` })),
  ...Array.from({ length: 12 }, (_, i) => ({ template: `R${i}/Items/{id:int}` })),
  { template: 'AVeryLongLiteralSegmentName/{x}' },
  { template: 'files/{name}.TXT' },
];

describe('router.source for a case-sensitive table', () => {
  it('compares literals as written, and so does the shape compiled for four subtrees (file snapshot)', async () => {
    const router = compile(CASE_SENSITIVE_ROUTES, { caseSensitive: true });
    for (const i of [0, 3, 7, 11]) expect(router.match(`/R${i}/Items/5`)?.route.index).toBe(9 + i);
    for (const i of [0, 3, 7, 11]) expect(router.match(`/r${i}/items/5`)).toBeNull();
    const source = router.source!;
    expect(source).not.toMatch(/\| 32|foldedEquals/);
    for (const form of [/switch \(c0\)/, /H\.literalChild\(/, /path\.startsWith\(K\[\d+\], s0\)/, /A subtree shape reached by 4 subtrees/]) expect(source).toMatch(form);
    await expect(source).toMatchFileSnapshot('./__snapshots__/case-sensitive-table.js');
  });
});

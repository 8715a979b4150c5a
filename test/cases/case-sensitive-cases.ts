// Requests whose answer depends on how literals compare: each case gives the answer ignoring case (ASP.NET's
// default) and with the compile option caseSensitive: true. Every other matching table runs in both modes with
// the cases whose answer cannot depend on case, skipping the others with that reason (test/support/routers.ts: caseDependent).
import type { CaseRoute } from './types.js';

type Expected = { index: number; values: Record<string, unknown> } | null;

export interface CaseDependentCase {
  label: string;
  routes: CaseRoute[];
  path: string;
  method?: string;
  ignoringCase: Expected;
  caseSensitive: Expected;
}

/**
 * ASP.NET compares literals with OrdinalIgnoreCase: two UTF-16 units are equal when their simple upper cases are
 * (docs/matching.md). Each pair [a, b, equal ignoring case] is asked as a static route, the other way round, and
 * as a literal before a parameter (the generated code's char-code tests rather than the static table).
 */
const ORDINAL_PAIRS: [a: string, b: string, equal: boolean, why: string][] = [
  ['k', '\u212A', false, 'the Kelvin sign is its own upper case'],
  ['å', '\u212B', false, 'the Ångström sign is its own upper case'],
  ['ω', '\u2126', false, 'the Ohm sign is its own upper case'],
  ['ß', '\u1E9E', false, '"ß" has no one-unit upper case, "ẞ" is its own'],
  ['θ', '\u03F4', false, '"ϴ" is its own upper case'],
  ['μ', '\u00B5', true, 'the micro sign upper-cases to "Μ", as "μ" does'],
  ['β', '\u03D0', true, '"ϐ" upper-cases to "Β"'],
  ['κ', '\u03F0', true, '"ϰ" upper-cases to "Κ"'],
  ['θ', '\u03D1', true, '"ϑ" upper-cases to "Θ"'],
  ['i', '\u0131', false, '"ı" stays as it is (.NET\'s exception to ICU, which gives "I")'],
  ['s', '\u017F', false, '"ſ" stays as it is (.NET\'s exception to ICU, which gives "S")'],
  ['i', '\u0130', false, '"İ" is its own upper case'],
  ['\u1F88', '\u1F80', true, '"ᾀ" upper-cases to the titlecase "ᾈ" (its full upper case is two units)'],
  ['\u1FBC', '\u1FB3', true, '"ᾳ" upper-cases to "ᾼ"'],
  ['\u01C4', '\u01C5', true, 'the titlecase "ǅ" upper-cases to "Ǆ"'],
  ['\u{10400}', '\u{10428}', true, 'a Deseret pair, one of the scripts .NET upper-cases beyond the BMP'],
  ['\u{10570}', '\u{10597}', false, 'a Vithkuqi pair, a script .NET leaves as it is'],
];

const ordinalCases: CaseDependentCase[] = ORDINAL_PAIRS.flatMap(([a, b, equal, why]) => {
  const found = (values: Record<string, unknown>) => (equal ? { index: 0, values } : null);
  return [
    { label: `${why}: ${JSON.stringify(b)} for the static "${a}"`, routes: [{ template: a }], path: `/${b}`, ignoringCase: found({}), caseSensitive: null },
    { label: `${why}: ${JSON.stringify(a)} for the static "${b}"`, routes: [{ template: b }], path: `/${encodeURIComponent(a)}`, ignoringCase: found({}), caseSensitive: null },
    { label: `${why}: before a parameter`, routes: [{ template: `${a}/{id}` }], path: `/${b}/7`, ignoringCase: found({ id: '7' }), caseSensitive: null },
  ];
});

const fanOut = (below: string): CaseRoute[] => [...Array.from({ length: 10 }, (_, i) => ({ template: `a${i}${below}` })), { template: `A5${below}` }];
const deep = Array.from({ length: 70 }, (_, i) => (i === 69 ? 'Y' : `x${i}`)).join('/');

export const caseDependentCases: CaseDependentCase[] = [
  { label: 'a literal in another case', routes: [{ template: 'users' }], path: '/Users', ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'a literal in its own case', routes: [{ template: 'Users' }], path: '/Users', ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 0, values: {} } },
  { label: '"/Users" no longer takes "/users"', routes: [{ template: 'Users' }, { template: 'users' }], path: '/users', ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 1, values: {} } },
  { label: 'a static path with a trailing slash', routes: [{ template: 'Users/List' }], path: '/users/list/', ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'a static path by its exact spelling, beside a lower-case twin', routes: [{ template: 'Users/List' }, { template: 'users/list' }], path: '/users/list', ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 1, values: {} } },
  {
    label: 'a literal before a parameter',
    routes: [{ template: 'api/Users/{id}' }, { template: '{*rest}' }],
    path: '/API/users/5',
    ignoringCase: { index: 0, values: { id: '5' } },
    caseSensitive: { index: 1, values: { rest: 'API/users/5' } },
  },
  { label: 'a parameter value keeps its case either way', routes: [{ template: 'u/{name}' }], path: '/u/MiXed', ignoringCase: { index: 0, values: { name: 'MiXed' } }, caseSensitive: { index: 0, values: { name: 'MiXed' } } },
  { label: 'a complex segment literal', routes: [{ template: 'files/{name}.TXT' }], path: '/files/a.txt', ignoringCase: { index: 0, values: { name: 'a' } }, caseSensitive: null },
  { label: 'a complex segment literal found from the right', routes: [{ template: '{a}X{b}' }], path: '/1X2x3', ignoringCase: { index: 0, values: { a: '1X2', b: '3' } }, caseSensitive: { index: 0, values: { a: '1', b: '2x3' } } },
  { label: 'a complex segment with an optional extension', routes: [{ template: 'f/X{name}.{ext?}' }], path: '/f/xa.txt', ignoringCase: { index: 0, values: { name: 'a', ext: 'txt' } }, caseSensitive: null },
  { label: 'a percent-escaped capital', routes: [{ template: 'a' }], path: '/%41', ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'a percent-escaped capital, in its case', routes: [{ template: 'A' }], path: '/%41', ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 0, values: {} } },
  { label: 'Greek, with a final sigma', routes: [{ template: 'ΟΔΟΣ' }], path: '/%CE%BF%CE%B4%CE%BF%CF%82', ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'Greek, in its case', routes: [{ template: 'οδος' }, { template: 'ΟΔΟΣ' }], path: '/ΟΔΟΣ', ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 1, values: {} } },
  { label: 'the Kelvin sign is not "k"', routes: [{ template: 'k' }], path: '/%E2%84%AA', ignoringCase: null, caseSensitive: null },
  { label: 'a literal fan-out (a table of literals)', routes: fanOut(''), path: '/A5', ignoringCase: { index: 5, values: {} }, caseSensitive: { index: 10, values: {} } },
  { label: 'a literal fan-out with subtrees behind it', routes: fanOut('/{id}'), path: '/A5/7', ignoringCase: { index: 5, values: { id: '7' } }, caseSensitive: { index: 10, values: { id: '7' } } },
  { label: 'a literal fan-out, a spelling no route has', routes: fanOut('/{id}'), path: '/A3/7', ignoringCase: { index: 3, values: { id: '7' } }, caseSensitive: null },
  {
    label: 'a literal table (more than 8 literals with one first char), another case after the first char',
    routes: Array.from({ length: 10 }, (_, i) => ({ template: `a${i}b/{id}` })),
    path: '/a3B/7',
    ignoringCase: { index: 3, values: { id: '7' } },
    caseSensitive: null,
  },
  { label: 'a literal deeper than the emitted code goes (the walk)', routes: [{ template: deep }], path: `/${deep.toLowerCase()}`, ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'a capital deeper than the emitted code goes (the walk)', routes: [{ template: deep.toLowerCase() }], path: `/${deep}`, ignoringCase: { index: 0, values: {} }, caseSensitive: null },
  { label: 'a literal deeper than the emitted code goes, in its case', routes: [{ template: deep.toLowerCase() }, { template: deep }], path: `/${deep}`, ignoringCase: { index: 0, values: {} }, caseSensitive: { index: 1, values: {} } },
  ...ordinalCases,
  { label: 'the Kelvin sign in a literal fan-out (a switch on the first char)', routes: Array.from({ length: 10 }, (_, i) => ({ template: `k${i}` })), path: '/\u212A5', ignoringCase: null, caseSensitive: null },
  { label: 'the Kelvin sign in a complex segment', routes: [{ template: '{a}k{b}' }], path: '/1\u212A2', ignoringCase: null, caseSensitive: null },
  { label: 'the micro sign in a complex segment', routes: [{ template: '{a}μ{b}' }], path: '/1\u00B52', ignoringCase: { index: 0, values: { a: '1', b: '2' } }, caseSensitive: null },
  { label: 'the Kelvin sign in a long literal (compared in a loop)', routes: [{ template: `${'k'.repeat(20)}/{id}` }], path: `/${'\u212A'.repeat(20)}/7`, ignoringCase: null, caseSensitive: null },
  { label: 'a long literal in capitals (compared in a loop)', routes: [{ template: `${'k'.repeat(20)}/{id}` }], path: `/${'K'.repeat(20)}/7`, ignoringCase: { index: 0, values: { id: '7' } }, caseSensitive: null },
  {
    label: 'a verb limit, then the next route',
    routes: [{ template: 'Items', methods: ['POST'] }, { template: 'items' }],
    path: '/Items',
    method: 'POST',
    ignoringCase: { index: 0, values: {} },
    caseSensitive: { index: 0, values: {} },
  },
  {
    label: 'a verb limit, another spelling',
    routes: [{ template: 'Items', methods: ['POST'] }, { template: 'items' }],
    path: '/items',
    method: 'POST',
    ignoringCase: { index: 0, values: {} },
    caseSensitive: { index: 1, values: {} },
  },
];

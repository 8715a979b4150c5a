// Requests whose answer depends on how literals compare: each case gives the answer ignoring case (ASP.NET's
// default) and with the compile option caseSensitive: true. Every other matching table runs in both modes with
// the cases whose answer cannot depend on case (test/support/routers.ts: forCaseMode).
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
  { label: 'the Kelvin sign', routes: [{ template: 'k' }], path: '/%E2%84%AA', ignoringCase: { index: 0, values: {} }, caseSensitive: null },
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

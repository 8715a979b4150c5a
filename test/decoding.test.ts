// A request path is percent-decoded exactly once, whichever walker answers: the generated code, a lazily
// compiled subtree behind a large literal fan-out, the interpreted walk standing in for a subtree not yet
// compiled, the trie or the reference. An escape of an escape ("%2541") therefore reaches the route as "%41",
// never as "A" — decoding twice would turn "%252e%252e%252f" into "../" for anyone serving files from a
// catch-all. Each request is asked many times, because a fan-out's subtrees change from interpreted to
// compiled code as they are reached, and the answer must never change with them.
import { expect } from 'vitest';
import type { RouteDefinition } from '../src/index.js';
import { caseDependent, caseMode, routerFor } from './support/routers.js';
import { runSuite } from './support/suite.js';

/** More than eight literal siblings sharing a first letter: a Map bucket whose subtrees compile lazily. */
const S_FAN_OUT = ['sessions', 'settings', 'search', 'stats', 'status', 'subscriptions', 'support', 'sitemap.xml', 'shop', 'signin'];
const familyOf = (tail: string): RouteDefinition[] => Array.from({ length: 12 }, (_, i) => ({ template: `aa${i + 1}/${tail}` }));

interface DecodingCase {
  readonly label: string;
  readonly routes: RouteDefinition[];
  readonly path: string;
  /** The route index and values every strategy must answer, every time. */
  readonly expected: { readonly index: number; readonly values: Record<string, string> } | null;
}

const CASES: DecodingCase[] = [
  {
    label: 'a catch-all behind a fan-out keeps an escaped traversal escaped once',
    routes: [...S_FAN_OUT.map((template) => ({ template })), { template: 'static/{**path}' }],
    path: '/static/%252e%252e%252f%252e%252e%252fetc%252fpasswd',
    expected: { index: S_FAN_OUT.length, values: { path: '%2e%2e%2f%2e%2e%2fetc%2fpasswd' } },
  },
  {
    label: 'a catch-all inside a fan-out subtree',
    routes: [...S_FAN_OUT.map((template) => ({ template: `${template}/{*rest}` }))],
    path: '/support/%2541/%252F/b',
    expected: { index: 6, values: { rest: '%41/%2F/b' } },
  },
  ...[1, 5, 12].map((n) => ({
    label: `aa${n}/{*rest}: "%2541" is "%41"`,
    routes: familyOf('{*rest}'),
    path: `/aa${n}/%2541`,
    expected: { index: n - 1, values: { rest: '%41' } },
  })),
  {
    label: 'a catch-all decodes an escaped slash once (a single escape is decoded)',
    routes: familyOf('{*rest}'),
    path: '/aa3/a%2Fb/%41',
    expected: { index: 2, values: { rest: 'a/b/A' } },
  },
  {
    label: 'a parameter behind a fan-out',
    routes: familyOf('{id}'),
    path: '/aa2/%2541%25',
    expected: { index: 1, values: { id: '%41%' } },
  },
  {
    label: 'a complex segment behind a fan-out',
    routes: familyOf('{name}.{ext}'),
    path: '/aa4/a%252eb.c%2541',
    expected: { index: 3, values: { name: 'a%2eb', ext: 'c%41' } },
  },
  {
    label: 'a literal "%41" is matched by its single escape "%2541"',
    routes: [...S_FAN_OUT.map((template) => ({ template: `${template}/%41` })), ...S_FAN_OUT.map((template) => ({ template: `${template}/{x}` }))],
    path: '/stats/%2541',
    expected: { index: 3, values: {} },
  },
  {
    label: 'a literal "%41" is not matched by "%41" (which decodes to "A")',
    routes: [...S_FAN_OUT.map((template) => ({ template: `${template}/%41` })), ...S_FAN_OUT.map((template) => ({ template: `${template}/{x}` }))],
    path: '/stats/%41',
    expected: { index: S_FAN_OUT.length + 3, values: { x: 'A' } },
  },
];

runSuite({ name: `%s (${caseMode}): a path is decoded exactly once`, rows: CASES, title: '$label', skip: [caseDependent()] }, ({ routes, path, expected }, strategy) => {
  const router = routerFor(routes.map((r) => ({ template: r.template })), strategy);
  const answers = new Set<string>();
  // Reach every subtree of the fan-out several times, so that shared shapes get compiled between the asks.
  const ask = (): void => {
    const m = router.match(path);
    answers.add(JSON.stringify(m === null ? null : { index: m.route.index, values: m.values }));
  };
  ask(); // cold: nothing compiled behind the fan-out yet
  for (let round = 0; round < 6; round++) {
    for (const other of routes) {
      router.match(`/${other.template.replace(/\{[^}]*\}/g, 'v')}`);
      ask();
    }
  }
  expect([...answers].map((a) => JSON.parse(a))).toEqual([expected]);
});

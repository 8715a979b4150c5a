// The generated matcher (strategy 'generated', the default): injection safety, the source it emits, and the
// fallback to the interpreted trie where the runtime forbids new Function. Its answers are checked against
// the other strategies by every table (test/support/routers.ts) and by the differential test.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSTRAINT_CONTEXT_CODE, constraintContext } from '../src/constraint-context.js';
import type { RouteConstraint } from '../src/constraints.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { SPLIT_IN_SHAPE } from './cases/match-cases.js';

/** Text that would break out of a string, a comment or a script if it were pasted into source. */
const HOSTILE = ['a"b', "a'b", 'a\\b', 'a`b', 'a${{x}}', 'a*/b', '</script>', 'a\u2028b', 'a\u2029b', '__proto__', "x');globalThis.pwned=1;('", 'x"+(globalThis.pwned=1)+"', '\\u0022'];

interface InjectionCase {
  label: string;
  route: RouteDefinition;
  /** A request path, and the values it must produce (null: no match). */
  path: string;
  values: Record<string, unknown> | null;
}

/** A request path for `text`: its "/" stay separators (as in the template), "%", "?" and "#" are escaped. */
const enc = (text: string): string => text.replace(/[%?#]/g, encodeURIComponent);
/** The code of a generated source without its comments and string literals (route text may appear only there). */
const codeOnly = (source: string): string => source.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\/\/.*$/gm, '');

const CASES: InjectionCase[] = [
  // Literals: each must match itself (any case), literally.
  ...HOSTILE.map((text) => ({ label: `literal ${JSON.stringify(text)}`, route: { template: `lit/${text.replace(/\{/g, '{{').replace(/\}/g, '}}')}` }, path: `/lit/${enc(text)}`, values: {} })),
  // Route value names, defaults and constraint arguments.
  ...['a"b', "a'b", 'a\\b', 'a`b', '__proto__', 'a$x', 'x\u2028y', "x');globalThis.pwned;('"].map((name) => ({
    label: `parameter name ${JSON.stringify(name)}`,
    route: { template: `p/{${name}}` },
    path: '/p/v',
    values: name === '__proto__' ? JSON.parse('{"__proto__":"v"}') : { [name]: 'v' },
  })),
  ...HOSTILE.filter((d) => !d.includes('/')).map((text) => ({
    label: `inline default ${JSON.stringify(text)}`,
    route: { template: `d/{x=${text.replace(/\{/g, '{{').replace(/\}/g, '}}')}}` },
    path: '/d',
    values: { x: text },
  })),
  ...HOSTILE.map((text) => ({ label: `defaults object ${JSON.stringify(text)}`, route: { template: 'o/{x?}', defaults: { extra: text } }, path: '/o', values: { extra: text } })),
  { label: 'a default named __proto__', route: { template: 'q', defaults: JSON.parse('{"__proto__":"x"}') }, path: '/q', values: JSON.parse('{"__proto__":"x"}') },
  ...HOSTILE.map((text) => ({ label: `constraint regex ${JSON.stringify(text)}`, route: { template: 'r/{x}', constraints: { x: `^${text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$` } }, path: `/r/${encodeURIComponent(text)}`, values: { x: text } })),
  ...HOSTILE.map((text) => ({ label: `route name ${JSON.stringify(text)}`, route: { name: text, template: 'n' }, path: '/n', values: {} })),
  ...['GE"T', "P'UT", 'X\\Y', 'A`B', 'M${X}'].map((method) => ({ label: `method ${JSON.stringify(method)}`, route: { template: 'm', methods: [method] }, path: '/m', values: null })),
  { label: 'a complex segment with hostile literals', route: { template: "{a}\"'`{b}.{c?}" }, path: "/1\"'`2.x", values: { a: '1', b: '2', c: 'x' } },
];

describe('generated code is injection-safe: hostile text from routes matches literally and runs nothing', () => {
  it.each(CASES)('$label', ({ route, path, values }) => {
    (globalThis as Record<string, unknown>).pwned = undefined;
    const generated = compile([route]);
    const reference = compile([route], { strategy: 'reference' });
    expect(generated.strategy).toBe('generated');
    const found = generated.match(path);
    expect(found === null ? null : { ...found.values }).toEqual(values === null ? null : { ...values });
    if (found !== null) expect(Object.hasOwn(found.values, '__proto__')).toBe(Object.hasOwn(values!, '__proto__'));
    expect(found?.route.index ?? null).toBe(reference.match(path)?.route.index ?? null);
    // A hostile method name is a method like any other.
    for (const method of route.methods ?? []) expect(generated.match(path, method)?.route.index).toBe(0);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
    // Outside string literals (JSON.stringify output) and comments, nothing from the route is in the source.
    const code = codeOnly(generated.source!);
    for (const text of [...HOSTILE, ...Object.keys(values ?? {})]) {
      if (text.length > 3 && !/^[\w$]+$/.test(text)) expect(code).not.toContain(text);
    }
    expect(code).not.toMatch(/pwned|<\/script>|\u2028|\u2029|`/);
    // In comments and the legend of K too, route text ends no comment: no "*/", no line break of any kind.
    expect(generated.source).not.toMatch(/\*\/|[\r\u2028\u2029]/);
    expect(() => new Function(`/*${generated.source}*/`)).not.toThrow();
  });
});

/** router.source's units by name (their //# sourceURL): each one's lines from its first, as stack traces count them. */
function unitsOf(source: string): Map<string, string[]> {
  const lines = source.split('\n');
  const units = new Map<string, string[]>();
  lines.forEach((line, i) => {
    const name = /^\/\/ (switchyard-router-[0-9a-f]{8}\.js): new Function\("K", "H", code\)/.exec(line)?.[1];
    if (name !== undefined) units.set(name, lines.slice(i, lines.indexOf(`//# sourceURL=${name}`, i) + 1));
  });
  return units;
}

/** A unit's legend of K (its lines after the code, up to the next blank line): index → what it says. */
function legendOf(source: string, name: string): Map<number, string> {
  const lines = source.split('\n');
  const legend = new Map<number, string>();
  for (let i = lines.indexOf(`//# sourceURL=${name}`) + 2; i < lines.length && lines[i].startsWith('//   K['); i++) {
    const [, index, text] = /^\/\/ {3}K\[(\d+)\] (.*)$/.exec(lines[i])!;
    legend.set(Number(index), text);
  }
  return legend;
}

describe('router.source', () => {
  const routes: RouteDefinition[] = [
    { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
    { name: 'files', template: 'files/{filename}.{ext?}' },
    { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
  ];

  it('is the readable code of the three-route example (snapshot; docs/matching.md shows it)', () => {
    expect(compile(routes).source).toMatchSnapshot();
  });

  it('is what docs/matching.md shows for that example', () => {
    const docs = readFileSync(new URL('../docs/matching.md', import.meta.url), 'utf8');
    const shown = /— it is[^\n]*\n\n```js\n([\s\S]*?)\n```/.exec(docs)?.[1];
    expect(shown).toBe(compile(routes).source);
  });

  // Routes of one template that differ only by verb pick their route first and build their values once (the
  // values are most of a route's code, and TurboFan's work on a function grows with it); a verb between them, a
  // constraint or an earlier match found elsewhere still decides as route by route.
  it('builds the values of routes that differ only by verb once', () => {
    const table: RouteDefinition[] = [
      { template: 'a/{id}/{x}', methods: ['GET'] },
      { template: 'b/{id}', methods: ['GET'] },
      { template: 'a/{id}/{x}', methods: ['PUT', 'PATCH'] },
      { template: 'a/{id}/{x}', methods: ['DELETE'] },
      { template: 'a/{id}/{x}' },
      { template: 'a/{id:int}/{x}', methods: ['POST'] },
    ];
    const router = compile(table);
    const source = router.source!;
    expect(source.match(/path\.substring\(s1, e1\)/g)).toHaveLength(3); // one answer for routes 0, 2, 3 and 4; route 1, route 5 (checked)
    expect(source).toMatch(/let r = null, ri = 0;/);
    const cases: [string, string, number | null][] = [
      ['GET', '/a/1/2', 0], ['PUT', '/a/1/2', 2], ['PATCH', '/A/1/2', 2], ['DELETE', '/a/1/2', 3], ['POST', '/a/1/2', 4], ['HEAD', '/a/x/2', 4], ['GET', '/a/1', null],
    ];
    for (const [method, path, index] of cases) {
      const found = router.match(path, method);
      expect({ method, path, index: found?.route.index ?? null, values: found?.values }).toEqual({ method, path, index, values: index === null ? undefined : { id: path.split('/')[2], x: '2' } });
    }
  });

  // Past UNROLL_MAX chars a literal is one H.literalAt call after its first char: the same answers in any case.
  it('compares a long literal by one helper call, ignoring case', () => {
    const router = compile([{ template: 'configuration-settings/{id}' }, { template: 'configuration-settingz' }]);
    expect(router.source).toMatch(/\(c0 \| 32\) === 99 && H\.literalAt\(path, s0, K\[\d+\]\)/);
    const cases: [string, number | null][] = [
      ['/configuration-settings/1', 0], ['/CONFIGURATION-Settings/1', 0], ['/configuration-settingz', 1], ['/Configuration-SettingZ/', 1],
      ['/configuration-setting/1', null], ['/configuration-settingsx/1', null], ['/configuration_settings/1', null], ['/configuration-settings', null],
    ];
    for (const [path, index] of cases) expect({ path, index: router.match(path)?.route.index ?? null }).toEqual({ path, index });
  });

  it('is null for the interpreted strategies', () => {
    expect(compile(routes, { strategy: 'trie' }).source).toBeNull();
    expect(compile(routes, { strategy: 'reference' }).source).toBeNull();
  });

  it('splits a large table into functions and looks large fan-outs up with a switch and a Map', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ template: `r${i}/items/{id:int}` }));
    const router = compile(many);
    const cold = router.source!;
    expect(cold).toMatch(/const c0 = path\.charCodeAt\(s0\);[^]*switch \(c0\)/);
    expect(cold).toMatch(/H\.literalChild\(L\d+/);
    expect(cold).toMatch(/H\.literalTable\(K\[\d+\], K\[\d+\]\); \/\/ subtrees compiled on first use/);
    // Cold, no subtree has code yet; once four subtrees of the one shape rN/items/{id:int} are reached, that
    // shape is compiled once, and router.source shows it (what runs), not 2,000 copies.
    expect(cold).not.toMatch(/A subtree shape/);
    for (const i of [1, 2, 3, 4, 5]) expect(router.match(`/r${i}/items/5`)?.route.index).toBe(i);
    const warm = router.source!;
    expect(warm.match(/A subtree shape reached by \d+ subtrees/g)).toHaveLength(1);
    expect(warm.length).toBeLessThan(cold.length + 2_000);
    expect(router.match('/r1999/items/5')?.route.index).toBe(1999);
    expect(router.match('/R1234/ITEMS/7')?.values).toEqual({ id: '7' });
    expect(router.match('/r2000/items/5')).toBeNull();
  });

  it('shares one compiled shape between subtrees that differ only in their parameter names and literals', () => {
    // A CRUD-shaped table: every resource has its own parameter name, and every other one a nested resource
    // of its own name; the subtrees' code reads those texts from its constants, so two shapes cover them all.
    // (Twelve literals with one first letter: more than a switch case compares in place, so a literal table.)
    const words = ['sessions', 'settings', 'search', 'stats', 'status', 'subscriptions', 'support', 'sitemap', 'shop', 'signin', 'slides', 'spaces'];
    const routes: RouteDefinition[] = words.flatMap((word, i) => [
      { template: `api/${word}`, methods: ['GET'] },
      { template: `api/${word}/{${word}_id}`, methods: ['GET', 'PUT'] },
      ...(i % 2 === 0 ? [{ template: `api/${word}/{${word}_id}/${words[(i + 5) % words.length]}s/{child}` }] : []),
    ]);
    const router = compile(routes);
    const reference = compile(routes, { strategy: 'reference' });
    const requests = words.flatMap((word, i) => [`/api/${word}`, `/API/${word.toUpperCase()}/7`, `/api/${word}/8/${words[(i + 5) % words.length]}s/9`, `/api/${word}/8/x/9`]);
    for (let round = 0; round < 2; round++) {
      for (const path of requests) expect([path, router.match(path, 'GET')]).toEqual([path, reference.match(path, 'GET')]);
    }
    expect(router.source!.match(/A subtree shape reached by 6 subtrees/g)).toHaveLength(2);
  });

  it('keeps every function of a large table small (a budget per function, not per table)', () => {
    const routes = JSON.parse(readFileSync(new URL('./fixtures/routes-github.json', import.meta.url), 'utf8')).routes as { template: string; method: string }[];
    const source = compile(routes.map((r) => ({ template: r.template, methods: [r.method] }))).source!;
    const functions = source.split(/^function /m);
    expect(functions.length).toBeGreaterThan(5);
    expect(Math.max(...functions.map((f) => f.split('\n').length))).toBeLessThan(1_000);
  });

  it('answers like the reference matcher behind a large fan-out, before and after a shared subtree shape is compiled', () => {
    // rN/items/{id:int} share one shape (compiled once four of them have been reached); the uN/... routes have
    // two, with and without {b?} (their literals differ only in text); POST and a catch-all come later in order.
    const routes: RouteDefinition[] = [
      ...Array.from({ length: 150 }, (_, i) => ({ template: `r${i}/items/{id:int}`, methods: ['GET'] })),
      // Tried before the literal table: a later route found inside a subtree must not replace this one.
      { template: '{*all}', constraints: { all: '^r5/items/zz$' } },
      ...Array.from({ length: 150 }, (_, i) => ({ template: `r${150 + i}/items/{id:int}`, methods: ['GET'] })),
      ...Array.from({ length: 60 }, (_, i) => ({ template: `u${i}/${'x'.repeat(1 + (i % 7))}/{a}${i % 2 ? '/{b?}' : ''}` })),
      { template: 'r7/{*rest}', methods: ['POST'] },
      { template: 'r5/{*rest}' },
      { template: 'u3/{*rest}' },
      { template: '{first}/{*rest}' },
    ];
    const generated = compile(routes);
    const reference = compile(routes, { strategy: 'reference' });
    const requests: [string, string][] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 300; i += 7) requests.push([`/r${i}/items/${i}`, 'GET'], [`/R${i}/Items/x${i}`, 'GET'], [`/r${i}/items/${i}`, 'POST']);
      for (let i = 0; i < 60; i++) requests.push([`/u${i}/${'x'.repeat(1 + (i % 7))}/v/w`, 'GET'], [`/u${i}/${'X'.repeat(1 + (i % 7))}/v`, 'GET'], [`/u${i}/y/v`, 'GET']);
      // Escapes: decoded once, and a decoded "?" or "%" is part of the value.
      requests.push(['/u3/xxxx/%2541', 'GET'], ['/u3/xxxx/a%3Fb/c%23d', 'GET'], ['/r5/items/zz', 'GET'], ['/r5/items/%7A%7A', 'GET'], ['/r5/items/12', 'GET']);
    }
    const summary = (m: ReturnType<typeof generated.match>) => (m === null ? null : { index: m.route.index, values: { ...m.values } });
    for (const [path, method] of requests) {
      expect({ path, method, found: summary(generated.match(path, method)) }).toEqual({ path, method, found: summary(reference.match(path, method)) });
    }
  });

  it('keeps the answer of a split function inside a compiled subtree shape from a later route of the subtree', () => {
    // Ten subtrees rN of one shape behind a literal table, each a split "a" then rN/{p}/{q}/{r}/{s}: once four are
    // reached the shape is compiled, its indexes written `b + offset`, and the split function's answer lowers
    // `best` before the later route's guard reads it.
    const generated = compile(SPLIT_IN_SHAPE);
    const reference = compile(SPLIT_IN_SHAPE, { strategy: 'reference' });
    const summary = (m: ReturnType<typeof generated.match>) => (m === null ? null : { index: m.route.index, values: { ...m.values } });
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 10; n++) {
        for (const path of [`/r${n}/a/x0/v/z0`, `/r${n}/a/x7/v/z7`, `/r${n}/a/x7/v/w`, `/r${n}/b/x7/v/z7`]) {
          expect({ path, found: summary(generated.match(path)) }).toEqual({ path, found: summary(reference.match(path)) });
        }
      }
    }
    expect(generated.match('/r9/a/x7/v/z7')?.route.index).toBe(9 * 65 + 63);
    const source = generated.source!;
    expect(source).toMatch(/A subtree shape reached by 10 subtrees/);
    expect(source).toMatch(/if \(found !== null\) best = found\.route\.index;\n\s*if \(best > b \+ 64\) \{/);
  });
});

describe('router.source can be debugged: names and line numbers of stack traces, a legend of K, where the walk answers', () => {
  // A constraint the emitted code calls (no inline form) reads its own stack: the frame of the emitted code names
  // a unit of router.source, and its line and column there are the constraint's call.
  const STACK_CASES: { label: string; routes: (probe: RouteConstraint) => RouteDefinition[]; requests: string[]; shape: boolean }[] = [
    {
      label: "the table's code",
      routes: (probe) => [{ template: 'shop/{category}/{id:int}' }, { template: 'files/{name}.{ext?}' }, { template: 'x/{a}', constraints: { a: probe } }],
      requests: ['/x/1'],
      shape: false,
    },
    {
      // Twelve literals with one first letter: a literal table, whose subtrees share one shape, compiled at the fourth.
      label: 'a subtree shape compiled for four subtrees',
      routes: (probe) => Array.from({ length: 12 }, (_, i) => ({ template: `r${i}/items/{id}`, constraints: { id: probe } })),
      requests: ['/r0/items/1', '/r1/items/1', '/r2/items/1', '/r3/items/1'],
      shape: true,
    },
  ];
  it.each(STACK_CASES)('a stack frame in $label points at its line of router.source', ({ routes, requests, shape }) => {
    let stack = '';
    const probe = { match: () => ((stack = new Error().stack ?? ''), true) };
    const router = compile(routes(probe));
    for (const path of requests) expect(router.match(path)?.route.index).toBeGreaterThanOrEqual(0);
    const [, name, line, column] = /\((switchyard-router-[0-9a-f]{8}\.js):(\d+):(\d+)\)/.exec(stack) ?? [];
    expect(name, stack).toBeDefined();
    const unit = unitsOf(router.source!).get(name)!;
    expect(unit[Number(line) - 1].slice(Number(column) - 1)).toMatch(/^match\(ctx \?\? \{ request: \{ method \} \}, K\[\d+\], K\[\d+\], v, "incoming"\)/);
    expect(router.source!.includes(`compiled once for all of them:\n// ${name}`)).toBe(shape);
  });

  // Every constant the pool holds is listed, and every one listed is read by the code: a literal compared in place
  // and a static route's values are no constants.
  const LEGEND_CASES: { label: string; routes: RouteDefinition[]; requests: string[] }[] = [
    {
      label: 'the three-route example',
      routes: [
        { template: 'shop/{category}/{id:int}', methods: ['GET'] },
        { template: 'files/{filename}.{ext?}' },
        { template: '{controller=Home}/{action=Index}/{id?}' },
      ],
      requests: [],
    },
    {
      label: 'static routes with defaults, constraints, verbs and long literals',
      routes: [
        { template: 'about', defaults: { page: 'about', lang: 'en' } },
        { template: 'help', defaults: { x: 'y' }, constraints: { x: { match: () => true } } },
        { template: 'configuration-settings/{id:range(1,9)}', methods: ['GET'] },
        { template: 'configuration-settings/{id}', methods: ['PUT'] },
        { template: 'é/{x:regex(^a+$)}' },
        { template: '{__proto__}/{b=1}' },
      ],
      requests: [],
    },
    {
      label: 'a large table, with subtree shapes compiled',
      routes: [
        ...Array.from({ length: 12 }, (_, i) => ({ template: `r${i}/items/{id:int}/{tag?}`, defaults: { kind: 'item' } })),
        ...Array.from({ length: 9 }, (_, i) => ({ template: `q${i}/{a}/${'z'.repeat(20)}/{b}` })),
        { template: Array.from({ length: 70 }, (_, i) => `d${i}`).join('/') },
        { template: 'static/{**path}' },
      ],
      requests: ['/r0/items/1', '/r1/items/1/t', '/r2/items/1', '/r3/items/1', '/r4/items/1'],
    },
  ];
  it.each(LEGEND_CASES)('lists in its legend each constant of $label, and only those its code reads', ({ routes, requests }) => {
    const router = compile(routes);
    for (const path of requests) expect(router.match(path)).not.toBeNull();
    const source = router.source!;
    const units = unitsOf(source);
    expect(units.size).toBe(1 + (source.match(/compiled once for all of them/g)?.length ?? 0));
    for (const [name, lines] of units) {
      const legend = legendOf(source, name);
      const code = codeOnly(lines.join('\n'));
      expect(legend.size).toBeGreaterThan(0);
      expect([...legend.keys()]).toEqual([...legend.keys()].map((_, i) => i));
      for (const i of legend.keys()) expect({ name, read: code.includes(`K[${i}]`) }).toEqual({ name, read: true });
      expect(code.match(/K\[(\d+)\]/g)!.every((ref) => legend.has(Number(/\d+/.exec(ref)![0])))).toBe(true);
    }
  });

  it('says in the legend what each constant is: the values in the table\'s code, only what they are in a shape\'s', () => {
    const routes: RouteDefinition[] = [
      { template: `shop/${'x'.repeat(20)}/{id:int}`, defaults: { kind: 'a*/b\u2028c' }, constraints: { id: { match: () => true } } },
      ...Array.from({ length: 12 }, (_, i) => ({ template: `r${i}/items/{id}` })),
    ];
    const router = compile(routes);
    for (const i of [0, 1, 2, 3]) router.match(`/r${i}/items/1`);
    const source = router.source!;
    const [main, shape] = [...unitsOf(source).keys()];
    expect([...legendOf(source, main).values()]).toEqual([
      `the literal ${JSON.stringify('x'.repeat(20))}`,
      // Route text as a string literal whose slash after a star is escaped: it ends no comment, and reads back.
      'the default of "kind": "a*\\/b\\u2028c"',
      // int and the object given: one constraint on "id", which has no inline form.
      'the constraint on "id" (CompositeRouteConstraint)',
      'route 0 "shop/xxxxxxxxxxxxxxxxxxxx/{id:int}"',
      'the name "id"',
      "L0's 12 literals",
      "L0's 12 subtrees, compiled on first use",
    ]);
    expect(JSON.parse(/: (".*")$/.exec(legendOf(source, main).get(1)!)![1])).toBe('a*/b\u2028c');
    expect([...legendOf(source, shape).values()]).toEqual(["b, the subtree's first route index", 'a literal', 'a name', 'route b']);
  });

  const WALK_CASES: { label: string; requests: string[]; walked: string }[] = [
    { label: 'before any request', requests: [], walked: 'none' },
    { label: 'after two subtrees of shapes of their own', requests: ['/w1/a/b', '/w2/a/b/c'], walked: '2\n//     from segment 1 of route 14 "w1/{p0}/{p1}"\n//     from segment 1 of route 15 "w2/{p0}/{p1}/{p2}"' },
    { label: 'after three subtrees of one shape', requests: ['/r0/items/1', '/r1/items/1', '/r2/items/1'], walked: '3\n//     from segment 1 of route 0 "r0/items/{id}"\n//     from segment 1 of route 1 "r1/items/{id}"\n//     from segment 1 of route 2 "r2/items/{id}"' },
    { label: 'after four subtrees of one shape (compiled)', requests: ['/r0/items/1', '/r1/items/1', '/r2/items/1', '/r3/items/1'], walked: 'none' },
  ];
  it.each(WALK_CASES)('names the subtrees the interpreted walk answers, $label', ({ requests, walked }) => {
    const routes: RouteDefinition[] = [
      ...Array.from({ length: 12 }, (_, i) => ({ template: `r${i}/items/{id}` })),
      { template: Array.from({ length: 70 }, (_, i) => `d${i}`).join('/') },
      // Literals of one first letter, each subtree of a shape of its own (one parameter more each).
      ...Array.from({ length: 12 }, (_, i) => ({ template: `w${i}/${Array.from({ length: i + 1 }, (_, j) => `{p${j}}`).join('/')}` })),
    ];
    const router = compile(routes);
    for (const path of requests) expect(router.match(path)).not.toBeNull();
    const source = router.source!;
    expect(source.slice(source.indexOf('\n// The interpreted walk answers'))).toBe(
      [
        '',
        '// The interpreted walk answers, where no code runs:',
        '//   a path with an escaped "/" ("%2F");',
        '//   past EMIT_DEPTH_MAX segments (H.walk above);',
        `//   a subtree behind a literal table whose shape fewer than 4 reached subtrees share; reached so far: ${walked}`,
      ].join('\n'),
    );
  });
});

// The emitted code writes the default constraint context in place (no call on a lookup's path): the rule
// constraintContext() states, which every strategy follows, for any context a caller passes or leaves out.
describe('a constraint gets the context constraintContext() gives, in every strategy', () => {
  const CONTEXTS: { label: string; ctx: unknown }[] = [
    { label: 'none', ctx: undefined },
    { label: 'null', ctx: null },
    { label: 'an HttpContext', ctx: { request: { method: 'PUT', url: '/a/1' } } },
    { label: 'a falsy one (0)', ctx: 0 },
    { label: 'an empty string', ctx: '' },
  ];
  it.each(CONTEXTS)('$label', ({ ctx }) => {
    const expected = constraintContext(ctx, 'PUT');
    const emitted = new Function('ctx', 'method', `return ${CONSTRAINT_CONTEXT_CODE};`)(ctx, 'PUT') as unknown;
    expect(emitted).toEqual(expected);
    for (const strategy of ['generated', 'trie', 'reference'] as const) {
      const seen: unknown[] = [];
      const spy = { match: (context: unknown) => seen.push(context) > 0 };
      expect(compile([{ template: 'a/{x}', constraints: { x: spy } }], { strategy }).match('/a/1', 'PUT', ctx)?.route.index).toBe(0);
      expect({ strategy, seen }).toEqual({ strategy, seen: [expected] });
    }
  });
});

describe('without new Function (a Content Security Policy, an edge runtime)', () => {
  it('falls back to the interpreted trie and says so in router.strategy', () => {
    const script = `
      const { compile } = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)});
      const router = compile([{ template: 'api/{id:int}' }]);
      console.log(JSON.stringify({ strategy: router.strategy, source: router.source, values: router.match('/api/5')?.values ?? null }));
    `;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ strategy: 'trie', source: null, values: { id: '5' } });
  });
});

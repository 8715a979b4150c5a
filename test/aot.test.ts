// Router modules built ahead of time (compileToModule, `switchyard build`): what they are made of, that route
// strings enter them only as data, that they start from their data (no template parsed again), the errors a
// user meets, and the real thing: the built bin writes a module that Node loads by package name with eval and
// new Function forbidden, typed by the .d.mts beside it. (Every matching table and property runs on built
// modules in the vitest project "aot".)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { BoolRouteConstraint, IntRouteConstraint, LengthRouteConstraint, LongRouteConstraint, RegexRouteConstraint } from '../src/constraints.js';
import { compile, type RouteDefinition } from '../src/index.js';
import { compileToModule, moduleDeclarations } from '../src/build.js';
import { foldFor } from '../src/compile/case-fold.js';
import { MODULE_FORMAT } from '../src/compile/aot/module-format.js';
import { routeDigest } from '../src/compile/aot/route-digest.js';
import { createEmittedHelpers } from '../src/compile/match/generated/emitted-helpers.js';
import { compileWith, evaluateBuiltModule } from './support/routers.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'dist/cli.js');
// Inside the package, so a built module's `import … from "switchyard-router/aot"` resolves to this package.
const DIR = mkdtempSync(join(ROOT, '.tmp-aot-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const summary = (found: { route: { index: number }; values: object } | null) => (found === null ? null : { index: found.route.index, values: { ...found.values } });

/** The members of the protocol a module names (P.name), each once, in alphabetical order, loadRouter aside. */
const named = (source: string): string[] => [...new Set([...source.matchAll(/\bP\.(\w+)/g)].map((m) => m[1]))].filter((name) => name !== 'loadRouter').sort();

// switchyard-router/aot is what an application imports: loadRouter and the protocol, one namespace (its values
// counted; a module imports the protocol from its own subpath). The protocol's members are what modules name.
describe('switchyard-router/aot', () => {
  it('exports loadRouter and protocol, the namespace of what built modules import', async () => {
    const aot = await import('../src/aot.js');
    expect(Object.keys(aot).sort()).toEqual(['loadRouter', 'protocol']);
    const protocol = await import('../src/aot-protocol.js');
    expect(aot.protocol).toBe(protocol);
    expect(protocol.FORMAT).toBe(MODULE_FORMAT);
    expect(protocol.loadRouter).toBe(aot.loadRouter);
    // Every member a module may name (P.name) is one the protocol has.
    const source = compileToModule([{ template: 'a/{id:int}/{x:range(1,5)}', constraints: { y: /^y$/, z: '^z$' } }, { template: 'straße/{n}.{e?}/{d:datetime}' }]);
    for (const name of source.matchAll(/\bP\.(\w+)/g)) expect(protocol).toHaveProperty(name[1]);
  });
});

describe('compileToModule', () => {
  const routes: RouteDefinition[] = [
    { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] },
    { template: 'files/{name}.{ext?}' },
    { template: '{controller=Home}/{action=Index}/{id?}' },
  ];

  it('writes a module that imports the protocol and nothing else, with the matcher as code (snapshot)', () => {
    const source = compileToModule(routes);
    expect(source.match(/^import .*$/gm)).toEqual(['import * as P from "switchyard-router/aot/protocol";']);
    expect(named(source)).toEqual(['StaticTable', 'compileComplexSegment', 'createDirectGenerator', 'intCheck', 'intConstraint', 'trie']);
    expect(source.replace(/\/\/.*$/gm, '')).not.toMatch(/\beval\b|new Function/); // (comments aside: the header says it needs neither)
    expect(source).toMatchSnapshot();
  });

  it('imports the route module it was built from, when given one', () => {
    const source = compileToModule(routes, { routesModule: './routes.mjs', runtime: './aot-protocol.js' });
    expect(source.match(/^import .*$/gm)).toEqual(['import * as P from "./aot-protocol.js";', 'import * as source from "./routes.mjs";']);
    expect(source).toContain('routes: source,');
  });

  // A module names of the protocol only the built-in constraint factories its routes name (inline, or as a string
  // of a constraints object; a custom name replaces a built-in one), the in-place checks its code may call, the
  // compiler of complex segments where one has one and the case fold of literals beyond ASCII, so a bundle of it
  // carries no other constraint class, parser, complex-segment code or casing table
  // (test/workers-bundle.test.ts); it answers as compile(). Built compact here: no static table or trie (below).
  // (Alphabetical order: the order in which the module names them is the order of its fields.)
  const int = (): RegexRouteConstraint => new RegexRouteConstraint('^1$');
  it.each([
    { what: 'an inline name', routes: [{ template: 'a/{id:int}' }], imports: ['intCheck', 'intConstraint'] },
    { what: 'a name in any case, its check shared', routes: [{ template: 'a/{id:MinLength(2)}/{x:length(3)}' }], imports: ['lengthCheck', 'lengthConstraint', 'minlengthConstraint'] },
    { what: 'a name in a constraints object', routes: [{ template: 'a/{id}', constraints: { id: ['range(1,5)', 'alpha'] } }], imports: ['alphaCheck', 'alphaConstraint', 'keyConstraint', 'rangeCheck', 'rangeConstraint'] },
    { what: 'an optional parameter: the wrapper of its key', routes: [{ template: 'a/{id:int?}' }], imports: ['intCheck', 'intConstraint', 'keyConstraint'] },
    { what: 'a string that names no constraint (a regular expression)', routes: [{ template: 'a/{id}', constraints: { id: '^x$' } }], imports: ['regexCheck', 'regexConstraint'] },
    { what: 'a RegExp (its class)', routes: [{ template: 'a/{id}', constraints: { id: /^x$/ } }], imports: ['RegexRouteConstraint', 'regexCheck'] },
    { what: 'a name with no in-place check', routes: [{ template: 'a/{id:datetime}' }], imports: ['datetimeConstraint'] },
    { what: 'a route only for links: its factory, no check', routes: [{ template: 'a/{id:guid}', generationOnly: true }, { template: 'b' }], imports: ['guidConstraint'] },
    { what: 'a custom name in place of a built-in one', routes: [{ template: 'a/{id:int}' }], constraints: { int }, imports: ['regexCheck'] },
    { what: 'no constraint', routes: [{ template: 'a/{id}' }], imports: [] },
    { what: 'a literal beyond ASCII: the case fold', routes: [{ template: 'straße/{id}' }, { template: 'ǅ.{x}/b' }], imports: ['compileComplexSegment', 'foldCase'] },
    { what: 'ASCII literals only: no case fold (the runtime folds ASCII letters)', routes: [{ template: 'k/{id}' }, { template: 'K.{x}/b' }], imports: ['compileComplexSegment'] },
    { what: 'a complex segment: its compiler', routes: [{ template: 'a/{id}.{x?}', defaults: { x: 'json' } }], imports: ['compileComplexSegment'] },
  ])('imports what its routes use: $what', ({ routes: used, constraints, imports }) => {
    const source = compileToModule(used, { routesModule: './routes.mjs', constraints, compact: true });
    expect(named(source)).toEqual(imports);
    const built = evaluateBuiltModule(source, { default: used, constraints });
    const compiled = compile(used, { constraints });
    const beyondAscii = ['/straße/1', '/STRAßE/1', '/STRASSE/1', '/\u212A/1', '/K/1', '/k.1/b', '/\u212A.1/B', '/ǆ.1/b', '/Ǆ.1/b'];
    for (const path of ['/a/1', '/a/12', '/a/12/abc', '/a/x', '/a/abc', '/a/2009-05-12', '/b', ...beyondAscii]) expect(summary(built.match(path))).toEqual(summary(compiled.match(path)));
  });

  // The static table stands in front of a module's code, and the interpreted trie answers matches(), allowedMethods()
  // and what the code leaves to the walk; built compact (a Worker's), a module imports neither unless its code
  // reaches a trie node (N: deeper than EMIT_DEPTH_MAX; W: a subtree behind a fan-out left to the walk), and the
  // routes are scanned for what the trie would answer. Either way it answers as compile().
  const fanOut = [...Array.from({ length: 40 }, (_, i) => ({ template: `r${i}/items/{id}` })), { template: 'r3/only/{x}' }];
  it.each([
    { what: 'not compact: both', routes: [{ template: 'a/{id}' }], compact: false, parts: ['StaticTable', 'trie'] },
    { what: 'compact: neither', routes: [{ template: 'a/{id}' }, { template: 'b/{*rest}' }, { template: 'c/{x}.{y?}' }], compact: true, parts: [] },
    { what: 'compact, a template deeper than EMIT_DEPTH_MAX: the trie (N)', routes: [{ template: Array.from({ length: 70 }, (_, i) => `s${i}`).join('/') }], compact: true, parts: ['trie'] },
    { what: 'compact, a subtree behind a fan-out left to the walk: the trie (W)', routes: fanOut, compact: true, parts: ['trie'] },
  ])('imports the static table and the trie as it needs them: $what', ({ routes: used, compact, parts }) => {
    const source = compileToModule(used, { compact });
    expect(named(source).filter((name) => name === 'StaticTable' || name === 'trie')).toEqual(parts);
    const built = evaluateBuiltModule(source, null);
    const compiled = compile(used);
    const paths = ['/a/1', '/A/1/', '/a/1%2F2', '/b', '/b/x/y', '/c/n.e', '/c/n', '/r3/only/z', '/r3/items/5', '/r39/items/%2F', `/${Array.from({ length: 70 }, (_, i) => `s${i}`).join('/')}`, '/nothing'];
    for (const path of paths) {
      expect(summary(built.match(path, 'GET'))).toEqual(summary(compiled.match(path, 'GET')));
      expect([...built.matches(path, 'GET')].map(summary)).toEqual([...compiled.matches(path, 'GET')].map(summary));
      expect(built.allowedMethods(path)).toEqual(compiled.allowedMethods(path));
    }
  });

  // A template's parsed form is written out as data, or as 0 where the template's text split at "/" gives it (the
  // runtime splits it then): either way the module starts without a parser and answers as compile().
  it.each([
    { template: 'api/todo/{id:int}', data: '0' },
    { template: 'a/{x:range(1,5):alpha}/b', data: '0' },
    { template: '', data: '0' },
    { template: 'files/{name}.{ext?}', data: '[["files"], [{ "p": "name" }, { "s": "." }, { "p": "ext", "o": 1 }]]' },
    { template: '/lead/{id}', data: '[["lead"], [{ "p": "id" }]]' },
    { template: 'a/{id=5}', data: '[["a"], [{ "p": "id", "d": "5" }]]' },
    { template: 'a/{*rest}', data: '[["a"], [{ "p": "rest", "c": 1 }]]' },
    { template: 'a/{{b}}', data: '[["a"], ["{b}"]]' },
    { template: 'a/{x:regex(^a:b$)}', data: '[["a"], [{ "p": "x", "x": ["regex(^a:b$)"] }]]' },
  ])('writes the parsed template of $template as $data', ({ template, data }) => {
    const source = compileToModule([{ template }]);
    expect(/^ {2}segments: \[\n {4}(.*),\n {2}\],$/m.exec(source)?.[1]).toBe(data);
    const built = evaluateBuiltModule(source, null);
    expect(built.routes[0].parsedTemplate).toEqual(compile([{ template }]).routes[0].parsedTemplate);
  });

  // Hostile text in every place a route puts a string: it must come back as data, never run.
  const hostile = ['"; throw new Error("injected"); "', "'; throw 1; '", '*/ throw 1; /*', '\u2028throw 1', '${throw 1}', '`', '\\', '</script><script>alert(1)</script>', '__proto__'];
  it.each(hostile)('route strings enter as data: %j', (text) => {
    const literal = text.replace(/[{}]/g, (c) => c + c); // braces escaped in a template literal segment
    const definitions: RouteDefinition[] = [
      { name: text, template: `x/${literal}/{id}`, defaults: { [text]: text, note: text }, dataTokens: { text } },
      { template: `{p}/${literal}`, constraints: { p: text.includes('(') ? 'alpha' : '^x$' } },
    ];
    const built = compileWith(definitions, { strategy: 'aot' });
    const reference = compile(definitions, { strategy: 'reference' });
    const path = `/x/${text.split('/').map(encodeURIComponent).join('/')}/5`;
    expect(reference.match(path)?.route.index).toBe(0);
    expect(summary(built.match(path))).toEqual(summary(reference.match(path)));
    expect(built.match(path)?.route.name).toBe(text);
    expect(built.match(path)?.route.dataTokens).toEqual({ text });
    expect(built.generate({ id: '7', [text]: text }, { routeName: text })?.path).toBe(reference.generate({ id: '7', [text]: text }, { routeName: text })?.path);
  });

  it('holds a large table as JSON text (faster to load than literals), "__proto__" keys and hostile strings included', () => {
    const definitions: RouteDefinition[] = Array.from({ length: 300 }, (_, i) => ({
      name: `r${i}`,
      template: `r${i}/{id}`,
      defaults: { ['__proto__']: 'd', note: `"); throw 1; ("\u2028${i}` },
    }));
    const source = compileToModule(definitions);
    expect(/^ {2}routes: JSON\.parse\("/m.test(source)).toBe(true); // (its segments, under 10 kB, stay literals)
    expect(/^ {2}segments: \[$/m.test(source)).toBe(true);
    const built = evaluateBuiltModule(source, null);
    const found = built.match('/r299/5')!;
    expect(Object.hasOwn(found.values, '__proto__')).toBe(true);
    expect(summary(found)).toEqual(summary(compile(definitions, { strategy: 'reference' }).match('/r299/5')));
    expect(found.values.note).toBe('"); throw 1; ("\u2028299');
  });

  it('writes a shape of subtree shared behind a large fan-out once (L), and leaves a unique one to the walk (W)', () => {
    // Twelve literals sharing a first letter make a literal table; eleven subtrees have one shape, one its own.
    const definitions: RouteDefinition[] = [
      ...Array.from({ length: 11 }, (_, i) => ({ template: `s${i}/items/{id:int}` })),
      { template: 'special/{a}/x/{b}/{*rest}' },
    ];
    const source = compileToModule(definitions);
    expect(source.match(/L\(0, /g)).toHaveLength(11);
    expect(source).toMatch(/W\(\d+, 1\)/);
    expect(source.match(/^    function \(K, H\) \{$/gm)).toHaveLength(1);
    const built = evaluateBuiltModule(source, null);
    const reference = compile(definitions, { strategy: 'reference' });
    for (const path of ['/s3/items/42', '/S10/ITEMS/7', '/s3/items/x', '/special/1/x/2/a/b', '/special/1/y/2', '/s11/items/1']) {
      for (let round = 0; round < 2; round++) expect(summary(built.match(path))).toEqual(summary(reference.match(path)));
    }
  });

  it('starts from the parsed templates it holds: they are not parsed again', () => {
    // A module whose data says "b" where its template text says "a" answers for "b": the data is what runs (a
    // template written 0, whose text split is its data, is split: test below; no parser runs either way).
    const source = compileToModule([{ template: 'a/{id?}' }]).replace('[["a"], [{ "p": "id", "o": 1 }]]', '[["b"], [{ "p": "id", "o": 1 }]]');
    expect(source).toContain('[["b"], [{ "p": "id", "o": 1 }]]');
    const router = evaluateBuiltModule(source, null);
    expect(router.routes[0].parsedTemplate.segments[0].parts[0]).toEqual({ kind: 'literal', text: 'b' });
  });

  it.each([
    { what: 'a constraint object', routes: [{ template: 'a/{id}', constraints: { id: new RegexRouteConstraint('^x$') } }], options: {}, error: /route 0\.constraints\.id is an instance of RegexRouteConstraint, which a module cannot hold as data.*routesModule/ },
    { what: 'a handler function', routes: [{ template: 'a', handler: () => 1 }], options: {}, error: /route 0\.handler is a function.*routesModule/ },
    { what: 'custom constraint names', routes: [{ template: 'a/{id:slug}' }], options: { constraints: { slug: () => new RegexRouteConstraint('^s') } }, error: /custom constraint names need a routesModule/ },
    { what: 'a bad template', routes: [{ template: 'a/{id' }], options: {}, error: /a\/\{id/ },
  ])('refuses $what, saying why', ({ routes: given, options, error }) => {
    expect(() => compileToModule(given as RouteDefinition[], options)).toThrow(error);
  });

  it('a module out of date with its route module refuses to load, naming the route', () => {
    const source = compileToModule([{ template: 'a' }, { template: 'b/{id}' }], { routesModule: './routes.mjs' });
    expect(() => evaluateBuiltModule(source, { routes: [{ template: 'a' }, { template: 'b/{key}' }] })).toThrow(
      'this router module is out of date with its routes (route 1 is "b/{key}", not the template the router was built from): build it again',
    );
    expect(() => evaluateBuiltModule(source, { default: [{ template: 'a' }] })).toThrow(/it has 1 routes, the router was built from 2/);
    expect(evaluateBuiltModule(source, { default: [{ template: 'a' }, { template: 'b/{id}' }] }).match('/b/5')?.values).toEqual({ id: '5' });
    // The routes as compile() takes them: a template string alone is a JSON file's shorthand, not a route of a module.
    expect(() => evaluateBuiltModule(source, { default: ['a', { template: 'b/{id}' }] })).toThrow('this router module is out of date with its routes (route 0 is "a"');
  });

  // What `switchyard build` recorded is the command to run again (a module made by compileToModule() alone records none).
  it.each([
    { what: 'a template', changed: [{ template: 'a' }, { template: 'b/{key}' }] },
    { what: 'the number of routes', changed: [{ template: 'a' }] },
    { what: 'a route beside its template', changed: [{ template: 'a' }, { template: 'b/{id}', methods: ['GET'] }] },
  ])('the refusal of a module whose route module changed ($what) names the command that built it', ({ changed }) => {
    const source = compileToModule([{ template: 'a' }, { template: 'b/{id}' }], { routesModule: './routes.mjs', buildCommand: 'switchyard build routes.mjs -o router.mjs' });
    expect(() => evaluateBuiltModule(source, { routes: changed })).toThrow(/\): build it again: npx switchyard build routes\.mjs -o router\.mjs$/);
  });

  // The module holds no list of templates: a route's digest begins with its template's, checked before the module's
  // parsed form of the old template (here a complex segment's) is read with the new text.
  it('a changed template is refused before its old parsed form is read', () => {
    const source = compileToModule([{ template: 'files/{name}.{ext?}', defaults: { ext: 'txt' } }], { routesModule: './routes.mjs' });
    expect(source).not.toMatch(/templates:/);
    expect(() => evaluateBuiltModule(source, { default: [{ template: 'files/{name}', defaults: { ext: 'txt' } }] })).toThrow(
      'this router module is out of date with its routes (route 0 is "files/{name}", not the template the router was built from): build it again',
    );
  });

  describe('a module out of date with its route module: a change beside the templates is refused, naming the route', () => {
    const digits = () => new RegexRouteConstraint('^\\d+$');
    const slugA = { slug: () => new RegexRouteConstraint('^a') };
    const built: RouteDefinition[] = [
      { name: 'home', template: 'a' },
      { name: 'item', template: 'b/{id}', methods: ['GET'], constraints: { id: digits() }, defaults: { format: 'json' }, dataTokens: { area: 'shop' } },
      { name: 'post', template: 'c/{s:slug}' },
    ];
    const source = compileToModule(built, { routesModule: './routes.mjs', constraints: slugA });
    const withRoute = (index: number, change: Partial<RouteDefinition>) => built.map((route, i) => (i === index ? { ...route, ...change } : route));
    const withInt: RouteDefinition[] = [...built, { template: 'd/{n:int}', constraints: { n: 'range(1,9)' } }];
    const withIntSource = compileToModule(withInt, { routesModule: './routes.mjs', constraints: slugA });
    // A string of the constraints object that names no constraint is a pattern: "abc" is ^(?:abc)$ here.
    const withPattern: RouteDefinition[] = [...built, { template: 'e/{w}', constraints: { w: 'abc' } }];
    const withPatternSource = compileToModule(withPattern, { routesModule: './routes.mjs', constraints: slugA });
    const ITEM = /out of date with its routes \(route 1 "b\/\{id\}" \(named "(item|thing)"\) is not the route it was built from: its name, defaults, constraints, methods, data tokens, generationOnly or keys changed\): build it again/;

    it.each([
      { what: 'its methods', routes: withRoute(1, { methods: ['POST'] }) },
      { what: 'a constraint object\'s pattern', routes: withRoute(1, { constraints: { id: new RegexRouteConstraint('^[a-z]+$') } }) },
      { what: 'a constraint of another class', routes: withRoute(1, { constraints: { id: 'alpha' } }) },
      { what: 'a constraint added', routes: withRoute(1, { constraints: { id: digits(), format: 'alpha' } }) },
      { what: 'its constraints taken away', routes: withRoute(1, { constraints: null }) },
      { what: 'its defaults', routes: withRoute(1, { defaults: { format: 'xml' } }) },
      { what: 'its data tokens', routes: withRoute(1, { dataTokens: { area: 'admin' } }) },
      { what: 'its name', routes: withRoute(1, { name: 'thing' }) },
      { what: 'generationOnly', routes: withRoute(1, { generationOnly: true }) },
    ])('$what: refused', ({ routes: changed }) => {
      expect(() => evaluateBuiltModule(source, { default: changed, constraints: slugA })).toThrow(ITEM);
    });

    // A constraint object is digested by its fields, tagged with its built-in label or name: built-ins that hold no
    // field (int, bool, long) differ by their tag, a length by its bounds, a wrapper by what it holds, a custom one by
    // its own fields.
    class Prefix {
      constructor(readonly prefix: string) {}
      match(): boolean {
        return true;
      }
    }
    it.each([
      { what: 'int made bool (neither holds a field)', was: new IntRouteConstraint(), now: new BoolRouteConstraint() },
      { what: 'int made long', was: new IntRouteConstraint(), now: new LongRouteConstraint() },
      { what: 'a length with other bounds', was: new LengthRouteConstraint(1, 5), now: new LengthRouteConstraint(1, 6) },
      { what: 'one of a list of constraints', was: [new IntRouteConstraint(), new LengthRouteConstraint(1, 5)], now: [new BoolRouteConstraint(), new LengthRouteConstraint(1, 5)] },
      { what: "a custom constraint's field", was: new Prefix('a'), now: new Prefix('b') },
    ])('a constraint object changed, $what: refused', ({ was, now }) => {
      const given = (spec: unknown): RouteDefinition[] => [{ name: 'n', template: 'n/{v?}', constraints: { v: spec as never } }];
      const withObject = compileToModule(given(was), { routesModule: './routes.mjs' });
      expect(evaluateBuiltModule(withObject, { default: given(was) }).routes).toHaveLength(1);
      expect(() => evaluateBuiltModule(withObject, { default: given(now) })).toThrow(/route 0 "n\/\{v\?\}" \(named "n"\) is not the route it was built from/);
    });

    // A defaults object compile() refuses, whose merge gives the defaults the module was built with (the object's
    // value under the inline one, a spelling's under the last): the route module no longer holds the route the module
    // was built from, though the merged defaults alone say it does, and the module's runtime checks no defaults.
    it.each([
      { what: 'a default in the object beside the inline one', was: { template: 'n/{v=5}' }, now: { template: 'n/{v=5}', defaults: { v: '7' } }, error: /has a default both inline and in the defaults object/ },
      { what: 'a default given twice, by two spellings of its name', was: { template: 'n/{v?}', defaults: { v: '1' } }, now: { template: 'n/{v?}', defaults: { V: '9', v: '1' } }, error: /the default "v" is given twice/ },
      { what: 'defaults that are not an object', was: { template: 'n' }, now: { template: 'n', defaults: 5 as never }, error: /defaults must be an object/ },
      { what: 'a misspelt key beside the route (a route has no "methodz")', was: { template: 'n' }, now: { template: 'n', methodz: ['POST'] } as never, error: /unknown key "methodz" \(did you mean "methods"\?\)/ },
      { what: 'a key a route has, misspelt beside it', was: { template: 'n', methods: ['GET'] }, now: { template: 'n', methods: ['GET'], method: ['POST'] } as never, error: /unknown key "method" \(did you mean "methods"\?\)/ },
    ])('the route changed, $what (compile() refuses it): refused', ({ was, now, error }) => {
      const named = (route: RouteDefinition): RouteDefinition[] => [{ name: 'n', ...route }];
      expect(() => compile(named(now))).toThrow(error);
      const withDefaults = compileToModule(named(was), { routesModule: './routes.mjs' });
      expect(evaluateBuiltModule(withDefaults, { default: named(was) }).routes).toHaveLength(1);
      expect(() => evaluateBuiltModule(withDefaults, { default: named(now) })).toThrow(/route 0 "n(\/\{v=5\}|\/\{v\?\})?" \(named "n"\) is not the route it was built from/);
    });

    it('a custom constraint name whose factory makes another constraint: refused, naming that route', () => {
      expect(() => evaluateBuiltModule(source, { default: built, constraints: { slug: () => new RegexRouteConstraint('^b') } })).toThrow(
        /route 2 "c\/\{s:slug\}" \(named "post"\) is not the route it was built from/,
      );
    });

    // A built router makes the constraints it was built with: the names its routes use must be the route module's
    // as they were (the module resolves no name at load, so it has no guess at a misspelt one either).
    it.each([
      { what: 'a custom name the route module no longer exports', module: () => source, routeModule: { default: built }, name: 'no longer give the constraint name "slug"' },
      { what: 'a custom name now in place of a built-in one its routes use', module: () => withIntSource, routeModule: { default: withInt, constraints: { ...slugA, INT: slugA.slug } }, name: 'now give the constraint name "int"' },
      { what: 'a custom name now given for a string that was a pattern', module: () => withPatternSource, routeModule: { default: withPattern, constraints: { ...slugA, abc: slugA.slug } }, name: 'now give the constraint name "abc"' },
    ])('$what: refused, naming the name', ({ module, routeModule, name }) => {
      expect(() => evaluateBuiltModule(module(), routeModule)).toThrow(`this router module is out of date with its routes (its constraints ${name}): build it again`);
      expect(() => evaluateBuiltModule(module(), { ...routeModule, constraints: slugA })).not.toThrow();
    });

    it.each([
      { what: 'the same routes', routes: built, path: '/b/5', index: 1 },
      { what: 'the same routes, the constraint objects made again', routes: withRoute(1, { constraints: { id: digits() } }), path: '/b/5', index: 1 },
      { what: 'a new handler (the module takes handlers from the route module as they are)', routes: withRoute(0, { handler: 'new' }), path: '/a', index: 0 },
    ])('$what: loads and answers', ({ routes: same, path, index }) => {
      const router = evaluateBuiltModule(source, { default: same, constraints: slugA });
      expect(router.match(path, 'GET')?.route.index).toBe(index);
      expect(router.match('/b/x', 'GET')).toBeNull();
      expect(router.match('/c/ab', 'GET')?.values).toEqual({ s: 'ab' });
      expect(router.routes.map((r) => r.handler)).toEqual(same.map((r) => r.handler));
    });
  });

  // A module records the format it was written in; a runtime that reads another refuses it at load, naming both
  // formats and the command that builds it again (a module of an older build used to load, then throw
  // "table.shapes is not a function" at the tier switch, on the request that made the table hot).
  describe('a module written in another module format is refused at load', () => {
    const source = compileToModule([{ template: 'a/{id:int}' }]);
    const written = /^ {2}format: (\d+),$/m.exec(source);

    it('records its format first', () => {
      expect(written?.[1]).toBe(String(MODULE_FORMAT));
      expect(source.indexOf('format:')).toBeLessThan(source.indexOf('routes:'));
      const router = evaluateBuiltModule(source, null);
      expect(router.match('/a/5')?.values).toEqual({ id: '5' });
    });

    it.each([
      { what: 'an older format', format: String(MODULE_FORMAT - 1), error: `this router module is in module format ${MODULE_FORMAT - 1}, its runtime (switchyard-router/aot) reads format ${MODULE_FORMAT}: build it again` },
      { what: 'a newer format', format: String(MODULE_FORMAT + 1), error: `is in module format ${MODULE_FORMAT + 1}, its runtime (switchyard-router/aot) reads format ${MODULE_FORMAT}` },
      { what: 'a format that is not a number', format: '"2"', error: 'is in module format "2",' },
      { what: 'no recorded format (as every module before format 2)', format: null, error: `this router module records no module format (a switchyard older than format ${MODULE_FORMAT} wrote it), its runtime (switchyard-router/aot)` },
    ])('$what: refused, naming both formats and the command that builds it again', ({ format, error }) => {
      const other = source.replace(/^ {2}format: \d+,\n/m, format === null ? '' : `  format: ${format},\n`);
      expect(other).not.toBe(source);
      expect(() => evaluateBuiltModule(other, null)).toThrow(error);
      expect(() => evaluateBuiltModule(other, null)).toThrow(/: build it again with this switchyard-router: npx switchyard build <route file> -o <this module>$/);
    });

    // docs/aot.md tells a reader which format a module of this version records and its runtime reads, and what
    // CHANGELOG.md says of each change of format: both must name the format the code writes.
    it('docs/aot.md and CHANGELOG.md name the format this switchyard writes', () => {
      const doc = readFileSync(new URL('../docs/aot.md', import.meta.url), 'utf8');
      const named = [...doc.matchAll(/`format: (\d+)`|reads format (\d+)|module format is (\d+)/g)].map((m) => Number(m[1] ?? m[2] ?? m[3]));
      expect(named.length).toBeGreaterThanOrEqual(3);
      expect(new Set(named)).toEqual(new Set([MODULE_FORMAT]));
      const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');
      const latest = /module format (\d+)/i.exec(changelog.slice(changelog.indexOf('\n## ')));
      expect(Number(latest?.[1])).toBe(MODULE_FORMAT);
    });

    it('names the command it was built with, when the module records one', () => {
      const built = compileToModule([{ template: 'a' }], { buildCommand: "switchyard build 'my routes.json' -o router.mjs" });
      expect(() => evaluateBuiltModule(built.replace(/^ {2}format: \d+,$/m, '  format: 1,'), null)).toThrow(
        `reads format ${MODULE_FORMAT}: build it again with this switchyard-router: npx switchyard build 'my routes.json' -o router.mjs`,
      );
    });

    // What a module and its runtime share. A change here breaks the modules built before it: raise MODULE_FORMAT
    // (src/compile/aot/module-format.ts) with it, then update this snapshot.
    it('the contract between a module and its runtime, pinned with the format', () => {
      const routes: RouteDefinition[] = [{ template: 'a/{id:int}', defaults: { x: { y: [1] } }, constraints: { z: /^z$/ } }];
      const full = compileToModule(routes, { routesModule: './routes.mjs', buildCommand: 'switchyard build routes.mjs -o router.mjs' });
      const table = full.slice(full.indexOf('export default P.loadRouter({'), full.indexOf('\n});\n'));
      const helpers = createEmittedHelpers(() => undefined as never, foldFor(false));
      expect({
        format: MODULE_FORMAT,
        fields: [...table.matchAll(/^ {2}(\w+)[:,]/gm)].map((m) => m[1]),
        // What a module imports, and the members of the protocol it names: the constraint factories and in-place checks its routes use.
        imports: [...full.match(/^import .*$/gm)!, ...named(full)],
        helpers: Object.keys(helpers).sort(),
        digest: routeDigest(compile(routes).routes[0], routes[0]),
      }).toMatchInlineSnapshot(`
        {
          "digest": "c90a4f13832209a1",
          "fields": [
            "format",
            "buildCommand",
            "routes",
            "digests",
            "names",
            "constraints",
            "checks",
            "trie",
            "staticTable",
            "direct",
            "segments",
            "options",
            "constants",
            "matcher",
            "shapes",
          ],
          "format": 9,
          "helpers": [
            "alpha",
            "bool",
            "complex",
            "foldedEquals",
            "guid",
            "int",
            "length",
            "literalAt",
            "literalChild",
            "literalTable",
            "long",
            "range",
            "regex",
            "setValue",
            "walk",
          ],
          "imports": [
            "import * as P from "switchyard-router/aot/protocol";",
            "import * as source from "./routes.mjs";",
            "RegexRouteConstraint",
            "StaticTable",
            "createDirectGenerator",
            "intCheck",
            "intConstraint",
            "regexCheck",
            "trie",
          ],
        }
      `);
    });
  });

  it('declares the table as a literal type, strings as JSON', () => {
    const declarations = moduleDeclarations([{ name: 'x"y', template: 'a/{id}', defaults: { id: 5, "k'": 'v' } }, { template: 'b' }]);
    expect(declarations).toContain('{ readonly template: "a/{id}"; readonly name: "x\\"y"; readonly defaults: { readonly "id": 5; readonly "k\'": "v" } },');
    expect(declarations).toContain('{ readonly template: "b" },');
  });
});

describe('switchyard build (the built bin), and the module in Node without eval', () => {
  const run = (args: string[], nodeArgs: string[] = []) => spawnSync(process.execPath, [...nodeArgs, ...args], { cwd: DIR, encoding: 'utf8' });

  it.each([{ flags: [] }, { flags: ['--compact'] }])('builds a JSON table (build $flags); the module answers as compile() on every request of the GitHub set', ({ flags }) => {
    const fixture = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/routes-github.json'), 'utf8')) as {
      routes: { method: string; template: string }[];
      requests: { method: string; path: string }[];
    };
    const routes = fixture.routes.map((r, i) => ({ name: `r${i}`, template: r.template, methods: [r.method] }));
    writeFileSync(join(DIR, 'github.json'), JSON.stringify(routes));
    const built = run([BIN, 'build', 'github.json', '-o', 'github-router.mjs', ...flags]);
    expect(built.stderr).toBe('');
    expect(built.stdout).toMatch(/^github-router\.mjs: \d+ routes, [\d.]+ kB \(types: github-router\.d\.mts\)\n$/);
    writeFileSync(join(DIR, 'requests.json'), JSON.stringify(fixture.requests));
    writeFileSync(
      join(DIR, 'answer.mjs'),
      `import router from './github-router.mjs';
import { readFileSync } from 'node:fs';
let evalBlocked = false;
try { new Function('return 1'); } catch { evalBlocked = true; }
const requests = JSON.parse(readFileSync(new URL('./requests.json', import.meta.url), 'utf8'));
const answers = requests.map(({ method, path }) => { const m = router.match(path, method); return m && { index: m.route.index, values: m.values }; });
console.log(JSON.stringify({ evalBlocked, strategy: router.strategy, answers }));`,
    );
    const answered = run(['answer.mjs'], ['--disallow-code-generation-from-strings']);
    expect(answered.stderr).toBe('');
    const { evalBlocked, strategy, answers } = JSON.parse(answered.stdout);
    expect({ evalBlocked, strategy }).toEqual({ evalBlocked: true, strategy: 'aot' });
    const router = compile(routes);
    expect(answers).toEqual(fixture.requests.map(({ method, path }) => summary(router.match(path, method))));
  });

  it('builds a route module with handlers and custom constraint names; the module imports it and is typed', () => {
    writeFileSync(
      join(DIR, 'app-routes.mjs'),
      `import { RegexRouteConstraint } from 'switchyard-router/constraints';
export const constraints = { slug: () => new RegexRouteConstraint('^[a-z0-9-]+$') };
export default [
  { name: 'post', template: 'blog/{slug:slug}', handler: (values) => 'post ' + values.slug },
  { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'], defaults: { format: 'json' } },
  { template: 'files/{name}.{ext?}' },
];`,
    );
    const built = run([BIN, 'build', 'app-routes.mjs', '-o', 'app-router.mjs']);
    expect(built.stderr).toBe('');
    expect(readFileSync(join(DIR, 'app-router.mjs'), 'utf8')).toContain('import * as source from "./app-routes.mjs";');
    writeFileSync(
      join(DIR, 'use.mjs'),
      `import router from './app-router.mjs';
const post = router.match('/blog/hello-world');
console.log(JSON.stringify([post.route.handler(post.values), router.match('/blog/Not_A_Slug'), router.generate({ id: 3 }, { routeName: 'todo' }).path, router.allowedMethods('/api/todo/3')]));`,
    );
    const used = run(['use.mjs'], ['--disallow-code-generation-from-strings']);
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toEqual(['post hello-world', null, '/api/todo/3', ['GET']]);

    // The .d.mts types match() and generate() from the table, as compile() types a literal table.
    writeFileSync(
      join(DIR, 'typed.ts'),
      `import router from './app-router.mjs';
import { isRoute } from 'switchyard-router';
const found = router.match('/api/todo/3');
if (isRoute(found, 'todo')) { const id: string = found.values.id; void id; }
router.generate({ id: 3 }, { routeName: 'todo' });
// @ts-expect-error: no route has this name
router.generate({ id: 3 }, { routeName: 'nope' });
// @ts-expect-error: the todo route needs an id
router.generate({}, { routeName: 'todo' });
`,
    );
    writeFileSync(
      join(DIR, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true }, files: ['typed.ts'] }),
    );
    const checked = run([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  // A Worker's bundle is minified: every class is renamed (IntRouteConstraint becomes a letter), and the module,
  // built by Node from the unminified route module, must still load (its route digests name no class).
  it('a module bundled with esbuild --minify (no --keep-names) loads and answers every request as compile()', async () => {
    const fixture = join(ROOT, 'test/fixtures/constrained-routes.mjs');
    const built = run([BIN, 'build', fixture, '-o', 'constrained-router.mjs']);
    expect(built.stderr).toBe('');
    writeFileSync(
      join(DIR, 'minified-entry.mjs'),
      `import router from './constrained-router.mjs';
import { compile } from 'switchyard-router';
import { IntRouteConstraint } from 'switchyard-router/constraints';
import routes, { constraints, requests } from ${JSON.stringify(fixture)};
const compiled = compile(routes, { constraints });
const answer = (found) => found && { name: found.route.name, values: { ...found.values } };
console.log(JSON.stringify({
  className: IntRouteConstraint.name,
  strategy: router.strategy,
  built: requests.map(([method, path]) => answer(router.match(path, method))),
  compiled: requests.map(([method, path]) => answer(compiled.match(path, method))),
  expected: requests.map(([, , name]) => name),
}));`,
    );
    await build({ entryPoints: [join(DIR, 'minified-entry.mjs')], outfile: join(DIR, 'minified.mjs'), bundle: true, minify: true, format: 'esm', platform: 'neutral', logLevel: 'error' });
    const answered = run(['minified.mjs'], ['--disallow-code-generation-from-strings']);
    expect(answered.stderr).toBe('');
    const report = JSON.parse(answered.stdout);
    expect(report.className).not.toBe('IntRouteConstraint'); // the minifier renamed it
    expect(report.strategy).toBe('aot');
    expect(report.built.map((found: { name: string } | null) => found?.name ?? null)).toEqual(report.expected);
    expect(report.built).toEqual(report.compiled);
  });

  it.each([
    { flags: [], answers: [0, 0, 0] },
    { flags: ['--case-sensitive'], answers: [0, 1, null] },
    { flags: ['--compact'], answers: [0, 0, 0] },
    { flags: ['--case-sensitive', '--compact'], answers: [0, 1, null] },
  ])('switchyard build $flags: the module compares literals as compile() with caseSensitive does', ({ flags, answers }) => {
    writeFileSync(join(DIR, 'cased.json'), JSON.stringify([{ template: 'Users/{id}' }, { template: 'users/{id}' }]));
    const built = run([BIN, 'build', 'cased.json', '-o', 'cased-router.mjs', ...flags]);
    expect(built.stderr).toBe('');
    writeFileSync(
      join(DIR, 'cased.mjs'),
      `import router from './cased-router.mjs';\nconsole.log(JSON.stringify(['/Users/1', '/users/1', '/USERS/1'].map((p) => router.match(p)?.route.index ?? null)));`,
    );
    const answered = run(['cased.mjs'], ['--disallow-code-generation-from-strings']);
    expect(answered.stderr).toBe('');
    expect(JSON.parse(answered.stdout)).toEqual(answers);
  });

  // --compact: the module's code compares every literal segment by a loop (smaller, for a Worker's bundle); the
  // command line is recorded with it, and the module answers as one built without it.
  it('build --compact writes literals as loops, records the flag, and answers as without it', () => {
    writeFileSync(join(DIR, 'compact-routes.json'), '[{"template":"api/todo/{id:int}"},{"template":"health"},{"template":"api/users/{name}"}]');
    expect(run([BIN, 'build', 'compact-routes.json', '-o', 'compact.mjs', '--compact']).stderr).toBe('');
    expect(run([BIN, 'build', 'compact-routes.json', '-o', 'unrolled.mjs']).stderr).toBe('');
    const compact = readFileSync(join(DIR, 'compact.mjs'), 'utf8');
    expect(compact).toContain(`  buildCommand: "switchyard build compact-routes.json -o compact.mjs --compact",`);
    expect(compact).not.toMatch(/\| 32\) ===/);
    expect(compact.length).toBeLessThan(readFileSync(join(DIR, 'unrolled.mjs'), 'utf8').length);
    writeFileSync(
      join(DIR, 'load-compact.mjs'),
      "import a from './compact.mjs';\nimport b from './unrolled.mjs';\n" +
        "const paths = ['/api/todo/5', '/API/Todo/5', '/api/todo/x', '/Health', '/healthy', '/api/users/Ann', '/api/userz/a', '/api'];\n" +
        'console.log(JSON.stringify(paths.map((p) => [a.match(p)?.route.index ?? null, b.match(p)?.route.index ?? null])));',
    );
    const loaded = run(['load-compact.mjs']);
    expect(loaded.stderr).toBe('');
    expect(JSON.parse(loaded.stdout)).toEqual([[0, 0], [0, 0], [null, null], [1, 1], [null, null], [2, 2], [null, null], [null, null]]);
  });

  it('records its own command line in the module: a runtime that reads another module format names it', () => {
    writeFileSync(join(DIR, 'my routes.json'), '[{"template":"a"}]');
    const built = run([BIN, 'build', 'my routes.json', '-o', 'recorded.mjs', '--case-sensitive']);
    expect(built.stderr).toBe('');
    const source = readFileSync(join(DIR, 'recorded.mjs'), 'utf8');
    expect(source).toContain(`  buildCommand: "switchyard build 'my routes.json' -o recorded.mjs --case-sensitive",`);
    writeFileSync(join(DIR, 'recorded-old.mjs'), source.replace(/^ {2}format: \d+,$/m, '  format: 1,'));
    writeFileSync(join(DIR, 'load-old.mjs'), "import router from './recorded-old.mjs';\nconsole.log(router.strategy);");
    const loaded = run(['load-old.mjs']);
    expect(loaded.status).not.toBe(0);
    expect(loaded.stderr).toContain(
      `Error: this router module is in module format 1, its runtime (switchyard-router/aot) reads format ${MODULE_FORMAT}: build it again with this switchyard-router: npx switchyard build 'my routes.json' -o recorded.mjs --case-sensitive\n`,
    );
  });

  it.each([
    { args: ['build', 'missing.json', '-o', 'x.mjs'], error: 'switchyard build: cannot read missing.json: no such file' },
    { args: ['build', 'github.json'], error: 'missing -o <router.mjs>' },
    { args: ['build', 'github.json', '-o', 'router.txt'], error: '-o names the module to write: a .mjs or .js file, not "router.txt"' },
  ])('switchyard $args.0 $args.1 $args.2 $args.3 → exit 2: $error', ({ args, error }) => {
    writeFileSync(join(DIR, 'github.json'), '[{"template":"a"}]');
    const result = run([BIN, ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(error);
  });
});

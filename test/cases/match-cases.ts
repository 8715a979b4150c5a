// Matching cases: each rule of the spec's matching procedure, template table and template behaviours (and of
// issue 3) gets rows that would fail without it. Values are exact: URL values as decoded strings, plus defaults.
import type { CaseRoute, MatchCase } from './types.js';

const one = (template: string, more: Omit<CaseRoute, 'template'> = {}): CaseRoute[] => [{ template, ...more }];
const hit = (values: Record<string, unknown>, index = 0) => ({ index, values });
/** { [key]: value } as an own data property, even for "__proto__" (which an object literal would not make). */
const own = (key: string, value: unknown): Record<string, unknown> => Object.defineProperty({}, key, { value, writable: true, enumerable: true, configurable: true });

const MVC = one('{controller}/{action}/{id?}');
const FILES = one('files/{filename}.{ext?}');
const PACKAGE: CaseRoute[] = [{ template: 'package/{operation:regex(^track|create|detonate$)}/{id:int}' }, { template: '{*rest}' }];
const VERBS: CaseRoute[] = [
  { template: 'api/items', methods: ['GET'] },
  { template: 'api/items', methods: ['POST'] },
  { template: 'api/{x}' },
];

/**
 * 64 routes under "a" (more than one emitted function holds: it gets a function of its own) beside a route "b"
 * inlined in place, "a" as the first of the literal branches or as the last, then a route of parameters alone.
 */
const UNDER_A: CaseRoute[] = Array.from({ length: 64 }, (_, i) => ({ template: `a/x${i >> 3}/{y}/z${i & 7}` }));
const SPLIT_FIRST: CaseRoute[] = [...UNDER_A, { template: 'b' }, { template: '{p}/{q}/{r}/{s}' }];
const SPLIT_LAST: CaseRoute[] = [{ template: 'b' }, ...UNDER_A, { template: '{p}/{q}/{r}/{s}' }];
/** The same "a" among ten literals of ten first chars: a switch, each case's literals in a function of their own. */
const SPLIT_IN_SWITCH: CaseRoute[] = [...UNDER_A, ...[...'bcdefghij'].map((c) => ({ template: `${c}/x0` })), { template: '{p}/{q}/{r}/{s}' }];
/**
 * Ten subtrees "rN" of one shape behind a literal table (ten literals of one first char), each a split "a" and a
 * route of parameters after it: the shape's code (a built module's, or compile()'s once four subtrees reached it)
 * writes route indexes as `b + offset`, and its own split function's answer must keep that later route out.
 */
export const SPLIT_IN_SHAPE: CaseRoute[] = Array.from({ length: 10 }, (_, n) => [
  ...UNDER_A.map((route) => ({ template: `r${n}/${route.template}` })),
  { template: `r${n}/{p}/{q}/{r}/{s}` },
]).flat();
/** A route deeper than the emitted code goes (the interpreted walk answers below it), then a parameter beside it. */
const DEEP = Array.from({ length: 64 }, () => 'a').join('/');
const DEEP_THEN_PARAMETER: CaseRoute[] = [{ template: `${DEEP}/b/{y}` }, { template: `${DEEP}/{p}/{q}` }];

export const matchCases: MatchCase[] = [
  // Literal-only template: only that path.
  { routes: one('api/todo'), path: '/api/todo', expected: hit({}) },
  { routes: one('api/todo'), path: '/api', expected: null },
  { routes: one('api/todo'), path: '/api/todo/1', expected: null },
  { routes: one('api/todo'), path: '/api/tod', expected: null },
  { routes: one(''), path: '/', expected: hit({}), source: 'the empty template matches the root only' },
  { routes: one(''), path: '/a', expected: null },

  // Literals compare case-insensitively; values keep the request's case, keys the template's.
  { routes: one('Api/{Name}'), path: '/API/MyName', expected: hit({ Name: 'MyName' }) },
  { routes: one('api/todo'), path: '/Api/TODO', expected: hit({}) },
  { routes: one('a b/{x}'), path: '/A%20B/1', expected: hit({ x: '1' }), source: 'on the decoded path' },

  // Trailing slash does not prevent a match (spec rule 3).
  { routes: one('products/{id:int}'), path: '/products/5/', expected: hit({ id: '5' }) },
  { routes: one('api/todo'), path: '/api/todo/', expected: hit({}) },
  { routes: one('{Page=Home}'), path: '/about/', expected: hit({ Page: 'about' }) },

  // A required segment absent from the URL: no match (spec rule 4).
  { routes: one('{controller}/{action}/{id}'), path: '/Home/Index', expected: null },
  { routes: one('{a}/{b=x}/{c}'), path: '/1/2', expected: null, source: 'a default in the middle does not make c optional' },
  { routes: one('{a}/{b=x}/{c}'), path: '/1/2/3', expected: hit({ a: '1', b: '2', c: '3' }) },

  // {Page=Home}: the root and one segment (template behaviours).
  { routes: one('{Page=Home}'), path: '/', expected: hit({ Page: 'Home' }) },
  { routes: one('{Page=Home}'), path: '/about', expected: hit({ Page: 'about' }) },
  { routes: one('{Page=Home}'), path: '/a/b', expected: null },
  { routes: one('{controller=Home}/{action=Index}/{id?}'), path: '/', expected: hit({ controller: 'Home', action: 'Index' }) },
  { routes: one('{controller=Home}/{action=Index}/{id?}'), path: '/Products', expected: hit({ controller: 'Products', action: 'Index' }) },
  { routes: one('items/{id}', { defaults: { id: 5 } }), path: '/items', expected: hit({ id: 5 }), source: 'a default keeps its type' },
  { routes: one('items/{id}', { defaults: { id: 5 } }), path: '/items/5', expected: hit({ id: '5' }), source: 'URL values are strings' },

  // {controller}/{action}/{id?}: two or three segments; id only when present (matching rule 6).
  { routes: MVC, path: '/Home/Index', expected: hit({ controller: 'Home', action: 'Index' }) },
  { routes: MVC, path: '/Home/Index/5', expected: hit({ controller: 'Home', action: 'Index', id: '5' }) },
  { routes: MVC, path: '/Home/Index/', expected: hit({ controller: 'Home', action: 'Index' }) },
  { routes: MVC, path: '/Home', expected: null },
  { routes: MVC, path: '/a/b/c/d', expected: null },
  { routes: one('{id:int?}'), path: '/', expected: hit({}), source: 'the constraint of an absent optional passes' },
  { routes: one('{id:int?}'), path: '/x', expected: null },

  // A default whose name is no parameter is still produced (matching rule 7).
  { routes: one('about', { defaults: { controller: 'Home', action: 'About' } }), path: '/about', expected: hit({ controller: 'Home', action: 'About' }) },
  { routes: one('blog/{slug}', { defaults: { controller: 'Blog' } }), path: '/blog/hello', expected: hit({ slug: 'hello', controller: 'Blog' }) },

  // {*rest}: the remainder with its slashes; may be empty (no value unless a default).
  { routes: one('files/{*rest}'), path: '/files/a/b/c', expected: hit({ rest: 'a/b/c' }) },
  { routes: one('files/{*rest}'), path: '/files/a', expected: hit({ rest: 'a' }) },
  { routes: one('files/{*rest}'), path: '/files', expected: hit({}) },
  { routes: one('files/{*rest}'), path: '/files/', expected: hit({}) },
  { routes: one('files/{*rest}'), path: '/other/a', expected: null },
  { routes: one('files/{*rest=index}'), path: '/files', expected: hit({ rest: 'index' }) },
  { routes: one('files/{*rest=index}'), path: '/files/x/y', expected: hit({ rest: 'x/y' }) },
  { routes: one('a/{*rest}'), path: '/a/b/c/', expected: hit({ rest: 'b/c/' }), source: 'the trailing slash stays in the value' },
  { routes: one('{*all}'), path: '/', expected: hit({}) },
  { routes: one('{*all}'), path: '/x/y', expected: hit({ all: 'x/y' }) },
  { routes: one('a/{**rest}'), path: '/a/b/c', expected: hit({ rest: 'b/c' }), source: '{**rest} matches as {*rest}' },
  { routes: one('a/{**rest}'), path: '/a/b/c/', expected: hit({ rest: 'b/c/' }) },
  { routes: one('a/{**rest}'), path: '/a', expected: hit({}) },
  { routes: one('a/{*rest}'), path: '/a/b%20c/d%2Fe', expected: hit({ rest: 'b c/d/e' }), source: 'decoded' },

  // Percent-decoding per segment, after splitting.
  { routes: one('{x}'), path: '/a%2Fb', expected: hit({ x: 'a/b' }), source: '%2F stays inside its segment' },
  { routes: one('{x}'), path: '/a%2fb', expected: hit({ x: 'a/b' }) },
  { routes: one('a/b'), path: '/a%2Fb', expected: null, source: 'one segment, not two' },
  { routes: one('{x}/{y}'), path: '/a%2Fb', expected: null },
  { routes: one('a'), path: '/%41', expected: hit({}), source: '%41 is "A", compared case-insensitively' },
  { routes: one('{x}'), path: '/caf%C3%A9', expected: hit({ x: 'café' }), source: 'UTF-8' },
  { routes: one('{x}'), path: '/%F0%9F%98%80', expected: hit({ x: '😀' }) },
  { routes: one('{x}'), path: '/a+b', expected: hit({ x: 'a+b' }), source: '"+" is not a space in a path' },
  { routes: one('{x}'), path: '/100%25', expected: hit({ x: '100%' }) },
  { routes: one('{x}'), path: '/%2525', expected: hit({ x: '%25' }), source: 'decoded once' },
  { routes: one('{id:int}'), path: '/%35', expected: hit({ id: '5' }), source: 'constraints see the decoded value' },

  // Malformed escapes are kept as they are, and never throw.
  { routes: one('{x}'), path: '/%zz', expected: hit({ x: '%zz' }) },
  { routes: one('{x}'), path: '/%', expected: hit({ x: '%' }) },
  { routes: one('{x}'), path: '/100%', expected: hit({ x: '100%' }) },
  { routes: one('{x}'), path: '/%E0%A4', expected: hit({ x: '%E0%A4' }), source: 'truncated UTF-8 sequence' },
  { routes: one('{x}'), path: '/%C3', expected: hit({ x: '%C3' }) },
  { routes: one('{x}'), path: '/%FF', expected: hit({ x: '%FF' }), source: 'not UTF-8 at all' },
  { routes: one('a/{*rest}'), path: '/a/%zz/b', expected: hit({ rest: '%zz/b' }) },

  // Query and fragment are ignored.
  { routes: one('api/todo'), path: '/api/todo?x=1', expected: hit({}) },
  { routes: one('api/todo'), path: '/api/todo#top', expected: hit({}) },
  { routes: one('api/todo'), path: '/api/todo/?x=1#top', expected: hit({}) },
  { routes: one('{x}'), path: '/a?b/c', expected: hit({ x: 'a' }) },
  { routes: one('files/{*rest}'), path: '/files/a/b?c=/d', expected: hit({ rest: 'a/b' }) },
  { routes: one(''), path: '/?x=1', expected: hit({}) },

  // An empty segment matches nothing, a catch-all starting there included.
  { routes: one('a/b'), path: '/a//b', expected: null },
  { routes: one('{x}/{y}/{z}'), path: '/a//b', expected: null },
  { routes: one('{x}/{y?}/{z?}'), path: '/a//b', expected: null },
  { routes: one('a/{*x}'), path: '/a//b', expected: null, source: 'the catch-all would start at the empty segment' },
  { routes: one('a/{*x}'), path: '/a/b//c', expected: hit({ x: 'b//c' }), source: 'inside a catch-all value it is fine' },
  { routes: one('{*x}'), path: '/a//b', expected: hit({ x: 'a//b' }) },

  // Complex segments: literal search from the right (ASP.NET MatchComplexSegment).
  { routes: one('{a}-{b}.{c}'), path: '/x-y.z', expected: hit({ a: 'x', b: 'y', c: 'z' }) },
  { routes: one('{a}-{b}.{c}'), path: '/x-y-z.w', expected: hit({ a: 'x-y', b: 'z', c: 'w' }) },
  { routes: one('{a}-{b}.{c}'), path: '/x-y', expected: null },
  { routes: one('{a}-{b}.{c}'), path: '/-y.z', expected: null, source: 'a parameter captures at least one character' },
  { routes: one('x{a}y'), path: '/x123y', expected: hit({ a: '123' }) },
  { routes: one('x{a}y'), path: '/X1Y', expected: hit({ a: '1' }), source: 'literals are case-insensitive' },
  { routes: one('x{a}y'), path: '/xy', expected: null },
  { routes: one('x{a}y'), path: '/x1yz', expected: null, source: 'the last literal ends the segment' },
  { routes: one('x{a}y'), path: '/zx1y', expected: null, source: 'the first literal starts the segment' },
  { routes: one('{a}.{b}'), path: '/a.b.c', expected: hit({ a: 'a.b', b: 'c' }), source: 'rightmost literal first' },
  { routes: one('{a}.{b}'), path: '/abc', expected: null },
  { routes: one('{a}.{b}'), path: '/a%2Eb', expected: hit({ a: 'a', b: 'b' }), source: 'on the decoded segment' },
  { routes: one('page{n:int}'), path: '/page12', expected: hit({ n: '12' }) },
  { routes: one('page{n:int}'), path: '/pagex', expected: null },
  { routes: FILES, path: '/files/myFile.txt', expected: hit({ filename: 'myFile', ext: 'txt' }) },
  { routes: FILES, path: '/files/myFile.', expected: hit({ filename: 'myFile' }), source: 'spec template rule 2 (ASP.NET Core itself rejects this)' },
  { routes: FILES, path: '/files/myFile', expected: hit({ filename: 'myFile' }) },
  { routes: FILES, path: '/files/my.File.txt', expected: hit({ filename: 'my.File', ext: 'txt' }) },
  { routes: FILES, path: '/files/.txt', expected: hit({ filename: '.txt' }), source: 'no filename before the period: all of it is the filename' },
  { routes: one('{a}.{b:alpha}'), path: '/x.y1', expected: null, source: 'constraints apply to complex-segment values' },
  { routes: [{ template: '{a}.{b:alpha}' }, { template: '{c}' }], path: '/x.y1', expected: hit({ c: 'x.y1' }, 1) },

  // Constraints run after tokenizing; a failing one falls through to the next route (rules 8-9).
  { routes: [{ template: '{id:int}' }, { template: '{name}' }], path: '/5', expected: hit({ id: '5' }) },
  { routes: [{ template: '{id:int}' }, { template: '{name}' }], path: '/abc', expected: hit({ name: 'abc' }, 1) },
  { routes: [{ template: '{id}', constraints: { id: 'int' } }, { template: '{name}' }], path: '/abc', expected: hit({ name: 'abc' }, 1) },
  { routes: [{ template: 'a/{id:int}' }, { template: '{x}/{y}' }], path: '/a/b', expected: hit({ x: 'a', y: 'b' }, 1) },
  { routes: [{ template: '{id:int}' }], path: '/abc', expected: null },
  { routes: one('{*path:minlength(3)}'), path: '/a/', expected: null },
  { routes: one('{*path:minlength(3)}'), path: '/a/b', expected: hit({ path: 'a/b' }) },

  // Spec rule 6: package/{operation:regex(^track|create|detonate$)}/{id:int}.
  { routes: PACKAGE, path: '/package/track/-3', expected: hit({ operation: 'track', id: '-3' }) },
  { routes: PACKAGE, path: '/package/track/-3/', expected: hit({ operation: 'track', id: '-3' }) },
  { routes: PACKAGE, path: '/package/create/3', expected: hit({ operation: 'create', id: '3' }) },
  { routes: PACKAGE, path: '/package/DETONATE/3', expected: hit({ operation: 'DETONATE', id: '3' }) },
  { routes: PACKAGE, path: '/package/trackit/3', expected: hit({ operation: 'trackit', id: '3' }), source: '^track only anchors the first alternative' },
  { routes: PACKAGE, path: '/package/destroy/3', expected: hit({ rest: 'package/destroy/3' }, 1) },
  { routes: PACKAGE, path: '/package/track/x', expected: hit({ rest: 'package/track/x' }, 1) },
  { routes: PACKAGE, path: '/package/track', expected: hit({ rest: 'package/track' }, 1) },
  { routes: PACKAGE.slice(0, 1), path: '/package/destroy/3', expected: null },

  // Verb-limited routes: other methods fall through (spec rule 7); methods compare case-insensitively.
  { routes: VERBS, path: '/api/items', method: 'GET', expected: hit({}) },
  { routes: VERBS, path: '/api/items', method: 'POST', expected: hit({}, 1) },
  { routes: VERBS, path: '/api/items', method: 'DELETE', expected: hit({ x: 'items' }, 2) },
  { routes: VERBS, path: '/api/items', method: 'post', expected: hit({}, 1) },
  { routes: VERBS, path: '/api/items', method: 'HEAD', expected: hit({ x: 'items' }, 2), source: 'no implicit HEAD for GET' },
  { routes: one('api/items', { methods: ['get'] }), path: '/api/items', method: 'GET', expected: hit({}) },
  { routes: one('api/items', { methods: ['GET', 'PUT'] }), path: '/api/items', method: 'PUT', expected: hit({}) },
  { routes: one('api/items', { methods: ['GET'] }), path: '/api/items', method: 'POST', expected: null },
  { routes: one('api/items'), path: '/api/items', method: 'PATCH', expected: hit({}), source: 'no verb limit' },

  // First match in collection order, never reordered by specificity.
  { routes: [{ template: '{controller}/{action}' }, { template: 'home/index' }], path: '/home/index', expected: hit({ controller: 'home', action: 'index' }) },
  { routes: [{ template: '{*all}' }, { template: 'a' }], path: '/a', expected: hit({ all: 'a' }) },
  { routes: [{ template: 'a/{*r}' }, { template: 'a/b' }], path: '/a/b', expected: hit({ r: 'b' }) },
  { routes: [{ template: '{x}/b' }, { template: 'a/{y}' }], path: '/a/b', expected: hit({ x: 'a' }) },
  { routes: [{ template: 'a/{y}' }, { template: '{x}/b' }], path: '/a/b', expected: hit({ y: 'b' }) },
  { routes: [{ template: '{a}/{b?}' }, { template: 'x' }], path: '/x', expected: hit({ a: 'x' }) },
  { routes: [{ template: 'a/{x}/c' }, { template: '{y}/b/{z}' }, { template: 'a/b/{w}' }], path: '/a/b/c', expected: hit({ x: 'b' }) },
  { routes: [{ template: 'a/{x}/c' }, { template: '{y}/b/{z}' }, { template: 'a/b/{w}' }], path: '/a/b/d', expected: hit({ y: 'a', z: 'd' }, 1) },
  { routes: [{ template: 'a/{x}/c' }, { template: '{y}/b/{z}' }, { template: 'a/b/{w}' }], path: '/a/x/d', expected: null },
  {
    routes: [{ template: 'a/{y:int}' }, { template: '{x}/b' }, { template: 'a/b' }],
    path: '/a/b',
    expected: hit({ x: 'a' }, 1),
    source: 'the constraint fails on the literal branch; the earlier parameter branch wins over the later literal',
  },
  { routes: [{ template: 'x/{a}.{b}' }, { template: 'x/{c}-{d}' }, { template: 'x/{e}' }], path: '/x/1-2', expected: hit({ c: '1', d: '2' }, 1) },
  { routes: [{ template: 'x/{c}-{d}' }, { template: 'x/{a}-{b}' }], path: '/x/1-2', expected: hit({ c: '1', d: '2' }) },
  // The same across a subtree too large for one emitted function: its function's answer (route 0) keeps the
  // later parameter routes out whether it came from the first literal branch or the last.
  { routes: SPLIT_FIRST, path: '/a/x0/v/z0', expected: hit({ y: 'v' }) },
  { routes: SPLIT_FIRST, path: '/a/x7/v/z7', expected: hit({ y: 'v' }, 63) },
  { routes: SPLIT_FIRST, path: '/b', expected: hit({}, 64) },
  { routes: SPLIT_FIRST, path: '/a/x0/v/w', expected: hit({ p: 'a', q: 'x0', r: 'v', s: 'w' }, 65) },
  { routes: SPLIT_LAST, path: '/a/x0/v/z0', expected: hit({ y: 'v' }, 1) },
  // ... as a case of a switch on the first char, as a split inside a subtree shape (indexes relative to the
  // shape's first route), and from the interpreted walk below the depth the code goes to.
  { routes: SPLIT_IN_SWITCH, path: '/a/x7/v/z7', expected: hit({ y: 'v' }, 63) },
  { routes: SPLIT_IN_SWITCH, path: '/a/x7/v/w', expected: hit({ p: 'a', q: 'x7', r: 'v', s: 'w' }, 73) },
  { routes: SPLIT_IN_SHAPE, path: '/r0/a/x0/v/z0', expected: hit({ y: 'v' }) },
  { routes: SPLIT_IN_SHAPE, path: '/r7/a/x7/v/z7', expected: hit({ y: 'v' }, 7 * 65 + 63) },
  { routes: SPLIT_IN_SHAPE, path: '/r7/a/x7/v/w', expected: hit({ p: 'a', q: 'x7', r: 'v', s: 'w' }, 7 * 65 + 64) },
  { routes: DEEP_THEN_PARAMETER, path: `/${DEEP}/b/v`, expected: hit({ y: 'v' }) },
  { routes: DEEP_THEN_PARAMETER, path: `/${DEEP}/c/v`, expected: hit({ p: 'c', q: 'v' }, 1) },

  { routes: [{ template: 'Api/x' }, { template: 'api/y' }], path: '/API/y', expected: hit({}, 1), source: 'literals differing only in case share a branch' },
  { routes: [{ template: 'a/{b?}' }, { template: 'a' }], path: '/a', expected: hit({}) },
  { routes: [{ template: '{a}/{b=x}' }, { template: '{c}' }], path: '/1', expected: hit({ a: '1', b: 'x' }) },
  { routes: [{ template: 'a/b/c' }, { template: '{*x}' }], path: '/a/b', expected: hit({ x: 'a/b' }, 1) },
  { routes: one('{a}ab{b}'), path: '/xabab', expected: hit({ a: 'x', b: 'ab' }), source: 'LastIndexOf leaves one character for b' },
  { routes: one('prefix-{a}'), path: '/PREFIX-x', expected: hit({ a: 'x' }) },
  { routes: one('a/{*rest}'), path: '/a/b/', expected: hit({ rest: 'b/' }) },

  // Constraints also check default values (matching rule 8: they run over the tokenized values plus defaults).
  { routes: one('{id:int=abc}'), path: '/', expected: null },
  { routes: one('{id:int=abc}'), path: '/5', expected: hit({ id: '5' }) },
  { routes: one('about', { defaults: { section: 'x' }, constraints: { section: 'y' } }), path: '/about', expected: null },
  { routes: one('about', { defaults: { section: 'x' }, constraints: { section: 'x|y' } }), path: '/about', expected: hit({ section: 'x' }) },
  { routes: one('{x}'), path: '/a%3Fb', expected: hit({ x: 'a?b' }), source: 'an encoded "?" is no query' },
  { routes: one('{x}'), path: '/a%23b', expected: hit({ x: 'a#b' }) },
  { routes: one('{x}'), path: '/%C0%AF', expected: hit({ x: '%C0%AF' }), source: 'overlong UTF-8 is malformed' },

  // Non-ASCII literals, case-insensitive.
  { routes: one('café/{x}'), path: '/caf%C3%A9/1', expected: hit({ x: '1' }) },
  { routes: one('café/{x}'), path: '/CAF%C3%89/1', expected: hit({ x: '1' }) },
  { routes: one('café/{x}'), path: '/café/1', expected: hit({ x: '1' }), source: 'not percent-encoded by the client' },
  { routes: one('café/{x}'), path: '/cafe/1', expected: null },
  { routes: one('straße'), path: '/STRASSE', expected: null, source: 'simple case mapping only, as OrdinalIgnoreCase' },
  { routes: one('über/{x}'), path: '/%C3%9CBER/2', expected: hit({ x: '2' }) },
  { routes: one('αβγ/{x}'), path: '/%CE%91%CE%92%CE%93/1', expected: hit({ x: '1' }), source: 'Greek, upper case' },
  {
    routes: one('οδοσ'),
    path: '/ΟΔΟΣ',
    expected: hit({}),
    source: 'folding is context-free: the final Σ that toLowerCase writes as ς is read as σ',
  },
  { routes: one('{a}Σ'), path: '/xΣ', expected: hit({ a: 'x' }), source: 'a complex literal and its own text fold alike' },
  { routes: one('οδοσ/{x}'), path: '/%CE%9F%CE%94%CE%9F%CE%A3/%C4%B0', expected: hit({ x: 'İ' }), source: 'İ elsewhere in the path changes nothing' },

  // Route value names are plain names, those of Object.prototype members included.
  { routes: one('{constructor=x}'), path: '/', expected: hit({ constructor: 'x' }) },
  { routes: one('about', { defaults: { constructor: 'Home' } }), path: '/about', expected: hit({ constructor: 'Home' }) },
  { routes: one('{toString:int?}'), path: '/', expected: hit({}), source: 'the optional value is absent, so its constraint passes' },
  { routes: one('{valueOf}'), path: '/5', expected: hit({ valueOf: '5' }) },
  // "__proto__" too: an own data property of the values (`values[key] = x` would set the prototype instead).
  { routes: one('{__proto__}/x'), path: '/a/x', expected: hit(own('__proto__', 'a')) },
  { routes: one('x/{__proto__}.{ext?}'), path: '/x/a.b', expected: hit({ ...own('__proto__', 'a'), ext: 'b' }), source: 'complex segment' },
  { routes: one('x/{*__proto__}'), path: '/x/a/b', expected: hit(own('__proto__', 'a/b')), source: 'catch-all' },
  { routes: one('x/{__proto__=d}'), path: '/x', expected: hit(own('__proto__', 'd')), source: 'inline default' },
  { routes: one('x', { defaults: own('__proto__', 'd') }), path: '/x', expected: hit(own('__proto__', 'd')), source: 'defaults object' },
  { routes: one('__proto__/{x}'), path: '/__PROTO__/1', expected: hit({ x: '1' }), source: 'as a literal' },

  // Escapes: a "%" without two hex digits is an ordinary character, and the text after it is decoded as usual.
  { routes: one('{x}'), path: '/%%41', expected: hit({ x: '%A' }) },
  { routes: one('{x}'), path: '/%4%41', expected: hit({ x: '%4A' }) },
  { routes: one('{x}'), path: '/%C3%28', expected: hit({ x: '%C3(' }), source: 'a lead byte without its continuation is kept; the next escape is decoded' },
  { routes: one('{x}'), path: '/%ED%A0%80', expected: hit({ x: '%ED%A0%80' }), source: 'a UTF-16 surrogate is no code point' },
  { routes: one('{x}'), path: '/%F4%90%80%80', expected: hit({ x: '%F4%90%80%80' }), source: 'past U+10FFFF' },
  { routes: one('{x}'), path: '/%A9', expected: hit({ x: '%A9' }), source: 'a lone continuation byte' },
];

/** allowedMethods(path): the methods of the routes that accept the path (the verb aside), sorted; "*" for no limit. */
export interface AllowedMethodsCase {
  routes: CaseRoute[];
  path: string;
  expected: string[];
}

const ITEMS: CaseRoute[] = [
  { template: 'items/{id}', methods: ['GET'] },
  { template: 'items/{id}', methods: ['DELETE'] },
  { template: 'other' },
];

export const allowedMethodsCases: AllowedMethodsCase[] = [
  { routes: ITEMS, path: '/items/5', expected: ['DELETE', 'GET'] },
  { routes: ITEMS, path: '/unknown', expected: [] },
  { routes: ITEMS, path: '/items', expected: [] },
  { routes: ITEMS, path: '/other', expected: ['*'] },
  { routes: [{ template: 'items/{id:int}', methods: ['GET'] }, { template: 'items/{id}', methods: ['POST'] }], path: '/items/abc', expected: ['POST'] },
  { routes: [{ template: 'items/{id:int}', methods: ['GET'] }, { template: 'items/{id}', methods: ['POST'] }], path: '/items/5', expected: ['GET', 'POST'] },
  { routes: [{ template: 'a', methods: ['get', 'put'] }, { template: 'a', methods: ['GET'] }], path: '/a', expected: ['GET', 'PUT'] },
  { routes: [{ template: 'a', methods: ['GET'] }, { template: '{x}' }], path: '/a', expected: ['*', 'GET'] },
];

// Generation cases: spec generation rules 1-10 and issue 4, each with rows that would fail without it.
// Paths are encoded as ASP.NET Core's UrlEncoder.Default does: everything but ALPHA DIGIT - . _ ~ ! $ ( ) * , ; @.
import type { CaseRoute, GenerateCase } from './types.js';

const one = (template: string, more: Omit<CaseRoute, 'template'> = {}): CaseRoute[] => [{ template, ...more }];

const MVC = one('{controller}/{action}/{id?}');
const DEFAULTS = one('{controller=Home}/{action=Index}/{id?}');
const BLOG = one('blog/{slug}', { defaults: { controller: 'Blog', action: 'Show' } });
const NAMED: CaseRoute[] = [
  { name: 'first', template: 'x/{id}' },
  { name: 'second', template: 'y/{id}' },
  { name: 'plain', template: 'z' },
];
const ADMIN: CaseRoute[] = [{ template: 'admin/{controller}', constraints: { area: 'required' } }, { template: '{controller}' }];

/**
 * A value starting with "/" where the path begins: a generated path never starts with "//" (a browser reads
 * "//evil.com" as another host). ASP.NET writes the first value's leading "/" as the path's own slash; here a
 * {x} value encodes every "/" (so "/a" comes back as "/a"), and a {**x} value keeps its leading "/" as the path's
 * own but encodes a second one. docs/generation.md says where this differs from ASP.NET.
 */
export const leadingSlashCases: GenerateCase[] = [
  { routes: one('{**path}'), values: { path: '//evil.com' }, expected: '/%2Fevil.com', source: 'ASP.NET: //evil.com' },
  { routes: one('{**path}'), values: { path: '///x' }, expected: '/%2F/x', source: 'ASP.NET: ///x' },
  { routes: one('{**path}'), values: { path: '//' }, expected: '/%2F', source: 'ASP.NET: //' },
  { routes: one('{**path}'), values: { path: '/a/b' }, expected: '/a/b', source: 'one leading "/" is the path\'s own, as in ASP.NET' },
  { routes: one('{*path}'), values: { path: '//evil.com' }, expected: '/%2F%2Fevil.com', source: 'ASP.NET: /%2Fevil.com' },
  { routes: one('{x}'), values: { x: '//evil.com' }, expected: '/%2F%2Fevil.com', source: 'ASP.NET: /%2Fevil.com' },
  { routes: one('{x}'), values: { x: '/a' }, expected: '/%2Fa', source: 'ASP.NET: /a, which matches back as "a"' },
  { routes: one('{x}/y'), values: { x: '/a' }, expected: '/%2Fa/y', source: 'ASP.NET: /a/y, which matches back as "a"' },
  { routes: one('{x?}'), values: { x: '//e' }, expected: '/%2F%2Fe', source: 'ASP.NET: /%2Fe' },
  { routes: one('{controller}/{action}'), values: {}, ambient: { controller: '/home', action: '/my/index' }, expected: '/%2Fhome/%2Fmy%2Findex', source: 'ambient values; ASP.NET: /home/%2Fmy%2Findex' },
  { routes: one('{x}.{ext}'), values: { x: '//e', ext: 'com' }, expected: '/%2F%2Fe.com', source: 'a complex segment: ASP.NET /%2Fe.com' },
  { routes: [{ name: 'files', template: '{**path}' }], values: { path: '//evil.com' }, routeName: 'files', expected: '/%2Fevil.com', expectedIndex: 0, source: 'by name' },
  { routes: one('{**path}'), values: { path: '//evil.com' }, options: { lowercaseUrls: true, appendTrailingSlash: true }, expected: '/%2fevil.com/', source: 'with the URL options' },
];

export const generateCases: GenerateCase[] = [
  // Rule 2: values are substituted for the parameters.
  { routes: MVC, values: { controller: 'Home', action: 'Index', id: '5' }, expected: '/Home/Index/5' },
  { routes: one('api/{controller}/{id}'), values: { controller: 'Todo', id: 7 }, expected: '/api/Todo/7', source: 'a number' },
  { routes: one('flags/{on}'), values: { on: true }, expected: '/flags/true', source: 'a boolean' },
  { routes: MVC, values: { CONTROLLER: 'Home', Action: 'About' }, expected: '/Home/About', source: 'names compare ignoring case' },
  { routes: MVC, values: { action: 'About' }, expected: null, source: 'a required parameter without a value' },
  { routes: one('api/todo'), values: {}, expected: '/api/todo' },
  { routes: one(''), values: {}, expected: '/' },

  // Rule 3: optional parameters with no value are omitted.
  { routes: MVC, values: { controller: 'Home', action: 'Index' }, expected: '/Home/Index' },
  { routes: one('items/{id?}'), values: {}, expected: '/items' },
  { routes: one('items/{id?}'), values: { id: '' }, expected: '/items', source: 'an empty value is no value' },
  { routes: one('items/{id?}'), values: { id: null }, expected: '/items' },
  { routes: one('items/{id}.{format?}'), values: { id: 5 }, expected: '/items/5', source: 'no dangling period' },
  { routes: one('items/{id}.{format?}'), values: { id: 5, format: 'json' }, expected: '/items/5.json' },
  { routes: one('files/{*path}'), values: {}, expected: '/files', source: 'a catch-all without a value' },

  { routes: one('items/{id?}'), values: { id: 0 }, expected: '/items/0', source: '0 is a value' },
  { routes: one('flags/{on}'), values: { on: false }, expected: '/flags/false', source: 'false is a value' },
  { routes: one('at/{d}'), values: { d: new Date('2020-01-02T03:04:05.000Z') }, expected: '/at/2020-01-02T03%3A04%3A05.000Z' },
  { routes: one('items/{id}.{format?}'), values: { id: 5, format: '' }, expected: '/items/5' },
  { routes: one('a/{b?}/{c?}'), values: { c: '1' }, expected: null, source: 'nothing may follow an empty segment ("/a//1")' },
  { routes: one('{a}-{b}'), values: { a: '1', b: '2' }, expected: '/1-2' },
  { routes: one('{a}-{b}'), values: { a: '1' }, expected: null },
  { routes: one('files/{*path=index}'), values: {}, expected: '/files' },
  { routes: one('files/{*path=index}'), values: { path: 'index' }, expected: '/files' },
  { routes: one('files/{*path=index}'), values: { path: 'a' }, expected: '/files/a' },

  // Rule 4: trailing segments equal to their defaults are omitted; all defaults give "/".
  { routes: DEFAULTS, values: { controller: 'Home', action: 'Index' }, expected: '/' },
  { routes: DEFAULTS, values: { controller: 'home', action: 'INDEX' }, expected: '/', source: 'compared ignoring case' },
  { routes: DEFAULTS, values: {}, expected: '/' },
  { routes: DEFAULTS, values: { controller: 'Products' }, expected: '/Products' },
  { routes: DEFAULTS, values: { controller: 'Products', action: 'Index' }, expected: '/Products' },
  { routes: DEFAULTS, values: { controller: 'Home', action: 'About' }, expected: '/Home/About', source: 'a default in the middle is kept when something follows' },
  { routes: DEFAULTS, values: { controller: 'Home', action: 'Index', id: 3 }, expected: '/Home/Index/3' },
  { routes: one('{a=x}/{b}'), values: { b: 'y' }, expected: '/x/y' },
  { routes: one('{a=x}/{b=y}'), values: { a: 'x', b: 'z' }, expected: '/x/z' },
  { routes: one('items/{id}', { defaults: { id: 5 } }), values: { id: '5' }, expected: '/items', source: '"5" equals the default 5' },

  // Rules 5-6 and 10: ambient values reused, dropped when matching no parameter, overridden, invalidated left to right.
  { routes: MVC, ambient: { controller: 'Home', action: 'Index' }, values: { action: 'About' }, expected: '/Home/About' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index' }, values: { controller: 'Products', action: 'List' }, expected: '/Products/List' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', page: '2' }, values: { action: 'About' }, expected: '/Home/About', source: 'ambient page has no parameter: dropped' },
  { routes: MVC, values: { controller: 'Home', action: 'Index', page: '2' }, expected: '/Home/Index?page=2', source: 'explicit page: query string' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', id: '5' }, values: { action: 'About' }, expected: '/Home/About', source: 'action changed: ambient id no longer used' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', id: '5' }, values: { action: 'Index' }, expected: '/Home/Index/5', source: 'same action: ambient id still used' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', id: '5' }, values: { action: 'index' }, expected: '/Home/index/5', source: 'equal ignoring case' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', id: '5' }, values: {}, expected: '/Home/Index/5' },
  { routes: MVC, ambient: { Controller: 'Home' }, values: { action: 'About' }, expected: '/Home/About', source: 'ambient names compare ignoring case' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index' }, values: { controller: '', action: 'X' }, expected: null, source: 'an explicit empty value clears the ambient one' },
  { routes: one('{a}/{b}/{c?}'), ambient: { a: '1', b: '2', c: '3' }, values: { b: '9' }, expected: '/1/9' },
  { routes: one('{a}/{b}/{c?}'), ambient: { a: '1', b: '2', c: '3' }, values: { c: '9' }, expected: '/1/2/9' },
  { routes: one('{a}/{b}/{c?}'), ambient: { a: '1', b: '2', c: '3' }, values: { a: '7' }, expected: null, source: 'a changed: ambient b is gone, and b is required' },
  { routes: one('a/{b?}/{c?}'), ambient: { c: '17' }, values: {}, expected: '/a', source: 'ASP.NET TemplateBinder comment' },
  { routes: DEFAULTS, ambient: { controller: 'Products', action: 'List', id: '5' }, values: { controller: 'Home' }, expected: '/' },
  { routes: DEFAULTS, ambient: { controller: 'Products', action: 'List' }, values: {}, expected: '/Products/List' },

  { routes: DEFAULTS, ambient: { controller: 'Products', action: 'List' }, values: { action: 'Index' }, expected: '/Products' },
  { routes: DEFAULTS, ambient: { controller: 'Home', action: 'About' }, values: { id: '3' }, expected: '/Home/About/3' },
  { routes: MVC, ambient: { id: '5' }, values: { controller: 'Home', action: 'Index' }, expected: '/Home/Index/5', source: 'no ambient value differs: ambient id is used' },
  { routes: MVC, ambient: { controller: 'Home', action: 'Index', id: '5' }, values: { id: '' }, expected: '/Home/Index', source: 'an explicit empty value removes the ambient one' },
  { routes: MVC, ambient: { controller: 'home' }, values: { controller: 'Home', action: 'A' }, expected: '/Home/A' },

  // Rule 7: explicit values that match no parameter become the query string, in the order given.
  { routes: MVC, values: { controller: 'Home', action: 'Index', b: '2', a: '1' }, expected: '/Home/Index?b=2&a=1' },
  { routes: MVC, values: { b: '2', controller: 'Home', action: 'Index', a: '1' }, expected: '/Home/Index?b=2&a=1' },
  { routes: one('q'), values: { x: null, y: undefined, z: '', w: '1' }, expected: '/q?w=1', source: 'null, undefined and "" left out' },
  { routes: one('q'), values: { tag: ['a', 'b'] }, expected: '/q?tag=a&tag=b', source: 'arrays repeat the key' },
  { routes: one('q'), values: { tag: ['a', null, '', 'b'], n: 1 }, expected: '/q?tag=a&tag=b&n=1' },
  { routes: one('q'), values: { tag: [] }, expected: '/q' },
  { routes: one('q'), values: { n: 5, f: 1.5, t: true, no: false }, expected: '/q?n=5&f=1.5&t=true&no=false' },
  { routes: one('q'), values: { d: new Date('2020-01-02T03:04:05.000Z') }, expected: '/q?d=2020-01-02T03%3A04%3A05.000Z', source: 'Date as ISO 8601' },
  { routes: one(''), values: { a: '1' }, expected: '/?a=1' },
  { routes: one('q'), values: { 'a b': 'c&d=e' }, expected: '/q?a%20b=c%26d%3De', source: 'keys and values encoded' },

  // Rule 8: a default with no parameter is a filter: an explicit value must equal it (ignoring case).
  { routes: BLOG, values: { controller: 'Blog', action: 'Show', slug: 'hi' }, expected: '/blog/hi', source: 'filters are not in the query' },
  { routes: BLOG, values: { controller: 'blog', action: 'SHOW', slug: 'hi' }, expected: '/blog/hi' },
  { routes: BLOG, values: { slug: 'hi' }, expected: '/blog/hi', source: 'no explicit value: nothing to check' },
  { routes: BLOG, ambient: { controller: 'Home' }, values: { slug: 'hi' }, expected: '/blog/hi', source: 'only explicit values are checked' },
  { routes: BLOG, values: { controller: 'Home', action: 'Show', slug: 'hi' }, expected: null },
  { routes: BLOG, values: { controller: 'Blog', action: 'List', slug: 'hi' }, expected: null },
  {
    routes: [...BLOG, { template: '{controller}/{action}/{slug}' }],
    values: { controller: 'Home', action: 'Show', slug: 'hi' },
    expected: '/Home/Show/hi',
    expectedIndex: 1,
  },

  // Rule 1: routes in order until one generates; a route name selects that route only.
  { routes: [{ template: 'products/{id}' }, { template: '{controller}/{action}' }], values: { controller: 'Home', action: 'Index' }, expected: '/Home/Index', expectedIndex: 1 },
  { routes: [{ template: '{controller}/{action}' }, { template: 'special/{action}' }], values: { controller: 'Home', action: 'X' }, expected: '/Home/X', expectedIndex: 0 },
  { routes: [{ template: 'a/{x}' }, { template: 'b/{x}' }], values: { x: '1' }, expected: '/a/1', expectedIndex: 0, source: 'first one wins' },
  { routes: NAMED, values: { id: 1 }, expected: '/x/1', expectedIndex: 0 },
  { routes: NAMED, values: { id: 1 }, routeName: 'second', expected: '/y/1', expectedIndex: 1 },
  { routes: NAMED, values: { id: 1 }, routeName: 'SECOND', expected: '/y/1', expectedIndex: 1, source: 'route names ignore case' },
  { routes: NAMED, values: { id: 1 }, routeName: 'nope', expected: null, source: 'unknown name' },
  { routes: NAMED, values: {}, routeName: 'second', expected: null, source: 'the named route cannot: no fallback to others' },
  { routes: NAMED, values: { id: 1 }, routeName: 'plain', expected: '/z?id=1', expectedIndex: 2 },
  { routes: NAMED, values: {}, routeName: null, expected: '/z', expectedIndex: 2 },

  // Constraints in the generation direction: a failure tries the next route.
  { routes: [{ template: 'items/{id:int}' }, { template: 'items/by-name/{id}' }], values: { id: 'abc' }, expected: '/items/by-name/abc', expectedIndex: 1 },
  { routes: [{ template: 'items/{id:int}' }, { template: 'items/by-name/{id}' }], values: { id: 5 }, expected: '/items/5', expectedIndex: 0 },
  { routes: [{ template: 'items/{id}', constraints: { id: '\\d+' } }, { template: 'other/{id}' }], values: { id: '12a' }, expected: '/other/12a', expectedIndex: 1 },
  { routes: [{ template: 'items/{id:int}' }], ambient: { id: 'x' }, values: {}, expected: null, source: 'ambient values are checked too' },

  // `required` on a non-parameter key: generation needs that value (explicit or ambient).
  { routes: ADMIN, values: { controller: 'Users' }, expected: '/Users', expectedIndex: 1 },
  { routes: ADMIN, values: { controller: 'Users', area: 'Admin' }, expected: '/admin/Users?area=Admin', expectedIndex: 0 },
  { routes: ADMIN, ambient: { area: 'Admin' }, values: { controller: 'Users' }, expected: '/admin/Users', expectedIndex: 0 },
  { routes: ADMIN, values: { controller: 'Users', area: '' }, expected: '/Users', expectedIndex: 1 },

  // Verb constraints do not block generation, unless the values name a method.
  { routes: one('items/{id}', { methods: ['POST'] }), values: { id: 1 }, expected: '/items/1' },
  { routes: [{ template: 'a/{id}', methods: ['POST'] }, { template: 'b/{id}', methods: ['GET'] }], values: { id: 1 }, expected: '/a/1', expectedIndex: 0 },
  {
    routes: [{ template: 'a/{id}', methods: ['POST'] }, { template: 'b/{id}', methods: ['GET'] }],
    values: { id: 1, httpMethod: 'get' },
    expected: '/b/1?httpMethod=get',
    expectedIndex: 1,
    source: 'httpMethod is not a parameter, so it also goes to the query (ASP.NET)',
  },

  // Route value names are plain names, those of Object.prototype members included.
  { routes: one('x/{toString:int?}'), values: {}, expected: '/x', source: 'no value: the optional constraint passes' },
  { routes: one('x/{toString:int?}'), values: { toString: 5 }, expected: '/x/5' },
  { routes: one('{controller}/{action}'), values: { controller: 'a', action: 'b', constructor: 'x' }, expected: '/a/b?constructor=x' },

  // Encoding: ASP.NET's UrlEncoder.Default.
  { routes: one('{x}'), values: { x: 'a b' }, expected: '/a%20b' },
  { routes: one('{x}'), values: { x: 'a/b' }, expected: '/a%2Fb' },
  { routes: one('f/{*x}'), values: { x: 'a/b c' }, expected: '/f/a%2Fb%20c', source: '{*x} encodes "/"' },
  { routes: one('f/{**x}'), values: { x: 'a/b c' }, expected: '/f/a/b%20c', source: '{**x} keeps "/"' },
  { routes: one('{x}'), values: { x: 'é' }, expected: '/%C3%A9' },
  { routes: one('{x}'), values: { x: '😀' }, expected: '/%F0%9F%98%80' },
  { routes: one('{x}'), values: { x: "-._~!$()*,;@" }, expected: "/-._~!$()*,;@", source: 'safe characters' },
  { routes: one('{x}'), values: { x: "'" }, expected: '/%27' },
  { routes: one('{x}'), values: { x: '+' }, expected: '/%2B' },
  { routes: one('{x}'), values: { x: '=' }, expected: '/%3D' },
  { routes: one('{x}'), values: { x: '&' }, expected: '/%26' },
  { routes: one('{x}'), values: { x: ':' }, expected: '/%3A' },
  { routes: one('{x}'), values: { x: '?' }, expected: '/%3F' },
  { routes: one('{x}'), values: { x: '#' }, expected: '/%23' },
  { routes: one('{x}'), values: { x: '%' }, expected: '/%25' },
  { routes: one('{x}'), values: { x: '"<>\\^`{|}' }, expected: '/%22%3C%3E%5C%5E%60%7B%7C%7D' },
  { routes: one('q'), values: { v: "a b/é'+" }, expected: '/q?v=a%20b%2F%C3%A9%27%2B', source: 'the same encoder for the query' },
  { routes: one('café/{x}'), values: { x: '1' }, expected: '/caf%C3%A9/1', source: 'literals are encoded too' },
  ...leadingSlashCases,

  // Options: lowercaseUrls (path only), lowercaseQueryStrings (only with lowercaseUrls), appendTrailingSlash.
  { routes: MVC, values: { controller: 'Home', action: 'Index', Q: 'X' }, options: { lowercaseUrls: true }, expected: '/home/index?Q=X' },
  {
    routes: MVC,
    values: { controller: 'Home', action: 'Index', Q: 'X' },
    options: { lowercaseUrls: true, lowercaseQueryStrings: true },
    expected: '/home/index?q=x',
  },
  { routes: MVC, values: { controller: 'Home', action: 'Index', Q: 'X' }, options: { lowercaseQueryStrings: true }, expected: '/Home/Index?Q=X' },
  { routes: one('{x}'), values: { x: 'É' }, options: { lowercaseUrls: true }, expected: '/%c3%89', source: 'the encoded path is lower-cased' },
  { routes: MVC, values: { controller: 'Home', action: 'Index', q: '1' }, options: { appendTrailingSlash: true }, expected: '/Home/Index/?q=1' },
  { routes: MVC, values: { controller: 'Home', action: 'Index' }, options: { appendTrailingSlash: true }, expected: '/Home/Index/' },
  { routes: DEFAULTS, values: {}, options: { appendTrailingSlash: true }, expected: '/' },
  { routes: DEFAULTS, values: { q: '1' }, options: { appendTrailingSlash: true }, expected: '/?q=1' },
  {
    routes: MVC,
    values: { controller: 'Home', action: 'Index', Q: 'X' },
    options: { lowercaseUrls: true, lowercaseQueryStrings: true, appendTrailingSlash: true },
    expected: '/home/index/?q=x',
  },
];

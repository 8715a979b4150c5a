// Type tests (checked by `tsc -p tsconfig.json`, part of `npm test`): the values a template gives after a
// match and the values generation needs, as a table; then the typed router; negative cases last.
import { expectTypeOf } from 'vitest';
import { compile, isRoute, type GenerationValues, type RouteValueInput, type RouteValues, type TemplateValues } from '../../src/index.js';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// [template, defaults, values after a match]
type MatchTable = [
  ['shop/{category}/{id:int}', {}, { category: string; id: string }],
  ['products/{id?}', {}, { id?: string }],
  ['{controller=Home}/{action=Index}/{id?}', {}, { controller: string; action: string; id?: string }],
  ['files/{*path}', {}, { path?: string }],
  ['files/{**path}', {}, { path?: string }],
  ['files/{*path=index.html}', {}, { path: string }],
  ['files/{filename}.{ext?}', {}, { filename: string; ext?: string }],
  ['{a}-{b}-{c?}', {}, { a: string; b: string; c?: string }],
  ['{{literal}}/{id}', {}, { id: string }],
  ['a/{x:regex(^\\d{{3}}$)}', {}, { x: string }],
  ['a/{x:regex(^(a|b)$)}/{y:regex(a=b)}', {}, { x: string; y: string }],
  ['a/{x:regex(^b$)=b}', {}, { x: string }],
  ['a/{x:min(1):int=3}/{y:alpha?}', {}, { x: string; y?: string }],
  ['u/{ID}', {}, { ID: string }],
  ['blog/{page}', { page: 1 }, { page: string | 1 }],
  ['blog/{page}', { PAGE: 1 }, { page: string | 1 }],
  ['blog/{page?}', { area: 'admin' }, { page?: string; area: 'admin' }],
  ['blog/{page}', { ignored: null }, { page: string }],
  ['static/path', {}, {}],
];
// Each row gives true, or its template when the inferred values differ (so an error names the row).
type MatchRows<Table> = {
  [K in keyof Table]: Table[K] extends [infer T extends string, infer D, infer E]
    ? Same<TemplateValues<T, D>, E> extends true ? true : T
    : never;
};
type MatchResults = MatchRows<MatchTable>;
expectTypeOf<MatchResults[number]>().toEqualTypeOf<true>();

// [template, defaults, values generation requires]
type GenerateTable = [
  ['shop/{category}/{id:int}', {}, { category: RouteValueInput; id: RouteValueInput }],
  ['{controller=Home}/{action=Index}/{id?}', {}, {}],
  ['blog/{page}', { page: 1 }, {}],
  ['files/{*path}', {}, {}],
  ['files/{filename}.{ext?}', {}, { filename: RouteValueInput }],
];
type Required<T> = { [K in keyof T as {} extends Pick<T, K> ? never : K]: T[K] };
type GenerateRows<Table> = {
  [K in keyof Table]: Table[K] extends [infer T extends string, infer D, infer E]
    ? Same<Required<GenerationValues<T, D>>, E> extends true ? true : T
    : never;
};
type GenerateResults = GenerateRows<GenerateTable>;
expectTypeOf<GenerateResults[number]>().toEqualTypeOf<true>();

// A template that is not a literal type: the loose values, never wrong ones.
declare const someTemplate: string;
expectTypeOf<TemplateValues<typeof someTemplate>>().toEqualTypeOf<RouteValues>();

// The typed router: no `as const` needed.
const router = compile([
  { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
  { name: 'files', template: 'files/{filename}.{ext?}' },
  { template: '{controller=Home}/{action=Index}/{id?}', defaults: { area: 'site' } },
]);
const m = router.match('/shop/Tools/42');
if (m !== null) {
  expectTypeOf(m.route.name).toEqualTypeOf<'product' | 'files' | null>();
  expectTypeOf(m.route.index).toEqualTypeOf<0 | 1 | 2>();
}
if (isRoute(m, 'product')) expectTypeOf(m.values).toEqualTypeOf<Readonly<{ category: string; id: string }>>();
if (m !== null) {
  // @ts-expect-error: answers are immutable (frozen at run time; a caller that needs a bag copies it)
  m.values.category = 'other';
}
if (isRoute(m, 'files')) expectTypeOf(m.values).toEqualTypeOf<Readonly<{ filename: string; ext?: string }>>();
if (isRoute(m, 2)) expectTypeOf(m.values).toEqualTypeOf<Readonly<{ controller: string; action: string; id?: string; area: 'site' }>>();
for (const each of router.matches('/files/a.b')) if (isRoute(each, 'files')) expectTypeOf(each.values.filename).toBeString();

router.generate({ category: 'tools', id: 7 }, { routeName: 'product' });
router.generate({ category: 'tools', id: 7, page: 2 }, { routeName: 'product' }); // extras: the query string
router.generate({ filename: 'a' }, { routeName: 'files' });
router.generate({ anything: 1 }); // no route name: loose, as classic generation is
router.generate({}, { routeName: 'product', ambientValues: { category: 'tools', id: '7' } });

// A table that is not a literal type: the loose router.
const definitions: { name?: string; template: string }[] = [];
const loose = compile(definitions);
expectTypeOf(loose.match('/')).toEqualTypeOf<import('../../src/index.js').RouteMatch | null>();
loose.generate({}, { routeName: 'any' });

// Negative cases.
// @ts-expect-error: a required value is missing
router.generate({ category: 'tools' }, { routeName: 'product' });
// @ts-expect-error: a misspelled key does not supply "id"
router.generate({ category: 'tools', ID: 7 }, { routeName: 'product' });
// @ts-expect-error: an unknown route name
router.generate({ category: 'tools', id: 7 }, { routeName: 'prodcut' });
// @ts-expect-error: an unknown route name in the guard
isRoute(m, 'nope');
if (isRoute(m, 'product')) {
  // @ts-expect-error: a key the template does not have
  void m.values.ext;
}
// @ts-expect-error: a "{" without its "}"
compile([{ template: 'shop/{id' }]);
// @ts-expect-error: a parameter without a name
compile([{ template: 'shop/{?}' }]);
// @ts-expect-error: a lone "}" in literal text
compile([{ template: 'shop}/{id}' }]);
// Escaped braces are fine, in literals and inside parameters.
compile([{ template: 'a}}b{{/{x:regex(^\\d{{3}}$)}' }]);

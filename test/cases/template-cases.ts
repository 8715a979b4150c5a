// parseTemplate cases: one or more rows per row of the spec's template syntax table and per invalid rule.
import type { TemplateCase } from './types.js';

const lit = (text: string) => ({ kind: 'literal' as const, text });
const sep = (text = '.') => ({ kind: 'separator' as const, text });
const param = (
  name: string,
  o: { optional?: boolean; catchAll?: boolean; encodeSlashes?: boolean; defaultValue?: string | null; constraints?: string[] } = {},
) => ({
  kind: 'parameter' as const,
  name,
  isOptional: o.optional ?? false,
  isCatchAll: o.catchAll ?? false,
  encodeSlashes: o.encodeSlashes ?? true,
  defaultValue: o.defaultValue ?? null,
  constraints: o.constraints ?? [],
});
const segs = (...segments: object[][]) => ({ segments: segments.map((parts) => ({ parts })) }) as TemplateCase['expected'];

export const templateCases: TemplateCase[] = [
  // Literals and "/"
  { template: '', expected: segs() },
  { template: 'api', expected: segs([lit('api')]) },
  { template: 'api/todo', expected: segs([lit('api')], [lit('todo')]) },
  { template: '/api/todo', expected: segs([lit('api')], [lit('todo')]) },
  { template: '~/api', expected: segs([lit('api')]) },
  { template: 'api/todo/', expected: segs([lit('api')], [lit('todo')]) },
  { template: 'a b/ü.html', expected: segs([lit('a b')], [lit('ü.html')]) },
  // {name}
  { template: '{id}', expected: segs([param('id')]) },
  { template: 'api/{controller}/{action}', expected: segs([lit('api')], [param('controller')], [param('action')]) },
  // several parameters in one segment, separated by literals
  { template: '{a}-{b}.{c}', expected: segs([param('a'), lit('-'), param('b'), lit('.'), param('c')]) },
  { template: 'x{a}y', expected: segs([lit('x'), param('a'), lit('y')]) },
  { template: '{a}.{b}', expected: segs([param('a'), lit('.'), param('b')]) },
  // {name=default}
  { template: '{controller=Home}', expected: segs([param('controller', { defaultValue: 'Home' })]) },
  { template: '{p=}', expected: segs([param('p', { defaultValue: '' })]) },
  { template: '{p=a=b}', expected: segs([param('p', { defaultValue: 'a=b' })]) },
  { template: '{p=a:b}', expected: segs([param('p', { defaultValue: 'a:b' })]) },
  // {name?}
  { template: '{id?}', expected: segs([param('id', { optional: true })]) },
  { template: '{controller}/{action}/{id?}', expected: segs([param('controller')], [param('action')], [param('id', { optional: true })]) },
  // {*name} and {**name}
  { template: '{*rest}', expected: segs([param('rest', { catchAll: true })]) },
  { template: 'blog/{**slug}', expected: segs([lit('blog')], [param('slug', { catchAll: true, encodeSlashes: false })]) },
  { template: '{*rest=a/b}', expected: segs([param('rest', { catchAll: true, defaultValue: 'a/b' })]) },
  // {name:constraint}, with arguments, several
  { template: '{id:int}', expected: segs([param('id', { constraints: ['int'] })]) },
  { template: '{id:range(1,10)}', expected: segs([param('id', { constraints: ['range(1,10)'] })]) },
  { template: '{id:int:range(1,10)}', expected: segs([param('id', { constraints: ['int', 'range(1,10)'] })]) },
  { template: '{id:int=5}', expected: segs([param('id', { constraints: ['int'], defaultValue: '5' })]) },
  { template: '{id:int?}', expected: segs([param('id', { constraints: ['int'], optional: true })]) },
  { template: '{*path:minlength(2)}', expected: segs([param('path', { catchAll: true, constraints: ['minlength(2)'] })]) },
  { template: '{p:regex(a:b)}', expected: segs([param('p', { constraints: ['regex(a:b)'] })]) },
  { template: '{p:regex(a,b)=x}', expected: segs([param('p', { constraints: ['regex(a,b)'], defaultValue: 'x' })]) },
  { template: '{p:regex(^(a|b)$):int}', expected: segs([param('p', { constraints: ['regex(^(a|b)$)', 'int'] })]) },
  { template: '{p:regex(^\\d{{3}}-(a|b)$)}', expected: segs([param('p', { constraints: ['regex(^\\d{3}-(a|b)$)'] })]) },
  { template: '{p:regex(([}}])\\w+)}', expected: segs([param('p', { constraints: ['regex(([}])\\w+)'] })]) },
  { template: '{p:regex(^a=b$)}', expected: segs([param('p', { constraints: ['regex(^a=b$)'] })]) },
  // {{ and }}
  { template: '{{id}}', expected: segs([lit('{id}')]) },
  { template: 'a{{b/c}}d', expected: segs([lit('a{b')], [lit('c}d')]) },
  { template: '{{x{id}', expected: segs([lit('{x'), param('id')]) },
  { template: '{id}-}}', expected: segs([param('id'), lit('-}')]) },
  // optional extension
  { template: 'files/{filename}.{ext?}', expected: segs([lit('files')], [param('filename'), sep(), param('ext', { optional: true })]) },
  { template: '{a}.{b}.{c?}', expected: segs([param('a'), lit('.'), param('b'), sep(), param('c', { optional: true })]) },

  // --- invalid templates: index points at the offending character or parameter ---
  // two parameters with no literal between them
  { template: '{a}{b}', error: { index: 3, reason: /consecutive/ } },
  { template: 'x/{controller=Home}{action=Index}', error: { index: 19, reason: /consecutive/ } },
  // unmatched or stray braces
  { template: '{a', error: { index: 0, reason: /unmatched "\{"/ } },
  { template: 'a/{b', error: { index: 2, reason: /unmatched "\{"/ } },
  { template: 'a}', error: { index: 1, reason: /unmatched "\}"/ } },
  { template: 'a/}b', error: { index: 2, reason: /unmatched "\}"/ } },
  { template: '{a{b}', error: { index: 2, reason: /unescaped "\{"/ } },
  { template: '{', error: { index: 0, reason: /unmatched/ } },
  { template: 'a{', error: { index: 1, reason: /unmatched/ } },
  // empty or invalid parameter names
  // "}}" right after a parameter name is an escaped brace inside it (as in ASP.NET): name "id}"
  { template: '{{{id}}}', error: { index: 3, reason: /invalid/ } },
  { template: '{}', error: { index: 1, reason: /empty/ } },
  { template: 'a/{?}', error: { index: 3, reason: /empty/ } },
  { template: '{*}', error: { index: 1, reason: /empty/ } },
  { template: '{a/b}', error: { index: 1, reason: /invalid/ } },
  { template: '{a*b}', error: { index: 1, reason: /invalid/ } },
  // repeated names (case-insensitive)
  { template: '{a}/{A}', error: { index: 5, reason: /repeated/ } },
  { template: '{id}/x/{id:int}', error: { index: 8, reason: /repeated/ } },
  // catch-all not last, or optional, or in a complex segment
  { template: '{*a}/b', error: { index: 0, reason: /catch-all/ } },
  { template: '{*a?}', error: { index: 0, reason: /catch-all.*optional/ } },
  { template: 'x{*a}', error: { index: 1, reason: /catch-all/ } },
  // optional and default at once
  { template: '{a=1?}', error: { index: 0, reason: /optional.*default/ } },
  // optional inside a complex segment, except the last part after a period
  { template: '{a?}-{b}', error: { index: 0, reason: /last part/ } },
  { template: '{a}-{b?}', error: { index: 4, reason: /period/ } },
  { template: 'x{b?}', error: { index: 1, reason: /period/ } },
  { template: '{a}..{b?}', error: { index: 5, reason: /period/ } },
  // empty segment
  { template: 'a//b', error: { index: 2, reason: /empty segment/ } },
  { template: '//a', error: { index: 1, reason: /empty segment/ } },
  // "?" in a literal, "~" without "/"
  { template: 'a?b', error: { index: 1, reason: /"\?"/ } },
  { template: '~a', error: { index: 0, reason: /~/ } },
];

// Match results are immutable (src/compile/matcher.ts): frozen, their values too, on every strategy; a static
// route's answer (its values are its defaults) is one object given to every request, however the path is spelled.
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../src/index.js';
import { compile } from '../src/index.js';
import { compileWith, strategies } from './support/routers.js';

const routes: RouteDefinition[] = [
  { template: 'about', defaults: { page: 'about' } },
  { template: 'Home/Contact', defaults: { controller: 'Home', action: 'Contact' }, methods: ['GET'] },
  { template: 'api/todo', methods: ['GET', 'POST'] },
  { template: '{controller=Home}/{action=Index}/{id:int?}' },
  { template: 'files/{*path}' },
];

describe.each(strategies)('%s: immutable answers', (strategy) => {
  const router = compileWith(routes, { strategy });

  it.each([
    ['/about', 'GET'],
    ['/Home/Contact', 'GET'],
    ['/home/contact?x=1', 'GET'],
    ['/api/todo', 'POST'],
    ['/Products/List/7', 'GET'],
    ['/', 'GET'],
    ['/files/a/b', 'DELETE'],
  ])('%s %s: the match and its values are frozen; a change throws (strict mode)', (path, method) => {
    const found = router.match(path, method)!;
    expect(Object.isFrozen(found)).toBe(true);
    expect(Object.isFrozen(found.values)).toBe(true);
    expect(() => {
      (found.values as Record<string, unknown>).page = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (found as { values: unknown }).values = {};
    }).toThrow(TypeError);
    for (const each of router.matches(path, method)) expect([Object.isFrozen(each), Object.isFrozen(each.values)]).toEqual([true, true]);
  });

  it.each([
    ['/about', 'GET', 0, { page: 'about' }],
    ['/ABOUT', 'HEAD', 0, { page: 'about' }],
    ['/about/?q=1', 'GET', 0, { page: 'about' }],
    ['/Home/Contact', 'GET', 1, { controller: 'Home', action: 'Contact' }],
    ['/home/contact#top', 'GET', 1, { controller: 'Home', action: 'Contact' }],
    ['/api/todo', 'GET', 2, {}],
    ['/api/t%6Fdo', 'POST', 2, {}],
  ])('%s %s: a static route answers with the same object every time', (path, method, index, values) => {
    const first = router.match(path, method)!;
    expect([first.route.index, first.values]).toEqual([index, values]);
    for (let i = 0; i < 3; i++) expect(router.match(path, method)).toBe(first);
    expect([...router.matches(path, method)][0]).toBe(first);
  });

  it('a route with parameters answers with a new object per request (its values depend on the path)', () => {
    const first = router.match('/Products/List/7', 'GET')!;
    expect(router.match('/Products/List/8', 'GET')!.values).toEqual({ controller: 'Products', action: 'List', id: '8' });
    expect(first.values).toEqual({ controller: 'Products', action: 'List', id: '7' });
  });
});

// A live table (a router changed after compile()) answers as compile() does: frozen answers, a static route's one
// object, naming the route at its current index.
describe.each(['generated', 'trie', 'reference'] as const)('%s: immutable answers after a change', (strategy) => {
  it.each([
    ['/about', 'GET', 1],
    ['/Home/Contact', 'GET', 2],
    ['/Products/List/7', 'GET', 4],
    ['/new', 'GET', 0],
  ])('%s %s → route %i, frozen, the same object twice where static', (path, method, index) => {
    const router = compile(routes, { strategy });
    router.insert(0, { template: 'new' });
    const found = router.match(path, method)!;
    expect(found.route.index).toBe(index);
    expect([Object.isFrozen(found), Object.isFrozen(found.values)]).toEqual([true, true]);
    for (const each of router.matches(path, method)) expect([Object.isFrozen(each), Object.isFrozen(each.values)]).toEqual([true, true]);
    if (!path.includes('List')) expect(router.match(path, method)).toBe(found);
  });
});

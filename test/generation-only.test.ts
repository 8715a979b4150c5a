// Generation-only routes (`generationOnly: true`): kept in the table to make links, by name or in order, and
// never matched — the routes an application keeps after a broader one on purpose. Every strategy skips them;
// the other routes keep their indexes; explain says so; diagnostics turns "unreachable" into nothing for them
// and into a warning with this fix for a named route that is shadowed; OpenAPI leaves them out.
import { describe, expect, it } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';
import { diagnostics, explain } from '../src/introspect.js';
import { toOpenApi } from '../src/openapi.js';
import { caseMode, compileWith, strategies } from './support/routers.js';

const ROUTES: RouteDefinition[] = [
  { name: 'generic', template: '{seName}' },
  { name: 'product', template: '{productSeName}', generationOnly: true },
  { name: 'about', template: 'about' }, // shadowed, named, not marked
  { template: 'contact' }, // shadowed, unnamed
  { name: 'old', template: 'legacy/{id:int}', generationOnly: true },
];

describe.each(strategies)(`%s (${caseMode}): a generation-only route never matches`, (strategy) => {
  it.each([
    ['/laptop', 0, { seName: 'laptop' }],
    ['/legacy/5', null, null],
  ])('%s', (path, index, values) => {
    const router = compileWith(ROUTES, { strategy });
    const found = router.match(path);
    expect(found === null ? null : { index: found.route.index, values: found.values }).toEqual(index === null ? null : { index, values });
    expect([...router.matches(path)].map((m) => m.route.index)).not.toContain(1);
    expect([...router.matches(path)].map((m) => m.route.index)).not.toContain(4);
    expect(router.allowedMethods(path)).toEqual(index === null ? [] : ['*']);
  });
});

describe('a generation-only route makes links', () => {
  it('by name, and in order', () => {
    const router = compile(ROUTES);
    expect(router.generate({ productSeName: 'laptop' }, { routeName: 'product' })?.path).toBe('/laptop');
    expect(router.generate({ id: 5 }, { routeName: 'old' })?.path).toBe('/legacy/5');
    // In order, it is tried like any route: here the first that can make the link.
    const ordered = compile([{ template: 'x/{id:int}', generationOnly: true }, { template: 'y/{id}' }]);
    expect(ordered.generate({ id: 7 })?.path).toBe('/x/7');
    expect(ordered.match('/x/7')).toBeNull();
  });
});

describe('explain, diagnostics and OpenAPI', () => {
  it('explain says the route is generation only and never calls it closest', () => {
    const explained = explain(compile(ROUTES), '/legacy/5');
    expect(explained.routes[4]).toMatchObject({ outcome: 'generation-only', message: expect.stringContaining('generation only') });
    expect(explained.closest?.route.index).not.toBe(4);
  });

  it('a shadowed named route is a warning (it only makes links) naming the fix; an unnamed one is an error; a marked one has no finding', () => {
    const shadowed = diagnostics(compile(ROUTES)).filter((d) => d.code === 'shadowed');
    expect(shadowed.map((d) => [d.route.index, d.severity])).toEqual([
      [2, 'warning'],
      [3, 'error'],
    ]);
    expect(shadowed[0].message).toMatch(/^only makes links: .*No request reaches it; if it is kept to make links by name, mark it generationOnly: true$/);
    expect(shadowed[1].message).toMatch(/^unreachable: /);
  });

  it('OpenAPI leaves it out', () => {
    const document = toOpenApi(ROUTES, { info: { title: 't', version: '1' } });
    expect(Object.keys(document.paths)).not.toContain('/legacy/{id}');
    expect(JSON.stringify(document)).not.toContain('productSeName');
  });
});

describe('in the pipeline (RouteBuilder)', () => {
  it('a generationOnly route takes no request and still makes links with UrlHelper', async () => {
    const { addRouting, createApplication, RouteBuilder, UrlHelper, useRouter } = await import('../src/http.js');
    const { createServer } = await import('node:http');
    const app = createApplication({ onError: () => {} });
    addRouting(app.services);
    const routes = new RouteBuilder(app)
      .mapGet('{generic_se_name}', (ctx) => ctx.response.send(200, `generic ${ctx.routeData.values.generic_se_name}; product link ${new UrlHelper(ctx).link('Product', { SeName: 'jeans' })}`), { name: 'GenericUrl' })
      .mapGet('{SeName}', (ctx) => ctx.response.send(200, 'never'), { name: 'Product', generationOnly: true })
      .build();
    useRouter(app, routes);
    expect(routes.diagnostics()).toEqual([]);
    const server = createServer(app.handler).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      const text = await (await fetch(`http://127.0.0.1:${port}/shoes`)).text();
      expect(text).toBe(`generic shoes; product link http://127.0.0.1:${port}/jeans`);
    } finally {
      server.close();
    }
  });
});

// The route tables of two real applications (test/fixtures/real): the findings diagnostics() reports on them
// (reviewed by hand: each is one a person would act on), and matching on them agrees with the reference on
// requests made from every route's template, in every strategy.
import { describe, expect, it } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';
import { diagnostics } from '../src/introspect.js';
import { REAL_TABLES, realTable } from './support/real-tables.js';
import { compileWith, subjects } from './support/routers.js';

/**
 * The findings, reviewed by hand:
 * - nopCommerce: six `page=""` / `orderId=""` defaults that their own `\d+` constraint rejects (the page
 *   without the segment never matches), three defaults that a required segment after them makes useless, and
 *   the seven named `{SeName}` routes after the generic `{generic_se_name}` route, which never match but make
 *   links by name (the warning says to mark them generationOnly).
 * - NuGetGallery: nothing to act on (its controller/action defaults and httpMethod constraints are the idiom).
 */
const FINDINGS: Record<(typeof REAL_TABLES)[number], string[]> = {
  'nuget-gallery': [],
  'nopcommerce-3.90': [
    'warning #48 default-violates-constraint',
    'warning #65 default-violates-constraint',
    'warning #73 default-violates-constraint',
    'warning #102 default-violates-constraint',
    'warning #114 default-violates-constraint',
    'warning #114 required-after-optional',
    'warning #118 default-violates-constraint',
    'warning #118 required-after-optional',
    'warning #122 required-after-optional',
    ...[137, 138, 139, 140, 141, 142, 143].map((i) => `warning #${i} shadowed`),
  ],
};

/** Paths that fill a template: every parameter with one sample value (int-like, a word, a version, a GUID). */
function pathsFor(route: RouteDefinition): string[] {
  const samples = ['1', 'abc', '1.2.3', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'];
  return samples.map((sample) => '/' + route.template.replace(/\{\*{0,2}([^}=?:]+)[^}]*\}/g, sample).replace(/\/+$/, ''));
}

describe.each(REAL_TABLES)('%s', (name) => {
  const routes = realTable(name);

  it('compiles, with every route in registration order', () => {
    expect(compile(routes).routes.length).toBe(routes.length);
  });

  it('diagnostics() reports only what a person would act on (reviewed findings)', () => {
    const found = diagnostics(compile(routes));
    expect(found.map((d) => `${d.severity} #${d.route.index} ${d.code}`).sort()).toEqual([...FINDINGS[name]].sort());
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each(subjects)('%s matches as the reference on requests made from every template', (strategy) => {
    const subject = compileWith(routes, { strategy });
    const reference = compileWith(routes, { strategy: 'reference' });
    let matched = 0;
    for (const route of routes) {
      for (const path of pathsFor(route)) {
        for (const method of ['GET', 'POST']) {
          const a = subject.match(path, method);
          const b = reference.match(path, method);
          expect({ path, method, found: a && { index: a.route.index, values: a.values } }).toEqual({ path, method, found: b && { index: b.route.index, values: b.values } });
          if (b !== null) matched++;
        }
      }
    }
    expect(matched).toBeGreaterThan(routes.length); // most requests find a route
  });

  it('marking the shadowed named routes generationOnly leaves them making links, with no finding', () => {
    const router = compile(routes);
    const shadowed = new Set(diagnostics(router).filter((d) => d.code === 'shadowed').map((d) => d.route.index));
    const marked = compile(routes.map((r, i) => (shadowed.has(i) ? { ...r, generationOnly: true } : r)));
    expect(diagnostics(marked).filter((d) => d.code === 'shadowed')).toEqual([]);
    for (const i of shadowed) {
      const route = routes[i];
      expect(marked.generate({ SeName: 'blue-jeans' }, { routeName: route.name! })?.path).toBe('/blue-jeans');
    }
  });
});

describe('switchyard explain on a real table', () => {
  it('names the winner and the routes that came closest, in a few lines, with the route module\'s own constraint classes', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-real-'));
    try {
      // A route module, as a user writes one: it builds its constraints with the package's own classes.
      const library = new URL('../dist/constraints.js', import.meta.url).href;
      const table = new URL('./fixtures/real/nuget-gallery.json', import.meta.url).href;
      writeFileSync(
        join(dir, 'routes.mjs'),
        `import { HttpMethodRouteConstraint } from ${JSON.stringify(library)};
         import { readFileSync } from 'node:fs';
         const version = { match: (_c, _r, key, values) => values[key] == null || /^\\d+(\\.\\d+){1,3}(-[0-9A-Za-z.-]+)?$/.test(String(values[key])) };
         export const routes = JSON.parse(readFileSync(new URL(${JSON.stringify(table)}), 'utf8')).map((r) => ({
           ...r,
           ...(r.constraints ? { constraints: Object.fromEntries(Object.entries(r.constraints).map(([k, c]) => [k, c.httpMethod ? new HttpMethodRouteConstraint(...c.httpMethod) : version])) } : {}),
         }));`,
      );
      const cli = new URL('../dist/cli.js', import.meta.url).pathname;
      const out = execFileSync(process.execPath, [cli, 'explain', join(dir, 'routes.mjs'), 'POST', '/packages/Newtonsoft.Json/owners/bob/confirm/tok'], { encoding: 'utf8' });
      const lines = out.trimEnd().split('\n');
      expect(lines[0]).toBe('POST /packages/Newtonsoft.Json/owners/bob/confirm/tok → matched #27 PackageOwnerConfirmation "packages/{id}/owners/{username}/confirm/{token}"');
      // The GET twin of the winner failed only on the request's method: the command knows the class the module used.
      expect(lines).toContain('  ✗ #26 PackageOwnerConfirmationRedirect "packages/{id}/owners/{username}/confirm/{token}"  httpMethod:httpmethod(GET) rejected the request\'s method');
      expect(lines.length).toBeLessThanOrEqual(8);
      expect(lines.at(-1)).toMatch(/^ {2}and 136 other routes: not tried: an earlier route won \(\d+\), .* \(--all lists them\)$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

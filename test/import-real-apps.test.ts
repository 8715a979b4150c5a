// switchyard import on real applications' sources, route for route against tables transcribed by hand from the
// same sources: NuGetGallery (the nuget.org site, Apache-2.0: conventional routes, an area registration), BTCPay
// Server and Squidex (MIT: attribute routes, partial and inherited controllers, areas, a conventional route),
// Jellyfin (GPL-2.0: a base class's [controller] route, HEAD routes by name, routes mapped inside app.Map) and
// Smartstore (AGPL-3.0: an OData controller, skipped and said; a module's [area]/{action=index} controller) and
// eShop (MIT: minimal APIs on versioned MapGroup groups, in extension methods Program.cs calls).
// Their C# is not kept in this repository (code from other projects stays out of it): each runs when an
// environment variable names a checkout at the commit its table names (test/README.md), and is skipped otherwise.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importSources, readSources, type ImportResult } from '../src/cli/import/import-routes.js';

// NuGetGallery at 55d8cc0bc95f72aa4b7fb80ead15cfb706d5832f: the expected table is test/fixtures/real/nuget-gallery.json,
// transcribed by hand before the importer existed, with the differences the importer documents applied to it here
// (each one named below). Set SWITCHYARD_NUGETGALLERY to a checkout of that commit to run it.

const CHECKOUT = process.env.SWITCHYARD_NUGETGALLERY ?? '';
const FILES = ['src/NuGetGallery/App_Start/Routes.cs', 'src/NuGetGallery/RouteName.cs', 'src/NuGetGallery/Areas/Admin/AdminAreaRegistration.cs', 'src/NuGetGallery.Services/Helpers/LatestPackageRouteVerifier.cs'];
const present = CHECKOUT !== '' && FILES.every((f) => existsSync(join(CHECKOUT, f)));

interface Route {
  name?: string;
  template: string;
  defaults?: Record<string, unknown>;
  constraints?: Record<string, unknown>;
  methods?: string[];
  dataTokens?: Record<string, unknown>;
}

/** The hand transcription, as the importer must give it. */
function expectedRoutesCs(): Route[] {
  const transcribed = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures/real/nuget-gallery.json'), 'utf8')) as Route[];
  const out: Route[] = [];
  for (const route of transcribed) {
    // RegisterRoutes: RegisterUIRoutes, else (feedOnlyMode) an empty Home, then RegisterAdminApiRoutes and
    // RegisterApiV2Routes. Both branches are imported (with a note), the else after the if; its name is UI's
    // Home's already (ASP.NET throws on a name given twice), so it is kept without it.
    if (route.defaults?.controller === 'AdminApi' && !out.some((r) => r.defaults?.action === 'EmptyHome')) out.push({ template: '', defaults: { controller: 'Pages', action: 'EmptyHome' } });
    // RouteMagic's routes.Redirect(r => r.MapRoute(…)): skipped, with the reason (what Redirect registers is the app's code).
    if (route.dataTokens?.redirectOf !== undefined) continue;
    // Its controller is TokenApiController.ControllerName, a constant of a file not read: not imported, reported.
    if (route.defaults?.controller === 'TokenApi') continue;
    const r: Route = { ...route };
    const constraints: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(route.constraints ?? {})) {
      const v = value as { httpMethod?: string[]; custom?: string };
      if (v.httpMethod !== undefined) r.methods = v.httpMethod; // HttpMethodConstraint → the route's methods
      else if (v.custom === undefined) constraints[key] = value; // the app's constraint classes are left out, reported
    }
    if (Object.keys(constraints).length > 0) r.constraints = constraints;
    else delete r.constraints;
    out.push(r);
  }
  return out;
}

const normalise = (r: Route): Route => JSON.parse(JSON.stringify({ name: r.name, template: r.template, defaults: r.defaults ?? {}, constraints: r.constraints ?? {}, methods: r.methods, dataTokens: r.dataTokens })) as Route;

describe.skipIf(!present)('NuGetGallery (set SWITCHYARD_NUGETGALLERY to a checkout at 55d8cc0b to run it)', () => {
  // Read only when the checkout is there: a skipped describe's body still runs when vitest collects it.
  const result = present ? importSources(FILES.map((file) => ({ file, text: readFileSync(join(CHECKOUT, file), 'utf8') }))) : importSources([]);
  const ofFile = (file: string) => result.routes.filter((r) => r.file === file).map((r) => normalise(r.definition as Route));

  it('Routes.cs: route for route, in registration order (name, template, defaults, constraints, methods)', () => {
    const expected = expectedRoutesCs().map(normalise);
    expect(ofFile(FILES[0])).toEqual(expected);
    expect(expected.length).toBe(134);
  });

  it('AdminAreaRegistration.cs: its route, the area as a data token and a default, registered first', () => {
    expect(ofFile(FILES[2])).toEqual([
      normalise({ name: 'Admin_default', template: 'Admin/{controller}/{action}/{id}', defaults: { controller: 'Home', action: 'Index', id: null, area: 'Admin' }, dataTokens: { area: 'Admin' } }),
    ]);
    expect(result.routes[0].file).toBe(FILES[2]);
  });

  it('reports what it did not read, each with its line', () => {
    const lines = (kind: string, part: string) => result.findings.filter((f) => f.kind === kind && f.message.includes(part)).map((f) => f.line);
    expect(lines('skipped', 'inside a lambda given to routes.Redirect')).toHaveLength(6);
    expect(lines('unread', 'an instance of the application\'s VersionRouteConstraint')).toHaveLength(4);
    expect(lines('unread', 'an instance of the application\'s LatestVersionRouteConstraint')).toHaveLength(1);
    expect(lines('unread', 'TokenApiController.ControllerName').length + lines('unread', '"controller" not read').length).toBeGreaterThan(0);
  });
});

/** A route as a hand-written table gives it: where it is registered, and what the importer must make of it. */
interface ExpectedRoute extends Route {
  line: number;
  /** The attribute route's Order (0 when not given). */
  order?: number;
}

interface AppTable {
  app: string;
  repository: string;
  commit: string;
  licence: string;
  /** The folders of the checkout the test imports, as `switchyard import` would be run on them. */
  read: string[];
  files: Record<
    string,
    {
      routes: ExpectedRoute[];
      /** Findings the file must have: [kind, line, part of the message]. Its skipped and unread ones are exactly these. */
      findings?: [kind: string, line: number, message: string][];
      /** The lines of its routes in the order ASP.NET tries them (Order, then precedence, then template text), worked out by hand. */
      aspnetOrder?: number[];
    }
  >;
}

const APPS: readonly (readonly [variable: string, fixture: string])[] = [
  ['SWITCHYARD_BTCPAYSERVER', 'btcpayserver.json'],
  ['SWITCHYARD_SQUIDEX', 'squidex.json'],
  ['SWITCHYARD_JELLYFIN', 'jellyfin.json'],
  ['SWITCHYARD_SMARTSTORE', 'smartstore.json'],
  ['SWITCHYARD_ESHOP', 'eshop.json'],
];

/** A route with everything compared, in one canonical form (absent and empty objects alike). */
const row = (r: ExpectedRoute): ExpectedRoute => JSON.parse(JSON.stringify({ line: r.line, name: r.name, template: r.template, defaults: r.defaults ?? {}, constraints: r.constraints ?? {}, methods: r.methods, dataTokens: r.dataTokens, order: r.order ?? 0 })) as ExpectedRoute;
/** Attribute routes have no order within a file (ASP.NET orders them all together): compared as sets, by line. */
const byLine = (rows: ExpectedRoute[]): ExpectedRoute[] => [...rows].sort((a, b) => a.line - b.line || JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(APPS)('%s', (variable, fixture) => {
  const table = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures/real', fixture), 'utf8')) as AppTable;
  const checkout = process.env[variable] ?? '';
  const present = checkout !== '' && Object.keys(table.files).every((f) => existsSync(join(checkout, f)));
  const files = Object.entries(table.files);

  describe.skipIf(!present)(`${table.app} (set ${variable} to a checkout of ${table.repository} at ${table.commit.slice(0, 8)} to run it)`, () => {
    let result: ImportResult;
    beforeAll(async () => {
      result = importSources(await readSources(table.read, checkout));
    });

    it.each(files)('%s: route for route (line, name, template, defaults, constraints, methods, Order)', (file, expected) => {
      const imported = result.routes.filter((r) => r.file === file).map((r) => row({ ...(r.definition as Route), line: r.line, order: r.order }));
      expect(byLine(imported)).toEqual(byLine(expected.routes.map(row)));
    });

    it.each(files)('%s: what it does not read, each with its line', (file, expected) => {
      const findings = result.findings.filter((f) => f.file === file);
      for (const [kind, line, message] of expected.findings ?? []) {
        expect(findings, `a ${kind} finding at line ${line}: ${message}`).toContainEqual(expect.objectContaining({ kind, line, message: expect.stringContaining(message) }));
      }
      const notes = (expected.findings ?? []).filter(([kind]) => kind !== 'note').length;
      expect(findings.filter((f) => f.kind !== 'note')).toHaveLength(notes);
    });

    it.each(files.filter(([, expected]) => expected.aspnetOrder !== undefined))('%s: its routes in the order ASP.NET tries them', (file, expected) => {
      expect(result.routes.filter((r) => r.file === file).map((r) => r.line)).toEqual(expected.aspnetOrder);
    });
  });
});

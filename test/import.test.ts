// switchyard import: C# text → the route it must give, and what it must refuse to guess (one table per shape);
// the order of attribute routes; the tutorial's TodoController → the to-do API's five routes; the command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { attributeOrder, combine, inboundPrecedence, replaceTokens } from '../src/cli/import/attribute-routes.js';
import { reportLines } from '../src/cli/import/import-command.js';
import { importSources, readSources } from '../src/cli/import/import-routes.js';
import { createStyle } from '../src/cli/style.js';
import { MAX_VISITS } from '../src/cli/import/registration-order.js';
import { tokenize } from '../src/cli/import/tokens.js';
import { createApplication, RouteBuilder, useRouter, type RoutedHttpContext } from '../src/http.js';
import { compile, type RouteDefinition } from '../src/index.js';

const ROOT = resolve(import.meta.dirname, '..');

/** The routes of one C# snippet (App.cs, then any more files), and its findings. */
function importOne(cs: string, more: readonly { file: string; text: string }[] = []) {
  const result = importSources([{ file: 'App.cs', text: cs }, ...more]);
  return { routes: result.routes.map((r) => r.definition), findings: result.findings, result };
}

/** Wraps statements in a method of a class, as a RouteConfig is written. */
const inMethod = (body: string, extra = ''): string => `using System.Web.Mvc;\nnamespace App {\n${extra}\npublic static class RouteConfig {\n public static void RegisterRoutes(RouteCollection routes) {\n${body}\n }\n}\n}`;

interface ShapeCase {
  readonly shape: string;
  readonly cs: string;
  /** The routes it must give, in order. */
  readonly routes: readonly RouteDefinition[];
  /** Findings it must report (kind and a part of the message), in file order. */
  readonly findings?: readonly (readonly [kind: string, message: string])[];
  /** Parts of messages no finding may have. */
  readonly absent?: readonly string[];
  /** More files, read after App.cs. */
  readonly more?: readonly { readonly file: string; readonly text: string }[];
}

const CONVENTIONAL: readonly ShapeCase[] = [
  {
    shape: 'positional MapRoute with an anonymous object and UrlParameter.Optional',
    cs: inMethod('routes.MapRoute("Default", "{controller}/{action}/{id}", new { controller = "Home", action = "Index", id = UrlParameter.Optional });'),
    routes: [{ name: 'Default', template: '{controller}/{action}/{id}', defaults: { controller: 'Home', action: 'Index', id: null } }],
  },
  {
    shape: 'named arguments in another order',
    cs: inMethod('routes.MapRoute(url: "p/{id}", defaults: new { controller = "P" }, name: "P", constraints: new { id = "[0-9]+" });'),
    routes: [{ name: 'P', template: 'p/{id}', defaults: { controller: 'P' }, constraints: { id: '[0-9]+' } }],
  },
  {
    shape: 'verbatim string constraint, kept as ASP.NET anchors it',
    cs: inMethod('routes.MapRoute("Item", "item/{id}", new { controller = "Item" }, new { id = @"\\d{1,5}" });'),
    routes: [{ name: 'Item', template: 'item/{id}', defaults: { controller: 'Item' }, constraints: { id: '\\d{1,5}' } }],
  },
  {
    shape: 'a string constraint that is also a switchyard constraint name stays a regex',
    cs: inMethod('routes.MapRoute("Kind", "k/{kind}", null, new { kind = "int" });'),
    routes: [{ name: 'Kind', template: 'k/{kind}', constraints: { kind: '(?:int)' } }],
  },
  {
    shape: 'HttpMethodConstraint as the route\'s methods',
    cs: inMethod('routes.MapRoute("Post", "post", new { controller = "A" }, new { httpMethod = new HttpMethodConstraint("POST", "put") });'),
    routes: [{ name: 'Post', template: 'post', defaults: { controller: 'A' }, methods: ['POST', 'PUT'] }],
  },
  {
    shape: 'namespaces as a data token (third, fourth or fifth argument)',
    cs: inMethod('routes.MapRoute("N", "n", new[] { "App.Web" });\nroutes.MapRoute("M", "m", new { controller = "M" }, new[] { "App.Web" });'),
    routes: [
      { name: 'N', template: 'n', dataTokens: { Namespaces: ['App.Web'] } },
      { name: 'M', template: 'm', defaults: { controller: 'M' }, dataTokens: { Namespaces: ['App.Web'] } },
    ],
  },
  {
    shape: 'const and static readonly strings of the sources, concatenation, interpolation, nameof',
    cs: inMethod(
      'routes.MapRoute(Names.Home, Prefix + "/" + Names.Home.ToLowerInvariant(), new { controller = nameof(HomeController), action = $"{Names.Home}Page" });',
      'public static class Names { public const string Home = "Home"; public static readonly string Shop = "shop"; }\npublic static class Paths { }',
    ).replace('public static class RouteConfig {', 'public static class RouteConfig {\n const string Prefix = "v1";'),
    routes: [{ name: 'Home', template: 'v1/home', defaults: { controller: 'HomeController', action: 'HomePage' } }],
  },
  {
    shape: 'a constant qualified by its namespace, and a raw string literal',
    cs: inMethod('routes.MapRoute(App.Names.Shop, """shop/{*path}""");', 'public static class Names { public static readonly string Shop = "Shop"; }'),
    routes: [{ name: 'Shop', template: 'shop/{*path}' }],
  },
  {
    shape: 'RouteValueDictionary initialisers (collection and indexer forms)',
    cs: inMethod('routes.MapRoute("D", "d/{x}", new RouteValueDictionary { { "controller", "D" }, ["x"] = "1" });\nroutes.MapRoute("E", "e", new RouteValueDictionary(new { controller = "E" }));'),
    routes: [
      { name: 'D', template: 'd/{x}', defaults: { controller: 'D', x: '1' } },
      { name: 'E', template: 'e', defaults: { controller: 'E' } },
    ],
  },
  {
    shape: 'comments and strings that look like code are not read as code',
    cs: inMethod('// routes.MapRoute("Old", "old");\n/* routes.MapRoute("Older", "older"); */\nvar s = "routes.MapRoute(\\"Str\\", \\"str\\")";\nroutes.MapRoute("Real", "real");'),
    routes: [{ name: 'Real', template: 'real' }],
  },
  {
    shape: 'IgnoreRoute: its place kept, marked as ignored',
    cs: inMethod('routes.IgnoreRoute("{resource}.axd/{*pathInfo}");\nroutes.MapRoute("Default", "{controller}/{action}");'),
    routes: [
      { template: '{resource}.axd/{*pathInfo}', dataTokens: { ignore: true } },
      { name: 'Default', template: '{controller}/{action}' },
    ],
  },
  {
    shape: 'ASP.NET Core MapControllerRoute and MapAreaControllerRoute (area as a default and an exact constraint)',
    cs: 'namespace App { public class Startup { public void Configure(IApplicationBuilder app) { app.UseEndpoints(endpoints => {\n endpoints.MapAreaControllerRoute(name: "admin", areaName: "Admin", pattern: "admin/{controller=Home}/{action=Index}/{id?}");\n endpoints.MapControllerRoute(name: "default", pattern: "{controller=Home}/{action=Index}/{id:int?}", dataTokens: new { locale = "en" });\n endpoints.MapDefaultControllerRoute();\n}); } } }',
    routes: [
      { name: 'admin', template: 'admin/{controller=Home}/{action=Index}/{id?}', defaults: { area: 'Admin' }, constraints: { area: 'Admin' } },
      { name: 'default', template: '{controller=Home}/{action=Index}/{id:int?}', dataTokens: { locale: 'en' } },
      // MapDefaultControllerRoute's name is "default" too: ASP.NET refuses the second; the route is kept, unnamed.
      { template: '{controller=Home}/{action=Index}/{id?}' },
    ],
    findings: [['note', 'the route name "default" is already']],
  },
  {
    shape: 'an AreaRegistration: the area as a data token and a default',
    cs: 'using System.Web.Mvc;\nnamespace App.Areas.Blog { public class BlogAreaRegistration : AreaRegistration {\n public override string AreaName { get { return "Blog"; } }\n public override void RegisterArea(AreaRegistrationContext context) {\n context.MapRoute("Blog_default", "blog/{controller}/{action}/{id}", new { action = "Index", id = UrlParameter.Optional });\n } } }',
    routes: [{ name: 'Blog_default', template: 'blog/{controller}/{action}/{id}', defaults: { action: 'Index', id: null, area: 'Blog' }, dataTokens: { area: 'Blog' } }],
  },
  {
    shape: "an application's own Map…Route extension, read as MapRoute and named in a note",
    cs: inMethod('routes.MapLocalizedRoute("Product", "p/{SeName}", new { controller = "Product", action = "Details" }, new[] { "Nop.Web.Controllers" });'),
    routes: [{ name: 'Product', template: 'p/{SeName}', defaults: { controller: 'Product', action: 'Details' }, dataTokens: { Namespaces: ['Nop.Web.Controllers'] } }],
    findings: [['note', "MapLocalizedRoute is the application's own method"]],
  },
  {
    shape: 'inside an if: imported, and said',
    cs: inMethod('if (adminEnabled) {\n routes.MapRoute("Admin", "admin");\n}'),
    routes: [{ name: 'Admin', template: 'admin' }],
    findings: [['note', 'registered only when `if (adminEnabled)` holds']],
  },
];

/** Methods of a static RouteConfig class, as an MVC app splits its registrations. */
const inClass = (members: string): string => `using System.Web.Mvc;\nnamespace App {\npublic static class RouteConfig {\n${members}\n}\n}`;

/** A chain of `n` methods, each mapping r{i} and calling the next, written last to first. */
const chain = (n: number): string =>
  inClass(
    Array.from({ length: n }, (_, k) => n - 1 - k)
      .map((i) => `static void M${i}(RouteCollection routes) { routes.MapRoute("r${i}", "r${i}");${i + 1 < n ? ` M${i + 1}(routes);` : ''} }`)
      .join('\n'),
  );

// Conventional routes are tried in the order they are registered: from each method nothing in the sources calls
// (RegisterRoutes, RegisterArea, Configure, top-level statements), calls to methods of the same sources are followed
// in the order they are made.
const ORDER: readonly ShapeCase[] = [
  {
    shape: 'calls to methods of the same class, followed in call order (the methods written in another order)',
    cs: inClass('static void RegisterUi(RouteCollection routes) { routes.MapRoute("Ui", "ui"); }\nstatic void RegisterApi(RouteCollection routes) { routes.MapRoute("Api", "api"); }\npublic static void RegisterRoutes(RouteCollection routes) {\n routes.MapRoute("First", "first");\n RegisterApi(routes);\n RegisterUi(routes);\n routes.MapRoute("Last", "last");\n}'),
    routes: [
      { name: 'First', template: 'first' },
      { name: 'Api', template: 'api' },
      { name: 'Ui', template: 'ui' },
      { name: 'Last', template: 'last' },
    ],
  },
  {
    shape: 'a call inside an if: followed, and its routes said to depend on the condition',
    cs: inClass('public static void RegisterRoutes(RouteCollection routes, bool admin) {\n if (admin) { RegisterAdmin(routes); }\n routes.MapRoute("Home", "");\n}\nstatic void RegisterAdmin(RouteCollection routes) { routes.MapRoute("Admin", "admin"); }'),
    routes: [
      { name: 'Admin', template: 'admin' },
      { name: 'Home', template: '' },
    ],
    findings: [['note', 'registered only when `if (admin)` holds']],
  },
  {
    shape: 'a static class of another file, called from a lambda given to UseEndpoints',
    cs: 'namespace App { public class Startup { public void Configure(IApplicationBuilder app) { app.UseEndpoints(endpoints => {\n endpoints.MapControllerRoute("first", "first");\n ApiRoutes.Map(endpoints);\n endpoints.MapControllerRoute("last", "last");\n}); } } }',
    more: [{ file: 'ApiRoutes.cs', text: 'namespace App { public static class ApiRoutes { public static void Map(IEndpointRouteBuilder endpoints) { endpoints.MapControllerRoute("api", "api/{action}"); } } }' }],
    routes: [
      { name: 'first', template: 'first' },
      { name: 'api', template: 'api/{action}' },
      { name: 'last', template: 'last' },
    ],
  },
  {
    shape: 'an extension method of the sources (the receiver is its first argument)',
    cs: 'namespace App {\npublic static class ShopEndpoints { public static IEndpointRouteBuilder MapShop(this IEndpointRouteBuilder endpoints) { endpoints.MapControllerRoute("shop", "shop/{action}"); return endpoints; } }\npublic static class Program { public static void Main(WebApplication app) {\n app.MapControllerRoute("first", "first");\n app.MapShop();\n} } }',
    routes: [
      { name: 'first', template: 'first' },
      { name: 'shop', template: 'shop/{action}' },
    ],
  },
  {
    shape: 'overloads told apart by the number of arguments (optional parameters counted); an uncalled one stays where it is',
    cs: inClass('public static void RegisterRoutes(RouteCollection routes) { Add(routes, true); routes.MapRoute("Three", "three"); }\nstatic void Add(RouteCollection routes) { routes.MapRoute("One", "one"); }\nstatic void Add(RouteCollection routes, bool extra, string tag = null) { routes.MapRoute("Two", "two"); }'),
    routes: [
      { name: 'Two', template: 'two' },
      { name: 'Three', template: 'three' },
      { name: 'One', template: 'one' },
    ],
  },
  {
    shape: 'a cycle of calls: each method followed once on a path, the call back said',
    cs: inClass('public static void RegisterRoutes(RouteCollection routes) { A(routes); }\nstatic void B(RouteCollection routes) { routes.MapRoute("B", "b"); A(routes); }\nstatic void A(RouteCollection routes) { routes.MapRoute("A", "a"); B(routes); }'),
    routes: [
      { name: 'A', template: 'a' },
      { name: 'B', template: 'b' },
    ],
    findings: [['note', 'a cycle']],
  },
  {
    shape: 'a method called twice registers its routes twice, as the application does',
    cs: inClass('public static void RegisterRoutes(RouteCollection routes) { Ignore(routes); routes.MapRoute("Mid", "mid"); Ignore(routes); }\nstatic void Ignore(RouteCollection routes) { routes.IgnoreRoute("{file}.axd"); }'),
    routes: [
      { template: '{file}.axd', dataTokens: { ignore: true } },
      { name: 'Mid', template: 'mid' },
      { template: '{file}.axd', dataTokens: { ignore: true } },
    ],
  },
  {
    shape: 'a method nothing calls stays where it is written; the entry point follows its calls',
    cs: inClass('public static void RegisterLegacy(RouteCollection routes) { routes.MapRoute("Legacy", "legacy"); }\nstatic void Helper(RouteCollection routes) { routes.MapRoute("Helper", "helper"); }\npublic static void RegisterRoutes(RouteCollection routes) { routes.MapRoute("Main", "main"); Helper(routes); }'),
    routes: [
      { name: 'Legacy', template: 'legacy' },
      { name: 'Main', template: 'main' },
      { name: 'Helper', template: 'helper' },
    ],
  },
  {
    shape: "an AreaRegistration's helper method: followed, its routes in the area",
    cs: 'using System.Web.Mvc;\nnamespace App.Areas.Blog { public class BlogAreaRegistration : AreaRegistration {\n public override string AreaName => "Blog";\n void MapFeeds(AreaRegistrationContext context) { context.MapRoute("Blog_feed", "blog/feed"); }\n public override void RegisterArea(AreaRegistrationContext context) { context.MapRoute("Blog_default", "blog/{action}"); MapFeeds(context); }\n} }',
    routes: [
      { name: 'Blog_default', template: 'blog/{action}', defaults: { area: 'Blog' }, dataTokens: { area: 'Blog' } },
      { name: 'Blog_feed', template: 'blog/feed', defaults: { area: 'Blog' }, dataTokens: { area: 'Blog' } },
    ],
  },
  {
    shape: "a call inside a lambda given to another call is not followed: that call's code decides",
    cs: inClass('public static void RegisterRoutes(RouteCollection routes) { routes.Redirect(r => Old(r)); routes.MapRoute("New", "new"); }\nstatic void Old(RouteCollection r) { r.MapRoute("Old", "old"); }'),
    routes: [{ name: 'New', template: 'new' }],
    findings: [['skipped', 'inside a lambda given to routes.Redirect(…)']],
  },
  {
    shape: 'top-level statements (Program.cs) are an entry point; the files given in another order',
    cs: 'namespace App { public static class ShopRoutes { public static void Map(WebApplication app) { app.MapControllerRoute("shop", "shop"); } } }',
    more: [{ file: 'Program.cs', text: 'var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapControllerRoute("first", "first");\nApp.ShopRoutes.Map(app);\napp.MapControllerRoute("last", "last");\napp.Run();' }],
    routes: [
      { name: 'first', template: 'first' },
      { name: 'shop', template: 'shop' },
      { name: 'last', template: 'last' },
    ],
  },
  {
    shape: 'calls deeper than the bound are followed from where they were cut, and said',
    cs: chain(40),
    routes: Array.from({ length: 40 }, (_, i) => ({ name: `r${i}`, template: `r${i}` })),
    findings: [['note', 'more than 32 calls deep']],
  },
];

const REFUSED: readonly ShapeCase[] = [
  {
    shape: 'a template from a variable is not guessed',
    cs: inMethod('routes.MapRoute("Legacy", prefix + "/{id}");\nroutes.MapRoute("Next", "next");'),
    routes: [{ name: 'Next', template: 'next' }],
    findings: [['unread', 'not imported: its template: a variable or a parameter']],
  },
  {
    shape: 'a name from a method call is not guessed',
    cs: inMethod('routes.MapRoute(GetName(), "x");'),
    routes: [],
    findings: [['unread', 'not imported: its name: a method call']],
  },
  {
    shape: 'a default from a variable: the route is not imported',
    cs: inMethod('routes.MapRoute("X", "x/{id}", new { controller = controllerName });'),
    routes: [],
    findings: [['unread', '"controller" not read']],
  },
  {
    shape: "an application's constraint class is left out, and said",
    cs: inMethod('routes.MapRoute("V", "v/{version}", new { controller = "V" }, new { version = new VersionRouteConstraint() });'),
    routes: [{ name: 'V', template: 'v/{version}', defaults: { controller: 'V' } }],
    findings: [['unread', 'constraint "version" left out (an instance of the application\'s VersionRouteConstraint']],
  },
  {
    shape: '.NET-only regex syntax is left out, not run with another meaning',
    cs: inMethod('routes.MapRoute("R", "r/{x}", null, new { x = @"\\Aabc\\z" });'),
    routes: [{ name: 'R', template: 'r/{x}' }],
    findings: [['unread', '.NET regular expression syntax']],
  },
  {
    shape: 'an interpolation with a format is not evaluated',
    cs: inMethod('routes.MapRoute("F", $"f/{Version:D2}");', 'public static class K { }').replace('public static class RouteConfig {', 'public static class RouteConfig {\n const string Version = "1";'),
    routes: [],
    findings: [['unread', 'a format or an alignment']],
  },
  {
    shape: "a MapRoute inside a lambda given to another call (RouteMagic's Redirect) is skipped",
    cs: inMethod('routes.Redirect(r => r.MapRoute("Old", "old/{id}")).To(target);'),
    routes: [],
    findings: [['skipped', 'inside a lambda given to routes.Redirect(…)']],
  },
  {
    shape: "an application's own inline constraint (a ConstraintMap name) is left out of the template, and said",
    cs: 'namespace App { public class Startup { public void Configure(IApplicationBuilder app) { app.UseEndpoints(endpoints => {\n endpoints.MapControllerRoute("default", "{controller:validate=Home}/{action:lowercase:minlength(2)=Index}/{id?}");\n}); } } }',
    routes: [{ name: 'default', template: '{controller=Home}/{action:minlength(2)=Index}/{id?}' }],
    findings: [
      ['unread', 'the inline constraint "validate" of {controller} left out'],
      ['unread', 'the inline constraint "lowercase" of {action} left out'],
    ],
  },
  {
    shape: 'SignalR hubs, Razor Pages, health checks and dynamic routes are reported, each with what it is, not read',
    cs: 'namespace App { public static class Hubs { public static void Register(IEndpointRouteBuilder route) {\n route.MapHub<AppHub>("/apps/hub");\n route.MapRazorPages();\n route.MapHealthChecks("/health");\n route.MapDynamicControllerRoute<Translator>("{**slug}");\n route.MapControllerRoute("default", "{controller}/{action}");\n} } }',
    routes: [{ name: 'default', template: '{controller}/{action}' }],
    findings: [
      ['skipped', 'a SignalR hub (MapHub)'],
      ['skipped', "Razor Pages (MapRazorPages): their routes are in the .cshtml files' @page directives"],
      ['skipped', 'an endpoint of MapHealthChecks'],
      ['skipped', "a dynamic route (MapDynamicControllerRoute): the application's transformer"],
    ],
  },
  {
    shape: "a library's own Map… call on the endpoints (a method of no file read) is reported, not silently dropped; MapControllers and the sources' own methods are not",
    cs: 'namespace App { public class Startup { public void Configure(IApplicationBuilder app) { app.UseEndpoints(endpoints => {\n endpoints.MapControllers();\n endpoints.MapVersionEndpoint();\n if (metrics) { endpoints.MapMetrics(); }\n endpoints.MapShop();\n}); } }\npublic static class ShopRoutes { public static void MapShop(this IEndpointRouteBuilder e) { e.MapControllerRoute("shop", "shop/{action}"); } } }',
    routes: [{ name: 'shop', template: 'shop/{action}' }],
    findings: [
      ['skipped', 'MapVersionEndpoint is not a method of the sources read (a library\'s, or of a file not given): the endpoints it maps are not imported'],
      ['skipped', 'MapMetrics is not a method of the sources read'],
    ],
    absent: ['MapControllers is not', 'MapShop is not'],
  },
  {
    shape: 'MapControllers inside a lambda given to app.Map(prefix, …): the attribute routes are imported, and the path prefix ASP.NET serves them under is said',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\npublic class Startup { public void Configure(IApplicationBuilder app) {\n app.Map(config.BaseUrl, mainApp => {\n  mainApp.UseRouting();\n  mainApp.UseEndpoints(endpoints => { endpoints.MapControllers(); });\n });\n} }\n[Route("System")] public class SystemController : ControllerBase { [HttpGet("Info")] public IActionResult Info() => Ok(); } }',
    routes: [{ template: 'System/Info', defaults: { controller: 'System', action: 'Info' }, methods: ['GET'] }],
    findings: [['note', 'the attribute routes are mapped inside a lambda given to app.Map(']],
  },
  {
    shape: 'a template switchyard does not compile is left out, with its reason',
    cs: inMethod('routes.MapRoute("Bad", "a/{id");\nroutes.MapRoute("Good", "b");'),
    routes: [{ name: 'Good', template: 'b' }],
    findings: [['skipped', 'switchyard does not compile it']],
  },
  {
    shape: 'an unterminated string: the file is reported, not half read',
    cs: inMethod('routes.MapRoute("A", "a);'),
    routes: [],
    findings: [['skipped', 'the file is not read: a string literal is not closed']],
  },
];

const ATTRIBUTES: readonly ShapeCase[] = [
  {
    shape: '[Route] on the controller, verbs with templates, Name, [controller] and [action] tokens',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("api/[controller]")] public class OrdersController : ControllerBase {\n [HttpGet("[action]/{id:int}", Name = "OrderById")] public IActionResult Find(int id) => Ok();\n [HttpPost] public IActionResult Create() => Ok();\n} }',
    routes: [
      { template: 'api/Orders', defaults: { controller: 'Orders', action: 'Create' }, methods: ['POST'] },
      { name: 'OrderById', template: 'api/Orders/Find/{id:int}', defaults: { controller: 'Orders', action: 'Find' }, methods: ['GET'] },
    ],
  },
  {
    shape: '"~/" and "/" discard the controller prefix; several routes on one action; Order',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("shop")] public class CartController : Controller {\n [HttpGet("~/cart")] [HttpGet("/basket", Order = -1)] [Route("items")] [HttpHead] public IActionResult Show() => View();\n} }',
    routes: [
      { template: 'basket', defaults: { controller: 'Cart', action: 'Show' }, methods: ['GET'] },
      { template: 'cart', defaults: { controller: 'Cart', action: 'Show' }, methods: ['GET'] },
      { template: 'shop/items', defaults: { controller: 'Cart', action: 'Show' }, methods: ['HEAD'] },
    ],
  },
  {
    shape: '[Area], [area] token, an Async suffix and [ActionName]',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Area("Admin")] [Route("[area]/users")] public class UsersController : Controller {\n [HttpGet("{id}")] public Task<IActionResult> DetailsAsync(int id) => null;\n [HttpDelete("{id}")] [ActionName("Remove")] public IActionResult Delete(int id) => Ok();\n public static void Helper() { }\n [NonAction] public void NotAnAction() { }\n} }',
    routes: [
      { template: 'Admin/users/{id}', defaults: { area: 'Admin', controller: 'Users', action: 'Details' }, methods: ['GET'] },
      { template: 'Admin/users/{id}', defaults: { area: 'Admin', controller: 'Users', action: 'Remove' }, methods: ['DELETE'] },
    ],
  },
  {
    shape: 'MVC 5 [RoutePrefix] and [RouteArea], [AcceptVerbs]',
    cs: 'using System.Web.Mvc;\nnamespace App { [RouteArea("Store", AreaPrefix = "s")] [RoutePrefix("books")] public class BooksController : Controller {\n [Route("{id:int}")] [AcceptVerbs("GET", "HEAD")] public ActionResult Get(int id) => null;\n} }',
    routes: [{ template: 's/books/{id:int}', defaults: { area: 'Store', controller: 'Books', action: 'Get' }, methods: ['GET', 'HEAD'] }],
  },
  {
    shape: 'a template from a constant of the sources',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { public static class Api { public const string V1 = "api/v1"; }\n [Route(Api.V1 + "/[controller]")] public class PingController : ControllerBase { [HttpGet] public string Get() => "pong"; } }',
    routes: [{ template: 'api/v1/Ping', defaults: { controller: 'Ping', action: 'Get' }, methods: ['GET'] }],
  },
  {
    shape: 'a partial controller: the [Route] of one part prefixes the actions of every part, in every file',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("stores")] public partial class StoresController : Controller {\n [HttpGet("{storeId}/index")] public IActionResult Index(string storeId) => View();\n} }',
    more: [{ file: 'StoresController.Users.cs', text: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { public partial class StoresController {\n [HttpGet("{storeId}/users")] public IActionResult Users(string storeId) => View();\n} }' }],
    routes: [
      { template: 'stores/{storeId}/index', defaults: { controller: 'Stores', action: 'Index' }, methods: ['GET'] },
      { template: 'stores/{storeId}/users', defaults: { controller: 'Stores', action: 'Users' }, methods: ['GET'] },
    ],
  },
  {
    shape: "a base controller's [Route] and [Area], through a primary constructor's base call",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\npublic static class Constants { public const string PrefixApi = "/api"; }\n[Area("api")] [Route(Constants.PrefixApi)] public abstract class ApiController : Controller { }\npublic sealed class AppsController(ICommandBus bus) : ApiController(bus) { [HttpGet] [Route("apps/")] public IActionResult GetApps() => Ok(); } }',
    routes: [{ template: 'api/apps', defaults: { area: 'api', controller: 'Apps', action: 'GetApps' }, methods: ['GET'] }],
  },
  {
    shape: "a primary constructor whose parameters hold a colon (a named attribute argument) still names its base controller",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\n[Route("api")] public abstract class ApiController : Controller { }\npublic sealed class UsersController([FromKeyedServices(key: "users")] IStore store) : ApiController { [HttpGet("users")] public IActionResult List() => Ok(); } }',
    routes: [{ template: 'api/users', defaults: { controller: 'Users', action: 'List' }, methods: ['GET'] }],
  },
  {
    shape: "a base controller's [Area] is inherited when the controller has a [Route] of its own",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\n[Area("IdentityServer")] [Route("identity-server")] public abstract class IdentityServerController : Controller { }\n[Route("account")] public sealed class AccountController : IdentityServerController { [HttpGet("login")] public IActionResult Login() => View(); } }',
    routes: [{ template: 'account/login', defaults: { area: 'IdentityServer', controller: 'Account', action: 'Login' }, methods: ['GET'] }],
  },
  {
    shape: 'a constructor is not an action',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("api/v1/ping")] public class PingController : ControllerBase {\n public PingController(IClock clock) { }\n [HttpGet] public string Get() => "pong";\n} }',
    routes: [{ template: 'api/v1/ping', defaults: { controller: 'Ping', action: 'Get' }, methods: ['GET'] }],
    absent: ['actions without an attribute route'],
  },
  {
    shape: "{action} in an attribute template matches only the action's own name, as ASP.NET's required values make it",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("account/{action=Index}")] public class ManageController : Controller {\n [HttpGet] public IActionResult Index() => View();\n [HttpGet] public IActionResult ChangePassword() => View();\n [HttpPost] public IActionResult ChangePassword(PasswordModel model) => View();\n} }',
    routes: [
      { template: 'account/{action=Index}', defaults: { controller: 'Manage' }, constraints: { action: 'Index' }, methods: ['GET'] },
      // A default other than the action's own is dropped, as ASP.NET's DefaultRoutePatternTransformer drops it.
      { template: 'account/{action}', defaults: { controller: 'Manage' }, constraints: { action: 'ChangePassword' }, methods: ['GET'] },
      { template: 'account/{action}', defaults: { controller: 'Manage' }, constraints: { action: 'ChangePassword' }, methods: ['POST'] },
    ],
  },
  {
    shape: "an action constraint ([Consumes], [Host], or the application's IActionConstraint attribute) is said: the route is imported without it",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\npublic class DomainMappingConstraintAttribute : Attribute, IActionConstraint { public int Order => 100; public bool Accept(ActionConstraintContext context) => true; }\npublic class PosController : Controller {\n [HttpGet("/")] [DomainMappingConstraint] public IActionResult Home() => View();\n [HttpPost("/apps/{appId}")] [Consumes("application/json")] public IActionResult Post(string appId) => Ok();\n} }',
    routes: [
      { template: '', defaults: { controller: 'Pos', action: 'Home' }, methods: ['GET'] },
      { template: 'apps/{appId}', defaults: { controller: 'Pos', action: 'Post' }, methods: ['POST'] },
    ],
    findings: [
      ['note', '[DomainMappingConstraint] on PosController.Home is an action constraint'],
      ['note', '[Consumes] on PosController.Post is an action constraint'],
    ],
  },
  {
    shape: "the public methods a controller inherits from a base class of the sources are its actions (an override once); generic ones are not",
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App {\npublic class RuleControllerBase : Controller {\n public IActionResult EditCore(long ruleId) => View();\n public virtual IActionResult Show() => View();\n protected IActionResult Hidden() => View();\n public IActionResult Typed<T>() => View();\n}\n[Route("stores/{storeId}/rules")] public class StoreRulesController : RuleControllerBase {\n [HttpGet("")] public IActionResult List(string storeId) => View();\n public override IActionResult Show() => View();\n} }',
    routes: [
      { template: 'stores/{storeId}/rules', defaults: { controller: 'StoreRules', action: 'List' }, methods: ['GET'] },
      { template: 'stores/{storeId}/rules', defaults: { controller: 'StoreRules', action: 'Show' } },
      { template: 'stores/{storeId}/rules', defaults: { controller: 'StoreRules', action: 'EditCore' } },
    ],
  },
  {
    shape: "an OData controller's routes are OData's (its conventions rewrite them from the EDM model): not imported as plain attribute routes, and said",
    cs: 'using Microsoft.AspNetCore.Mvc;\nusing Microsoft.AspNetCore.OData.Routing.Controllers;\nnamespace App {\n[Route("odata/v1")] public abstract class WebApiController<TEntity> : ODataController { }\npublic class CategoriesController : WebApiController<Category> {\n [HttpGet("Categories({key})/MediaFile")] public IActionResult GetMediaFile(int key) => Ok();\n [HttpPost] public IActionResult Post(Category model) => Ok();\n public IActionResult Get() => Ok();\n}\n[ODataAttributeRouting] public class ReportsController : Controller { [HttpGet("reports")] public IActionResult List() => Ok(); }\npublic class HomeController : Controller { [HttpGet("/")] public IActionResult Index() => View(); } }',
    routes: [{ template: '', defaults: { controller: 'Home', action: 'Index' }, methods: ['GET'] }],
    findings: [
      ['skipped', 'CategoriesController is an OData controller (it derives from ODataController): OData\'s routing conventions make its routes from the application\'s EDM model when it starts, so its 3 actions are not imported'],
      ['skipped', 'ReportsController is an OData controller ([ODataAttributeRouting])'],
    ],
    absent: ['actions without an attribute route'],
  },
  {
    shape: 'an unknown token is refused as ASP.NET refuses it',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("api/[version]/x")] public class XController : ControllerBase { [HttpGet] public string Get() => ""; } }',
    routes: [],
    findings: [['skipped', 'no value for the token [version]']],
  },
  {
    shape: 'a template from a variable is not guessed',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { public class YController : ControllerBase { [HttpGet(Settings.Prefix + "/y")] public string Get() => ""; } }',
    routes: [],
    findings: [['unread', '[HttpGet] not read']],
  },
];

/** A minimal API endpoint as imported: null controller and action defaults, so that links by values pass over it. */
const endpoint = (route: RouteDefinition & { name?: string }): RouteDefinition => ({ ...route, defaults: { controller: null, action: null } });

/** A Program.cs of top-level statements: the application built, then `body`. */
const program = (body: string): string => `var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\n${body}\napp.Run();`;

// Minimal APIs (app.MapGet…, MapGroup): endpoint routing orders them with the attribute routes, by Order then
// template precedence; a group's prefix comes before each pattern mapped on it.
const MINIMAL: readonly ShapeCase[] = [
  {
    shape: 'MapGet, MapPost, MapPut, MapDelete, MapPatch on the application: one verb each, the leading "/" trimmed, WithName',
    cs: program('app.MapGet("/todos/{id:int}", GetTodo).WithName("GetTodo");\napp.MapPost("/todos", CreateTodo);\napp.MapGet("/todos", ListTodos);\napp.MapPut("/todos/{id:int}", UpdateTodo);\napp.MapDelete("/todos/{id:int}", (int id) => Results.NoContent());\napp.MapPatch("/todos/{id}/done", MarkDone);'),
    routes: [
      endpoint({ template: 'todos', methods: ['POST'] }),
      endpoint({ template: 'todos', methods: ['GET'] }),
      endpoint({ template: 'todos/{id:int}', name: 'GetTodo', methods: ['GET'] }),
      endpoint({ template: 'todos/{id:int}', methods: ['PUT'] }),
      endpoint({ template: 'todos/{id:int}', methods: ['DELETE'] }),
      endpoint({ template: 'todos/{id}/done', methods: ['PATCH'] }),
    ],
  },
  {
    shape: 'MapMethods (an array, a collection expression, HttpMethods constants) and Map (any method); WithName(nameof(…))',
    cs: program('app.MapMethods("/ping", new[] { "GET", "HEAD" }, Ping);\napp.MapMethods("/check", [HttpMethods.Options], Check).WithName(nameof(Check));\napp.Map("/echo/{**rest}", Echo);'),
    routes: [
      endpoint({ template: 'check', name: 'Check', methods: ['OPTIONS'] }),
      endpoint({ template: 'ping', methods: ['GET', 'HEAD'] }),
      endpoint({ template: 'echo/{**rest}' }),
    ],
  },
  {
    shape: 'MapGroup in variables, nested and chained: prefixes joined with one "/", conventions between, "~/" not special, an empty pattern the prefix itself',
    cs: program('var api = app.MapGroup("/api/").RequireAuthorization();\nvar catalog = api.MapGroup("catalog").HasApiVersion(1.0).WithTags("Catalog");\ncatalog.MapGet("/items", GetItems).WithName("ListItems").WithSummary("List");\ncatalog.MapGet("", GetRoot);\napi.MapGroup("/orders").WithOpenApi().MapPost("~/draft", Draft);\napp.MapGroup("").MapGet("/", Home);'),
    routes: [
      endpoint({ template: '', methods: ['GET'] }),
      endpoint({ template: 'api/catalog', methods: ['GET'] }),
      endpoint({ template: 'api/catalog/items', name: 'ListItems', methods: ['GET'] }),
      endpoint({ template: 'api/orders/draft', methods: ['POST'] }),
    ],
  },
  {
    shape: 'a group reassigned from itself (`g = g.MapGroup(…)`): the prefixes joined',
    cs: program('var g = app.MapGroup("/a");\ng = g.MapGroup("/b");\ng.MapGet("/x", X);'),
    routes: [endpoint({ template: 'a/b/x', methods: ['GET'] })],
  },
  {
    shape: "a lambda's parameter of a group's name is bound only inside its lambda",
    cs: program('var g = app.MapGroup("/api");\nvar names = new[] { "a" }.Select(g => g.ToUpper());\nvar more = list.Where((int i, string g) => g != null);\ng.MapGet("/x", X);'),
    routes: [endpoint({ template: 'api/x', methods: ['GET'] })],
  },
  {
    shape: 'WithOrder comes before template precedence (a catch-all at -1 first), on an endpoint and on a group',
    cs: program('app.MapGet("/about", About);\napp.MapGet("/{**path}", Spa).WithOrder(-1);\nvar late = app.MapGroup("late").WithOrder(2);\nlate.MapGet("x", X);\nlate.MapGet("y", Y).WithOrder(1);'),
    routes: [
      endpoint({ template: '{**path}', methods: ['GET'] }),
      endpoint({ template: 'about', methods: ['GET'] }),
      endpoint({ template: 'late/y', methods: ['GET'] }),
      endpoint({ template: 'late/x', methods: ['GET'] }),
    ],
  },
  {
    shape: 'an Order above 0 beside conventional routes (which take Orders 1, 2, … in ASP.NET): imported before them, and said',
    cs: program('app.MapGet("/late", Late).WithOrder(2);\napp.MapGet("/early", Early);\napp.MapControllerRoute("default", "{controller=Home}/{action=Index}/{id?}");'),
    routes: [
      endpoint({ template: 'early', methods: ['GET'] }),
      endpoint({ template: 'late', methods: ['GET'] }),
      { template: '{controller=Home}/{action=Index}/{id?}', name: 'default' },
    ],
    findings: [['note', 'its Order 2 ranks it among the conventional routes in ASP.NET (they take Orders 1, 2, …): imported before all of them']],
  },
  {
    shape: "an extension method of the sources: mapped on the group it is called on (every call made on the same one)",
    cs: 'namespace App {\npublic static class TodoEndpoints {\n public static RouteGroupBuilder MapTodos(this IEndpointRouteBuilder routes) {\n  var group = routes.MapGroup("/todos");\n  group.MapGet("/", List);\n  group.MapGet("/{id}", Get);\n  return group;\n }\n} }',
    more: [{ file: 'Program.cs', text: program('var v1 = app.MapGroup("/v1");\nv1.MapTodos().RequireAuthorization();') }],
    routes: [
      endpoint({ template: 'v1/todos', methods: ['GET'] }),
      endpoint({ template: 'v1/todos/{id}', methods: ['GET'] }),
    ],
  },
  {
    shape: 'Asp.Versioning\'s NewVersionedApi adds no prefix; UseEndpoints\' endpoints are the application\'s',
    cs: program('var versioned = app.NewVersionedApi("Orders");\nversioned.MapGroup("api/orders").HasApiVersion(1.0).MapGet("{orderId:int}", GetOrder);\napp.UseEndpoints(endpoints => { endpoints.MapGet("/health/ping", Ping); });'),
    routes: [
      endpoint({ template: 'health/ping', methods: ['GET'] }),
      endpoint({ template: 'api/orders/{orderId:int}', methods: ['GET'] }),
    ],
  },
  {
    shape: 'minimal APIs join the attribute routes (one order for both); conventional routes come after',
    cs: 'using Microsoft.AspNetCore.Mvc;\nnamespace App { [Route("api/items")] public class ItemsController : ControllerBase { [HttpGet("{id}")] public IActionResult Get(int id) => Ok(); } }',
    more: [{ file: 'Program.cs', text: program('app.MapControllerRoute("default", "{controller=Items}/{action=Get}/{id?}");\napp.MapGet("/api/items/top", Top);\napp.MapControllers();') }],
    routes: [
      endpoint({ template: 'api/items/top', methods: ['GET'] }),
      { template: 'api/items/{id}', defaults: { controller: 'Items', action: 'Get' }, methods: ['GET'] },
      // It reaches no action (Get has an attribute route): kept only to make links by its name.
      { template: '{controller=Items}/{action=Get}/{id?}', name: 'default', generationOnly: true },
    ],
  },
  {
    shape: 'inside an if: imported, and said',
    cs: program('if (app.Environment.IsDevelopment())\n{\n    app.MapGet("/debug/routes", ListRoutes);\n}'),
    routes: [endpoint({ template: 'debug/routes', methods: ['GET'] })],
    findings: [['note', 'registered only when `if (app.Environment.IsDevelopment())` holds']],
  },
  {
    shape: 'a call after a statement keyword (return, else, an unbraced if) is mapped on its own receiver',
    cs: 'namespace App { public static class Ext {\n public static IEndpointConventionBuilder MapThings(this IEndpointRouteBuilder endpoints) {\n  if (endpoints == null) throw new ArgumentNullException();\n  else endpoints.MapGet("/else", E);\n  if (endpoints != null) endpoints.MapGet("/if", I);\n  return endpoints.MapGet("/ret", R);\n }\n} }',
    more: [{ file: 'Program.cs', text: program('app.MapGroup("/g").MapThings();') }],
    routes: [
      endpoint({ template: 'g/else', methods: ['GET'] }),
      endpoint({ template: 'g/if', methods: ['GET'] }),
      endpoint({ template: 'g/ret', methods: ['GET'] }),
    ],
    findings: [['note', 'registered only when `if (endpoints != null)` holds']],
  },
  {
    shape: 'a local constant of top-level statements, in an interpolated pattern, a concatenation, a name and an Order',
    cs: program('const string ApiBase = "api";\nconst string Ping = nameof(Ping), Pong = Ping + "-" + ApiBase;\nconst int Late = 2;\napp.MapGet($"/{ApiBase}/ping", () => "pong").WithName(Ping);\napp.MapGet(ApiBase + "/" + Pong, () => "pong").WithOrder(Late);\napp.MapControllerRoute("legacy", $"{ApiBase}/{{controller}}/{{action}}");'),
    routes: [
      endpoint({ template: 'api/ping', name: 'Ping', methods: ['GET'] }),
      endpoint({ template: 'api/Ping-api', methods: ['GET'] }),
      { template: 'api/{controller}/{action}', name: 'legacy' },
    ],
    findings: [['note', 'its Order 2 ranks it among the conventional routes']],
  },
  {
    shape: "a method's local constant is scoped to its method: another method's local of the same name is another constant, and a local comes before a field",
    cs: 'namespace App { public static class Endpoints {\n const string Prefix = "field";\n public static void MapA(this IEndpointRouteBuilder app) { const string Prefix = "a"; app.MapGet($"/{Prefix}/x", X); }\n public static void MapB(this IEndpointRouteBuilder app) { if (true) { const string Prefix = "b"; app.MapGet(Prefix + "/y", Y); } app.MapGet(Prefix + "/z", Z); }\n} }',
    routes: [
      endpoint({ template: 'a/x', methods: ['GET'] }),
      endpoint({ template: 'b/y', methods: ['GET'] }),
      endpoint({ template: 'field/z', methods: ['GET'] }),
    ],
  },
  {
    shape: "a class's field hides a top-level local constant of the same name (C# finds the member first)",
    cs: program('const string Prefix = "top";\napp.MapGet($"/{Prefix}/a", A);\napp.MapThings();') + '\nstatic class Ext {\n const string Prefix = "field";\n public static void MapThings(this IEndpointRouteBuilder endpoints) { endpoints.MapGet($"/{Prefix}/b", B); }\n}',
    routes: [
      endpoint({ template: 'field/b', methods: ['GET'] }),
      endpoint({ template: 'top/a', methods: ['GET'] }),
    ],
  },
  {
    shape: 'a pattern with a controller or an action parameter keeps it: the null default is only for what the pattern does not hold (any case)',
    cs: program('app.MapGet("/{controller}/{action}/{id?}", (string controller) => 1).WithName("Weird");\napp.MapGet("/{Controller=Home}", (string controller) => 1);'),
    routes: [
      { template: '{Controller=Home}', defaults: { action: null }, methods: ['GET'] },
      { template: '{controller}/{action}/{id?}', name: 'Weird', methods: ['GET'] },
    ],
  },
  {
    shape: "IApplicationBuilder's Map (a pipeline branch) and another library's Map (AutoMapper) are not endpoints",
    cs: program('app.Map("/legacy", legacy => legacy.UseStaticFiles());\nvar dto = mapper.Map<TodoDto>(todo);\napp.MapGet("/ok", Ok);'),
    routes: [endpoint({ template: 'ok', methods: ['GET'] })],
    absent: ['Map('],
  },
  {
    shape: "Map with a method group: a branch of the pipeline when the method takes an IApplicationBuilder or the receiver is one; said when its overloads disagree",
    cs: 'namespace App { public class Startup {\n public void Configure(IApplicationBuilder app) {\n  app.Map("/map1", HandleMapTest1);\n  app.Map("/map2", async context => await context.Response.WriteAsync("x"));\n }\n private static void HandleMapTest1(IApplicationBuilder app) { app.Run(async context => await context.Response.WriteAsync("1")); }\n public static void Register(WebApplication web) {\n  web.Map("/branch", HandleMapTest1);\n  web.Map("/echo", Echo);\n  web.Map("/either", Either);\n }\n static string Echo(HttpContext context) => "echo";\n static void Either(IApplicationBuilder branch) { }\n static string Either(HttpContext context) => "either";\n} }',
    routes: [endpoint({ template: 'echo' })],
    findings: [['skipped', 'Either names methods of the sources that take an IApplicationBuilder (a branch of the pipeline) and methods that do not']],
    absent: ['map1', 'map2', '/branch'],
  },
];

// What only the running application knows about a minimal API is said, never guessed.
const MINIMAL_REFUSED: readonly ShapeCase[] = [
  {
    shape: 'a pattern from a variable is not guessed',
    cs: program('var prefix = builder.Configuration["Prefix"];\napp.MapGet(prefix + "/x", X);\napp.MapGet("/y", Y);'),
    routes: [endpoint({ template: 'y', methods: ['GET'] })],
    findings: [['unread', 'not imported: its pattern: a variable or a parameter']],
  },
  {
    shape: 'a group whose receiver cannot be followed (a method\'s result, a field) is not guessed',
    cs: 'namespace App { public class Endpoints { private readonly RouteGroupBuilder _group;\n public void Register(WebApplication app) {\n  var g = CreateGroup(app);\n  g.MapGet("/a", A);\n  _group.MapGet("/b", B);\n  app.MapGet("/c", C);\n } } }',
    routes: [endpoint({ template: 'c', methods: ['GET'] })],
    findings: [
      ['unread', 'not imported: the builder it is mapped on (g): a method call'],
      ['unread', 'not imported: the builder it is mapped on (_group)'],
    ],
  },
  {
    shape: 'a group assigned under a condition (in an if and its else, in a loop) is not guessed; assigned before the if that maps on it, it is followed',
    cs: program('RouteGroupBuilder g;\nif (builder.Environment.IsDevelopment()) g = app.MapGroup("/dev");\nelse g = app.MapGroup("/prod");\ng.MapGet("/x", X);\nvar h = app.MapGroup("/h");\nforeach (var v in versions) { h = app.MapGroup(v); }\nh.MapGet("/y", Y);\nvar k = app.MapGroup("/k");\nif (on) { k.MapGet("/z", Z); }'),
    routes: [endpoint({ template: 'k/z', methods: ['GET'] })],
    findings: [
      ['unread', 'not imported: the builder it is mapped on (g): its group is assigned under a condition (`else of if (builder.Environment.IsDevelopment())`)'],
      ['unread', 'not imported: the builder it is mapped on (h): its group is assigned under a condition (`foreach (var v in versions)`)'],
      ['note', 'registered only when `if (on)` holds'],
    ],
  },
  {
    shape: 'a method mapped on different groups by its callers is not guessed',
    cs: 'namespace App {\npublic static class Shared { public static void MapShared(this IEndpointRouteBuilder e) { e.MapGet("/shared", S); } }\npublic static class Startup { public static void Run(WebApplication app) {\n  app.MapGroup("/a").MapShared();\n  app.MapGroup("/b").MapShared();\n} } }',
    routes: [],
    findings: [['unread', 'its callers map it on different builders']],
  },
  {
    shape: "another method's local constant is not in scope, and a local that is not constant is a variable",
    cs: 'namespace App { public static class Endpoints {\n public static void MapA(this IEndpointRouteBuilder app) { const string Prefix = "a"; app.MapGet(Prefix, A); }\n public static void MapB(this IEndpointRouteBuilder app) { app.MapGet(Prefix + "/b", B); var local = "c"; app.MapGet(local, C); }\n} }',
    routes: [endpoint({ template: 'a', methods: ['GET'] })],
    findings: [
      ['unread', 'not imported: its pattern: a variable or a parameter'],
      ['unread', 'not imported: its pattern: a variable or a parameter'],
    ],
  },
  {
    shape: 'a local constant defined through a variable is not guessed, and the constant is named',
    cs: program('var configured = builder.Configuration["Base"];\nconst string Base = configured;\napp.MapGet(Base + "/x", X);'),
    routes: [],
    findings: [['unread', 'a variable or a parameter, not a constant of the sources read (in the local constant Base)']],
  },
  {
    shape: 'a name from a variable: the endpoint is not imported',
    cs: program('app.MapGet("/n", N).WithName(endpointName);'),
    routes: [],
    findings: [['unread', 'not imported: its name: a variable or a parameter']],
  },
  {
    shape: 'MapFallback, MapHub and MapHealthChecks are reported, each with what it is; a library\'s Map… call too',
    cs: program('app.MapHub<ChatHub>("/chat");\napp.MapHealthChecks("/health");\napp.MapFallbackToFile("index.html");\napp.MapScalarApiReference();\napp.MapGet("/x", X);'),
    routes: [endpoint({ template: 'x', methods: ['GET'] })],
    findings: [
      ['skipped', 'a SignalR hub (MapHub)'],
      ['skipped', 'an endpoint of MapHealthChecks'],
      ['skipped', 'a fallback endpoint (MapFallbackToFile)'],
      ['skipped', 'MapScalarApiReference is not a method of the sources read'],
    ],
  },
  {
    shape: 'RequireHost is a condition on the request: imported as if it always held, and said',
    cs: program('app.MapGet("/admin", Admin).RequireHost("admin.example.com");'),
    routes: [endpoint({ template: 'admin', methods: ['GET'] })],
    findings: [['note', 'RequireHost']],
  },
];

describe.each([
  ['conventional routes', CONVENTIONAL],
  ['registration order, following calls between methods', ORDER],
  ['refused, never guessed', REFUSED],
  ['attribute routes', ATTRIBUTES],
  ['minimal APIs', MINIMAL],
  ['minimal APIs: refused, never guessed', MINIMAL_REFUSED],
] as const)('%s', (_title, cases) => {
  it.each(cases)('$shape', ({ cs, routes, findings = [], absent = [], more = [] }) => {
    const got = importOne(cs, more);
    expect(got.routes).toEqual(routes);
    const reported = got.findings.map((f) => [f.kind, f.message] as const);
    for (const [kind, message] of findings) expect(reported, `a ${kind} finding with "${message}"`).toContainEqual([kind, expect.stringContaining(message)]);
    for (const message of absent) expect(got.findings.filter((f) => f.message.includes(message)), `no finding with "${message}"`).toEqual([]);
    // Every finding names the file and a line, so the user can find the C# text.
    for (const f of got.findings) expect(f.line).toBeGreaterThan(0);
  });
});

/** The files of a fixture application (test/fixtures/aspnet/<app>), as `switchyard import` reads a folder. */
const fixtureApp = async (app: string) => readSources([`test/fixtures/aspnet/${app}`], ROOT);

/** docs/import.md's dispatcher: every route with its verbs, options as the module has them (generationOnly included). */
async function serveTable(routes: readonly (RouteDefinition & { name?: string })[], method: string, path: string): Promise<Response & { json(): Promise<unknown> }> {
  const app = createApplication();
  const serve = async (context: RoutedHttpContext): Promise<void> => {
    const { controller, action, ...values } = context.routeData.values;
    context.response.json(200, { controller, action, values });
  };
  const builder = new RouteBuilder(app);
  for (const { methods, template, ...options } of routes) {
    if (methods) builder.mapMethods(methods as string[], template, serve, options);
    else builder.mapRoute(template, serve, options);
  }
  useRouter(app, builder.build());
  const server = await app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    await response.clone().arrayBuffer();
    return response;
  } finally {
    await new Promise((done) => server.close(done));
  }
}

// ASP.NET Core makes a conventional route one endpoint per action it reaches: an action that exists, has no
// attribute route, and whose area, controller and action the route can hold; the action's verbs limit it there.
// `{area:exists}` accepts the areas some action has. Each request is served as docs/import.md serves the table.
describe('ASP.NET Core: what a conventional route reaches, served', () => {
  interface Served {
    readonly app: 'Shop' | 'Legacy';
    readonly method: string;
    readonly path: string;
    readonly status: number;
    /** The body (200) or the Allow header (405). */
    readonly answer?: unknown;
  }
  const CASES: readonly Served[] = [
    // An attribute-routed action is never reached by a conventional route: its own route's verbs decide.
    { app: 'Shop', method: 'GET', path: '/admin/users/disable', status: 405, answer: 'OPTIONS, POST' },
    { app: 'Shop', method: 'POST', path: '/admin/users/disable', status: 200, answer: { controller: 'Users', action: 'Disable', values: { area: 'Admin' } } },
    { app: 'Shop', method: 'GET', path: '/Products/GetAll', status: 404 },
    { app: 'Shop', method: 'GET', path: '/admin/users', status: 404 },
    // No such controller, or no such action: no route takes it.
    { app: 'Shop', method: 'GET', path: '/Foo/Bar', status: 404 },
    { app: 'Shop', method: 'GET', path: '/Home/Missing', status: 404 },
    // Conventional actions, through the route ASP.NET tries first; defaults fill in what the path leaves out.
    { app: 'Shop', method: 'GET', path: '/admin', status: 200, answer: { controller: 'Dashboard', action: 'Index', values: { area: 'Admin' } } },
    { app: 'Shop', method: 'GET', path: '/admin/dashboard/stats', status: 200, answer: { controller: 'dashboard', action: 'stats', values: { area: 'Admin' } } },
    { app: 'Shop', method: 'GET', path: '/', status: 200, answer: { controller: 'Home', action: 'Index', values: {} } },
    { app: 'Shop', method: 'GET', path: '/Home/Privacy/3', status: 200, answer: { controller: 'Home', action: 'Privacy', values: { id: '3' } } },
    { app: 'Shop', method: 'GET', path: '/Blog/Post', status: 200, answer: { controller: 'Blog', action: 'Post', values: {} } },
    { app: 'Shop', method: 'GET', path: '/blog/2024/5/hello', status: 200, answer: { controller: 'Blog', action: 'Post', values: { year: '2024', month: '5', slug: 'hello' } } },
    // An area's controller is not reached by a route without that area.
    { app: 'Shop', method: 'GET', path: '/Dashboard/Stats', status: 404 },
    { app: 'Shop', method: 'GET', path: '/api/products/5', status: 200, answer: { controller: 'Products', action: 'GetById', values: { id: '5' } } },
    // {area:exists}: only an area some action has; /Home/Privacy goes on to the default route.
    { app: 'Legacy', method: 'GET', path: '/Home/Privacy', status: 200, answer: { controller: 'Home', action: 'Privacy', values: {} } },
    { app: 'Legacy', method: 'GET', path: '/admin/Reports', status: 200, answer: { controller: 'Reports', action: 'Index', values: { area: 'admin' } } },
    { app: 'Legacy', method: 'GET', path: '/Shop/Index', status: 404 },
    // A conventional action's [HttpPost] limits it on the conventional route too.
    { app: 'Legacy', method: 'GET', path: '/Admin/Reports/Rebuild', status: 405, answer: 'OPTIONS, POST' },
    { app: 'Legacy', method: 'POST', path: '/Admin/Reports/Rebuild', status: 200, answer: { controller: 'Reports', action: 'Rebuild', values: { area: 'Admin' } } },
  ];

  it.each(CASES)('$app: $method $path → $status', async ({ app, method, path, status, answer }) => {
    const { routes } = importSources(await fixtureApp(app));
    const response = await serveTable(routes.map((r) => r.definition), method, path);
    expect(response.status).toBe(status);
    if (status === 200) expect(await response.json()).toEqual(answer);
    if (status === 405) expect(response.headers.get('allow')).toBe(answer);
  });

  it("Shop's conventional routes: one per controller and verbs it reaches, the name kept for links", async () => {
    const result = importSources(await fixtureApp('Shop'));
    const conventional = result.routes.filter((r) => r.file.endsWith('Program.cs')).map((r) => r.definition);
    expect(conventional).toEqual([
      // Its minimal API endpoint, ordered with the attribute routes (before the conventional ones).
      endpoint({ template: 'health', methods: ['GET'] }),
      { template: 'Admin/{controller=Dashboard}/{action=Index}/{id?}', name: 'admin', defaults: { area: 'Admin' }, constraints: { area: 'Admin', controller: 'Dashboard', action: 'Index|Stats' } },
      { template: 'blog/{year:int}/{month:int:range(1,12)}/{slug}', name: 'blog', defaults: { controller: 'Blog', action: 'Post' } },
      { template: '{controller=Home}/{action=Index}/{id?}', name: 'default', generationOnly: true },
      // Home and Index are not Blog's values: ASP.NET drops those defaults for this endpoint.
      { template: '{controller}/{action}/{id?}', constraints: { controller: 'Blog', action: 'Post' } },
      { template: '{controller=Home}/{action=Index}/{id?}', constraints: { controller: 'Home', action: 'Index|Privacy|Error' } },
    ]);
    const router = compile(result.routes.map((r) => r.definition));
    expect(router.generate({ controller: 'Home', action: 'Privacy' }, { routeName: 'default' })?.path).toBe('/Home/Privacy');
  });

  it("Legacy's {area:exists}: the areas some action has, as an expression ignoring case", async () => {
    const result = importSources(await fixtureApp('Legacy'));
    expect(result.routes[0].definition).toMatchObject({ name: 'areas', template: '{area}/{controller=Home}/{action=Index}/{id?}', constraints: { area: 'Admin' } });
    expect(result.findings.map((f) => f.message)).toContainEqual(expect.stringContaining('{area:exists} imported as the areas actions of the sources have (Admin)'));
    expect(result.findings.map((f) => f.message).join('\n')).not.toContain("the application's own constraint");
  });

  it('without controllers (only the registrations), conventional routes are imported as written, and the report says why', async () => {
    const result = importSources((await fixtureApp('Legacy')).filter((s) => s.file.endsWith('Startup.cs')));
    expect(result.routes.map((r) => r.definition)).toEqual([
      { name: 'areas', template: '{area}/{controller=Home}/{action=Index}/{id?}' },
      { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
      { template: '{controller=Home}/{action=Index}/{id?}' },
    ]);
    const messages = result.findings.map((f) => f.message);
    expect(messages).toContainEqual(expect.stringContaining('{area:exists} left out: the sources read hold no controller, so the importer cannot know which values exist'));
    expect(messages).toContainEqual(expect.stringContaining('no controller in the sources read: imported as written, reaching any controller and action'));
  });
});

describe('attribute routes are ordered as ASP.NET orders them', () => {
  it.each([
    ['literal < constrained parameter < parameter < catch-all', ['{*rest}', '{id}', '{id:int}', 'list'], ['list', '{id:int}', '{id}', '{*rest}']],
    ['per segment, left to right (1.13 < 1.2)', ['api/{x:int}', 'api/list/{id}'], ['api/list/{id}', 'api/{x:int}']],
    ['a shorter template first when it is a prefix (1.1 < 1.13)', ['api/todo/{id}', 'api/todo'], ['api/todo', 'api/todo/{id}']],
    ['a complex segment ranks with a constrained parameter, before a parameter', ['{name}', '{name}.{ext}'], ['{name}.{ext}', '{name}']],
    ['then by template text, ignoring case', ['b', 'A', 'a/c'], ['A', 'b', 'a/c']],
  ])('%s', (_rule, templates, expected) => {
    const routes = templates.map((template, i) => ({ definition: { template }, file: 'X.cs', line: i + 1, order: 0 }));
    expect(attributeOrder(routes).map((r) => r.definition.template)).toEqual(expected);
  });

  it('Order comes first, whatever the precedence', () => {
    const routes = [
      { definition: { template: 'a' }, file: 'X.cs', line: 1, order: 1 },
      { definition: { template: '{*all}' }, file: 'X.cs', line: 2, order: -1 },
    ];
    expect(attributeOrder(routes).map((r) => r.definition.template)).toEqual(['{*all}', 'a']);
  });

  it.each([
    ['api/todo', [1, 1]],
    ['api/{id:int}', [1, 2]],
    ['api/todo/{id}', [1, 1, 3]],
    ['files/{*path:minlength(1)}', [1, 4]],
    ['files/{**path}', [1, 5]],
  ])('precedence of %s is %j (RoutePrecedence.ComputeInbound)', (template, digits) => {
    expect(inboundPrecedence(template)).toEqual(digits);
  });

  it.each([
    ['api/[controller]', '{id}', 'api/[controller]/{id}'],
    ['api/', 'x', 'api/x'],
    ['api', '~/x', 'x'],
    ['api', '/x/', 'x'],
    ['', 'x', 'x'],
    ['/', '~/', ''],
    ['api', null, 'api'],
    [null, null, null],
  ])('combines %j and %j into %j (AttributeRouteModel.CombineTemplates)', (left, right, expected) => {
    expect(combine(left, right)).toBe(expected);
  });

  it.each([
    ['api/[controller]/[action]', 'api/Todo/Get'],
    ['x/[[literal]]/[CONTROLLER]', 'x/[literal]/Todo'],
    ['{id:regex(^[[a-z]]+$)}', '{id:regex(^[a-z]+$)}'],
  ])('replaces the tokens of %s', (template, expected) => {
    expect(replaceTokens(template, { controller: 'Todo', action: 'Get' })).toBe(expected);
  });
});

describe("the tutorial's TodoController", () => {
  const file = 'docs/examples/mvc-app/Controllers/TodoController.cs';
  const result = importSources([{ file, text: readFileSync(join(ROOT, file), 'utf8') }]);

  it('imports into the five routes the to-do API serves (src/todo: api/todo, api/todo/{id} named GetTodo)', () => {
    expect(result.routes.map((r) => ({ name: r.definition.name ?? null, template: r.definition.template.toLowerCase(), methods: r.definition.methods }))).toEqual([
      { name: null, template: 'api/todo', methods: ['GET'] },
      { name: null, template: 'api/todo', methods: ['POST'] },
      { name: 'GetTodo', template: 'api/todo/{id}', methods: ['GET'] },
      { name: null, template: 'api/todo/{id}', methods: ['PUT'] },
      { name: null, template: 'api/todo/{id}', methods: ['DELETE'] },
    ]);
    expect(result.findings).toEqual([]);
  });

  it.each([
    ['GET', '/api/todo', 'GetAll'],
    ['POST', '/api/todo', 'Create'],
    ['GET', '/api/todo/7', 'GetById'],
    ['PUT', '/api/todo/7', 'Update'],
    ['DELETE', '/api/todo/7', 'Delete'],
  ])('%s %s reaches %s', (method, path, action) => {
    const router = compile(result.routes.map((r) => r.definition));
    expect(router.match(path, method)?.values).toMatchObject({ controller: 'Todo', action });
    expect(router.generate({ id: 7 }, { routeName: 'GetTodo' })?.path).toBe('/api/Todo/7');
  });
});

describe('the tokenizer', () => {
  it.each([
    ['a regular string with escapes', '"a\\tb\\u0041\\x41\\\\"', 'a\tbAA\\'],
    ['a verbatim string', '@"c:\\x\\""y"""', 'c:\\x\\"y"'],
    ['a raw string', '"""a "quoted" b"""', 'a "quoted" b'],
    ['a multi-line raw string, indentation removed', '"""\n    x/{id}\n      y\n    """', 'x/{id}\n  y'],
  ])('%s', (_what, text, value) => {
    expect(tokenize(text)).toMatchObject([{ kind: 'string', value }]);
  });

  it('reads an interpolated string with nested braces and strings in its holes', () => {
    const [token] = tokenize('$"a{Call(new { x = "}" })}b{{c}}"');
    expect(token.kind).toBe('interpolated');
    expect((token as unknown as { parts: unknown[] }).parts.filter((p) => typeof p === 'string')).toEqual(['a', 'b{c}']);
  });

  it('takes time in proportion to the input on hostile text (no backtracking): counted, not timed', () => {
    // Each size's tokens grow linearly: the tokenizer looks at each character a bounded number of times.
    const sizes = [1_000, 4_000, 16_000];
    const counts = sizes.map((n) => tokenize(`${'(['.repeat(n)}${'"\\"",'.repeat(n)}/*${'*'.repeat(n)}*/`).length);
    expect(counts).toEqual(sizes.map((n) => 4 * n));
    expect(() => importSources([{ file: 'deep.cs', text: `class A { void M() { x.MapRoute(${'('.repeat(20_000)}${')'.repeat(20_000)}); } }` }])).not.toThrow();
  });

  it('follows calls through a bounded number of method bodies on a call graph of a million paths: counted, not timed', () => {
    // Each of 20 methods calls the next twice: 2^20 paths. The walk stops at MAX_VISITS bodies, and says so.
    const methods = Array.from({ length: 20 }, (_, i) => `static void M${i}(RouteCollection routes) { routes.MapRoute(null, "r${i}");${i < 19 ? ` M${i + 1}(routes); M${i + 1}(routes);` : ''} }`).join('\n');
    const result = importSources([{ file: 'App.cs', text: `using System.Web.Mvc;\nstatic class RouteConfig {\n${methods}\n}` }]);
    expect(result.routes.length).toBeLessThanOrEqual(MAX_VISITS);
    expect(result.routes.length).toBeGreaterThan(MAX_VISITS / 2);
    expect(result.findings.map((f) => f.message)).toContainEqual(expect.stringContaining(`at most ${MAX_VISITS} method bodies`));
  });
});

describe('switchyard import (the command)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'import', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('writes a route module and its types, each route with its C# file and line; the module is a route table', async () => {
    const target = join(dir, 'routes.mjs');
    const result = run('docs/examples/mvc-app', '-o', target);
    expect(result.status).toBe(0);
    const module = readFileSync(target, 'utf8');
    expect(module).toContain('// docs/examples/mvc-app/Controllers/TodoController.cs:13');
    expect(module).toContain('// 5 attribute routes, by Order, then by template precedence');
    expect(readFileSync(join(dir, 'routes.d.mts'), 'utf8')).toContain('readonly "name": "GetTodo"');
    const { routes } = (await import(pathToFileURL(target).href)) as { routes: RouteDefinition[] };
    expect(compile(routes).match('/catalog/tools/42', 'GET')?.route.name).toBe('Product');
    // Every command reads it.
    const lint = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'lint', target], { cwd: ROOT, encoding: 'utf8' });
    expect(lint.stdout).toContain('routes,');
  });

  // docs/import.md's serving code, run on the module the command wrote, and sent requests.
  it.each([
    ['GET', '/catalog/tools/42', 200, { controller: 'Catalog', action: 'Product', values: { category: 'tools', id: '42' } }],
    ['GET', '/api/todo/7', 200, { controller: 'Todo', action: 'GetById', values: { id: '7' } }],
    ['DELETE', '/api/todo/7', 200, { controller: 'Todo', action: 'Delete', values: { id: '7' } }],
    // Product takes GET and HEAD only; a POST falls through to the next route that accepts it, as in ASP.NET.
    ['POST', '/catalog/tools/42', 200, { controller: 'Catalog', action: 'Category', values: { category: 'tools', page: '42' } }],
    ['GET', '/admin/users/list', 200, { controller: 'users', action: 'list', values: { area: 'Admin' } }],
  ] as const)('the pipeline serves the imported table: %s %s → %i', async (method, path, status, body) => {
    const target = join(dir, 'served-routes.mjs');
    expect(run('docs/examples/mvc-app', '-o', target).status).toBe(0);
    const { routes } = (await import(pathToFileURL(target).href)) as { routes: (RouteDefinition & { name?: string })[] };
    const response = await serveTable(routes, method, path);
    expect(response.status).toBe(status);
    if (body !== null) expect(await response.json()).toEqual(body);
  });

  it('writes JSON that every command reads, with the sources beside the routes', () => {
    const target = join(dir, 'routes.json');
    expect(run('docs/examples/mvc-app', '-o', target).status).toBe(0);
    const document = JSON.parse(readFileSync(target, 'utf8')) as { routes: unknown[]; sources: { file: string; line: number }[]; groups: unknown[] };
    expect(document.sources).toHaveLength(document.routes.length);
    expect(document.sources[0]).toEqual({ file: 'docs/examples/mvc-app/Controllers/TodoController.cs', line: 10 });
    const routes = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'match', target, 'GET', '/api/todo/3'], { cwd: ROOT, encoding: 'utf8' });
    expect(routes.stdout).toContain('GetTodo');
  });

  it('reports to stderr; --json gives the report as JSON', () => {
    const text = run('docs/examples/mvc-app', '-o', join(dir, 'r.json'));
    expect(text.stderr).toContain('RouteConfig.cs:37  legacyPrefix  — not imported: its template: a variable or a parameter');
    const json = run('docs/examples/mvc-app', '-o', join(dir, 'r.json'), '--json');
    const report = JSON.parse(json.stderr) as { routes: number; findings: { file: string; line: number; kind: string }[]; lint: { diagnostics: { code: string; source: string }[] } };
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: 'unread', file: 'docs/examples/mvc-app/App_Start/RouteConfig.cs', line: 37 }));
    expect(report.lint.diagnostics.map((d) => [d.code, d.source])).toContainEqual(['shadowed', 'docs/examples/mvc-app/App_Start/RouteConfig.cs:45']);
  });

  it('reads files and folders given by an absolute path as well as a relative one', () => {
    const result = run(join(ROOT, 'docs/examples/mvc-app'), '-o', join(dir, 'absolute.json'));
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('imported 13 routes from 3 files of 3 read');
    expect(result.stderr).toContain('docs/examples/mvc-app/Controllers/TodoController.cs: 5 routes');
    // A file outside the folder the command runs in is shown by its full path.
    const outside = join(dir, 'TodoController.cs');
    writeFileSync(outside, readFileSync(join(ROOT, 'docs/examples/mvc-app/Controllers/TodoController.cs')));
    expect(run(outside, '-o', join(dir, 'outside.json')).stderr).toContain(`${outside.split('\\').join('/')}: 5 routes`);
  });

  it.each([
    [['missing.cs'], 'cannot read missing.cs'],
    [['docs/examples/mvc-app', '-o', 'routes.txt'], '-o names the file to write'],
    [[], 'missing arguments'],
  ])('refuses %j', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

// A .NET developer's trial app (test/fixtures/aspnet/Todo): minimal APIs beside an MVC conventional route with a
// [HttpPost] action. Links by values (Url.Action: a controller and an action, given or ambient from the request) go to
// the MVC routes, never to a minimal API (ASP.NET Core's endpoint routing chooses those only by name); requests reach
// what they reached. Each row runs on the table importSources gives and on a module `switchyard build` wrote from the
// module `switchyard import` wrote.
describe('the trial app: links by values pass over minimal APIs; the split conventional route is lint-clean', () => {
  interface Link {
    readonly link: string;
    readonly values: Record<string, unknown>;
    readonly options?: { routeName?: string; ambientValues?: Record<string, unknown> };
    readonly path: string | null;
  }
  const MVC_REQUEST = { controller: 'Home', action: 'Index' };
  const LINKS: readonly Link[] = [
    { link: 'Url.Action("Privacy", "Home")', values: { controller: 'Home', action: 'Privacy' }, path: '/Home/Privacy' },
    { link: 'Url.Action("Contact", "Home") (a POST-only action)', values: { controller: 'Home', action: 'Contact' }, path: '/Home/Contact' },
    { link: 'Url.Action("Privacy") from an MVC request', values: { action: 'Privacy' }, options: { ambientValues: MVC_REQUEST }, path: '/Home/Privacy' },
    { link: 'Url.Action("Index", "Home", new { id = 5 })', values: { controller: 'Home', action: 'Index', id: 5 }, path: '/Home/Index/5' },
    { link: 'Url.Action("Privacy", "Home") from a minimal API request (no ambient controller)', values: { controller: 'Home', action: 'Privacy' }, options: { ambientValues: { id: '3' } }, path: '/Home/Privacy/3' },
    { link: 'Url.Action("Monthly", "Reports", …) (an attribute route)', values: { controller: 'Reports', action: 'Monthly', year: 2024, month: 3 }, path: '/api/Reports/2024/3' },
    { link: 'Url.RouteUrl("GetTodo") from an MVC request', values: { id: 5 }, options: { routeName: 'GetTodo', ambientValues: MVC_REQUEST }, path: '/api/todos/5' },
    { link: 'LinkGenerator by name', values: { id: 5 }, options: { routeName: 'GetTodo' }, path: '/api/todos/5' },
    { link: 'by name, a catch-all', values: { slug: 'a/b' }, options: { routeName: 'Page', ambientValues: MVC_REQUEST }, path: '/pages/a/b' },
    { link: 'by name, the conventional route', values: { controller: 'Home', action: 'Privacy' }, options: { routeName: 'default' }, path: '/Home/Privacy' },
    { link: 'by name, no values', values: {}, options: { routeName: 'CreateTodo' }, path: '/api/todos' },
  ];
  interface Request {
    readonly method: string;
    readonly path: string;
    readonly status: number;
    readonly answer?: unknown;
  }
  const REQUESTS: readonly Request[] = [
    { method: 'GET', path: '/api/todos', status: 200, answer: { values: {} } },
    { method: 'GET', path: '/api/todos/3', status: 200, answer: { values: { id: '3' } } },
    { method: 'GET', path: '/api/ping', status: 200, answer: { values: {} } },
    { method: 'POST', path: '/Home/Contact', status: 200, answer: { controller: 'Home', action: 'Contact', values: {} } },
    { method: 'GET', path: '/Home/Contact', status: 405, answer: 'OPTIONS, POST' },
    { method: 'GET', path: '/Home/Privacy/4', status: 200, answer: { controller: 'Home', action: 'Privacy', values: { id: '4' } } },
    { method: 'GET', path: '/', status: 200, answer: { controller: 'Home', action: 'Index', values: {} } },
    { method: 'GET', path: '/pages/a/b', status: 200, answer: { values: { slug: 'a/b' } } },
  ];
  // In the repository, so that the built module finds switchyard-router (the package itself).
  const dir = mkdtempSync(join(ROOT, '.tmp-trial-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const built = (async () => {
    expect(cli('import', 'test/fixtures/aspnet/Todo', '-o', join(dir, 'routes.mjs')).status).toBe(0);
    expect(cli('build', join(dir, 'routes.mjs'), '-o', join(dir, 'router.mjs')).status).toBe(0);
    return ((await import(pathToFileURL(join(dir, 'router.mjs')).href)) as { default: { generate(values: unknown, options?: unknown): { path: string } | null } }).default;
  })();

  it.each(LINKS)('$link → $path', async ({ values, options, path }) => {
    const { routes } = importSources(await fixtureApp('Todo'));
    expect(compile(routes.map((r) => r.definition)).generate(values, options)?.path ?? null).toBe(path);
    expect((await built).generate(values, options)?.path ?? null).toBe(path);
  });

  it.each(REQUESTS)('$method $path → $status', async ({ method, path, status, answer }) => {
    const { routes } = importSources(await fixtureApp('Todo'));
    const response = await serveTable(routes.map((r) => r.definition), method, path);
    expect(response.status).toBe(status);
    if (status === 200) expect(await response.json()).toEqual(answer);
    if (status === 405) expect(response.headers.get('allow')).toBe(answer);
  });

  it('the routes the import split the conventional route into need no default matching never uses: lint says nothing of them', async () => {
    const result = importSources(await fixtureApp('Todo'));
    expect(result.routes.filter((r) => r.definition.template.includes('{controller')).map((r) => r.definition)).toEqual([
      { template: '{controller=Home}/{action=Index}/{id?}', name: 'default', generationOnly: true },
      { template: '{controller}/{action}/{id?}', constraints: { controller: 'Home', action: 'Contact' }, methods: ['POST'] },
      { template: '{controller=Home}/{action=Index}/{id?}', constraints: { controller: 'Home', action: 'Index|Privacy' } },
    ]);
    expect(result.lint.diagnostics.filter((d) => d.code === 'required-after-optional')).toEqual([]);
    // The module's types: the null defaults name no parameter and give no value.
    expect(readFileSync(join(dir, 'routes.d.mts'), 'utf8')).toContain('readonly "template": "api/todos/{id:int}"; readonly "defaults": { readonly "controller": null; readonly "action": null }');
  });
});

// The trial app's own constraint ({zid:even}, a name its RouteOptions.ConstraintMap adds): left out, the route takes
// every value, which the report says with the way to keep it, and lint's advice on the sibling `items/{name}` is
// answered; kept (--keep-constraint even), the template stays as written and the app's route module registers it.
describe("an application's own inline constraint: left out and said, or kept", () => {
  const plain = createStyle(false);
  interface KeepCase {
    readonly keep: readonly string[];
    readonly template: string;
    readonly finding: readonly [kind: string, message: string];
    /** What lint's report line on route Item says (null: no finding). */
    readonly lint: string | null;
  }
  const CASES: readonly KeepCase[] = [
    {
      keep: [],
      template: 'items/{zid}',
      finding: ['unread', `the inline constraint "even" of {zid} left out (the application's own constraint or parameter transformer, named in its RouteOptions.ConstraintMap): the route now takes every value of "zid". To keep it, import with --keep-constraint even and register "even" in a route module's \`constraints\` export`],
      lint: 'mark it generationOnly: true — but #6 takes them only because the import left out its inline constraint "even": in the app, this route takes the values "even" refuses. Import with --keep-constraint even (and register "even") rather than mark this route generationOnly',
    },
    {
      keep: ['even'],
      template: 'items/{zid:even}',
      finding: ['note', `the inline constraint "even" of {zid} kept as written (--keep-constraint even; the application's own constraint or parameter transformer, named in its RouteOptions.ConstraintMap): compiling the table needs its factory, a route module's \`constraints\` export { even: … }`],
      lint: null,
    },
    { keep: ['EVEN'], template: 'items/{zid:even}', finding: ['note', 'the inline constraint "even" of {zid} kept as written (--keep-constraint even;'], lint: null },
  ];
  it.each(CASES)('--keep-constraint $keep: $template', async ({ keep, template, finding, lint }) => {
    const result = importSources(await fixtureApp('Todo'), { keepConstraints: keep });
    expect(result.routes.find((r) => r.definition.name === 'EvenItem')?.definition.template).toBe(template);
    expect(result.findings.filter((f) => f.text === 'items/{zid:even}').map((f) => [f.kind, f.message.slice(0, finding[1].length)])).toEqual([finding]);
    const line = reportLines(result, null, plain).find((l) => l.includes('#7 Item'));
    if (lint === null) expect(line).toBeUndefined();
    else expect(line).toContain(lint);
    expect(result.lint.summary).toBe(lint === null ? '12 routes, 0 errors, 0 warnings' : '12 routes, 0 errors, 1 warning (1 route only makes links)');
  });

  // Kept, the table compiles with the app's factory (and only with one), and requests reach what they reach in the app.
  it.each([
    ['/items/4', 'EvenItem', { zid: '4' }],
    ['/items/3', 'Item', { name: '3' }],
    ['/items/abc', 'Item', { name: 'abc' }],
  ])('kept: GET %s → %s', async (path, name, values) => {
    const definitions = importSources(await fixtureApp('Todo'), { keepConstraints: ['even'] }).routes.map((r) => r.definition);
    expect(() => compile(definitions)).toThrow('the inline constraint "even" of parameter "zid" is unknown');
    const even = { match: (_c: unknown, _r: unknown, key: string, v: Record<string, unknown>) => Number(v[key]) % 2 === 0 };
    const match = compile(definitions, { constraints: { even: () => even } }).match(path, 'GET');
    expect(match?.route.name).toBe(name);
    expect(match?.values).toEqual(values);
  });

  it.each([
    [['int'], '--keep-constraint int: "int" is one of switchyard\'s constraints, kept in every template already'],
    [['evn'], '--keep-constraint evn: no template of the sources read has the inline constraint "evn"'],
    [['even', 'odd'], '--keep-constraint odd: no template of the sources read has the inline constraint "odd"'],
    [['ev:en'], '--keep-constraint "ev:en": not a constraint name'],
  ])('refuses --keep-constraint %j', async (keep, message) => {
    const sources = await fixtureApp('Todo');
    expect(() => importSources(sources, { keepConstraints: keep })).toThrow(message);
  });

  // Asp.Versioning's constraint is a library's, said as such.
  it('apiVersion is said to be Asp.Versioning\'s ApiVersionRouteConstraint, not the application\'s own', () => {
    const { routes, findings } = importOne(program('var v = app.MapGroup("/api/v{version:apiVersion}/todos");\nv.MapGet("/", () => 1).WithName("ListTodosV1");'));
    expect(routes.map((r) => r.template)).toEqual(['api/v{version}/todos']);
    expect(findings.map((f) => f.message)).toEqual([
      `the inline constraint "apiVersion" of {version} left out (Asp.Versioning's ApiVersionRouteConstraint, which AddApiVersioning registers: it takes an API version (1, 1.0, 2.0-beta) and the versioning library then picks the endpoint of that version): the route now takes every value of "version". To keep it, import with --keep-constraint apiVersion and register "apiVersion" in a route module's \`constraints\` export`,
    ]);
  });

  // The module's header is the command that imports it again: with the names kept.
  it('writes --keep-constraint into the command of the module it writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-keep-'));
    try {
      const result = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'import', 'test/fixtures/aspnet/Todo', '--keep-constraint', 'even', '-o', join(dir, 'routes.mjs')], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(result.status).toBe(0);
      const module = readFileSync(join(dir, 'routes.mjs'), 'utf8');
      expect(module.split('\n')[0]).toContain(`\`switchyard import test/fixtures/aspnet/Todo --keep-constraint even -o ${join(dir, 'routes.mjs')}\``);
      expect(module).toContain('{ template: "items/{zid:even}"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

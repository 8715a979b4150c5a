// routeInspector(): a page that shows a route table to a person, and explains requests and links against it (in
// the tradition of ASP.NET's Route Debugger and Rails' /rails/info/routes). One self-contained page (its script
// and style served beside it, so the Content-Security-Policy allows nothing else), fed by small JSON endpoints
// under the same prefix:
//
//   GET {prefix}/                      the page
//   GET {prefix}/api/routes            { routes: [...], diagnostics: [...], summary, error }: the table, what
//                                      diagnostics() found and its summary (lint's words), and why a newer version
//                                      of it did not load (or null)
//   GET {prefix}/api/explain?method=GET&path=/x   explain(): the winner, its values, every route's reason, the closest
//   GET {prefix}/api/generate?name=todo&values={"id":5}   generate() by name, and explainGenerate()'s reasons
//
// Nothing from a route or a request is ever written into HTML: the page builds its DOM with textContent only, and
// JSON answers escape "<", ">" and "&".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { CompiledRoute } from '../compile/compiled-route.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import { summarizeDiagnostics } from '../compile/introspect/diagnostics.js';
import { diagnostics, explain, explainGenerate } from '../compile/introspect/router-introspection.js';
import { HttpRequest } from './http-context.js';
import { INSPECTOR_CSS, INSPECTOR_HTML, INSPECTOR_ICON, INSPECTOR_JS } from './inspector-page.js';
import { problem } from './problem-details.js';
import { writeProblem } from './write-problem.js';
import type { RouteCollection } from './route-collection.js';
import { Route } from './route.js';

/** Options of routeInspector(). */
export interface RouteInspectorOptions {
  /** Where the page and its endpoints live (default "/_routes"). */
  prefix?: string;
  /** The page's heading (default "Routes"). */
  title?: string;
  /**
   * Why the table shown is not the latest version of its source (a route file that changed and does not compile:
   * `switchyard inspect --watch` keeps the last table that did). The page shows it above the table; /api/routes
   * gives it as `error`. Default null.
   */
  error?: InspectorError | null;
}

/** A version of the table that did not load: the whole report, and each mistake in it. */
export interface InspectorError {
  /** The report as text, several lines: each mistake with its route, and the template with a caret under the place. */
  readonly message: string;
  /** Each mistake: its route (index, name, template; null for the file as a whole), what is wrong, and where. */
  readonly problems: readonly InspectorProblem[];
}

/** One mistake of a table that did not load. */
export interface InspectorProblem {
  readonly route: { readonly index: number; readonly name: string | null; readonly template: string | null } | null;
  readonly message: string;
  /** Lines that show where: the template, and a caret under the place (empty when there is no place to show). */
  readonly where: readonly string[];
}

/** A request handler: true when it answered (the path is under its prefix), false when the request is not its own. */
export type RouteInspector = (req: IncomingMessage, res: ServerResponse, next?: () => void) => boolean;

// The page's own script and style only: no inline code, no other origin, no frames, no forms posted anywhere.
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A compiled router, or the routes of a RouteCollection compiled with their names (for generation by name) and as
 * the collection compiles and writes them: its case option, and its links' options (lowercaseUrls…).
 */
function routerOf(source: CompiledRouter | RouteCollection): CompiledRouter {
  if (typeof (source as CompiledRouter).match === 'function') return source as CompiledRouter;
  const collection = source as RouteCollection;
  const definitions: RouteDefinition[] = [];
  for (let i = 0; i < collection.count; i++) {
    const route = collection.get(i) as { definition?: RouteDefinition; name?: string | null };
    if (route.definition) definitions.push({ ...route.definition, name: route.name ?? null, handler: undefined });
  }
  return compile(definitions, { ...collection.urlOptions, caseSensitive: collection.caseSensitive });
}

/** JSON that is safe anywhere, even if a browser were to sniff it as HTML. */
const safeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** A route as the page shows it. */
function routeView(route: CompiledRoute) {
  return {
    index: route.index,
    name: route.name,
    template: route.template,
    methods: route.methods,
    defaults: route.defaults,
    constraints: [...route.constraints].map(([key, c]) => {
      const kind = c.constructor.name.replace(/RouteConstraint$/, '').toLowerCase();
      const pattern = (c as { pattern?: unknown }).pattern;
      return { key, kind, detail: pattern instanceof RegExp ? pattern.source : null };
    }),
    generationOnly: route.generationOnly,
  };
}

/** Route values from the generate box: JSON ({"id":5}) or key=value pairs (id=5&slug=x). */
function valuesFrom(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  const values: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(trimmed)) values[key] = value;
  return values;
}

/** The inspector for a compiled router or a RouteCollection. */
export function routeInspector(source: CompiledRouter | RouteCollection, options: RouteInspectorOptions = {}): RouteInspector {
  const prefix = (options.prefix ?? '/_routes').replace(/\/+$/, '');
  const title = options.title ?? 'Routes';
  const given = options.error ?? null;
  // The documented fields only, whatever else the caller's objects carry.
  const error = given && { message: given.message, problems: given.problems.map((p) => ({ route: p.route, message: p.message, where: p.where })) };
  let router: CompiledRouter | null = null; // compiled on the first request: a RouteCollection may still be filling
  const routerNow = (): CompiledRouter => (router ??= routerOf(source));

  const send = (res: ServerResponse, status: number, type: string, body: string, policy = PAGE_POLICY): void => {
    res.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(body);
  };
  const json = (res: ServerResponse, value: unknown): void => send(res, 200, 'application/json; charset=utf-8', safeJson(value));

  // The table cannot change once compiled: its JSON (and the diagnostics in it) is made once, on first request.
  let routesJson: string | null = null;
  const routesNow = (r: CompiledRouter): string => {
    if (routesJson !== null) return routesJson;
    const found = diagnostics(r, { mayDecline: Route.mayDecline });
    return (routesJson = safeJson({
      routes: r.routes.map(routeView),
      diagnostics: found.map((d) => ({ code: d.code, severity: d.severity, route: d.route.index, by: d.by?.index ?? null, example: d.example, message: d.message })),
      // The page's header, in the words of switchyard lint's summary line.
      summary: summarizeDiagnostics(r.routes.length, found).text,
      error,
    }));
  };

  return (req, res, next) => {
    // The path as the router sees it (raw: not normalised, not decoded), so that a proxy rule on the prefix sees
    // every request answered here, and a target that `new URL` rejects outside the prefix is not ours to judge.
    const request = new HttpRequest(req, '');
    const path = request.path;
    if (path !== prefix && !path.startsWith(prefix + '/')) {
      next?.();
      return false;
    }
    if (!URL.canParse(req.url ?? '/', 'http://inspector')) {
      writeProblem(res, problem(400, 'The request target is not a valid URL.'));
      return true;
    }
    const rest = path.slice(prefix.length) || '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      writeProblem(res, problem(405, `${req.method} is not allowed here; use GET.`), { allow: 'GET, HEAD' });
      return true;
    }
    const r = routerNow();
    switch (rest) {
      case '/':
        send(res, 200, 'text/html; charset=utf-8', INSPECTOR_HTML(prefix, title));
        return true;
      case '/inspector.js':
        send(res, 200, 'text/javascript; charset=utf-8', INSPECTOR_JS);
        return true;
      case '/inspector.css':
        send(res, 200, 'text/css; charset=utf-8', INSPECTOR_CSS);
        return true;
      case '/icon.svg':
        send(res, 200, 'image/svg+xml', INSPECTOR_ICON);
        return true;
      case '/api/routes':
        send(res, 200, 'application/json; charset=utf-8', routesNow(r));
        return true;
      case '/api/explain': {
        const target = request.query.get('path') ?? '/';
        const method = (request.query.get('method') || 'GET').toUpperCase();
        const explained = explain(r, target, method);
        json(res, {
          path: explained.path,
          method: explained.method,
          match: explained.match && { route: explained.match.route.index, values: explained.match.values },
          closest: explained.closest && { route: explained.closest.route.index, message: explained.closest.message },
          routes: explained.routes.map((e) => ({ route: e.route.index, outcome: e.outcome, message: e.message })),
        });
        return true;
      }
      case '/api/generate': {
        const name = request.query.get('name') ?? '';
        const values = valuesFrom(request.query.get('values') ?? '');
        if (values === null) {
          writeProblem(res, problem(400, 'values must be a JSON object ({"id":5}) or key=value pairs (id=5&slug=x).'));
          return true;
        }
        const generateOptions = { routeName: name || null };
        const found = r.generate(values, generateOptions);
        const explained = explainGenerate(r, values, generateOptions);
        json(res, {
          name,
          values,
          path: found?.path ?? null,
          route: found?.route.index ?? null,
          nameNotFound: explained.nameNotFound ?? null,
          routes: explained.routes.map((e) => ({ route: e.route.index, outcome: e.outcome, message: e.message })),
        });
        return true;
      }
    }
    writeProblem(res, problem(404, `No inspector page at ${rest}.`));
    return true;
  };
}

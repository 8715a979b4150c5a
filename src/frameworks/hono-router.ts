// SwitchyardRouter: hono's Router interface over a switchyard table, for `new Hono({ router: new
// SwitchyardRouter() })`, answering as hono's own routers do. A path with optional parameters is first expanded
// into the paths hono makes of it; hono's path syntax becomes templates: `:id` → {id}, `:id{re}` → {id} with the
// regex (case-sensitive, as hono's) as a constraint on the segment, a `*` segment → a hidden one-segment
// parameter, a trailing `/*` or `*` → a hidden catch-all (which, as in hono, also matches the path without it, and
// takes empty segments). Literals compare with their case (compile option caseSensitive), as in hono.
// match() returns every route that accepts the request, in registration order, with its values, as hono's
// routers do. What has no template equivalent — a `*` inside a segment (`/assets*`), a parameter whose pattern
// can match "/" (`:path{.+}`) or the empty text, a host in the path, a repeated name — throws hono's
// UnsupportedPathError, so hono's SmartRouter uses another router.
import type { Params, Result, Router } from 'hono/router';
import { UnsupportedPathError } from 'hono/router';
import { checkOptionalParameter } from 'hono/utils/url';
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-definition.js';

/** Names of the template parameters that stand for hono's `*`: matched, never handed over as params. */
const WILDCARD = '__hono_wildcard';
/**
 * An empty segment ("/a//b"), which no template segment accepts, is handed to the table as this escaped NUL: a
 * trailing `*` (a catch-all) takes it as hono's `*` takes "//", and a match that gives it to any other segment
 * is dropped (no literal is NUL, and hono's parameters never take an empty segment). A NUL the client sent
 * cannot pass for it: every "%" of the path is escaped first.
 */
const EMPTY_SEGMENT = '%00';
const EMPTY_VALUE = '\0';

interface Registered<T> {
  readonly handler: T;
}

/**
 * Hono's router, by switchyard: `new Hono({ router: new SwitchyardRouter() })`. It takes the paths of `app.get(…)`
 * in Hono's own syntax (`:id`, `:id{[0-9]+}`, a `*` segment, a trailing `/*`, an optional `:b?`) and answers as
 * Hono's routers do: every handler whose route accepts the request, in registration order, with its parameters.
 * Literals and patterns compare with their case, as in Hono. A path with no template equivalent (a `*` inside a
 * segment, a pattern that can match "/" or the empty text, a host, a name used twice) throws Hono's
 * UnsupportedPathError, so Hono's SmartRouter uses another router. See [switchyard in Hono
 * 4](https://switchyard-router.github.io/switchyard/docs/frameworks/hono.html#switchyard-in-hono-4).
 */
export class SwitchyardRouter<T> implements Router<T> {
  name = 'SwitchyardRouter';
  private readonly routes: RouteDefinition[] = [];
  private compiled: CompiledRouter | null = null;

  add(method: string, path: string, handler: T): void {
    if (this.compiled !== null) throw new Error('Can not add a route since the matcher is already built.');
    const verb = method.toUpperCase();
    // A path with optional parameters is registered as each of the paths hono makes of it ("/a/:b?" → "/a",
    // "/a/:b"), as hono's routers do: the shorter one may end in a `*` that then takes the rest.
    for (const variant of checkOptionalParameter(path) || [path]) {
      const { template, constraints } = routeOf(variant);
      this.routes.push({ template, constraints, methods: verb === 'ALL' ? null : [verb], handler: { handler } satisfies Registered<T> });
    }
  }

  match(method: string, path: string): Result<T> {
    if (this.compiled === null) {
      try {
        this.compiled = compile(this.routes, { caseSensitive: true });
      } catch (error) {
        throw new UnsupportedPathError((error as Error).message); // e.g. a parameter name used twice in one path
      }
    }
    // hono hands routers the path as it decodes it and decodes parameters itself: "%" is escaped here so that
    // switchyard's decoding gives each value back exactly as it stands in the path.
    let target = path.includes('%') ? path.replace(/%/g, '%25') : path;
    const hasEmptySegment = target.includes('//');
    if (hasEmptySegment) target = withEmptySegmentsMarked(target);
    // hono tells "/book/" from "/book": a path ending in "/" is taken only by a route that ends in "*" (switchyard
    // ignores a trailing slash, and would give "/book/" to the route for "/book").
    const slashEnd = path.length > 1 && path.endsWith('/');
    const found: [T, Params][] = [];
    for (const m of this.compiled.matches(target, method)) {
      if (slashEnd && !m.route.template.endsWith(`{**${WILDCARD}}`)) continue;
      const params: Params = Object.create(null); // a name such as "constructor" is a parameter like any other
      let takesEmptySegment = false;
      for (const [name, value] of Object.entries(m.values)) {
        if (name === WILDCARD) continue; // the catch-all: it may take empty segments
        if (hasEmptySegment && value === EMPTY_VALUE) takesEmptySegment = true;
        if (!name.startsWith(WILDCARD)) params[name] = value as string;
      }
      if (takesEmptySegment) continue;
      found.push([(m.route.handler as Registered<T>).handler, params]);
    }
    return [found];
  }
}

/** "/a//b/" → "/a/%00/b/": every empty segment but the trailing slash's marked. */
function withEmptySegmentsMarked(path: string): string {
  const parts = path.split('/');
  for (let i = 1; i < parts.length - 1; i++) if (parts[i] === '') parts[i] = EMPTY_SEGMENT;
  return parts.join('/');
}

/** The template for a hono path and the constraints of its regex parameters, or UnsupportedPathError. */
export function routeOf(path: string): { template: string; constraints: Record<string, RegExp> } {
  const constraints: Record<string, RegExp> = {};
  return { template: templateOf(path, constraints), constraints };
}

/** The template for a hono path (its regex parameters' constraints added to `constraints`), or UnsupportedPathError. */
export function templateOf(path: string, constraints: Record<string, RegExp> = {}): string {
  if (path === '*' || path === '/*') return `{**${WILDCARD}}`;
  if (!path.startsWith('/')) throw new UnsupportedPathError(`${path}: a path with a host`);
  const segments = segmentsOf(path.slice(1));
  let wildcards = 0;
  return segments
    .map((segment, i) => {
      if (segment === '*') return i === segments.length - 1 ? `{**${WILDCARD}}` : `{${WILDCARD}${wildcards++}}`;
      if (!segment.startsWith(':')) {
        if (segment.includes('*')) throw new UnsupportedPathError(`${path}: "*" inside a segment`);
        if (segment.includes(':')) throw new UnsupportedPathError(`${path}: a parameter inside a segment`);
        return segment.replace(/\{/g, '{{').replace(/\}/g, '}}');
      }
      const m = /^:([A-Za-z0-9_$-]+)(?:\{(.*)\})?(\?)?$/.exec(segment);
      if (m === null) throw new UnsupportedPathError(`${path}: ${segment} is not a parameter hono's syntax and templates share`);
      const [, name, pattern, optional] = m;
      if (pattern === undefined) return `{${name}${optional ?? ''}}`;
      if (mayMatchSlash(pattern)) throw new UnsupportedPathError(`${path}: the pattern of :${name} can match "/" (several segments)`);
      // The regex as a constraint object on the segment, anchored as hono anchors it and, as hono's, case-sensitive
      // (a pattern in the template would be an inline regex, which ignores case as ASP.NET's does).
      let regex: RegExp;
      try {
        regex = new RegExp(`^(?:${pattern})$`);
      } catch (error) {
        throw new UnsupportedPathError(`${path}: the pattern of :${name} is not a regular expression (${(error as Error).message})`);
      }
      if (regex.test('')) throw new UnsupportedPathError(`${path}: the pattern of :${name} matches the empty text (an empty segment)`);
      constraints[name] = regex;
      return `{${name}${optional ?? ''}}`;
    })
    .join('/');
}

/** The segments of a path: split on "/" outside a parameter's {pattern}. */
function segmentsOf(path: string): string[] {
  const segments = [''];
  let depth = 0;
  for (const ch of path) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    if (ch === '/' && depth === 0) segments.push('');
    else segments[segments.length - 1] += ch;
  }
  return segments;
}

/**
 * Whether a pattern might match a "/": it has ".", "/", \S, \W or \D, or a negated class, outside an escape;
 * a negated class that itself names "/" ([^/]+, hono's default) cannot.
 */
function mayMatchSlash(pattern: string): boolean {
  const plain = pattern.replace(/\\[^SWD]/g, 'x').replace(/\[\^[^\]]*\/[^\]]*\]/g, 'x');
  return /[/.]|\[\^|\\[SWD]/.test(plain);
}

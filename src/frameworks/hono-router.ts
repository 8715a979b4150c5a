// SwitchyardRouter: hono's Router interface over a switchyard table, for `new Hono({ router: new
// SwitchyardRouter() })`. hono's path syntax becomes templates: `:id` → {id}, `:id?` → {id?}, `:id{re}` → {id} with
// the regex as a constraint on the segment, a `*` segment → a hidden one-segment parameter, a trailing `/*` or `*`
// → a hidden catch-all (which, as in hono, also matches the path without it). match() returns every route that
// accepts the request, in registration order, with its values, as hono's routers do. What has no template
// equivalent — a `*` inside a segment (`/assets*`), a parameter whose pattern can match "/" (`:path{.+}`), a
// host in the path, a repeated name — throws hono's UnsupportedPathError, so hono's SmartRouter uses another router.
import type { Params, Result, Router } from 'hono/router';
import { UnsupportedPathError } from 'hono/router';
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { RouteDefinition } from '../compile/route-entry.js';

/** Names of the template parameters that stand for hono's `*`: matched, never handed over as params. */
const WILDCARD = '__hono_wildcard';

interface Registered<T> {
  readonly handler: T;
}

export class SwitchyardRouter<T> implements Router<T> {
  name = 'SwitchyardRouter';
  private readonly routes: RouteDefinition[] = [];
  private compiled: CompiledRouter | null = null;

  add(method: string, path: string, handler: T): void {
    if (this.compiled !== null) throw new Error('Can not add a route since the matcher is already built.');
    const verb = method.toUpperCase();
    this.routes.push({ template: templateOf(path), methods: verb === 'ALL' ? null : [verb], handler: { handler } satisfies Registered<T> });
  }

  match(method: string, path: string): Result<T> {
    if (this.compiled === null) {
      try {
        this.compiled = compile(this.routes);
      } catch (error) {
        throw new UnsupportedPathError((error as Error).message); // e.g. a parameter name used twice in one path
      }
    }
    // hono hands routers the path as it decodes it and decodes parameters itself: "%" is escaped here so that
    // switchyard's decoding gives each value back exactly as it stands in the path.
    const target = path.includes('%') ? path.replace(/%/g, '%25') : path;
    // hono tells "/book/" from "/book": a path ending in "/" is taken only by a route that ends in "*" (switchyard
    // ignores a trailing slash, and would give "/book/" to the route for "/book").
    const slashEnd = path.length > 1 && path.endsWith('/');
    const found: [T, Params][] = [];
    for (const m of this.compiled.matches(target, method)) {
      if (slashEnd && !m.route.template.endsWith(`{**${WILDCARD}}`)) continue;
      const params: Params = Object.create(null); // a name such as "constructor" is a parameter like any other
      for (const [name, value] of Object.entries(m.values)) if (!name.startsWith(WILDCARD)) params[name] = value as string;
      found.push([(m.route.handler as Registered<T>).handler, params]);
    }
    return [found];
  }
}

/** The template for a hono path, or UnsupportedPathError. */
export function templateOf(path: string): string {
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
      // The regex as a constraint on the segment, anchored as hono anchors it; braces escaped as a template needs.
      const constraint = `regex(^(?:${pattern})$)`.replace(/\{/g, '{{').replace(/\}/g, '}}');
      return `{${name}:${constraint}${optional ?? ''}}`;
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

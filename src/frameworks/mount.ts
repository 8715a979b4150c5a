// Where a framework mounted an adapter's routes (Express's app.use('/api', …), Fastify's prefix, Hono's
// app.route('/:tenant', sub), koa-mount), and what follows from it for one request: what http.route starts with,
// what links start with, and the values a handler sees. Each adapter finds the mount its framework's way; the
// rules for what it gives are here, once:
// - http.route (OpenTelemetry's span names and metric labels) is built from the mount's pattern as the app
//   registered it ('/:tenant'), never from the request's text: a client would choose the span's name and the
//   metrics' cardinality. Where the pattern cannot be known (a handler that wraps the adapter, a RegExp mount, a
//   mount that rewrites the path), http.route is the route's template alone.
// - Links start with the pattern where it spells the request's mount (the registered casing of '/api'), else
//   with the request's text (a parameter's value), which linkBase encodes one segment at a time.
// - A handler sees the mount's values (Express's req.params of the mount, Fastify's prefix parameters) beside
//   the route's, as Express's own routers do with mergeParams; a route's value wins over a mount's of the same
//   name, as mergeParams lets the child's win.
import { nameKey } from '../name-key.js';
import type { RouteValues } from '../route-values.js';

/** Where the routes are mounted, for one request. */
export interface Mount {
  /** The mount as the app registered it, in the framework's syntax ('/api', '/:tenant'; no trailing "/"), or null where it cannot be known. */
  readonly pattern: string | null;
  /** The request's own text of the mount: the part of its path before the routes' ('' at the root). */
  readonly text: string;
}

/** The routes at the root: nothing before them. */
export const NO_MOUNT: Mount = { pattern: '', text: '' };

/** A mount from the pattern the framework registered (null: not known) and the request's text of it. */
export function mountOf(pattern: string | null, text: string): Mount {
  return { pattern: pattern === null ? null : withoutTrailingSlash(pattern), text: withoutTrailingSlash(text) };
}

/** What http.route starts with: the registered pattern, or nothing where it is not known. */
export function mountRoute(mount: Mount): string {
  return mount.pattern ?? '';
}

/** What links start with: the pattern where it spells the request's mount (ignoring case, as routers compare), else the request's text. */
export function mountLink(mount: Mount): string {
  return mount.pattern !== null && mount.pattern.toLowerCase() === mount.text.toLowerCase() ? mount.pattern : mount.text;
}

/**
 * The values a handler under a mount sees: the mount's, then the route's; a mount's value whose name a route
 * value has (ignoring case, as route values' names do) is left out. A fresh object, as the adapters hand each
 * request its own.
 */
export function valuesUnderMount(mountValues: Readonly<Record<string, unknown>> | null | undefined, values: RouteValues): Record<string, unknown> {
  const mounted = mountValues == null ? [] : Object.entries(mountValues);
  if (mounted.length === 0) return { ...values };
  const own = new Set(Object.keys(values).map(nameKey));
  // fromEntries and spreading define properties: a value named "__proto__" is a value, not a prototype.
  return { ...Object.fromEntries(mounted.filter(([name]) => !own.has(nameKey(name)))), ...values };
}

/** `path` without the "/"s it ends with. A loop, not /\/+$/: the text may be the request's, and that regex is quadratic in a long run of "/" not at the end. */
export function withoutTrailingSlash(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}

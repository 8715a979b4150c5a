// What the framework adapters share: for one request, the route that takes it, or what the router answers without
// one (unmatched-method.ts: HEAD as GET, 204 to OPTIONS, 405 with Allow), or nothing (the framework's next
// handler); and urlFor, links from route names with the request's values as ambient values. Framework-neutral:
// each adapter turns the decision into its framework's request and reply.
// No compile() here (router-of.ts compiles an adapter's routes): the Hono entry for built routers bundles this.
import type { CompileOptions, CompiledRouter } from '../compile/compile.js';
import type { RouteMatch } from '../compile/matcher.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import { RouteCreationError, type RouteFailure } from '../errors.js';
import { answerUnmatched, routesAsGet, type UnmatchedMethodAnswer, type UnmatchedMethodOptions } from '../pipeline/unmatched-method.js';
import { encodeUrlPart } from '../compile/generate/url-encoder.js';
import { nameKey } from '../name-key.js';
import type { UrlFor } from './typed-routes.js';

export type { UrlFor } from './typed-routes.js';

/** Options of every adapter: the router middleware's (headAsGet, methodNotAllowed, options; all on by default), and compile()'s. */
export interface AdapterOptions extends UnmatchedMethodOptions {
  /** Options for compile(), when the adapter is given routes rather than a compiled router. */
  compile?: CompileOptions;
}

/**
 * The routes that answer requests but have no function handler, each by its index: an adapter could only let such
 * a route's requests fall through (404), or answer 405 to the methods it does not take and 404 to the one it
 * does. A route kept only to make links (generationOnly) needs none. `form` is a handler as the adapter's
 * framework writes it, for the message. Entries that are no route object are compile()'s to report.
 */
export function routesWithoutHandler(routes: readonly Partial<Pick<RouteDefinition, 'name' | 'template' | 'handler' | 'generationOnly'>>[], form: string): RouteFailure[] {
  const failures: RouteFailure[] = [];
  routes.forEach((route, routeIndex) => {
    if (typeof route === 'object' && route !== null && route.generationOnly !== true && typeof route.handler !== 'function') {
      const reason = `it answers requests but has no handler function: give it handler: ${form}, or generationOnly: true if it only makes links`;
      failures.push({ routeIndex, error: new RouteCreationError(route.name ?? null, String(route.template), reason) });
    }
  });
  return failures;
}

/** The decision for one request. */
export type Decision = { readonly kind: 'route'; readonly match: RouteMatch } | UnmatchedMethodAnswer | { readonly kind: 'next' };

const NEXT: Decision = { kind: 'next' };

/** What an adapter needs of a router: compile()'s, or one built ahead of time (loadRouter). */
export type AdapterRouter = Pick<CompiledRouter, 'match' | 'allowedMethods' | 'generate' | 'routes'>;

/** Routes one request: `target` is the path (and query) below the adapter's mount point. */
export function decide(router: AdapterRouter, method: string, target: string, options: AdapterOptions): Decision {
  const found = router.match(target, method) ?? (routesAsGet(method, options) ? router.match(target, 'GET') : null);
  if (found !== null) return { kind: 'route', match: found };
  return answerUnmatched(method, () => router.allowedMethods(target), options) ?? NEXT;
}

/**
 * The guess at the name meant among `names`, as an error message puts it after the name (did-you-mean.ts
 * didYouMeanSuffix: ` (did you mean "…"?)`, or ""). The adapters over routes pass it; Hono over a built router
 * passes none, so that a Worker's bundle carries no guesser.
 */
export type NameGuess = (name: string, names: readonly string[]) => string;

/**
 * urlFor for one request: generate() by route name with the matched values as ambient values (a link to the
 * same resource's sibling needs only what differs), under `base`, where the framework mounted the routes (or
 * what finds it, asked at the first link); given
 * another module's routes first, by one of their names. A link that cannot be made is a programming error: it
 * throws into the framework's error handling, naming the route no table has (with a guess, given `guess`), or the
 * route and the values (the reasons are explainGenerate's, switchyard-router/introspect, which the adapters do not load).
 */
export function urlForRequest(router: AdapterRouter, match: RouteMatch | null, base: string | (() => string) = '', guess?: NameGuess): UrlFor {
  let prefix: string | undefined;
  const link = (name: string, values: RouteValues = {}): string => {
    const found = router.generate(values, { routeName: name, ambientValues: match?.values ?? null });
    if (found !== null) return (prefix ??= linkBase(typeof base === 'function' ? base() : base)) + found.path;
    const unknown = unknownName(name, router.routes, guess);
    if (unknown !== null) throw new Error(`urlFor(${JSON.stringify(name)}): ${unknown}`);
    throw new Error(`urlFor(${JSON.stringify(name)}): no URL from ${JSON.stringify(values)} (explainGenerate(router, values, { routeName }) of switchyard-router/introspect says why)`);
  };
  return ((first: string | readonly RouteDefinition[], second?: unknown, third?: RouteValues) => {
    if (typeof first === 'string') return link(first, second as RouteValues | undefined);
    if (!Array.isArray(first)) throw new TypeError(`urlFor: the first argument is a route name, or the routes of a module and one of their names; got ${typeof first}`);
    // Another module's routes: the name must be one of theirs, as the types say.
    const unknown = unknownName(String(second), first, guess);
    if (unknown !== null) throw new Error(`urlFor(${JSON.stringify(second)}): the routes given have ${unknown}`);
    try {
      return link(second as string, third);
    } catch (error) {
      // The module's routes were never given to switchyard() with the others: the types cannot see that.
      if (unknownName(String(second), router.routes, undefined) !== null) {
        throw new Error(`urlFor(${JSON.stringify(second)}): not in the app's table: give the routes to switchyard() with the others`);
      }
      throw new Error(servedElsewise(second as string, first, router.routes) ?? (error as Error).message);
    }
  }) as UrlFor;
}

/**
 * Why a link by another module's types failed where the app serves that route under another template: a group's
 * prefix ('t/{tenant}') added values the module's types do not ask for. Null when the templates are the same.
 */
function servedElsewise(name: string, module: readonly RouteDefinition[], served: readonly { readonly name?: string | null; readonly template?: string }[]): string | null {
  const templateOf = (routes: readonly { readonly name?: string | null; readonly template?: string }[]) =>
    routes.find((route) => typeof route?.name === 'string' && nameKey(route.name) === nameKey(name))?.template;
  const written = templateOf(module);
  const serving = templateOf(served);
  if (written === undefined || serving === undefined || written === serving) return null;
  return `urlFor(${JSON.stringify(name)}): served as ${JSON.stringify(serving)}, not ${JSON.stringify(written)} as its module wrote it: link through what the group returned`;
}

/** Why no route of `routes` has `name` ("no route named …", with a guess where one is made), or null when one does. */
function unknownName(name: string, routes: readonly { readonly name?: string | null }[], guess: NameGuess | undefined): string | null {
  const names = routes.flatMap((route) => (typeof route?.name === 'string' ? [route.name] : []));
  if (names.some((other) => nameKey(other) === nameKey(name))) return null;
  return `no route named ${JSON.stringify(name)}${guess?.(name, names) ?? ''}`;
}

/**
 * What an adapter puts where a handler finds it: the match, its route and values, and urlFor. In the handler of
 * a route literal, the values are typed from its template and urlFor by the table.
 */
export interface SwitchyardRequestData<Routes extends readonly RouteDefinition[] = readonly RouteDefinition[], Values = RouteValues> {
  readonly match: RouteMatch;
  readonly route: RouteMatch['route'];
  /** The match's values (read-only; a static route's are frozen and shared); the adapters' req.params / ctx.params are copies. */
  readonly values: Values;
  readonly urlFor: UrlFor<Routes>;
}

export function requestData(router: AdapterRouter, match: RouteMatch, base: string | (() => string) = '', guess?: NameGuess): SwitchyardRequestData {
  return { match, route: match.route, values: match.values, urlFor: urlForRequest(router, match, base, guess) };
}

/**
 * The path and query of a request target: an absolute-form target ("http://h/items/5", RFC 9112 §3.2.2, which
 * node:http hands over as sent) without its scheme and authority, as Express's router strips them.
 */
export function pathOf(url: string): string {
  if (url.charCodeAt(0) === 47 /* / */) return url;
  const query = url.indexOf('?');
  const scheme = url.slice(0, query < 0 ? url.length : query).indexOf('://');
  if (scheme < 0) return url;
  const path = url.indexOf('/', scheme + 3);
  return path < 0 ? `/${url.slice(query < 0 ? url.length : query)}` : url.slice(path);
}

/** A path (and query) cut after its first `count` segments: the mount's text, and the target below it ("/" at least). */
export function belowMount(target: string, count: number): { readonly base: string; readonly rest: string } {
  let end = 0;
  for (let i = 0; i < count; i++) {
    const next = target.indexOf('/', end + 1);
    const query = target.indexOf('?', end + 1);
    end = query >= 0 && (next < 0 || query < next) ? query : next < 0 ? target.length : next;
    if (end === target.length || target.charCodeAt(end) === 63 /* ? */) break;
  }
  const rest = target.slice(end);
  return { base: target.slice(0, end), rest: rest === '' || rest.charCodeAt(0) === 63 ? `/${rest}` : rest };
}

/**
 * A mount's path as links start with it: each segment (a mount parameter's value is the request's text)
 * decoded and encoded again as one path segment, empty ones left out, so no link starts with "//" or "/\"
 * (another host to a browser), whatever the request said.
 */
export function linkBase(base: string): string {
  if (base === '') return base;
  let out = '';
  for (const segment of base.split('/')) {
    if (segment === '') continue;
    let text = segment;
    try {
      text = decodeURIComponent(segment);
    } catch {
      // not valid percent-encoding: encoded as it stands ("%" becomes "%25")
    }
    out += `/${encodeUrlPart(text)}`;
  }
  return out;
}

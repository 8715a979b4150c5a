// RouteCollection: the ordered routes of an application. Template routes are compiled together into one
// trie; custom Routers placed between them keep their place in the order. After build() the collection still
// changes (add, insert, remove: the compiled router's own changes, docs/live-tables.md), and a request is
// routed by one table: everything it reads of the table is read before any handler or router of it runs.
import { compile, type CompiledRouter } from '../compile/compile.js';
import { normalizeVirtualPath, type UrlOptions } from '../compile/generate/normalize-path.js';
import type { Explanation } from '../compile/introspect/explain.js';
import type { Diagnostic } from '../compile/introspect/diagnostics.js';
import { diagnostics, explain } from '../compile/introspect/router-introspection.js';
import type { RouteMatch } from '../compile/matcher.js';
import { duplicateName, nameOf as definedName, RoutesByName, sameName } from '../compile/route-names.js';
import { RouteData } from './route-data.js';
import type { RouteContext, Router } from './router.js';
import { VirtualPathData, type VirtualPathContext } from './virtual-path.js';
import { requireRouter } from './route-handler.js';
import { Route } from './route.js';
import type { RouteTable } from './route-builder.js';
import type { RoutingServices } from './routing-services.js';

/** A router's name, when it has one (a Route's, or a custom router's own `name`; an empty name is none). */
function nameOf(router: Router): string | null {
  return definedName(router as { name?: unknown }) || null;
}

/** Whether a router has this name (in any case). */
function isNamed(router: Router, name: string): boolean {
  const own = nameOf(router);
  return own !== null && sameName(own, name);
}

/** What routeAsync returns when routing finished at once: one settled promise, shared. */
const DONE: Promise<void> = Promise.resolve();

interface Compiled {
  readonly router: CompiledRouter;
  /** Collection position of compiled route i (replaced, never changed, when the collection changes). */
  positions: readonly number[];
  /** Routers that are not template routes, with their positions, in order (replaced, never changed). */
  custom: readonly { readonly position: number; readonly router: Router }[];
  readonly named: RoutesByName<Router>;
}

/** The ordered route collection: routeAsync tries routes in order; getVirtualPath by name, else in order. */
export class RouteCollection<Table extends RouteTable = RouteTable> implements Router {
  /** Types only (never set): the route names and the values each needs, for a typed UrlHelper. */
  declare readonly routeTable?: Table;
  private readonly routers: Router[] = [];
  private compiled: Compiled | null = null;

  constructor(private readonly routing: RoutingServices | null = null) {}

  /** Whether its literals compare with their case (the routing options' caseSensitive), as its table is compiled. */
  get caseSensitive(): boolean {
    return this.routing?.options.caseSensitive === true;
  }

  /** The routing options that shape its links (lowercaseUrls, lowercaseQueryStrings, appendTrailingSlash). */
  get urlOptions(): UrlOptions {
    const options = this.routing?.options;
    return { lowercaseUrls: options?.lowercaseUrls, lowercaseQueryStrings: options?.lowercaseQueryStrings, appendTrailingSlash: options?.appendTrailingSlash };
  }

  /** The number of routers. */
  get count(): number {
    return this.routers.length;
  }

  /** The router at `index`. */
  get(index: number): Router {
    return this.routers[index];
  }

  /** Adds a router at the end (once built, the compiled table changes with it: docs/live-tables.md). */
  add(router: Router): void {
    this.insert(this.routers.length, router);
  }

  /**
   * Inserts a router at `index` (0 to count). Once built, a template route goes into the compiled table, which
   * answers the next requests as if built with it; a bad route or a name already taken throws and changes nothing.
   */
  insert(index: number, router: Router): void {
    requireRouter(router, this.compiled ? 'RouteCollection.insert' : 'RouteCollection.add');
    if (!Number.isInteger(index) || index < 0 || index > this.routers.length) {
      throw new RangeError(`RouteCollection.insert: the index must be an integer from 0 to ${this.routers.length} (the number of routers), got ${String(index)}`);
    }
    const compiled = this.compiled;
    if (compiled !== null) {
      const name = nameOf(router);
      const other = name === null ? undefined : compiled.named.get(name);
      if (other !== undefined) {
        // As build() reports it: the later of the two routers that share the name.
        const later = this.routers.indexOf(other) >= index ? other : router;
        throw duplicateName(nameOf(later)!, later instanceof Route ? later.template : '');
      }
      if (router instanceof Route) compiled.router.insert(this.compiledIndexAt(index), { ...router.definition, name: null });
      if (name !== null) compiled.named.set(name, router);
    }
    this.routers.splice(index, 0, router);
    if (compiled !== null) this.placeCustom(compiled);
  }

  /** Removes the router at an index or with a name (ignoring case); whether there was one. */
  remove(nameOrIndex: string | number): boolean {
    const index = typeof nameOrIndex === 'number' ? nameOrIndex : this.routers.findIndex((r) => isNamed(r, nameOrIndex));
    if (!Number.isInteger(index) || index < 0 || index >= this.routers.length) return false;
    const [router] = this.routers.splice(index, 1);
    const compiled = this.compiled;
    if (compiled !== null) {
      if (router instanceof Route) compiled.router.remove(this.compiledIndexAt(index));
      const name = nameOf(router);
      if (name !== null) compiled.named.delete(name);
      this.placeCustom(compiled);
    }
    return true;
  }

  /** The index in the compiled table of a template route at collection position `index`. */
  private compiledIndexAt(index: number): number {
    const custom = this.compiled!.custom;
    if (custom.length === 0) return index;
    let before = 0;
    while (before < custom.length && custom[before].position < index) before++;
    return index - before;
  }

  /** The custom routers' positions, and the template routes', after a change (new lists: a request routing keeps its own). */
  private placeCustom(compiled: Compiled): void {
    if (compiled.custom.length === 0 && !this.routers.some((r) => !(r instanceof Route))) {
      if (compiled.positions.length !== 0) compiled.positions = [];
      return;
    }
    const positions: number[] = [];
    const custom: { position: number; router: Router }[] = [];
    for (const [position, router] of this.routers.entries()) {
      if (router instanceof Route) positions.push(position);
      else custom.push({ position, router });
    }
    compiled.positions = positions;
    compiled.custom = custom;
  }

  /** Compiles the template routes into one trie; checks that route names are unique. Runs once. */
  build(): this {
    if (this.compiled) return this;
    const named = new RoutesByName<Router>();
    const positions: number[] = [];
    const custom: { position: number; router: Router }[] = [];
    const definitions = [];
    for (const [position, router] of this.routers.entries()) {
      const name = nameOf(router);
      if (name !== null) {
        if (named.has(name)) throw duplicateName(name, router instanceof Route ? router.template : '');
        named.set(name, router);
      }
      if (router instanceof Route) {
        positions.push(position);
        definitions.push({ ...router.definition, name: null }); // names are checked here, across all routers
      } else {
        custom.push({ position, router });
      }
    }
    const router = compile(definitions, { constraintRegistry: this.routing?.constraintResolver, caseSensitive: this.routing?.options.caseSensitive });
    this.compiled = { router, positions: custom.length === 0 ? [] : positions, custom, named };
    return this;
  }

  routeAsync(context: RouteContext): Promise<void> {
    try {
      return this.routeNow(context) ?? DONE;
    } catch (error) {
      return Promise.reject(error); // a throwing constraint rejects, as from an async function
    }
  }

  /**
   * routeAsync without a promise when routing finishes at once (undefined): the usual request, whose first
   * match is a RouteHandler's, allocates nothing for being asynchronous. The router middleware calls this.
   * It may throw (a constraint that throws): the caller turns that into a rejection.
   */
  routeNow(context: RouteContext): Promise<void> | undefined {
    const { router, custom, positions } = this.build().compiled!;
    if (custom.length > 0) return this.routeWithCustom(context, router, custom, positions);
    // The usual case: the first match handles the request; later candidates only if its target declines.
    const request = context.httpContext.request;
    const first = router.match(request.path, request.method, context.httpContext);
    if (first === null) return undefined;
    const route = first.route.handler as Route;
    if (route.handlesAtOnce) {
      route.handleMatch(context, first.values);
      return undefined;
    }
    // Its target may decline: the later candidates are read now, from the table this request is routed by.
    const later = [...router.matches(request.path, request.method, context.httpContext)].filter((m) => m.route.index > first.route.index);
    const handled = this.tryRoute(context, first);
    if (handled === true) return undefined;
    return this.routeAfterDecline(context, later, handled);
  }

  /** The first match's target declined (or may yet decline): the later candidates, in order. */
  private async routeAfterDecline(context: RouteContext, later: readonly RouteMatch[], handled: Promise<boolean> | false): Promise<void> {
    if (await handled) return;
    for (const next of later) {
      if (await this.tryRoute(context, next)) return;
    }
  }

  /** Template routes and custom routers interleaved, in collection order (all read before any of them runs). */
  private async routeWithCustom(context: RouteContext, router: CompiledRouter, custom: Compiled['custom'], positions: readonly number[]): Promise<void> {
    const request = context.httpContext.request;
    // Each match's place in the collection, read now: a route's index is its place when read, and a target may
    // change the table before the next match is tried.
    const matches = [...router.matches(request.path, request.method, context.httpContext)].map((match) => ({ match, position: positions[match.route.index] }));
    let c = 0;
    for (const { match, position } of matches) {
      while (c < custom.length && custom[c].position < position) {
        if (await this.tryCustom(context, custom[c++].router)) return;
      }
      if (await this.tryRoute(context, match)) return;
    }
    while (c < custom.length) {
      if (await this.tryCustom(context, custom[c++].router)) return;
    }
  }

  /**
   * The HTTP methods the template routes accept for `path` (their verb limits aside, templates and
   * constraints must accept it); "*" for a route with no verb limit. Empty when no route matches the path:
   * an app answers 405 with an Allow header when this is not empty, else 404.
   */
  allowedMethods(path: string, httpContext?: unknown): string[] {
    return this.build().compiled!.router.allowedMethods(path, httpContext);
  }

  /**
   * What every template route made of a request, in order (explain() of switchyard-router/introspect over the
   * compiled table; custom routers are not included): the winner, or why each did not match, and the closest
   * route when none did. The /http entry carries introspection anyway (the route inspector).
   */
  explain(path: string, method?: string | null, httpContext?: unknown): Explanation {
    return explain(this.build().compiled!.router, path, method, httpContext);
  }

  /** Unreachable routes (proven) and likely mistakes among the template routes (diagnostics() of switchyard-router/introspect). */
  diagnostics(): Diagnostic[] {
    return diagnostics(this.build().compiled!.router, { mayDecline: Route.mayDecline });
  }

  private tryRoute(context: RouteContext, match: RouteMatch): Promise<boolean> | boolean {
    return (match.route.handler as Route).handleMatch(context, match.values);
  }

  private async tryCustom(context: RouteContext, router: Router): Promise<boolean> {
    const previous = context.routeData;
    context.routeData = new RouteData({ ...previous.values }, { ...previous.dataTokens }, previous.routers.concat(router));
    await router.routeAsync(context);
    if (context.handler !== null) return true;
    context.routeData = previous;
    return false;
  }

  getVirtualPath(context: VirtualPathContext): VirtualPathData | null {
    const { named } = this.build().compiled!;
    if (context.routeName) {
      const router = named.get(context.routeName);
      return this.normalize(router ? router.getVirtualPath(context) : null);
    }
    for (const router of this.routers) {
      const data = router.getVirtualPath(context);
      if (data !== null) return this.normalize(data);
    }
    return null;
  }

  /** Applies the route options (lowercaseUrls, lowercaseQueryStrings, appendTrailingSlash) to a generated path. */
  private normalize(data: VirtualPathData | null): VirtualPathData | null {
    const options = this.routing?.options;
    if (data === null || !options) return data;
    const virtualPath = normalizeVirtualPath(data.virtualPath, options);
    return virtualPath === data.virtualPath ? data : new VirtualPathData(data.router, virtualPath, data.dataTokens);
  }
}

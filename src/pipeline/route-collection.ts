// RouteCollection: the ordered routes of an application. Template routes are compiled together into one
// trie; custom Routers placed between them keep their place in the order.
import { compile, type CompiledRouter } from '../compile/compile.js';
import { normalizeVirtualPath } from '../compile/generate/normalize-path.js';
import type { Explanation } from '../compile/introspect/explain.js';
import type { Diagnostic } from '../compile/introspect/diagnostics.js';
import type { RouteMatch } from '../compile/matcher.js';
import { duplicateRouteName, RouteCreationError } from '../errors.js';
import { RouteData, VirtualPathData, type RouteContext, type Router, type VirtualPathContext } from './route-data.js';
import { requireRouter } from './route-handler.js';
import { Route } from './route.js';
import type { RouteTable } from './route-builder.js';
import type { RoutingServices } from './routing-services.js';

/** What routeAsync returns when routing finished at once: one settled promise, shared. */
const DONE: Promise<void> = Promise.resolve();

interface Compiled {
  readonly router: CompiledRouter;
  /** Collection position of compiled route i. */
  readonly positions: readonly number[];
  /** Routers that are not template routes, with their positions, in order. */
  readonly custom: readonly { readonly position: number; readonly router: Router }[];
  readonly named: ReadonlyMap<string, Router>;
}

/** The ordered route collection: routeAsync tries routes in order; getVirtualPath by name, else in order. */
export class RouteCollection<Table extends RouteTable = RouteTable> implements Router {
  /** Types only (never set): the route names and the values each needs, for a typed UrlHelper. */
  declare readonly routeTable?: Table;
  private readonly routers: Router[] = [];
  private compiled: Compiled | null = null;

  constructor(private readonly routing: RoutingServices | null = null) {}

  /** The number of routers. */
  get count(): number {
    return this.routers.length;
  }

  /** The router at `index`. */
  get(index: number): Router {
    return this.routers[index];
  }

  /** Adds a router at the end; not allowed once the collection is built. */
  add(router: Router): void {
    if (this.compiled) throw new Error('Routes cannot be added to a RouteCollection after it is built');
    requireRouter(router, 'RouteCollection.add');
    this.routers.push(router);
  }

  /** Compiles the template routes into one trie; checks that route names are unique. Runs once. */
  build(): this {
    if (this.compiled) return this;
    const named = new Map<string, Router>();
    const positions: number[] = [];
    const custom: { position: number; router: Router }[] = [];
    const definitions = [];
    for (const [position, router] of this.routers.entries()) {
      const name = (router as { name?: unknown }).name;
      if (typeof name === 'string' && name !== '') {
        if (named.has(name.toLowerCase())) {
          const template = router instanceof Route ? router.template : '';
          throw new RouteCreationError(name, template, duplicateRouteName(name));
        }
        named.set(name.toLowerCase(), router);
      }
      if (router instanceof Route) {
        positions.push(position);
        definitions.push({ ...router.definition, name: null }); // names are checked here, across all routers
      } else {
        custom.push({ position, router });
      }
    }
    const router = compile(definitions, { constraintRegistry: this.routing?.constraintResolver, caseSensitive: this.routing?.options.caseSensitive });
    this.compiled = { router, positions, custom, named };
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
    const { router, custom } = this.build().compiled!;
    if (custom.length > 0) return this.routeWithCustom(context);
    // The usual case: the first match handles the request; later candidates only if its target declines.
    const request = context.httpContext.request;
    const first = router.match(request.path, request.method, context.httpContext);
    if (first === null) return undefined;
    const handled = this.tryRoute(context, first);
    if (handled === true) return undefined;
    return this.routeAfterDecline(context, first, handled);
  }

  /** The first match's target declined (or may yet decline): the later candidates, in order. */
  private async routeAfterDecline(context: RouteContext, first: RouteMatch, handled: Promise<boolean> | false): Promise<void> {
    if (await handled) return;
    const request = context.httpContext.request;
    for (const next of this.compiled!.router.matches(request.path, request.method, context.httpContext)) {
      if (next.route.index > first.route.index && (await this.tryRoute(context, next))) return;
    }
  }

  /** Template routes and custom routers interleaved, in collection order. */
  private async routeWithCustom(context: RouteContext): Promise<void> {
    const { router, positions, custom } = this.compiled!;
    const request = context.httpContext.request;
    const path = request.path;
    const method = request.method;
    let c = 0;
    for (const match of router.matches(path, method, context.httpContext)) {
      const position = positions[match.route.index];
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
   * What every template route made of a request, in order (the compiled router's explain(); custom routers
   * are not included): the winner, or why each did not match, and the closest route when none did.
   */
  explain(path: string, method?: string | null, httpContext?: unknown): Explanation {
    return this.build().compiled!.router.explain(path, method, httpContext);
  }

  /** Unreachable routes (proven) and likely mistakes among the template routes (the compiled router's diagnostics()). */
  diagnostics(): Diagnostic[] {
    return this.build().compiled!.router.diagnostics();
  }

  private tryRoute(context: RouteContext, match: RouteMatch): Promise<boolean> | boolean {
    return (match.route.handler as Route).handleMatch(context, match.values);
  }

  private async tryCustom(context: RouteContext, router: Router): Promise<boolean> {
    const previous = context.routeData;
    context.routeData = new RouteData({ ...previous.values }, { ...previous.dataTokens }, [...previous.routers, router]);
    await router.routeAsync(context);
    if (context.handler !== null) return true;
    context.routeData = previous;
    return false;
  }

  getVirtualPath(context: VirtualPathContext): VirtualPathData | null {
    const { named } = this.build().compiled!;
    if (context.routeName) {
      const router = named.get(context.routeName.toLowerCase());
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

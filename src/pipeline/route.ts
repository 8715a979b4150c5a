// Route: the standard Router — one template for matching and generation, handing matched requests to a
// target Router (a RouteHandler, or the builder's default handler).
import { HttpMethodRouteConstraint } from '../constraints/builtins.js';
import type { ConstraintRegistry, ConstraintSpec } from '../constraints/registry.js';
import { compile, type CompiledRouter } from '../compile/compile.js';
import type { CompiledRoute } from '../compile/compiled-route.js';
import type { RouteDefinition } from '../compile/route-definition.js';
import type { RouteValues } from '../route-values.js';
import { requireRouter, RouteHandler } from './route-handler.js';
import { RouteData } from './route-data.js';
import type { NamedRouter, RouteContext, Router } from './router.js';
import { VirtualPathData, type VirtualPathContext } from './virtual-path.js';

/** The constraints argument of a route: per route value name, a constraint, a RegExp, a string, or a list. */
export type RouteConstraints = Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>>;

function isEmpty(values: RouteValues): boolean {
  for (const _ in values) return false;
  return true;
}

/** One template route (ASP.NET Route). The template is parsed and its constraints resolved here, once. */
export class Route implements NamedRouter {
  readonly name: string | null;
  readonly template: string;
  readonly defaults: Readonly<RouteValues>;
  readonly dataTokens: Readonly<Record<string, unknown>>;
  /** The route as the compiler sees it; its handler payload is this Route. */
  readonly definition: RouteDefinition;
  private readonly compiled: CompiledRouter;
  /** Whether dataTokens has any (known once: handleMatch then spreads them only when there are). */
  private readonly hasDataTokens: boolean;

  constructor(
    readonly target: Router,
    routeName: string | null,
    template: string,
    defaults: RouteValues | null = null,
    constraints: RouteConstraints | null = null,
    dataTokens: Record<string, unknown> | null = null,
    constraintResolver?: ConstraintRegistry,
    /**
     * generationOnly: the route makes links and never takes a request (see RouteDefinition). caseSensitive: its
     * literals compare with their case (the routing options' caseSensitive).
     */
    options: { readonly generationOnly?: boolean | null; readonly caseSensitive?: boolean } = {},
  ) {
    requireRouter(target, 'Route (its target)');
    this.name = routeName ?? null;
    this.template = template;
    // A verb constraint (MapGet & co.) becomes the compiler's method list: checked first, no per-call lookup.
    let methods: string[] | null = null;
    let rest = constraints;
    const verb = constraints?.httpMethod;
    if (verb instanceof HttpMethodRouteConstraint) {
      methods = [...verb.allowedMethods];
      const { httpMethod: _, ...others } = constraints!;
      rest = others;
    }
    this.definition = {
      name: this.name,
      template,
      defaults,
      constraints: rest,
      dataTokens,
      methods,
      handler: this,
      constraintResolver: constraintResolver ?? null,
      generationOnly: options.generationOnly === true,
    };
    this.compiled = compile([this.definition], { strategy: 'reference', constraintRegistry: constraintResolver, caseSensitive: options.caseSensitive });
    const route = this.compiled.routes[0];
    this.defaults = route.defaults;
    this.dataTokens = route.dataTokens;
    this.hasDataTokens = !isEmpty(route.dataTokens);
  }

  /** The HTTP methods this route is limited to, or null. */
  get methods(): readonly string[] | null {
    return this.compiled.routes[0].methods;
  }

  async routeAsync(context: RouteContext): Promise<void> {
    const request = context.httpContext.request;
    const match = this.compiled.match(request.path, request.method, context.httpContext);
    if (match !== null) await this.handleMatch(context, match.values);
  }

  /** Whether handleMatch() always handles the request at once (a RouteHandler's route never declines). */
  get handlesAtOnce(): boolean {
    return this.target instanceof RouteHandler;
  }

  /**
   * Whether a compiled route (of a collection's compiled router: its handler is its Route) may decline a request it
   * matched: its target is a router other than a handler (the builder's default handler, a custom router), which
   * may leave the request to the routes after it. What diagnostics() takes as `mayDecline` for a collection.
   */
  static mayDecline(route: CompiledRoute): boolean {
    return route.handler instanceof Route && !route.handler.handlesAtOnce;
  }

  /**
   * The template matched with `values`: publish the new RouteData and let the target handle the request.
   * If the target declines, the RouteData is restored. Returns whether the request was handled.
   */
  handleMatch(context: RouteContext, values: Readonly<RouteValues>): Promise<boolean> | boolean {
    const previous = context.routeData;
    // RouteData's values are the request's own to change (as ASP.NET's are); a match's are read-only and may be
    // shared (frozen) by every request of a static route, so they are copied here (a spread keeps "__proto__" as data).
    const merged = isEmpty(previous.values) ? { ...values } : { ...previous.values, ...values };
    // The routers: [collection, this] written out for the usual one router before (a concat call costs more),
    // concat otherwise (a spread grows the array; docs/benchmarks.md, "Why these thresholds"). The data tokens:
    // a fresh object, spread only from a side that has some.
    const routers = previous.routers;
    const tokens = this.hasDataTokens ? { ...previous.dataTokens, ...this.dataTokens } : isEmpty(previous.dataTokens) ? {} : { ...previous.dataTokens };
    context.routeData = new RouteData(merged, tokens, routers.length === 1 ? [routers[0], this] : routers.concat(this));
    // Perf: a RouteHandler always handles; setting its delegate here saves two async hops per request.
    if (this.target instanceof RouteHandler) {
      context.handler = this.target.requestDelegate;
      return true;
    }
    return this.target.routeAsync(context).then(() => {
      if (context.handler !== null) return true;
      context.routeData = previous;
      return false;
    });
  }

  getVirtualPath(context: VirtualPathContext): VirtualPathData | null {
    // By this route's own name, and without ambient values when there are none (a request routed by a route with
    // no parameters has {}): then a plain route's values that are exactly its parameters take the generator's
    // direct path, the path written in place, with no value bags and no binder. The same answer either way: the
    // table holds this route alone, and empty ambient values are no ambient values to the generator.
    const ambient = context.ambientValues;
    const generated = this.compiled.generate(context.values, {
      ambientValues: ambient === null || isEmpty(ambient) ? null : ambient,
      routeName: this.name,
      httpContext: context.httpContext,
    });
    if (generated === null) return null;
    // The target may produce the URL itself (ASP.NET OnVirtualPathGenerated); a RouteHandler does not.
    return this.target.getVirtualPath(context) ?? new VirtualPathData(this, generated.path, this.dataTokens);
  }
}

// RouteBuilder: collects routes (mapRoute, mapGet, ...) and builds them into a compiled RouteCollection.
import { HttpMethodRouteConstraint } from '../constraints/builtins.js';
import type { RouteValues } from '../route-values.js';
import type { Application } from './application.js';
import type { RequestDelegate, Router } from './route-data.js';
import { RouteCollection } from './route-collection.js';
import { requireRouter, RouteHandler } from './route-handler.js';
import { Route, type RouteConstraints } from './route.js';
import { getRoutingServices, type RoutingServices } from './routing-services.js';
import { ServiceContainer } from './service-container.js';

/** Configures a branch of the application that handles a route (mapMiddlewareRoute and friends). */
export type ConfigureBranch = (branch: Application) => void;

/** What else a route added by mapGet & co. may have: a name (for URL generation), defaults, constraints, data tokens. */
export interface MapOptions {
  name?: string | null;
  defaults?: RouteValues | null;
  constraints?: RouteConstraints | null;
  dataTokens?: Record<string, unknown> | null;
}

/** Builds the application's route collection (the second set-up step, after addRouting). */
export class RouteBuilder {
  /** The routes in order. Frozen by build(): adding a route afterwards throws. */
  readonly routes: Router[] = [];
  private built = false;

  constructor(
    /** The application whose services (routing options, constraint resolver) the routes use; may be null. */
    readonly applicationBuilder: Application | null = null,
    /** Handles routes added by mapRoute; may decline a request (leave the handler unset). */
    public defaultHandler: Router | null = null,
  ) {
    if (defaultHandler !== null) requireRouter(defaultHandler, 'RouteBuilder (its defaultHandler)');
  }

  /** The application's services. */
  get serviceProvider(): ServiceContainer {
    return this.applicationBuilder?.services ?? (this.ownServices ??= new ServiceContainer());
  }
  private ownServices: ServiceContainer | undefined;

  private get routing(): RoutingServices {
    return getRoutingServices(this.serviceProvider);
  }

  private add(route: Router): this {
    if (this.built) throw new Error('Routes cannot be added after RouteBuilder.build()');
    this.routes.push(route);
    return this;
  }

  /** Adds a Route handled by the defaultHandler (ASP.NET MapRoute; data tokens cannot be given inline). */
  mapRoute(
    name: string | null,
    template: string,
    defaults?: RouteValues | null,
    constraints?: RouteConstraints | null,
    dataTokens?: Record<string, unknown> | null,
  ): this {
    if (this.defaultHandler === null) {
      throw new Error('mapRoute needs the RouteBuilder to have a defaultHandler (or use mapGet & co. with a handler)');
    }
    return this.add(
      new Route(this.defaultHandler, name, template, defaults, constraints, dataTokens, this.routing.constraintResolver),
    );
  }

  /** Adds a route limited to `verb` and handled by `handler`. */
  mapVerb(verb: string, template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapRouter([verb], template, new RouteHandler(handler), options);
  }

  /** Adds a route limited to several verbs (e.g. ["GET", "HEAD"]). */
  mapMethods(verbs: readonly string[], template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapRouter(verbs, template, new RouteHandler(handler), options);
  }

  /** Adds a route limited to GET (ASP.NET MapGet & co.); it needs a RequestDelegate. */
  mapGet(template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapVerb('GET', template, handler, options);
  }
  /** Adds a route limited to POST (ASP.NET MapGet & co.); it needs a RequestDelegate. */
  mapPost(template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapVerb('POST', template, handler, options);
  }
  /** Adds a route limited to PUT (ASP.NET MapGet & co.); it needs a RequestDelegate. */
  mapPut(template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapVerb('PUT', template, handler, options);
  }
  /** Adds a route limited to DELETE (ASP.NET MapGet & co.); it needs a RequestDelegate. */
  mapDelete(template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapVerb('DELETE', template, handler, options);
  }
  /** Adds a route limited to PATCH (ASP.NET MapGet & co.); it needs a RequestDelegate. */
  mapPatch(template: string, handler: RequestDelegate, options?: MapOptions): this {
    return this.mapVerb('PATCH', template, handler, options);
  }

  /** Adds a route, any verb, whose handler is a middleware pipeline configured on a branch of the app. */
  mapMiddlewareRoute(template: string, configure: ConfigureBranch): this {
    return this.mapRouter(null, template, new RouteHandler(this.branch(configure)));
  }
  /** Adds a route limited to `verb` whose handler is a middleware pipeline configured on a branch. */
  mapMiddlewareVerb(verb: string, template: string, configure: ConfigureBranch): this {
    return this.mapRouter([verb], template, new RouteHandler(this.branch(configure)));
  }
  /** mapMiddlewareVerb('GET', ...). */
  mapMiddlewareGet(template: string, configure: ConfigureBranch): this {
    return this.mapMiddlewareVerb('GET', template, configure);
  }
  /** mapMiddlewareVerb('POST', ...). */
  mapMiddlewarePost(template: string, configure: ConfigureBranch): this {
    return this.mapMiddlewareVerb('POST', template, configure);
  }
  /** mapMiddlewareVerb('PUT', ...). */
  mapMiddlewarePut(template: string, configure: ConfigureBranch): this {
    return this.mapMiddlewareVerb('PUT', template, configure);
  }
  /** mapMiddlewareVerb('DELETE', ...). */
  mapMiddlewareDelete(template: string, configure: ConfigureBranch): this {
    return this.mapMiddlewareVerb('DELETE', template, configure);
  }
  /** mapMiddlewareVerb('PATCH', ...). */
  mapMiddlewarePatch(template: string, configure: ConfigureBranch): this {
    return this.mapMiddlewareVerb('PATCH', template, configure);
  }

  private mapRouter(verbs: readonly string[] | null, template: string, target: Router, options: MapOptions = {}): this {
    const constraints = verbs ? { ...options.constraints, httpMethod: new HttpMethodRouteConstraint(...verbs) } : options.constraints;
    const { name = null, defaults = null, dataTokens = null } = options;
    return this.add(new Route(target, name, template, defaults, constraints ?? null, dataTokens, this.routing.constraintResolver));
  }

  private branch(configure: ConfigureBranch): RequestDelegate {
    if (this.applicationBuilder === null) throw new Error('Middleware routes need the RouteBuilder to have an application');
    const branch = this.applicationBuilder.createBranch();
    configure(branch);
    return branch.build();
  }

  /** Compiles the routes, once, into a RouteCollection; duplicate route names throw here. */
  build(): RouteCollection {
    const collection = new RouteCollection(this.routing);
    for (const route of this.routes) collection.add(route);
    collection.build();
    this.built = true;
    Object.freeze(this.routes);
    return collection;
  }
}

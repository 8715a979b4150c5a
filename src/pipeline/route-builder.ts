// RouteBuilder: collects routes (mapRoute, mapGet, ...) and builds them into a compiled RouteCollection.
import { HttpMethodRouteConstraint } from '../constraints/builtins.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import { RouteCreationError } from '../errors.js';
import { mergeByName, type MergedByName, type RouteValues } from '../route-values.js';
import type { CheckTemplate, GenerationValues, IsLiteralTemplate, JoinTemplates, TemplateValues } from '../template/template-types.js';
import type { Application } from './application.js';
import type { RequestDelegate, RouteMiddleware, RouteRequestHandler } from './delegates.js';
import type { Router } from './router.js';
import { RouteCollection } from './route-collection.js';
import { requireRouter, RouteHandler } from './route-handler.js';
import { Route, type RouteConstraints } from './route.js';
import { getRoutingServices, type RoutingServices } from './routing-services.js';
import { ServiceContainer } from './service-container.js';

/** Configures a branch of the application that handles a route (mapMiddlewareRoute and friends). */
export type ConfigureBranch = (branch: Application) => void;

/** What else a route added by mapGet & co. may have: a name (for URL generation), defaults, constraints, data tokens. */
export interface MapOptions<Name extends string | null = string | null, Defaults extends RouteValues = RouteValues, Values extends RouteValues = any> {
  name?: Name;
  /** Run in order before the handler (after the group's), with the route's values set. */
  middleware?: readonly RouteMiddleware<Values>[] | null;
  defaults?: Defaults | null;
  constraints?: RouteConstraints | null;
  dataTokens?: Record<string, unknown> | null;
  /** true: the route only makes links (by name, with UrlHelper); it never takes a request. */
  generationOnly?: boolean | null;
}

/** What every route of a mapGroup shares. */
export interface GroupOptions<Defaults extends RouteValues = RouteValues> {
  /** Defaults for every route of the group (a route's own defaults win). */
  defaults?: Defaults | null;
  /** Constraints for every route of the group (a route's own constraint for the same name wins). */
  constraints?: RouteConstraints | null;
  /** A verb limit for every route: routes without their own get it; a route's own verbs must be among these. */
  methods?: readonly string[] | null;
  /** Run before each route's own middleware and handler (an outer group's first). */
  middleware?: readonly RouteMiddleware<any>[] | null;
}

/** The keys of MapOptions and of GroupOptions: any other is a mistake (a misspelt `middleware` would leave a route open). */
const MAP_KEYS: readonly string[] = Object.keys({ name: true, middleware: true, defaults: true, constraints: true, dataTokens: true, generationOnly: true } satisfies Record<keyof MapOptions, true>);
const GROUP_KEYS: readonly string[] = Object.keys({ defaults: true, constraints: true, methods: true, middleware: true } satisfies Record<keyof GroupOptions, true>);

/** A group's settings (prefix and shared parts), and the builder its routes are added to. */
interface GroupSettings {
  readonly root: RouteBuilder<any, any, any>;
  readonly prefix: string;
  readonly defaults: RouteValues | null;
  readonly constraints: RouteConstraints | null;
  readonly methods: readonly string[] | null;
  readonly middleware: readonly RouteMiddleware<any>[];
}

/** "api" + "items/{id}" → "api/items/{id}" (one "/" between; either may be empty). */
function joinTemplates(prefix: string, template: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = template.replace(/^~?\/+/, '');
  return head === '' ? tail : tail === '' ? head : `${head}/${tail}`;
}

/** A handler with middleware run before it, in order (the handler as given without any). */
function withMiddleware(middleware: readonly RouteMiddleware<any>[], handler: RouteRequestHandler<any>): RouteRequestHandler<any> {
  if (middleware.length === 0) return handler;
  middleware.forEach((step, i) => {
    if (typeof step !== 'function') throw new TypeError(`middleware[${i}] must be a function, got ${step === null ? 'null' : typeof step}`);
  });
  return (httpContext) => {
    let called = -1;
    const dispatch = async (i: number): Promise<void> => {
      if (i <= called) throw new Error('next() called multiple times');
      called = i;
      if (i === middleware.length) return handler(httpContext);
      return middleware[i](httpContext, () => dispatch(i + 1));
    };
    return dispatch(0);
  };
}

/**
 * A route's target with middleware run before the handler it sets: a RouteHandler stays one (a route over it
 * handles at once, Route.handleMatch's fast path); any other Router (the builder's default handler) may decline,
 * and the middleware then runs only before a handler it sets.
 */
function guarded(middleware: readonly RouteMiddleware<any>[], target: Router): Router {
  if (target instanceof RouteHandler) return new RouteHandler(withMiddleware(middleware, target.requestDelegate));
  return {
    async routeAsync(context) {
      await target.routeAsync(context);
      if (context.handler !== null) context.handler = withMiddleware(middleware, context.handler);
    },
    getVirtualPath: (context) => target.getVirtualPath(context),
  };
}

/** The route values a mapped handler sees: from the template, the group prefix and the defaults. */
export type MappedValues<Prefix extends string, Template extends string, Defaults> = IsLiteralTemplate<Prefix> extends false
  ? TemplateValues<Template, Defaults> & RouteValues // an unknown prefix may add values of its own
  : TemplateValues<JoinTemplates<Prefix, Template>, Defaults>;

/** Route name → the values generation needs: the route table a builder (and its RouteCollection) knows. */
export type RouteTable = Record<string, RouteValues>;

/** The entry a route adds to the builder's table: none without a name, a loose one for a non-literal name. */
type TableEntry<Name, Template extends string, Defaults> = [Name] extends [string]
  ? string extends Name
    ? RouteTable
    : { [K in Name]: GenerationValues<Template, Defaults> }
  : {};

/** The builder after adding one route. */
type Added<Table extends RouteTable, Prefix extends string, GroupDefaults, Name, Template extends string, Defaults> = RouteBuilder<
  Table & TableEntry<Name, IsLiteralTemplate<Prefix> extends false ? string : JoinTemplates<Prefix, Template>, MergedByName<GroupDefaults, Defaults>>,
  Prefix,
  GroupDefaults
>;

/**
 * Builds the application's route collection (the second set-up step, after addRouting). Its type parameters are for the types
 * only: the names and templates added so far (Table), a group's prefix and shared defaults.
 */
export class RouteBuilder<Table extends RouteTable = {}, Prefix extends string = '', GroupDefaults = {}> {
  /** The routes in order, as built (frozen by build(): later routes go to the built collection). */
  readonly routes: Router[] = [];
  /** The collection build() made: routes mapped afterwards are added to it (docs/live-tables.md). */
  private built: RouteCollection<Table> | null = null;
  /** Set on a builder made by mapGroup. */
  private group: GroupSettings | null = null;

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
    if (this.group !== null) {
      this.group.root.add(route); // a group's routes take their place in the root builder's order
      return this;
    }
    if (this.built !== null) this.built.add(route);
    else this.routes.push(route);
    return this;
  }

  /**
   * Adds a Route handled by the defaultHandler (ASP.NET MapRoute; data tokens cannot be given inline); or,
   * given a handler instead of a name, a route for any verb handled by it (ASP.NET MapRoute(template, handler)).
   */
  mapRoute<const T extends string, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<null, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): RouteBuilder<Table, Prefix, GroupDefaults>;
  mapRoute<const T extends string, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<string | null, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): RouteBuilder<Table & RouteTable, Prefix, GroupDefaults>;
  mapRoute<const Name extends string | null, const T extends string, const D extends RouteValues = {}>(
    name: Name,
    template: T & CheckTemplate<T>,
    defaults?: D | null,
    constraints?: RouteConstraints | null,
    dataTokens?: Record<string, unknown> | null,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D>;
  mapRoute(
    nameOrTemplate: string | null,
    templateOrHandler: string | RouteRequestHandler<any>,
    defaults?: RouteValues | MapOptions<any, any> | null,
    constraints?: RouteConstraints | null,
    dataTokens?: Record<string, unknown> | null,
  ): RouteBuilder<any, any, any> {
    if (typeof nameOrTemplate === 'object' && nameOrTemplate !== null && !Array.isArray(nameOrTemplate)) {
      // ASP.NET's named arguments (MapRoute(name: "default", template: "…")) written as one object.
      const given = nameOrTemplate as { name?: unknown; template?: unknown };
      const example = `mapRoute(${JSON.stringify(typeof given.name === 'string' ? given.name : 'default')}, ${JSON.stringify(typeof given.template === 'string' ? given.template : '{controller=Home}/{action=Index}/{id?}')}, defaults, constraints, dataTokens)`;
      throw new TypeError(`mapRoute takes its arguments in order, as ASP.NET's MapRoute(name, template, defaults, constraints, dataTokens), not one object: write ${example}`);
    }
    if (typeof templateOrHandler === 'function') {
      const options = (defaults ?? undefined) as MapOptions | undefined;
      return this.addRoute(null, nameOrTemplate as string, this.handlerOf('mapRoute', nameOrTemplate as string, templateOrHandler, options), options);
    }
    if (this.defaultHandler === null) {
      throw new RouteCreationError(nameOrTemplate, templateOrHandler, "mapRoute without a handler needs the RouteBuilder's defaultHandler (new RouteBuilder(app, defaultHandler)), or use mapGet & co. with a handler");
    }
    return this.addRoute(null, templateOrHandler, this.defaultHandler, { name: nameOrTemplate, defaults: defaults as RouteValues | null, constraints, dataTokens });
  }

  /** Adds a route limited to `verb` and handled by `handler`. */
  mapVerb<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    verb: string,
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.addRoute([verb], template, this.handlerOf(`map${verb[0]}${verb.slice(1).toLowerCase()}`, template, handler, options), options);
  }

  /** Adds a route limited to several verbs (e.g. ["GET", "HEAD"]). */
  mapMethods<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    verbs: readonly string[],
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.addRoute(verbs, template, this.handlerOf('mapMethods', template, handler, options), options);
  }

  /** Adds a route limited to GET (ASP.NET MapGet & co.). The handler's route values are typed from the template. */
  mapGet<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.mapVerb('GET', template, handler, options);
  }
  /** Adds a route limited to POST (ASP.NET MapGet & co.). The handler's route values are typed from the template. */
  mapPost<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.mapVerb('POST', template, handler, options);
  }
  /** Adds a route limited to PUT (ASP.NET MapGet & co.). The handler's route values are typed from the template. */
  mapPut<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.mapVerb('PUT', template, handler, options);
  }
  /** Adds a route limited to DELETE (ASP.NET MapGet & co.). The handler's route values are typed from the template. */
  mapDelete<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.mapVerb('DELETE', template, handler, options);
  }
  /** Adds a route limited to PATCH (ASP.NET MapGet & co.). The handler's route values are typed from the template. */
  mapPatch<const T extends string, const Name extends string | null = null, const D extends RouteValues = {}>(
    template: T & CheckTemplate<T>,
    handler: RouteRequestHandler<MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
    options?: MapOptions<Name, D, MappedValues<Prefix, T, MergedByName<GroupDefaults, D>>>,
  ): Added<Table, Prefix, GroupDefaults, Name, T, D> {
    return this.mapVerb('PATCH', template, handler, options);
  }

  /**
   * A group of routes under `prefix` (ASP.NET MapGroup): `configure` adds them to a builder that prefixes
   * their templates and gives them the group's defaults, constraints and verb limit; they keep their place
   * in this builder's order. Groups nest. Return the group from `configure` to keep its route names typed.
   */
  mapGroup<const P extends string, const D extends RouteValues = {}, Group extends RouteBuilder<any, any, any> | void = void>(
    prefix: P,
    configure: (group: RouteBuilder<{}, JoinTemplates<Prefix, P>, MergedByName<GroupDefaults, D>>) => Group,
    options: GroupOptions<D> = {},
  ): RouteBuilder<Table & (Group extends RouteBuilder<infer T, any, any> ? T : {}), Prefix, GroupDefaults> {
    const [unknown] = unknownKeys(options, GROUP_KEYS, 'a group');
    if (unknown !== undefined) throw new TypeError(`mapGroup(${JSON.stringify(prefix)}): ${unknown}`);
    const outer = this.group;
    const group = new RouteBuilder<{}, JoinTemplates<Prefix, P>, MergedByName<GroupDefaults, D>>(this.applicationBuilder, this.defaultHandler);
    let methods: readonly string[] | null = options.methods ? options.methods.map((m) => m.toUpperCase()) : null;
    if (outer?.methods) methods = methods ? methods.filter((m) => outer.methods!.includes(m)) : outer.methods;
    group.group = {
      root: outer?.root ?? this,
      prefix: joinTemplates(outer?.prefix ?? '', prefix),
      defaults: outer?.defaults || options.defaults ? mergeByName(outer?.defaults, options.defaults) : null,
      constraints: outer?.constraints || options.constraints ? mergeByName(outer?.constraints, options.constraints) : null,
      methods,
      middleware: [...(outer?.middleware ?? []), ...(options.middleware ?? [])],
    };
    configure(group);
    return this as RouteBuilder<any, any, any>;
  }

  /** Adds a route, any verb, whose handler is a middleware pipeline configured on a branch of the app. */
  mapMiddlewareRoute(template: string, configure: ConfigureBranch): this {
    this.addRoute(null, template, new RouteHandler(this.branch(configure)));
    return this;
  }
  /** Adds a route limited to `verb` whose handler is a middleware pipeline configured on a branch. */
  mapMiddlewareVerb(verb: string, template: string, configure: ConfigureBranch): this {
    this.addRoute([verb], template, new RouteHandler(this.branch(configure)));
    return this;
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

  // Returns `this` typed loosely: the table type parameter describes the routes, the object is the same.
  private addRoute(verbs: readonly string[] | null, template: string, target: Router, options: MapOptions = {}): RouteBuilder<any, any, any> {
    const { name = null, dataTokens = null, generationOnly = null } = options;
    const [unknown] = unknownKeys(options, MAP_KEYS, 'a mapped route');
    if (unknown !== undefined) throw new RouteCreationError(name, template, unknown);
    let defaults = options.defaults ?? null;
    let ownConstraints = options.constraints ?? null;
    const group = this.group;
    if (group !== null) {
      template = joinTemplates(group.prefix, template);
      if (group.defaults) defaults = mergeByName(group.defaults, defaults);
      if (group.constraints) ownConstraints = mergeByName(group.constraints, ownConstraints);
      if (group.methods) {
        const outside = verbs?.filter((verb) => !group.methods!.includes(verb.toUpperCase())) ?? [];
        if (outside.length > 0) {
          throw new RouteCreationError(name, template, `the verbs ${outside.join(', ')} are outside the group's verb limit (${group.methods.join(', ')})`);
        }
        verbs ??= group.methods;
      }
    }
    const constraints = verbs ? { ...ownConstraints, httpMethod: new HttpMethodRouteConstraint(...verbs) } : ownConstraints;
    // Every route a group adds is added here, so the group's middleware guards each, whatever its target.
    if (group !== null && group.middleware.length > 0) target = guarded(group.middleware, target);
    return this.add(new Route(target, name, template, defaults, constraints, dataTokens, this.routing.constraintResolver, { generationOnly, caseSensitive: this.routing.options.caseSensitive }));
  }

  /**
   * A mapped handler as a Router, the route's own middleware run before it (addRoute puts the group's before those);
   * `call` (mapGet…) and `template` name the route when the handler is not a function.
   */
  private handlerOf(call: string, template: string, handler: RouteRequestHandler<any>, options: MapOptions | undefined): RouteHandler {
    if (typeof handler !== 'function') {
      throw new RouteCreationError(options?.name ?? null, template, `${call} needs a handler, a function (context) => …; got ${handler === null ? 'null' : typeof handler}`);
    }
    const own = options?.middleware ?? [];
    if (own !== null && !Array.isArray(own)) throw new TypeError(`middleware must be a list of functions, got ${typeof own}`);
    return new RouteHandler(withMiddleware(own, handler));
  }

  private branch(configure: ConfigureBranch): RequestDelegate {
    if (this.applicationBuilder === null) throw new Error('Middleware routes need the RouteBuilder to have an application');
    const branch = this.applicationBuilder.createBranch();
    configure(branch);
    return branch.build();
  }

  /** Compiles the routes, once, into a RouteCollection; duplicate route names throw here. */
  build(): RouteCollection<Table> {
    if (this.group !== null) throw new Error('A group has no collection of its own: build the builder mapGroup was called on');
    const collection = new RouteCollection<Table>(this.routing);
    for (const route of this.routes) collection.add(route);
    collection.build();
    this.built = collection;
    Object.freeze(this.routes);
    return collection;
  }
}

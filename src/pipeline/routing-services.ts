// addRouting: registers the routing services — the inline constraint resolver and the route options.
import { ConstraintRegistry } from '../constraints/registry.js';
import { unknownKeys } from '../compile/unknown-keys.js';
import type { UrlOptions } from '../compile/generate/normalize-path.js';
import type { ConstraintFactory } from '../constraints/route-constraint.js';
import type { ServiceContainer } from './service-container.js';

/** ASP.NET RouteOptions: how generated URLs are normalised, and extra inline constraint names. */
export interface RouteOptions extends UrlOptions {
  /** Extra inline constraint names ({id:slug}). */
  constraintMap?: Readonly<Record<string, ConstraintFactory>>;
  /** Literals compare with their case ("/Users" is not "/users"), as compile()'s option; default false (ASP.NET's). */
  caseSensitive?: boolean;
}

/** The keys of the routing options (a misspelt one is an error: `appendTrailingSlah` would be ignored). */
const ROUTE_OPTION_KEYS: readonly string[] = /* @__PURE__ */ Object.keys({
  constraintMap: true,
  caseSensitive: true,
  lowercaseUrls: true,
  lowercaseQueryStrings: true,
  appendTrailingSlash: true,
} satisfies Record<keyof RouteOptions, true>);

/** What addRouting registers. */
export interface RoutingServices {
  /** The inline constraint resolver (ASP.NET IInlineConstraintResolver). */
  readonly constraintResolver: ConstraintRegistry;
  readonly options: Readonly<RouteOptions>;
}

/** The service key of the routing services. */
export const ROUTING_SERVICES = Symbol.for('switchyard.routing');

/** Registers the routing services (the first set-up step); calling it again updates the options. */
export function addRouting(services: ServiceContainer, options: RouteOptions = {}): RoutingServices {
  const [unknown] = unknownKeys(options, ROUTE_OPTION_KEYS, "addRouting()'s options object");
  if (unknown !== undefined) throw new TypeError(`addRouting: ${unknown}`);
  const existing = services.get<RoutingServices>(ROUTING_SERVICES);
  const constraintResolver = existing?.constraintResolver ?? new ConstraintRegistry();
  for (const [name, factory] of Object.entries(options.constraintMap ?? {})) constraintResolver.register(name, factory);
  const routing: RoutingServices = { constraintResolver, options: { ...existing?.options, ...options } };
  services.addSingleton(ROUTING_SERVICES, routing);
  return routing;
}

/** The routing services, registering the defaults when addRouting was not called. */
export function getRoutingServices(services: ServiceContainer): RoutingServices {
  return services.get<RoutingServices>(ROUTING_SERVICES) ?? addRouting(services);
}

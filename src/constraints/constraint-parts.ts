// One rule for what a constraint is made of, read by every analysis (the static table, the emitted in-place
// checks, explain/diagnostics, OpenAPI): the Optional and Composite wrappers are opened into the constraints they
// hold, by exact class as built-ins are described (a subclass may override match(), so it is custom and opaque).
import { builtinNameOf, type CompositeRouteConstraint, type OptionalRouteConstraint } from './builtins.js';
import { constraintLabel } from './constraint-description.js';
import type { RouteConstraint } from './route-constraint.js';

/**
 * The constraints `constraint` applies, wrappers opened, in order. An Optional wrapper passes an absent value and
 * otherwise asks its inner constraint, so what it checks of a present value is what the inner one checks.
 */
export function constraintParts(constraint: RouteConstraint): RouteConstraint[] {
  switch (builtinNameOf(constraint)) {
    case 'optional':
      return constraintParts((constraint as OptionalRouteConstraint).innerConstraint);
    case 'all':
      return (constraint as CompositeRouteConstraint).constraints.flatMap(constraintParts);
    default:
      return [constraint];
  }
}

/**
 * Whether the constraint's answer depends on the route value alone (the same value, the same answer, whatever the
 * request): every part of it is a described built-in. False for a custom constraint and the HTTP method
 * constraint, which reads the request.
 */
export function dependsOnlyOnValue(constraint: RouteConstraint): boolean {
  return constraintParts(constraint).every((part) => constraintLabel(part) !== null);
}

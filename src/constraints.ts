// switchyard-router/constraints: the route constraint classes (ASP.NET's IRouteConstraint implementations), the
// registry of inline constraint names, and the types a custom constraint implements. compile() resolves inline
// names ({id:int}) itself; import from here to build constraints in code or to register names of your own.
export type { RouteConstraint, RouteDirection, ConstraintFactory } from './constraints/route-constraint.js';
export {
  IntRouteConstraint,
  LongRouteConstraint,
  BoolRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FloatRouteConstraint,
  GuidRouteConstraint,
  AlphaRouteConstraint,
  FileNameRouteConstraint,
  NonFileNameRouteConstraint,
  MinLengthRouteConstraint,
  MaxLengthRouteConstraint,
  LengthRouteConstraint,
  RangeRouteConstraint,
  MinRouteConstraint,
  MaxRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
  HttpMethodRouteConstraint,
} from './constraints/builtins.js';
// The wrappers compile() makes itself (a list of constraints, those of an optional parameter): named as types only.
export type { OptionalRouteConstraint, CompositeRouteConstraint } from './constraints/builtins.js';
export { ConstraintRegistry, type ConstraintSpec } from './constraints/registry.js';

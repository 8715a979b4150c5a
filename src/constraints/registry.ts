// compile()'s inline constraint resolver (its advice names the constraint a misspelt name likely meant) and the
// merge of inline constraints with the constraints object of a route (ASP.NET RouteConstraintBuilder).
import { didYouMeanSuffix } from '../did-you-mean.js';
import { RouteCreationError } from '../errors.js';
import type { RouteTemplate } from '../template/ast.js';
import { findParameter } from '../template/ast.js';
import * as builtins from './builtins.js';
import { CompositeRouteConstraint, freezeBuiltin, OptionalRouteConstraint, RegexRouteConstraint } from './builtins.js';
import { FrozenMap } from './frozen-map.js';
import { InlineConstraintResolver, splitReference } from './inline-constraint-resolver.js';
import type { ConstraintFactory, RouteConstraint } from './route-constraint.js';
import { nameKey } from '../name-key.js';

export { InlineConstraintResolver } from './inline-constraint-resolver.js';

/**
 * The built-in inline constraint names (ASP.NET RouteOptions.ConstraintMap), each with its factory, in the order the
 * error messages list them: the names of the classes' records (builtins.ts), written out rather than read from the
 * records at start-up, which would make all 19 (test/constraints.test.ts holds the two to each other).
 */
export const builtinConstraints: Readonly<Record<string, ConstraintFactory>> = {
  int: builtins.intConstraint,
  bool: builtins.boolConstraint,
  datetime: builtins.datetimeConstraint,
  decimal: builtins.decimalConstraint,
  double: builtins.doubleConstraint,
  float: builtins.floatConstraint,
  guid: builtins.guidConstraint,
  long: builtins.longConstraint,
  alpha: builtins.alphaConstraint,
  required: builtins.requiredConstraint,
  file: builtins.fileConstraint,
  nonfile: builtins.nonfileConstraint,
  minlength: builtins.minlengthConstraint,
  maxlength: builtins.maxlengthConstraint,
  length: builtins.lengthConstraint,
  min: builtins.minConstraint,
  max: builtins.maxConstraint,
  range: builtins.rangeConstraint,
  regex: builtins.regexConstraint,
};

/** What the constraints object of a route may hold for one key. */
export type ConstraintSpec = RouteConstraint | RegExp | string;

/** compile()'s resolver of inline constraint names: a misspelt name is answered with the name it likely meant. */
export class ConstraintRegistry extends InlineConstraintResolver {
  /** Every built-in name, then `extra` (a name of both is extra's). */
  constructor(extra?: Readonly<Record<string, ConstraintFactory>>) {
    super(builtinConstraints, extra);
  }

  /** A new registry with the same names, to extend without touching this one. */
  clone(): ConstraintRegistry {
    const copy = new ConstraintRegistry();
    for (const [name, factory] of this.factories) copy.factories.set(name, factory);
    return copy;
  }

  /** After "is unknown": the name it most likely meant, the names there are, and how to add one. */
  override unknownNameAdvice(name: string): string {
    const builtins = Object.keys(builtinConstraints);
    const registered = [...this.factories.keys()].filter((n) => !Object.hasOwn(builtinConstraints, n));
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return [
      `${didYouMeanSuffix(name, [...builtins, ...registered])}.`,
      `The built-in constraints are ${builtins.join(', ')}${registered.length > 0 ? `; also registered: ${registered.join(', ')}` : ''}.`,
      `To use another name inline, register it: compile(routes, { constraints: { ${key}: () => new RegexRouteConstraint('^...$') } }),` +
        ` with an adapter, switchyard(routes, { compile: { constraints: { ${key}: … } } }),` +
        ` or, in the node:http pipeline, addRouting(app.services, { constraintMap: { ${key}: … } }) before the routes are mapped`,
    ].join(' ');
  }
}

/** Where a route's constraints come from, for error messages. */
export interface RouteIdentity {
  readonly name: string | null;
  readonly template: string;
}

function isRouteConstraint(value: unknown): value is RouteConstraint {
  return typeof value === 'object' && value !== null && typeof (value as RouteConstraint).match === 'function';
}

/**
 * Where one constraint of a route came from: what compileToModule() writes to make it again in a built module.
 * `given`: the object given (`constraints[key]`, or `constraints[key][at]` in a list); `regexp`: a RegExp given
 * there, as a RegexRouteConstraint; `pattern`: a string that names no constraint, anchored; `name`: a constraint
 * name (inline, or a string given), resolved by the route's own constraintResolver (`byRoute`) or the table's.
 */
export type ConstraintOrigin =
  | { readonly kind: 'given' | 'regexp'; readonly key: string; readonly at: number | null }
  /** A string no constraint name resolved (`text`): the anchored regular expression it is. */
  | { readonly kind: 'pattern'; readonly pattern: string; readonly text: string }
  | { readonly kind: 'name'; readonly reference: string; readonly byRoute: boolean };

/** One key of a route's constraints: its constraints in the order they run, each with its origin. */
export interface ConstraintPlan {
  readonly key: string;
  /** The key names an optional parameter: its constraints pass when the value is absent. */
  readonly optional: boolean;
  readonly parts: readonly { readonly constraint: RouteConstraint; readonly origin: ConstraintOrigin }[];
}

/**
 * The constraints of one route, keyed by route value name (the parameter's own spelling when the key names a
 * parameter): inline constraints plus the constraints object. Strings that name a known constraint resolve to it;
 * other strings are regular expressions that must match the whole value (they are anchored: ^(?:...)$).
 * Constraints of optional parameters pass when the value is absent. Throws RouteCreationError.
 */
export function resolveRouteConstraints(
  route: RouteIdentity,
  template: RouteTemplate,
  constraints: Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>> | null | undefined,
  registry: InlineConstraintResolver,
): ReadonlyMap<string, RouteConstraint> {
  // Most routes have no constraint at all: nothing to resolve, nothing to allocate (a table is built at once).
  if (constraints == null && template.parameters.every((p) => p.constraints.length === 0)) return NO_CONSTRAINTS;
  return constraintMap(planRouteConstraints(route, template, constraints, registry, false).map((plan) => [plan.key, keyConstraint(plan.optional, plan.parts.map((part) => part.constraint))]));
}

/** resolveRouteConstraints(), each constraint with its origin; `byRoute`: `registry` is the route's own constraintResolver. */
export function planRouteConstraints(
  route: RouteIdentity,
  template: RouteTemplate,
  constraints: Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>> | null | undefined,
  registry: InlineConstraintResolver,
  byRoute: boolean,
): ConstraintPlan[] {
  const byKey = new Map<string, ConstraintPlan['parts'][number][]>();
  const add = (key: string, constraint: RouteConstraint, origin: ConstraintOrigin): void => {
    const name = findParameter(template, key)?.name ?? key;
    const existingKey = [...byKey.keys()].find((k) => nameKey(k) === nameKey(name)) ?? name;
    byKey.set(existingKey, [...(byKey.get(existingKey) ?? []), { constraint, origin }]);
  };
  const fail = (reason: string, cause?: unknown): never => {
    throw new RouteCreationError(route.name, route.template, reason, { cause });
  };

  for (const [key, spec] of Object.entries(constraints ?? {})) {
    const specs: readonly unknown[] = Array.isArray(spec) ? spec : [spec];
    specs.forEach((item, i) => {
      const at = Array.isArray(spec) ? i : null;
      if (isRouteConstraint(item)) add(key, item, { kind: 'given', key, at });
      else if (item instanceof RegExp) add(key, new RegexRouteConstraint(item), { kind: 'regexp', key, at });
      else if (typeof item === 'string') {
        if (registry.has(item)) {
          try {
            add(key, registry.resolve(item), { kind: 'name', reference: item, byRoute });
          } catch (error) {
            fail(`the constraint "${item}" for "${key}" is invalid: ${(error as Error).message}`, error);
          }
        } else {
          const pattern = `^(?:${item})$`;
          try {
            add(key, new RegexRouteConstraint(pattern), { kind: 'pattern', pattern, text: item });
          } catch (error) {
            fail(`the constraint "${item}" for "${key}" is not a valid regular expression: ${(error as Error).message}`, error);
          }
        }
      } else {
        fail(`the constraint for "${key}" must be a RouteConstraint, a RegExp or a string, got ${describe(item)}`);
      }
    });
  }

  for (const parameter of template.parameters) {
    for (const reference of parameter.constraints) {
      if (!registry.has(reference)) {
        const name = splitReference(reference).name;
        fail(`the inline constraint "${name}" of parameter "${parameter.name}" is unknown${registry.unknownNameAdvice(name)}`);
      }
      try {
        add(parameter.name, registry.resolve(reference), { kind: 'name', reference, byRoute });
      } catch (error) {
        fail(`the inline constraint "${reference}" of parameter "${parameter.name}" is invalid: ${(error as Error).message}`, error);
      }
    }
  }
  return [...byKey].map(([key, parts]) => ({ key, optional: findParameter(template, key)?.isOptional === true, parts }));
}

/**
 * The constraint one key of a route runs, from its constraints: several are all required, an optional parameter's
 * pass when its value is absent; one constraint of a required parameter is itself (a built module makes that one
 * alone and calls this only for a key that needs a wrapper, so a bundle without such a key carries neither wrapper).
 * Frozen, with the built-in constraints in it: every answer hands them to a handler.
 */
export function keyConstraint(optional: boolean | 0 | 1, constraints: readonly RouteConstraint[]): RouteConstraint {
  const constraint = constraints.length === 1 ? freezeBuiltin(constraints[0]) : freezeBuiltin(new CompositeRouteConstraint(constraints.map(freezeBuiltin)));
  return optional ? freezeBuiltin(new OptionalRouteConstraint(constraint)) : constraint;
}

/**
 * A route's constraints as matching runs them, each key's made by keyConstraint() (by resolveRouteConstraints, or by a
 * built module's own code). Frozen, the map and the built-in constraints in it (frozen-map.ts).
 */
export function constraintMap(keys: readonly (readonly [key: string, constraint: RouteConstraint])[]): ReadonlyMap<string, RouteConstraint> {
  if (keys.length === 0) return NO_CONSTRAINTS;
  return new FrozenMap(keys.map(([key, constraint]) => [key, freezeBuiltin(constraint)]));
}

/** The constraints of a route that has none: one map for every such route of the process, so it cannot change. */
export const NO_CONSTRAINTS: ReadonlyMap<string, RouteConstraint> = new FrozenMap();

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a nested array';
  return typeof value === 'object' ? `an object without a match() method` : `a ${typeof value}`;
}

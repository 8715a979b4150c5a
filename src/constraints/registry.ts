// The inline constraint resolver (ASP.NET IInlineConstraintResolver) and the merge of inline constraints
// with the constraints object of a route (ASP.NET RouteConstraintBuilder).
import { didYouMean } from '../did-you-mean.js';
import { RouteCreationError } from '../errors.js';
import type { RouteTemplate } from '../template/ast.js';
import { findParameter } from '../template/ast.js';
import {
  AlphaRouteConstraint,
  BoolRouteConstraint,
  CompositeRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FileNameRouteConstraint,
  freezeBuiltin,
  FloatRouteConstraint,
  GuidRouteConstraint,
  IntRouteConstraint,
  LengthRouteConstraint,
  LongRouteConstraint,
  MaxLengthRouteConstraint,
  MaxRouteConstraint,
  MinLengthRouteConstraint,
  MinRouteConstraint,
  NonFileNameRouteConstraint,
  OptionalRouteConstraint,
  RangeRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
} from './builtins.js';
import { FrozenMap } from './frozen-map.js';
import { parseInt64 } from './invariant-parsers.js';
import type { ConstraintFactory, RouteConstraint } from './route-constraint.js';

/** What the constraints object of a route may hold for one key. */
export type ConstraintSpec = RouteConstraint | RegExp | string;

function argCount(name: string, args: readonly string[], ...allowed: number[]): void {
  if (!allowed.includes(args.length)) {
    const expected = allowed.map(String).join(' or ');
    throw new Error(`the constraint "${name}" takes ${expected} argument(s), got ${args.length}`);
  }
}

function int64Arg(name: string, text: string): bigint {
  const n = parseInt64(text);
  if (n === null) throw new Error(`the argument "${text}" of the constraint "${name}" is not a 64-bit integer`);
  return n;
}

function int32Arg(name: string, text: string): number {
  const n = int64Arg(name, text);
  if (n > 2147483647n || n < -2147483648n) throw new Error(`the argument "${text}" of the constraint "${name}" is not a 32-bit integer`);
  return Number(n);
}

const noArgs =
  (name: string, create: () => RouteConstraint): ConstraintFactory =>
  (args) => {
    argCount(name, args, 0);
    return create();
  };

/** The built-in inline constraint names (ASP.NET RouteOptions.ConstraintMap). */
export const builtinConstraints: Readonly<Record<string, ConstraintFactory>> = {
  int: noArgs('int', () => new IntRouteConstraint()),
  bool: noArgs('bool', () => new BoolRouteConstraint()),
  datetime: noArgs('datetime', () => new DateTimeRouteConstraint()),
  decimal: noArgs('decimal', () => new DecimalRouteConstraint()),
  double: noArgs('double', () => new DoubleRouteConstraint()),
  float: noArgs('float', () => new FloatRouteConstraint()),
  guid: noArgs('guid', () => new GuidRouteConstraint()),
  long: noArgs('long', () => new LongRouteConstraint()),
  alpha: noArgs('alpha', () => new AlphaRouteConstraint()),
  required: noArgs('required', () => new RequiredRouteConstraint()),
  file: noArgs('file', () => new FileNameRouteConstraint()),
  nonfile: noArgs('nonfile', () => new NonFileNameRouteConstraint()),
  minlength: (args) => {
    argCount('minlength', args, 1);
    return new MinLengthRouteConstraint(int32Arg('minlength', args[0]));
  },
  maxlength: (args) => {
    argCount('maxlength', args, 1);
    return new MaxLengthRouteConstraint(int32Arg('maxlength', args[0]));
  },
  length: (args) => {
    argCount('length', args, 1, 2);
    const min = int32Arg('length', args[0]);
    return new LengthRouteConstraint(min, args.length === 2 ? int32Arg('length', args[1]) : min);
  },
  min: (args) => {
    argCount('min', args, 1);
    return new MinRouteConstraint(int64Arg('min', args[0]));
  },
  max: (args) => {
    argCount('max', args, 1);
    return new MaxRouteConstraint(int64Arg('max', args[0]));
  },
  range: (args) => {
    argCount('range', args, 2);
    return new RangeRouteConstraint(int64Arg('range', args[0]), int64Arg('range', args[1]));
  },
  // The whole argument text is the pattern: commas and parentheses inside it are not separators.
  regex: (_args, argumentText) => {
    if (argumentText === null) throw new Error('the constraint "regex" takes 1 argument (the expression)');
    return new RegexRouteConstraint(argumentText);
  },
};

/** Splits "name(args)" into its name and argument text, as ASP.NET's DefaultInlineConstraintResolver. */
function splitReference(text: string): { name: string; argumentText: string | null } {
  const open = text.indexOf('(');
  if (open >= 0 && text.endsWith(')')) {
    return { name: text.slice(0, open), argumentText: text.slice(open + 1, -1) };
  }
  return { name: text, argumentText: null };
}

/** Resolves inline constraint references such as "int" or "range(1,10)"; names are case-insensitive. */
export class ConstraintRegistry {
  private readonly factories = new Map<string, ConstraintFactory>();

  constructor(extra?: Readonly<Record<string, ConstraintFactory>>) {
    for (const [name, factory] of Object.entries(builtinConstraints)) this.register(name, factory);
    if (extra) for (const [name, factory] of Object.entries(extra)) this.register(name, factory);
  }

  /** Adds (or replaces) an inline constraint name. */
  register(name: string, factory: ConstraintFactory): this {
    if (typeof factory !== 'function') throw new TypeError(`the constraint factory for "${name}" must be a function`);
    this.factories.set(name.toLowerCase(), factory);
    return this;
  }

  /** A new registry with the same names, to extend without touching this one. */
  clone(): ConstraintRegistry {
    const copy = new ConstraintRegistry();
    for (const [name, factory] of this.factories) copy.factories.set(name, factory);
    return copy;
  }

  /** True when `reference` ("int", "range(1,10)") names a registered constraint. */
  has(reference: string): boolean {
    return this.factories.has(splitReference(reference).name.toLowerCase());
  }

  /** Creates the constraint for an inline reference; throws an Error whose message says what is wrong. */
  resolve(reference: string): RouteConstraint {
    const { name, argumentText } = splitReference(reference);
    const factory = this.factories.get(name.toLowerCase());
    if (!factory) throw new Error(`the constraint "${name}" is unknown${this.unknownNameAdvice(name)}`);
    const args = argumentText === null ? [] : argumentText.split(',').map((a) => a.trim());
    return factory(args, argumentText);
  }

  /** After "is unknown": the name it most likely meant, the names there are, and how to add one. */
  unknownNameAdvice(name: string): string {
    const builtins = Object.keys(builtinConstraints);
    const registered = [...this.factories.keys()].filter((n) => !Object.hasOwn(builtinConstraints, n));
    const guess = didYouMean(name, [...builtins, ...registered]);
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return [
      `${guess === null ? '' : ` (did you mean "${guess}"?)`}.`,
      `The built-in constraints are ${builtins.join(', ')}${registered.length > 0 ? `; also registered: ${registered.join(', ')}` : ''}.`,
      `To use another name inline, register it: compile(routes, { constraints: { ${key}: () => new RegexRouteConstraint('^...$') } })`,
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
 * Builds the constraints of one route, keyed by route value name (the parameter's own spelling when the key
 * names a parameter): inline constraints plus the constraints object. Strings that name a known constraint
 * resolve to it; other strings are regular expressions that must match the whole value (they are anchored: ^(?:...)$).
 * Constraints of optional parameters pass when the value is absent. Throws RouteCreationError.
 */
export function resolveRouteConstraints(
  route: RouteIdentity,
  template: RouteTemplate,
  constraints: Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>> | null | undefined,
  registry: ConstraintRegistry,
): ReadonlyMap<string, RouteConstraint> {
  // Most routes have no constraint at all: nothing to resolve, nothing to allocate (a table is built at once).
  if (constraints == null && template.parameters.every((p) => p.constraints.length === 0)) return NO_CONSTRAINTS;
  const byKey = new Map<string, RouteConstraint[]>();
  const add = (key: string, constraint: RouteConstraint): void => {
    const name = findParameter(template, key)?.name ?? key;
    const existingKey = [...byKey.keys()].find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    byKey.set(existingKey, [...(byKey.get(existingKey) ?? []), constraint]);
  };
  const fail = (reason: string, cause?: unknown): never => {
    throw new RouteCreationError(route.name, route.template, reason, { cause });
  };

  for (const [key, spec] of Object.entries(constraints ?? {})) {
    const specs: readonly unknown[] = Array.isArray(spec) ? spec : [spec];
    for (const item of specs) {
      if (isRouteConstraint(item)) add(key, item);
      else if (item instanceof RegExp) add(key, new RegexRouteConstraint(item));
      else if (typeof item === 'string') {
        if (registry.has(item)) {
          try {
            add(key, registry.resolve(item));
          } catch (error) {
            fail(`the constraint "${item}" for "${key}" is invalid: ${(error as Error).message}`, error);
          }
        } else {
          try {
            add(key, new RegexRouteConstraint(`^(?:${item})$`));
          } catch (error) {
            fail(`the constraint "${item}" for "${key}" is not a valid regular expression: ${(error as Error).message}`, error);
          }
        }
      } else {
        fail(`the constraint for "${key}" must be a RouteConstraint, a RegExp or a string, got ${describe(item)}`);
      }
    }
  }

  for (const parameter of template.parameters) {
    for (const reference of parameter.constraints) {
      if (!registry.has(reference)) {
        const name = splitReference(reference).name;
        fail(`the inline constraint "${name}" of parameter "${parameter.name}" is unknown${registry.unknownNameAdvice(name)}`);
      }
      try {
        add(parameter.name, registry.resolve(reference));
      } catch (error) {
        fail(`the inline constraint "${reference}" of parameter "${parameter.name}" is invalid: ${(error as Error).message}`, error);
      }
    }
  }

  // Frozen, the map and the built-in constraints in it: every answer hands them to a handler (frozen-map.ts).
  const result: [string, RouteConstraint][] = [];
  for (const [key, list] of byKey) {
    const constraint = list.length === 1 ? freezeBuiltin(list[0]) : freezeBuiltin(new CompositeRouteConstraint(list.map(freezeBuiltin)));
    result.push([key, findParameter(template, key)?.isOptional ? freezeBuiltin(new OptionalRouteConstraint(constraint)) : constraint]);
  }
  return new FrozenMap(result);
}

/** The constraints of a route that has none: one map for every such route of the process, so it cannot change. */
export const NO_CONSTRAINTS: ReadonlyMap<string, RouteConstraint> = new FrozenMap();

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a nested array';
  return typeof value === 'object' ? `an object without a match() method` : `a ${typeof value}`;
}

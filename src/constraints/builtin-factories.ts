// The built-in inline constraint names (ASP.NET RouteOptions.ConstraintMap), one factory each: "int" makes an
// IntRouteConstraint, "range(1,10)" a RangeRouteConstraint. Each factory is its own export, not only a key of
// builtinConstraints: a router module built ahead of time imports the factories of the names its routes use (from
// switchyard-router/aot), so a bundle of it carries those constraint classes and parsers alone.
import {
  AlphaRouteConstraint,
  BoolRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FileNameRouteConstraint,
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
  RangeRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
} from './builtins.js';
import { parseInt64 } from './invariant-parsers.js';
import type { ConstraintFactory, RouteConstraint } from './route-constraint.js';

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

export function intConstraint(args: readonly string[]): RouteConstraint {
  argCount('int', args, 0);
  return new IntRouteConstraint();
}
export function boolConstraint(args: readonly string[]): RouteConstraint {
  argCount('bool', args, 0);
  return new BoolRouteConstraint();
}
export function datetimeConstraint(args: readonly string[]): RouteConstraint {
  argCount('datetime', args, 0);
  return new DateTimeRouteConstraint();
}
export function decimalConstraint(args: readonly string[]): RouteConstraint {
  argCount('decimal', args, 0);
  return new DecimalRouteConstraint();
}
export function doubleConstraint(args: readonly string[]): RouteConstraint {
  argCount('double', args, 0);
  return new DoubleRouteConstraint();
}
export function floatConstraint(args: readonly string[]): RouteConstraint {
  argCount('float', args, 0);
  return new FloatRouteConstraint();
}
export function guidConstraint(args: readonly string[]): RouteConstraint {
  argCount('guid', args, 0);
  return new GuidRouteConstraint();
}
export function longConstraint(args: readonly string[]): RouteConstraint {
  argCount('long', args, 0);
  return new LongRouteConstraint();
}
export function alphaConstraint(args: readonly string[]): RouteConstraint {
  argCount('alpha', args, 0);
  return new AlphaRouteConstraint();
}
export function requiredConstraint(args: readonly string[]): RouteConstraint {
  argCount('required', args, 0);
  return new RequiredRouteConstraint();
}
export function fileConstraint(args: readonly string[]): RouteConstraint {
  argCount('file', args, 0);
  return new FileNameRouteConstraint();
}
export function nonfileConstraint(args: readonly string[]): RouteConstraint {
  argCount('nonfile', args, 0);
  return new NonFileNameRouteConstraint();
}
export function minlengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('minlength', args, 1);
  return new MinLengthRouteConstraint(int32Arg('minlength', args[0]));
}
export function maxlengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('maxlength', args, 1);
  return new MaxLengthRouteConstraint(int32Arg('maxlength', args[0]));
}
export function lengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('length', args, 1, 2);
  const min = int32Arg('length', args[0]);
  return new LengthRouteConstraint(min, args.length === 2 ? int32Arg('length', args[1]) : min);
}
export function minConstraint(args: readonly string[]): RouteConstraint {
  argCount('min', args, 1);
  return new MinRouteConstraint(int64Arg('min', args[0]));
}
export function maxConstraint(args: readonly string[]): RouteConstraint {
  argCount('max', args, 1);
  return new MaxRouteConstraint(int64Arg('max', args[0]));
}
export function rangeConstraint(args: readonly string[]): RouteConstraint {
  argCount('range', args, 2);
  return new RangeRouteConstraint(int64Arg('range', args[0]), int64Arg('range', args[1]));
}
/** The whole argument text is the pattern: commas and parentheses inside it are not separators. */
export function regexConstraint(_args: readonly string[], argumentText: string | null): RouteConstraint {
  if (argumentText === null) throw new Error('the constraint "regex" takes 1 argument (the expression)');
  return new RegexRouteConstraint(argumentText);
}

/** The built-in inline constraint names, each with its factory. */
export const builtinConstraints: Readonly<Record<string, ConstraintFactory>> = {
  int: intConstraint,
  bool: boolConstraint,
  datetime: datetimeConstraint,
  decimal: decimalConstraint,
  double: doubleConstraint,
  float: floatConstraint,
  guid: guidConstraint,
  long: longConstraint,
  alpha: alphaConstraint,
  required: requiredConstraint,
  file: fileConstraint,
  nonfile: nonfileConstraint,
  minlength: minlengthConstraint,
  maxlength: maxlengthConstraint,
  length: lengthConstraint,
  min: minConstraint,
  max: maxConstraint,
  range: rangeConstraint,
  regex: regexConstraint,
};

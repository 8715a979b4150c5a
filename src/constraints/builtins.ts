// The built-in route constraints (int, bool, datetime, ... regex, required), the wrappers (Optional, Composite) and
// HttpMethodRouteConstraint, each stated once: its class, whose own static `builtin` is its record (the name a
// template writes, the label, what it accepts: for the analyses, the check the generated matcher runs in place, the
// OpenAPI schema), and beside it the factory of its name (`${name}Constraint`, one export each: a router module
// built ahead of time imports the factories of the names its routes use). constraintLabel and describeConstraint
// (constraint-description.ts) read the records; the registry (registry.ts) lists the names with their factories.
// By a record on each class, not a list of the classes: a bundle keeps only the classes it uses, and a record does
// not name its factory, so a class used without its name (a regex from a constraints object) brings none. A record
// is made when it is asked for (a getter), not with its class: 19 records made at start-up cost every process that
// loads the library about 1 M instructions (callgrind), most of them for built-ins it never uses (a record of a name
// alone, a wrapper's, costs nothing). A constraint is built-in by its exact class: a subclass may override match(),
// so it is custom (one that declares a `builtin` of its own claims to be that one). Each checks one route value; a
// missing or null value never passes (ASP.NET semantics).
import { getRouteValue, toRouteString, type RouteValues } from '../route-values.js';
import type { ConstraintDescription } from './constraint-description.js';
import {
  isBoolean,
  isDateTime,
  isDecimal,
  isFloatingPoint,
  isSinglePrecision,
  isGuid,
  isInt32,
  isInt64,
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
} from './invariant-parsers.js';
import type { ConstraintFactory, RouteConstraint, RouteDirection } from './route-constraint.js';

/** A built-in class's record: its name ("int"; the wrappers' and the HTTP method constraint's kind, which no template writes). */
export interface Builtin {
  readonly name: string;
}

/** What a built-in accepts: its description without the label (a field left out is null). */
export type BuiltinFacts = Partial<Omit<ConstraintDescription, 'label'>>;

/** The record of a built-in a template names inline ({id:int}, {id:range(1,10)}). */
export interface InlineBuiltin<C extends RouteConstraint = RouteConstraint> extends Builtin {
  /** As a user writes it ("range(1,10)", "regex(^a$)"): equal labels accept the same values. Without it, the name. */
  label?(constraint: C): string;
  /** What it accepts: the same for every one of its kind, or read from the constraint. */
  readonly accepts: BuiltinFacts | ((constraint: C) => BuiltinFacts);
}

/** The integers .NET's Int32 and Int64 hold: what int and long accept, and the bounds min, max and range default to. */
export const INT32: readonly [bigint, bigint] = [INT32_MIN, INT32_MAX];
export const INT64: readonly [bigint, bigint] = [INT64_MIN, INT64_MAX];

/** A constraint that tests the text of one route value; null/undefined values fail. */
abstract class ValueRouteConstraint implements RouteConstraint {
  match(_httpContext: unknown, _route: unknown, routeKey: string, values: RouteValues, _direction: RouteDirection): boolean {
    const value = getRouteValue(values, routeKey);
    if (value === null || value === undefined) return false;
    return this.matchValue(value);
  }

  /** Checks a non-null value; typed constraints accept a value of their own type without parsing. */
  protected matchValue(value: unknown): boolean {
    return this.matchText(toRouteString(value));
  }

  abstract matchText(text: string): boolean;
}

function argCount(name: string, args: readonly string[], ...allowed: number[]): void {
  if (!allowed.includes(args.length)) {
    const expected = allowed.map(String).join(' or ');
    throw new Error(`the constraint "${name}" takes ${expected} argument(s), got ${args.length}`);
  }
}

/** A constraint of a name that takes no arguments. */
function withoutArguments(name: string, args: readonly string[], type: new () => RouteConstraint): RouteConstraint {
  argCount(name, args, 0);
  return new type();
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

/** {p:int} — a 32-bit signed integer. */
export class IntRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'int', accepts: { integers: INT32, inline: [{ helper: 'int', args: [] }], schema: { type: 'integer', format: 'int32' } } };
  }
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isInt32(text);
  }
}
/**
 * The built-in constraint `int`, as a template names it (`{id:int}`: a 32-bit signed integer): makes it, or throws
 * on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module built ahead
 * of time calls it for each route that names `int`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function intConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('int', args, IntRouteConstraint);
}

/** {p:long} — a 64-bit signed integer. */
export class LongRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'long', accepts: { integers: INT64, inline: [{ helper: 'long', args: [] }], schema: { type: 'integer', format: 'int64' } } };
  }
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isSafeInteger(value);
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isInt64(text);
  }
}
/**
 * The built-in constraint `long`, as a template names it (`{id:long}`: a 64-bit signed integer): makes it, or throws
 * on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module built ahead
 * of time calls it for each route that names `long`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function longConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('long', args, LongRouteConstraint);
}

/** {p:bool} — "true" or "false", any case. */
export class BoolRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'bool', accepts: { kind: 'boolean', inline: [{ helper: 'bool', args: [] }], schema: { type: 'boolean' } } };
  }
  protected override matchValue(value: unknown): boolean {
    return typeof value === 'boolean' || super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isBoolean(text);
  }
}
/**
 * The built-in constraint `bool`, as a template names it (`{flag:bool}`: "true" or "false", in any case): makes it,
 * or throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module
 * built ahead of time calls it for each route that names `bool`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function boolConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('bool', args, BoolRouteConstraint);
}

/** {p:datetime} — a date and/or time the invariant culture can parse. */
export class DateTimeRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'datetime', accepts: { schema: { type: 'string', format: 'date-time' } } };
  }
  protected override matchValue(value: unknown): boolean {
    if (value instanceof Date) return !Number.isNaN(value.getTime());
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isDateTime(text);
  }
}
/**
 * The built-in constraint `datetime`, as a template names it (`{at:datetime}`: a date and/or time): makes it, or
 * throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module
 * built ahead of time calls it for each route that names `datetime`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function datetimeConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('datetime', args, DateTimeRouteConstraint);
}

/** {p:decimal} — a decimal number (no exponent), invariant culture. */
export class DecimalRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'decimal', accepts: { kind: 'decimal', schema: { type: 'number' } } };
  }
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) < 7.9228162514264337593543950335e28;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isDecimal(text);
  }
}
/**
 * The built-in constraint `decimal`, as a template names it (`{price:decimal}`: a decimal number, without exponent):
 * makes it, or throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error).
 * A module built ahead of time calls it for each route that names `decimal`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function decimalConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('decimal', args, DecimalRouteConstraint);
}

/** {p:double} — a floating-point number, invariant culture. */
export class DoubleRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'double', accepts: { schema: { type: 'number', format: 'double' } } };
  }
  protected override matchValue(value: unknown): boolean {
    return typeof value === 'number' || super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isFloatingPoint(text);
  }
}
/**
 * The built-in constraint `double`, as a template names it (`{x:double}`: a floating-point number): makes it, or
 * throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module
 * built ahead of time calls it for each route that names `double`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function doubleConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('double', args, DoubleRouteConstraint);
}

/** {p:float} — a single-precision number: a value past float.MaxValue (about 3.4e38) is rejected. */
export class FloatRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'float', accepts: { schema: { type: 'number', format: 'float' } } };
  }
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isNaN(value) || !Number.isFinite(value) || Math.abs(value) <= 3.4028234663852886e38;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isSinglePrecision(text);
  }
}
/**
 * The built-in constraint `float`, as a template names it (`{x:float}`: a single-precision floating-point number):
 * makes it, or throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error).
 * A module built ahead of time calls it for each route that names `float`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function floatConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('float', args, FloatRouteConstraint);
}

/** {p:guid} — a GUID in the N, D, B, P or X format. */
export class GuidRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'guid', accepts: { inline: [{ helper: 'guid', args: [] }], schema: { type: 'string', format: 'uuid' } } };
  }
  matchText(text: string): boolean {
    return isGuid(text);
  }
}
/**
 * The built-in constraint `guid`, as a template names it (`{id:guid}`: a GUID in the N, D, B, P or X format): makes
 * it, or throws on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A
 * module built ahead of time calls it for each route that names `guid`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function guidConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('guid', args, GuidRouteConstraint);
}

/** {p:alpha} — ASCII letters only (a-z, A-Z). */
export class AlphaRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return {
      name: 'alpha',
      accepts: { kind: 'letters', inline: [{ helper: 'alpha', args: [] }], schema: { type: 'string', pattern: '^[A-Za-z]*$' } },
    };
  }
  matchText(text: string): boolean {
    return /^[A-Za-z]*$/.test(text);
  }
}
/**
 * The built-in constraint `alpha`, as a template names it (`{name:alpha}`: ASCII letters only): makes it, or throws
 * on bad arguments. `args`: the template's arguments, of which it takes none (any is an error). A module built ahead
 * of time calls it for each route that names `alpha`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function alphaConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('alpha', args, AlphaRouteConstraint);
}

/** True when the last "/"-separated part of `text` has a "." followed by something other than dots. */
function isFileName(text: string): boolean {
  const name = text.slice(text.lastIndexOf('/') + 1);
  const dot = name.indexOf('.');
  return dot >= 0 && /[^.]/.test(name.slice(dot + 1));
}

// isFileName as a JSON Schema pattern: a "." followed (somewhere) by a character other than "." in the last
// "/"-separated part. Linear: no nested or adjacent overlapping repetition.
const FILE_NAME_PATTERN = '\\.\\.*[^/.][^/]*$';

/** {p:file} — looks like a file name ("a/b.txt"); ASP.NET Core 3.0+, for catch-all fallbacks. */
export class FileNameRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'file', accepts: { schema: { type: 'string', pattern: FILE_NAME_PATTERN } } };
  }
  matchText(text: string): boolean {
    return isFileName(text);
  }
}
/**
 * The built-in constraint `file`, as a template names it (`{path:file}`: a value that looks like a file name,
 * `a/b.txt`): makes it, or throws on bad arguments. `args`: the template's arguments, of which it takes none (any is
 * an error). A module built ahead of time calls it for each route that names `file`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function fileConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('file', args, FileNameRouteConstraint);
}

/** {p:nonfile} — does not look like a file name; a missing value passes. */
export class NonFileNameRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin {
    return { name: 'nonfile', accepts: { schema: { type: 'string', not: { pattern: FILE_NAME_PATTERN } } } };
  }
  override match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    const value = getRouteValue(values, routeKey);
    return value === null || value === undefined || super.match(httpContext, route, routeKey, values, direction);
  }
  matchText(text: string): boolean {
    return !isFileName(text);
  }
}
/**
 * The built-in constraint `nonfile`, as a template names it (`{path:nonfile}`: a value that does not look like a
 * file name, or none): makes it, or throws on bad arguments. `args`: the template's arguments, of which it takes
 * none (any is an error). A module built ahead of time calls it for each route that names `nonfile`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function nonfileConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('nonfile', args, NonFileNameRouteConstraint);
}

function checkLength(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number greater than or equal to 0, got ${value}`);
  }
  return value;
}

/** What a length constraint accepts: the lengths within its bounds, checked in place; its schema has the bounds it was given. */
function lengthsOf(c: { readonly minLength?: number; readonly maxLength?: number }): BuiltinFacts {
  const { minLength = 0, maxLength = Infinity } = c;
  const schema = { type: 'string', ...('minLength' in c ? { minLength } : {}), ...('maxLength' in c ? { maxLength } : {}) };
  return { lengths: [minLength, maxLength], inline: [{ helper: 'length', args: [minLength, maxLength] }], schema };
}

/** {p:minlength(n)} — at least n characters (UTF-16 code units, as .NET's string.Length). */
export class MinLengthRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin<MinLengthRouteConstraint> {
    return { name: 'minlength', label: (c) => `minlength(${c.minLength})`, accepts: lengthsOf };
  }
  readonly minLength: number;
  constructor(minLength: number) {
    super();
    this.minLength = checkLength('minLength', minLength);
  }
  matchText(text: string): boolean {
    return text.length >= this.minLength;
  }
}
/**
 * The built-in constraint `minlength`, as a template names it (`{name:minlength(2)}`: at least n characters): makes
 * it, or throws on bad arguments. `args`: its one argument, n, as written (a 32-bit integer). A module built ahead
 * of time calls it for each route that names `minlength`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function minlengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('minlength', args, 1);
  return new MinLengthRouteConstraint(int32Arg('minlength', args[0]));
}

/** {p:maxlength(n)} — at most n characters. */
export class MaxLengthRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin<MaxLengthRouteConstraint> {
    return { name: 'maxlength', label: (c) => `maxlength(${c.maxLength})`, accepts: lengthsOf };
  }
  readonly maxLength: number;
  constructor(maxLength: number) {
    super();
    this.maxLength = checkLength('maxLength', maxLength);
  }
  matchText(text: string): boolean {
    return text.length <= this.maxLength;
  }
}
/**
 * The built-in constraint `maxlength`, as a template names it (`{name:maxlength(20)}`: at most n characters): makes
 * it, or throws on bad arguments. `args`: its one argument, n, as written (a 32-bit integer). A module built ahead
 * of time calls it for each route that names `maxlength`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function maxlengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('maxlength', args, 1);
  return new MaxLengthRouteConstraint(int32Arg('maxlength', args[0]));
}

/** {p:length(n)} exactly n characters, or {p:length(min,max)} from min to max inclusive. */
export class LengthRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin<LengthRouteConstraint> {
    return { name: 'length', label: (c) => `length(${c.minLength},${c.maxLength})`, accepts: lengthsOf };
  }
  readonly minLength: number;
  readonly maxLength: number;
  constructor(minLength: number, maxLength: number = minLength) {
    super();
    this.minLength = checkLength('minLength', minLength);
    this.maxLength = checkLength('maxLength', maxLength);
    if (minLength > maxLength) {
      throw new RangeError(`minLength (${minLength}) must be less than or equal to maxLength (${maxLength})`);
    }
  }
  matchText(text: string): boolean {
    return text.length >= this.minLength && text.length <= this.maxLength;
  }
}
/**
 * The built-in constraint `length`, as a template names it (`{code:length(3)}` or `{code:length(2,5)}`: exactly n
 * characters, or from min to max): makes it, or throws on bad arguments. `args`: its one or two arguments, as
 * written (32-bit integers). A module built ahead of time calls it for each route that names `length`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function lengthConstraint(args: readonly string[]): RouteConstraint {
  argCount('length', args, 1, 2);
  const min = int32Arg('length', args[0]);
  return new LengthRouteConstraint(min, args.length === 2 ? int32Arg('length', args[1]) : min);
}

/** What an integer range accepts: the integers within its bounds, checked in place (its schema follows from them: constraint-description.ts). */
function integersOf({ min, max }: RangeRouteConstraint): BuiltinFacts {
  return { integers: [min, max], inline: [{ helper: 'range', args: [min, max] }] };
}

/** {p:range(min,max)} — a 64-bit integer from min to max inclusive; min(n) and max(n) are its halves. */
export class RangeRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin<RangeRouteConstraint> {
    return { name: 'range', label: (c) => `range(${c.min},${c.max})`, accepts: integersOf };
  }
  constructor(
    readonly min: bigint,
    readonly max: bigint,
  ) {
    super();
    if (min > max) throw new RangeError(`min (${min}) must be less than or equal to max (${max})`);
  }
  matchText(text: string): boolean {
    const n = parseInt64(text);
    return n !== null && n >= this.min && n <= this.max;
  }
}
/**
 * The built-in constraint `range`, as a template names it (`{id:range(1,100)}`: a 64-bit integer from min to max
 * inclusive): makes it, or throws on bad arguments. `args`: its two arguments, min and max, as written (64-bit
 * integers). A module built ahead of time calls it for each route that names `range`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function rangeConstraint(args: readonly string[]): RouteConstraint {
  argCount('range', args, 2);
  return new RangeRouteConstraint(int64Arg('range', args[0]), int64Arg('range', args[1]));
}

/** {p:min(n)} — a 64-bit integer of at least n. */
export class MinRouteConstraint extends RangeRouteConstraint {
  static override get builtin(): InlineBuiltin<MinRouteConstraint> {
    return { name: 'min', label: (c) => `min(${c.min})`, accepts: integersOf };
  }
  constructor(min: bigint) {
    super(min, INT64_MAX);
  }
}
/**
 * The built-in constraint `min`, as a template names it (`{id:min(1)}`: a 64-bit integer of at least n): makes it,
 * or throws on bad arguments. `args`: its one argument, n, as written (a 64-bit integer). A module built ahead of
 * time calls it for each route that names `min`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function minConstraint(args: readonly string[]): RouteConstraint {
  argCount('min', args, 1);
  return new MinRouteConstraint(int64Arg('min', args[0]));
}

/** {p:max(n)} — a 64-bit integer of at most n. */
export class MaxRouteConstraint extends RangeRouteConstraint {
  static override get builtin(): InlineBuiltin<MaxRouteConstraint> {
    return { name: 'max', label: (c) => `max(${c.max})`, accepts: integersOf };
  }
  constructor(max: bigint) {
    super(INT64_MIN, max);
  }
}
/**
 * The built-in constraint `max`, as a template names it (`{id:max(100)}`: a 64-bit integer of at most n): makes it,
 * or throws on bad arguments. `args`: its one argument, n, as written (a 64-bit integer). A module built ahead of
 * time calls it for each route that names `max`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function maxConstraint(args: readonly string[]): RouteConstraint {
  argCount('max', args, 1);
  return new MaxRouteConstraint(int64Arg('max', args[0]));
}

/**
 * {p:regex(expression)} — the value matches the expression, case-insensitively. Not anchored: write ^ and $
 * (a string in the constraints object is anchored for you). Compiled once, when the route is created.
 */
export class RegexRouteConstraint extends ValueRouteConstraint {
  static get builtin(): InlineBuiltin<RegexRouteConstraint> {
    return {
      name: 'regex',
      // Inline and string regexes ignore case; a RegExp object keeps its own flags, so it shows them.
      label: ({ pattern }) => (pattern.flags === 'i' ? `regex(${pattern.source})` : `/${pattern.source}/${pattern.flags}`),
      accepts: ({ pattern }) => ({ pattern }),
    };
  }
  // Its own RegExp, out of reach: a RegExp has state no freeze stops (compile() replaces its expression in place,
  // lastIndex), and a route's constraints are handed to every request's handler.
  readonly #pattern: RegExp;
  constructor(pattern: string | RegExp) {
    super();
    // A global or sticky RegExp would keep state between calls; copy it without those flags.
    this.#pattern =
      typeof pattern === 'string' ? new RegExp(pattern, 'i') : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  }
  /** The expression: a copy on each read (what is done to it changes nothing the constraint checks). */
  get pattern(): RegExp {
    return new RegExp(this.#pattern);
  }
  matchText(text: string): boolean {
    return this.#pattern.test(text);
  }
}
/** The whole argument text is the pattern: commas and parentheses inside it are not separators. */
export function regexConstraint(_args: readonly string[], argumentText: string | null): RouteConstraint {
  if (argumentText === null) throw new Error('the constraint "regex" takes 1 argument (the expression)');
  return new RegexRouteConstraint(argumentText);
}

/** {p:required} — a value must be present and non-empty (used in URL generation for non-parameter values). */
export class RequiredRouteConstraint implements RouteConstraint {
  static get builtin(): InlineBuiltin {
    return {
      name: 'required',
      // A value from a URL segment is never empty: nothing to check in place.
      accepts: { inline: [], schema: { type: 'string', minLength: 1 } },
    };
  }
  match(_httpContext: unknown, _route: unknown, routeKey: string, values: RouteValues): boolean {
    return toRouteString(getRouteValue(values, routeKey)) !== '';
  }
}
/**
 * The built-in constraint `required`, as a template names it (`{x:required}`: a value must be present and not empty,
 * for URL generation of values no parameter takes): makes it, or throws on bad arguments. `args`: the template's
 * arguments, of which it takes none (any is an error). A module built ahead of time calls it for each route that
 * names `required`. See
 * [Constraints](https://switchyard-router.github.io/switchyard/docs/templates.html#constraints).
 */
export function requiredConstraint(args: readonly string[]): RouteConstraint {
  return withoutArguments('required', args, RequiredRouteConstraint);
}

/** The request method of an HttpContext-like object (ours, or a node IncomingMessage), upper-cased. */
export function requestMethodOf(httpContext: unknown): string | undefined {
  const ctx = httpContext as { request?: { method?: unknown }; method?: unknown } | null | undefined;
  const method = ctx?.request?.method ?? ctx?.method;
  return typeof method === 'string' ? method.toUpperCase() : undefined;
}

/**
 * Accepts requests whose HTTP method is one of `allowedMethods` (case-insensitive). In URL generation it
 * blocks nothing unless the values name a method explicitly under its key (ASP.NET behaviour). Not described:
 * it reads the request, not the value.
 */
export class HttpMethodRouteConstraint implements RouteConstraint {
  static readonly builtin: Builtin = { name: 'httpMethod' };
  readonly allowedMethods: readonly string[];
  constructor(...allowedMethods: string[]) {
    this.allowedMethods = Object.freeze(allowedMethods.map((m) => m.toUpperCase()));
  }
  match(httpContext: unknown, _route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    if (direction === 'incoming') {
      const method = requestMethodOf(httpContext);
      return method !== undefined && this.allowedMethods.includes(method);
    }
    const value = getRouteValue(values, routeKey);
    if (value === undefined) return true;
    return this.allowedMethods.includes(toRouteString(value).toUpperCase());
  }
}

/** Wraps the constraints of an optional parameter: no value means nothing to check (ASP.NET OptionalRouteConstraint). */
export class OptionalRouteConstraint implements RouteConstraint {
  static readonly builtin: Builtin = { name: 'optional' };
  constructor(readonly innerConstraint: RouteConstraint) {}
  match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    if (getRouteValue(values, routeKey) === undefined) return true;
    return this.innerConstraint.match(httpContext, route, routeKey, values, direction);
  }
}

/** All of several constraints on one key must pass. */
export class CompositeRouteConstraint implements RouteConstraint {
  static readonly builtin: Builtin = { name: 'all' };
  readonly constraints: readonly RouteConstraint[];
  constructor(constraints: readonly RouteConstraint[]) {
    // Its own list, frozen: the caller's list can change, this one cannot.
    this.constraints = Object.freeze([...constraints]);
  }
  match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    return this.constraints.every((c) => c.match(httpContext, route, routeKey, values, direction));
  }
}

/** The record of a constraint's built-in class (its own static `builtin`, by exact class), or null: custom, or a subclass. */
export function builtinOf(constraint: RouteConstraint): Builtin | InlineBuiltin | null {
  const type: unknown = constraint.constructor;
  return typeof type === 'function' && Object.hasOwn(type, 'builtin') ? (type as unknown as { builtin: Builtin | InlineBuiltin }).builtin : null;
}

/** The name of a constraint's built-in class ("int", "range", "optional"…), or null for a custom constraint (a subclass too). */
export function builtinNameOf(constraint: RouteConstraint): string | null {
  return builtinOf(constraint)?.name ?? null;
}

/**
 * Freezes a constraint of a built-in class (by exact class), with what it holds: a route's constraints reach every
 * request's handler, and a built-in one is checked in place by the generated code, so one write (a field, its
 * match method) would change later answers, and make the strategies disagree. A custom constraint (a subclass
 * too) is the application's own object, as a handler is: left as it is.
 */
export function freezeBuiltin<C extends RouteConstraint>(constraint: C): C {
  return builtinOf(constraint) !== null ? Object.freeze(constraint) : constraint;
}

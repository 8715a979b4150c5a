// The built-in route constraints (int, bool, datetime, ... regex, required), plus HttpMethodRouteConstraint.
// Each checks one route value; a missing or null value never passes (ASP.NET semantics). Each class carries its
// own static builtinName: what marks its objects as switchyard's own (builtinNameOf), by exact class, so that a
// bundle keeps only the classes it uses; a subclass that declares a builtinName of its own claims to be that one.
import { getRouteValue, toRouteString, type RouteValues } from '../route-values.js';
import {
  isBoolean,
  isDateTime,
  isDecimal,
  isFloatingPoint,
  isSinglePrecision,
  isGuid,
  isInt32,
  isInt64,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
} from './invariant-parsers.js';
import type { RouteConstraint, RouteDirection } from './route-constraint.js';

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

/** {p:int} — a 32-bit signed integer. */
export class IntRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'int';
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isInt32(text);
  }
}

/** {p:long} — a 64-bit signed integer. */
export class LongRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'long';
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isSafeInteger(value);
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isInt64(text);
  }
}

/** {p:bool} — "true" or "false", any case. */
export class BoolRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'bool';
  protected override matchValue(value: unknown): boolean {
    return typeof value === 'boolean' || super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isBoolean(text);
  }
}

/** {p:datetime} — a date and/or time the invariant culture can parse. */
export class DateTimeRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'datetime';
  protected override matchValue(value: unknown): boolean {
    if (value instanceof Date) return !Number.isNaN(value.getTime());
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isDateTime(text);
  }
}

/** {p:decimal} — a decimal number (no exponent), invariant culture. */
export class DecimalRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'decimal';
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) < 7.9228162514264337593543950335e28;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isDecimal(text);
  }
}

/** {p:double} — a floating-point number, invariant culture. */
export class DoubleRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'double';
  protected override matchValue(value: unknown): boolean {
    return typeof value === 'number' || super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isFloatingPoint(text);
  }
}

/** {p:float} — a single-precision number: a value past float.MaxValue (about 3.4e38) is rejected. */
export class FloatRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'float';
  protected override matchValue(value: unknown): boolean {
    if (typeof value === 'number') return Number.isNaN(value) || !Number.isFinite(value) || Math.abs(value) <= 3.4028234663852886e38;
    return super.matchValue(value);
  }
  matchText(text: string): boolean {
    return isSinglePrecision(text);
  }
}

/** {p:guid} — a GUID in the N, D, B, P or X format. */
export class GuidRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'guid';
  matchText(text: string): boolean {
    return isGuid(text);
  }
}

/** {p:alpha} — ASCII letters only (a-z, A-Z). */
export class AlphaRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'alpha';
  matchText(text: string): boolean {
    return /^[A-Za-z]*$/.test(text);
  }
}

function checkLength(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number greater than or equal to 0, got ${value}`);
  }
  return value;
}

/** True when the last "/"-separated part of `text` has a "." followed by something other than dots. */
function isFileName(text: string): boolean {
  const name = text.slice(text.lastIndexOf('/') + 1);
  const dot = name.indexOf('.');
  return dot >= 0 && /[^.]/.test(name.slice(dot + 1));
}

/** {p:file} — looks like a file name ("a/b.txt"); ASP.NET Core 3.0+, for catch-all fallbacks. */
export class FileNameRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'file';
  matchText(text: string): boolean {
    return isFileName(text);
  }
}

/** {p:nonfile} — does not look like a file name; a missing value passes. */
export class NonFileNameRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'nonfile';
  override match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    const value = getRouteValue(values, routeKey);
    return value === null || value === undefined || super.match(httpContext, route, routeKey, values, direction);
  }
  matchText(text: string): boolean {
    return !isFileName(text);
  }
}

/** {p:minlength(n)} — at least n characters (UTF-16 code units, as .NET's string.Length). */
export class MinLengthRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'minlength';
  readonly minLength: number;
  constructor(minLength: number) {
    super();
    this.minLength = checkLength('minLength', minLength);
  }
  matchText(text: string): boolean {
    return text.length >= this.minLength;
  }
}

/** {p:maxlength(n)} — at most n characters. */
export class MaxLengthRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'maxlength';
  readonly maxLength: number;
  constructor(maxLength: number) {
    super();
    this.maxLength = checkLength('maxLength', maxLength);
  }
  matchText(text: string): boolean {
    return text.length <= this.maxLength;
  }
}

/** {p:length(n)} exactly n characters, or {p:length(min,max)} from min to max inclusive. */
export class LengthRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'length';
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

/** {p:range(min,max)} — a 64-bit integer from min to max inclusive; min(n) and max(n) are its halves. */
export class RangeRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'range';
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

/** {p:min(n)} — a 64-bit integer of at least n. */
export class MinRouteConstraint extends RangeRouteConstraint {
  static override readonly builtinName: string = 'min';
  constructor(min: bigint) {
    super(min, INT64_MAX);
  }
}

/** {p:max(n)} — a 64-bit integer of at most n. */
export class MaxRouteConstraint extends RangeRouteConstraint {
  static override readonly builtinName: string = 'max';
  constructor(max: bigint) {
    super(INT64_MIN, max);
  }
}

/**
 * {p:regex(expression)} — the value matches the expression, case-insensitively. Not anchored: write ^ and $
 * (a string in the constraints object is anchored for you). Compiled once, when the route is created.
 */
export class RegexRouteConstraint extends ValueRouteConstraint {
  static readonly builtinName: string = 'regex';
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

/** {p:required} — a value must be present and non-empty (used in URL generation for non-parameter values). */
export class RequiredRouteConstraint implements RouteConstraint {
  static readonly builtinName: string = 'required';
  match(_httpContext: unknown, _route: unknown, routeKey: string, values: RouteValues): boolean {
    return toRouteString(getRouteValue(values, routeKey)) !== '';
  }
}

/** The request method of an HttpContext-like object (ours, or a node IncomingMessage), upper-cased. */
export function requestMethodOf(httpContext: unknown): string | undefined {
  const ctx = httpContext as { request?: { method?: unknown }; method?: unknown } | null | undefined;
  const method = ctx?.request?.method ?? ctx?.method;
  return typeof method === 'string' ? method.toUpperCase() : undefined;
}

/**
 * Accepts requests whose HTTP method is one of `allowedMethods` (case-insensitive). In URL generation it
 * blocks nothing unless the values name a method explicitly under its key (ASP.NET behaviour).
 */
export class HttpMethodRouteConstraint implements RouteConstraint {
  static readonly builtinName: string = 'httpMethod';
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
  static readonly builtinName: string = 'optional';
  constructor(readonly innerConstraint: RouteConstraint) {}
  match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    if (getRouteValue(values, routeKey) === undefined) return true;
    return this.innerConstraint.match(httpContext, route, routeKey, values, direction);
  }
}

/** All of several constraints on one key must pass. */
export class CompositeRouteConstraint implements RouteConstraint {
  static readonly builtinName: string = 'all';
  readonly constraints: readonly RouteConstraint[];
  constructor(constraints: readonly RouteConstraint[]) {
    // Its own list, frozen: the caller's list can change, this one cannot.
    this.constraints = Object.freeze([...constraints]);
  }
  match(httpContext: unknown, route: unknown, routeKey: string, values: RouteValues, direction: RouteDirection): boolean {
    return this.constraints.every((c) => c.match(httpContext, route, routeKey, values, direction));
  }
}

/**
 * The name of a constraint's built-in class ("int", "range", "optional"…: its own static builtinName), or null for
 * a custom constraint, a subclass of a built-in one too (it may override match()). By a name on each class, not a
 * list of the classes: a list would keep every class in a bundle that uses one (a Worker's built router).
 */
export function builtinNameOf(constraint: RouteConstraint): string | null {
  const type: unknown = constraint.constructor;
  return typeof type === 'function' && Object.hasOwn(type, 'builtinName') ? (type as unknown as { builtinName: string }).builtinName : null;
}

/**
 * Freezes a constraint of a built-in class (by exact class), with what it holds: a route's constraints reach every
 * request's handler, and a built-in one is checked in place by the generated code, so one write (a field, its
 * match method) would change later answers, and make the strategies disagree. A custom constraint (a subclass
 * too) is the application's own object, as a handler is: left as it is.
 */
export function freezeBuiltin<C extends RouteConstraint>(constraint: C): C {
  return builtinNameOf(constraint) !== null ? Object.freeze(constraint) : constraint;
}

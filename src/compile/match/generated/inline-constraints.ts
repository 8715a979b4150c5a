// The built-in constraints that the generated matcher checks in place, on the segment's offsets in the path,
// before any route value is sliced: int, long, bool, alpha, guid, length/minlength/maxlength, min/max/range and
// required. Each check answers exactly what the constraint object would for that segment's text (the common
// shapes on char codes, the rest through the constraint's own parser); anything else calls its RouteConstraint.
import { describeConstraint, type InlineCheck } from '../../../constraints/constraint-description.js';
import { constraintParts } from '../../../constraints/constraint-parts.js';
import { isBoolean, isGuid, isInt32, isInt64, parseInt64 } from '../../../constraints/invariant-parsers.js';
import type { RouteConstraint } from '../../../constraints/route-constraint.js';

export type { InlineCheck };

/** Length of the run of ASCII digits after an optional sign in [start, end), or -1 when anything else is there. */
function plainDigits(path: string, start: number, end: number): number {
  let i = start;
  const first = path.charCodeAt(i);
  if (first === 45 /* - */ || first === 43 /* + */) i++;
  if (i === end) return -1;
  for (let k = i; k < end; k++) {
    const c = path.charCodeAt(k);
    if (c < 48 || c > 57) return -1;
  }
  return end - i;
}

// The checks, each its own function: a built module imports those its code calls (switchyard-router/aot), so a
// bundle of it carries no other. Each takes the path and the segment's offsets (never an empty segment).

// Up to 9 digits always fit in 32 bits; longer texts, white space and zeros go to the full parser.
/**
 * The in-place check of the built-in constraint `int`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `int` accepts, read where it is, as the code of a router module built ahead of
 * time reads a request's path.
 */
export function intCheck(path: string, start: number, end: number): boolean {
  const digits = plainDigits(path, start, end);
  return (digits > 0 && digits <= 9) || isInt32(path.slice(start, end));
}
/**
 * The in-place check of the built-in constraint `long`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `long` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path.
 */
export function longCheck(path: string, start: number, end: number): boolean {
  const digits = plainDigits(path, start, end);
  return (digits > 0 && digits <= 18) || isInt64(path.slice(start, end));
}
/**
 * The in-place check of the built-in constraint `bool`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `bool` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path.
 */
export function boolCheck(path: string, start: number, end: number): boolean {
  return isBoolean(path.slice(start, end));
}
/**
 * The in-place check of the built-in constraint `alpha`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `alpha` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path.
 */
export function alphaCheck(path: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = path.charCodeAt(i) | 32; // ASCII letters only: | 32 lower-cases A-Z and nothing else into a-z
    if (c < 97 || c > 122) return false;
  }
  return true;
}
/**
 * The in-place check of the built-in constraint `guid`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `guid` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path.
 */
export function guidCheck(path: string, start: number, end: number): boolean {
  return isGuid(path.slice(start, end));
}
/**
 * The in-place check of the built-in constraint `length`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `length` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path. `min` and `max`: the constraint's bounds (minlength(n) is n to Infinity,
 * maxlength(n) 0 to n).
 */
export function lengthCheck(path: string, start: number, end: number, min: number, max: number): boolean {
  const n = end - start;
  return n >= min && n <= max;
}
// Up to 15 digits is exact as a double, and comparing it with the bounds as doubles keeps the order.
/**
 * The in-place check of the built-in constraint `range`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `range` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path. `min` and `max`: the constraint's bounds, inclusive (min(n) and max(n) are ranges
 * with one bound at the 64-bit limit).
 */
export function rangeCheck(path: string, start: number, end: number, min: bigint, max: bigint): boolean {
  const digits = plainDigits(path, start, end);
  if (digits > 0 && digits <= 15) {
    const n = Number(path.slice(start, end));
    return n >= Number(min) && n <= Number(max);
  }
  const n = parseInt64(path.slice(start, end));
  return n !== null && n >= min && n <= max;
}
/**
 * The in-place check of the built-in constraint `regex`: whether the segment of `path` from `start` to `end`
 * (exclusive, never empty) is a value `regex` accepts, read where it is, as the code of a router module built ahead
 * of time reads a request's path. `pattern`: the constraint's regular expression.
 */
export function regexCheck(path: string, start: number, end: number, pattern: RegExp): boolean {
  return pattern.test(path.slice(start, end));
}

/** The checks, by the name the emitted code calls them by (H.int, H.range…). */
export const INLINE_CHECKS = {
  int: intCheck,
  long: longCheck,
  bool: boolCheck,
  alpha: alphaCheck,
  guid: guidCheck,
  length: lengthCheck,
  range: rangeCheck,
  regex: regexCheck,
} as const satisfies Record<InlineCheck['helper'], (path: string, start: number, end: number, ...args: never[]) => boolean>;

/**
 * The inline checks equivalent to `constraint` for a value captured from a (non-empty) URL segment, or null
 * when one of them has no inline form. What each built-in checks is in its description (exact classes only:
 * a subclass may override match()); the wrappers are opened by constraintParts (a captured value is present).
 */
export function inlineChecksFor(constraint: RouteConstraint): InlineCheck[] | null {
  const all: InlineCheck[] = [];
  for (const part of constraintParts(constraint)) {
    const inline = describeConstraint(part)?.inline;
    if (!inline) return null;
    all.push(...inline);
  }
  return all;
}

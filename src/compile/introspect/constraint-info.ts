// What a route's constraints are, in words: each constraint of a route value with the label a user would
// write ("int", "range(1,10)", "regex(^a$)"), for explain(), diagnostics() and describe(). Built-in
// constraints are recognised by class; anything else is a custom constraint that analysis cannot see into.
import {
  AlphaRouteConstraint,
  BoolRouteConstraint,
  CompositeRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FileNameRouteConstraint,
  FloatRouteConstraint,
  GuidRouteConstraint,
  HttpMethodRouteConstraint,
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
} from '../../constraints/builtins.js';
import type { RouteConstraint } from '../../constraints/route-constraint.js';
import { findParameter } from '../../template/ast.js';
import type { RouteEntry } from '../route-entry.js';

/** One constraint of a route value. */
export interface ConstraintInfo {
  readonly constraint: RouteConstraint;
  /** As written inline ("min(10)"), else described from the constraint ("int", "regex(^a$)"). */
  readonly label: string;
  /**
   * For a built-in constraint that looks only at the value (same value, same answer): a key equal for
   * constraints that accept the same values. Null for custom constraints and the HTTP-method constraint.
   */
  readonly identity: string | null;
}

/** The constraints of route value `constraintKeys[i]`, one by one (composites and optional wrappers opened). */
export function constraintsOf(entry: RouteEntry, i: number): ConstraintInfo[] {
  let constraint = entry.constraintList[i];
  if (constraint instanceof OptionalRouteConstraint) constraint = constraint.innerConstraint;
  const list = constraint instanceof CompositeRouteConstraint ? constraint.constraints : [constraint];
  // Inline constraints are resolved after the constraints object's, so they are the last ones of the list.
  const inline = findParameter(entry.template, entry.constraintKeys[i])?.constraints ?? [];
  const firstInline = list.length - inline.length;
  return list.map((c, at) => {
    const identity = identityOf(c);
    return { constraint: c, identity, label: at >= firstInline && firstInline >= 0 ? inline[at - firstInline] : (identity ?? labelOf(c)) };
  });
}

/** "id:int" — a constraint as a user reads it, with the value it constrains. */
export function constraintText(key: string, label: string): string {
  return `${key}:${label}`;
}

function labelOf(c: RouteConstraint): string {
  if (c instanceof HttpMethodRouteConstraint) return `httpmethod(${c.allowedMethods.join(',')})`;
  const name = (c as object).constructor?.name;
  return name && name !== 'Object' ? `custom ${name}` : 'custom constraint';
}

/** The identity of a built-in value constraint (see ConstraintInfo.identity). */
function identityOf(c: RouteConstraint): string | null {
  // Subclasses before their base classes.
  if (c instanceof IntRouteConstraint) return 'int';
  if (c instanceof LongRouteConstraint) return 'long';
  if (c instanceof BoolRouteConstraint) return 'bool';
  if (c instanceof DateTimeRouteConstraint) return 'datetime';
  if (c instanceof DecimalRouteConstraint) return 'decimal';
  if (c instanceof FloatRouteConstraint) return 'float';
  if (c instanceof DoubleRouteConstraint) return 'double';
  if (c instanceof GuidRouteConstraint) return 'guid';
  if (c instanceof AlphaRouteConstraint) return 'alpha';
  if (c instanceof FileNameRouteConstraint) return 'file';
  if (c instanceof NonFileNameRouteConstraint) return 'nonfile';
  if (c instanceof MinLengthRouteConstraint) return `minlength(${c.minLength})`;
  if (c instanceof MaxLengthRouteConstraint) return `maxlength(${c.maxLength})`;
  if (c instanceof LengthRouteConstraint) return `length(${c.minLength},${c.maxLength})`;
  if (c instanceof MinRouteConstraint) return `min(${c.min})`;
  if (c instanceof MaxRouteConstraint) return `max(${c.max})`;
  if (c instanceof RangeRouteConstraint) return `range(${c.min},${c.max})`;
  // Inline and string regexes ignore case; a RegExp object keeps its own flags, so it shows them.
  if (c instanceof RegexRouteConstraint) return c.pattern.flags === 'i' ? `regex(${c.pattern.source})` : `/${c.pattern.source}/${c.pattern.flags}`;
  if (c instanceof RequiredRouteConstraint) return 'required';
  return null;
}

const INT32: readonly [bigint, bigint] = [-2147483648n, 2147483647n];
const INT64: readonly [bigint, bigint] = [-9223372036854775808n, 9223372036854775807n];

/**
 * Why the constraints of one value can never all pass, or null when that is not proven. Proven cases only:
 * integer bounds with an empty intersection (int, long, min, max, range), length bounds likewise
 * (minlength, maxlength, length), and type pairs that share no text (alpha — letters only — with an integer
 * or decimal type, which need a digit; bool — "true"/"false" — with those).
 */
export function impossibleCombination(infos: readonly ConstraintInfo[]): string | null {
  let lo = INT64[0];
  let hi = INT64[1];
  let integer: string | null = null;
  let minLength = 0;
  let maxLength = Infinity;
  const lengthLabels: string[] = [];
  const integerLabels: string[] = [];
  const kinds = new Map<string, string>();
  for (const { constraint: c, label } of infos) {
    let bounds: readonly [bigint, bigint] | null = null;
    if (c instanceof IntRouteConstraint) bounds = INT32;
    else if (c instanceof LongRouteConstraint) bounds = INT64;
    else if (c instanceof RangeRouteConstraint) bounds = [c.min, c.max];
    if (bounds !== null) {
      integer ??= label;
      integerLabels.push(label);
      if (bounds[0] > lo) lo = bounds[0];
      if (bounds[1] < hi) hi = bounds[1];
    }
    if (c instanceof MinLengthRouteConstraint) minLength = Math.max(minLength, c.minLength);
    if (c instanceof MaxLengthRouteConstraint) maxLength = Math.min(maxLength, c.maxLength);
    if (c instanceof LengthRouteConstraint) {
      minLength = Math.max(minLength, c.minLength);
      maxLength = Math.min(maxLength, c.maxLength);
    }
    if (c instanceof MinLengthRouteConstraint || c instanceof MaxLengthRouteConstraint || c instanceof LengthRouteConstraint) {
      lengthLabels.push(label);
    }
    if (c instanceof AlphaRouteConstraint) kinds.set('alpha', label);
    if (c instanceof BoolRouteConstraint) kinds.set('bool', label);
    if (c instanceof DecimalRouteConstraint) kinds.set('decimal', label);
  }
  if (integer !== null && lo > hi) return `${integerLabels.join(' and ')} leave no number (${lo} > ${hi})`;
  if (minLength > maxLength) return `${lengthLabels.join(' and ')} leave no length (${minLength} > ${maxLength})`;
  const numeric = integer ?? kinds.get('decimal');
  for (const letters of ['alpha', 'bool']) {
    const other = kinds.get(letters);
    if (other !== undefined && numeric !== undefined) {
      const what = letters === 'alpha' ? 'letters only' : '"true" or "false"';
      return `${other} (${what}) and ${numeric} (needs a digit) accept no common value`;
    }
  }
  return null;
}

// What a route's constraints are, in words: each constraint of a route value with the label a user would
// write ("int", "range(1,10)", "regex(^a$)"), for explain(), diagnostics() and describe(). Built-in
// constraints are known by their descriptions (their records, constraints/builtins.ts, by exact class); anything
// else, a subclass of a built-in included, is a custom constraint that analysis cannot see into.
import { HttpMethodRouteConstraint, INT64 } from '../../constraints/builtins.js';
import { describeConstraint, type ConstraintDescription } from '../../constraints/constraint-description.js';
import { constraintParts } from '../../constraints/constraint-parts.js';
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
  /** The built-in's description (what it accepts), or null for a custom constraint. */
  readonly description: ConstraintDescription | null;
}

/** The constraints of route value `constraintKeys[i]`, one by one (composites and optional wrappers opened). */
export function constraintsOf(entry: RouteEntry, i: number): ConstraintInfo[] {
  const list = constraintParts(entry.plan.constraintList[i]);
  // Inline constraints are resolved after the constraints object's, so they are the last ones of the list.
  const inline = findParameter(entry.route.parsedTemplate, entry.plan.constraintKeys[i])?.constraints ?? [];
  const firstInline = list.length - inline.length;
  return list.map((c, at) => {
    const description = describeConstraint(c);
    const identity = description?.label ?? null;
    return { constraint: c, identity, description, label: at >= firstInline && firstInline >= 0 ? inline[at - firstInline] : (identity ?? labelOf(c)) };
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
  for (const { description, label } of infos) {
    if (description === null) continue;
    const bounds = description.integers;
    if (bounds !== null) {
      integer ??= label;
      integerLabels.push(label);
      if (bounds[0] > lo) lo = bounds[0];
      if (bounds[1] < hi) hi = bounds[1];
    }
    if (description.lengths !== null) {
      minLength = Math.max(minLength, description.lengths[0]);
      maxLength = Math.min(maxLength, description.lengths[1]);
      lengthLabels.push(label);
    }
    if (description.kind !== null) kinds.set(description.kind, label);
  }
  if (integer !== null && lo > hi) return `${integerLabels.join(' and ')} leave no number (${lo} > ${hi})`;
  if (minLength > maxLength) return `${lengthLabels.join(' and ')} leave no length (${minLength} > ${maxLength})`;
  const numeric = integer ?? kinds.get('decimal');
  for (const letters of ['letters', 'boolean'] as const) {
    const other = kinds.get(letters);
    if (other !== undefined && numeric !== undefined) {
      const what = letters === 'letters' ? 'letters only' : '"true" or "false"';
      return `${other} (${what}) and ${numeric} (needs a digit) accept no common value`;
    }
  }
  return null;
}

// The legend of a unit's constants: a comment line per K[i] saying what the code reads there (route 2 "a/{id}",
// the default of "action", the literal "shop"…), written after the code, so that the code's lines keep their
// numbers. It is made when router.source is read, never for code that only runs.
//
// Route text enters the legend as it enters the code's other comments: quoteInComment() (a string literal, no
// line break, no "*/"). A subtree unit's legend says what each constant is and never what it holds: one shape's
// code serves many subtrees, each with constants of its own.
import type { ComplexPattern } from '../../../complex-segment.js';
import type { CompiledRoute } from '../../../compiled-route.js';
import type { RouteMatch } from '../../../matcher.js';
import { usesOf, type ConstantUse, type ConstantUses } from './constant-pool.js';
import { quoteInComment } from './writer.js';

/**
 * The legend's lines for a unit's constants as its pool says the code reads them; `base`: a subtree unit's first
 * route index (K[0], `b`), or null for the table's unit (whose legend shows values).
 */
export function legendOf(pool: ConstantUses, base: number | null): string[] {
  const { constants } = pool;
  if (constants.length === 0) return [];
  const head =
    base === null
      ? '// K, the constants this code reads:'
      : "// K, the constants this code reads (each subtree of this shape has its own: what each is, not what it holds):";
  return [head, ...constants.map((value, i) => `//   K[${i}] ${usesOf(pool, i).map((use) => describe(value, use, base)).join('; ')}`)];
}

/** "{}.{}?" for a complex pattern: its literals, its parameters as {}. */
export function describePattern(pattern: ComplexPattern): string {
  return pattern.parts.map((p) => ('literal' in p ? p.literal : '{}')).join('') + (pattern.hasOptionalExtension ? '?' : '');
}

function describe(value: unknown, { kind, about }: ConstantUse, base: number | null): string {
  const text = base === null;
  const route = (index: number): string => (text ? String(index) : index === base ? 'b' : `b + ${index - base}`);
  switch (kind) {
    case 'base':
      return "b, the subtree's first route index";
    case 'route': {
      const { index, template } = value as CompiledRoute;
      return text ? `route ${index} ${quoteInComment(template)}` : `route ${route(index)}`;
    }
    case 'answer':
      return `route ${route((value as RouteMatch).route.index)}'s answer (static, frozen)`;
    case 'values':
      return `route ${route(about as number)}'s answer's values`;
    case 'keys':
    case 'subtrees':
      return `L${about}'s ${text ? `${(value as unknown[]).length} ` : ''}${kind === 'keys' ? 'literals' : 'subtrees, compiled on first use'}`;
    case 'node':
      return `the trie node at segment ${about}, walked (deeper than EMIT_DEPTH_MAX)`;
    case 'argument':
      return `an argument of H.${about}${text ? `: ${shown(value)}` : ''}`;
  }
  // The rest name route text: the table's legend shows it, a shape's says what it is.
  if (!text) return `a ${kind === 'pattern' ? 'complex segment' : kind}`;
  if (kind === 'pattern') return `the complex segment ${quoteInComment(describePattern(value as ComplexPattern))}`;
  if (kind === 'constraint') return `the constraint on ${quoteInComment(about as string)}${className(value)}`;
  return kind === 'default' ? `the default of ${quoteInComment(about as string)}: ${shown(value)}` : `the ${kind} ${quoteInComment(value as string)}`;
}

/** A value as the legend shows it: text and regular expressions quoted, numbers as written, an object as such. */
function shown(value: unknown): string {
  if (typeof value === 'string' || value instanceof RegExp) return quoteInComment(String(value));
  return typeof value === 'object' && value !== null ? 'an object' : String(value);
}

/** " (RegexRouteConstraint)": a constraint's class, when its name is a plain identifier. */
function className(value: unknown): string {
  const name = (value as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== 'Object' && /^[A-Za-z_$][\w$]*$/.test(name) ? ` (${name})` : '';
}

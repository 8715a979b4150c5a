// The parsed form of a route template: readonly plain data, no behaviour.
// "files/{filename}.{ext?}" →
//   segments[0] = [literal "files"]
//   segments[1] = [parameter filename, separator ".", parameter ext (optional)]
import { nameKey } from '../name-key.js';

/** Literal text of a segment; braces already unescaped ("{{" → "{"). */
export interface LiteralPart {
  readonly kind: 'literal';
  readonly text: string;
}

/**
 * The period before a trailing optional parameter in a complex segment ("{name}.{ext?}").
 * It is written only when the optional parameter that follows it has a value.
 */
export interface SeparatorPart {
  readonly kind: 'separator';
  readonly text: string;
}

/** A route parameter: {name}, {name=default}, {name?}, {*name}, {**name}, {name:c1(args):c2}. */
export interface ParameterPart {
  readonly kind: 'parameter';
  readonly name: string;
  readonly isOptional: boolean;
  readonly isCatchAll: boolean;
  /** `{*x}` encodes "/" in generated values as %2F; `{**x}` keeps it. Always true for non-catch-alls. */
  readonly encodeSlashes: boolean;
  /** Inline default (`{x=5}` → "5"), or null. */
  readonly defaultValue: string | null;
  /** Inline constraints as written, unescaped: `{x:int:range(1,10)}` → ["int", "range(1,10)"]. */
  readonly constraints: readonly string[];
}

/** One part of a template segment: a literal, a separator between parameters, or a parameter. */
export type TemplatePart = LiteralPart | SeparatorPart | ParameterPart;

/** One path segment ("/"-delimited) of a template: one or more parts. */
export interface TemplateSegment {
  readonly parts: readonly TemplatePart[];
}

/** A parsed route template. */
export interface RouteTemplate {
  /** The template as given to parseTemplate. */
  readonly text: string;
  readonly segments: readonly TemplateSegment[];
  /** Every parameter, left to right. */
  readonly parameters: readonly ParameterPart[];
}

/** Finds a parameter by name, case-insensitively (route value names are case-insensitive). */
export function findParameter(template: RouteTemplate, name: string): ParameterPart | undefined {
  const key = nameKey(name);
  return template.parameters.find((p) => nameKey(p.name) === key);
}

/**
 * Freezes a parsed template and everything in it, the template made once per route: every answer hands its route,
 * and so its template, to a handler, and one write to it would change what OpenAPI and URL generation read.
 */
export function freezeTemplate(template: RouteTemplate): RouteTemplate {
  for (const segment of template.segments) {
    for (const part of segment.parts) {
      if (part.kind === 'parameter') Object.freeze(part.constraints);
      Object.freeze(part);
    }
    Object.freeze(segment.parts);
    Object.freeze(segment);
  }
  Object.freeze(template.segments);
  Object.freeze(template.parameters);
  return Object.freeze(template);
}

// A route template → the OpenAPI paths that describe it. OpenAPI has no optional path parameters, so a
// template whose trailing parameters may be left out (optional, defaulted, catch-all) becomes one path per
// length, and a complex segment ending in an optional parameter ("{name}.{ext?}") one path with and one
// without it.
import type { Fold } from '../compile/case-fold.js';
import type { CompiledRoute } from '../compile/compiled-route.js';
import { omittableFrom } from '../compile/match-plan.js';
import { encodeUrlPart } from '../compile/generate/url-encoder.js';
import type { ParameterPart, TemplateSegment } from '../template/ast.js';

/** One path segment as the "can this route ever win?" check sees it. */
export type SegmentShape =
  | { readonly kind: 'literal'; readonly folded: string }
  | { readonly kind: 'parameter'; readonly parameter: ParameterPart }
  | { readonly kind: 'complex'; readonly key: string; readonly parameters: readonly ParameterPart[] }
  | { readonly kind: 'catchAll'; readonly parameter: ParameterPart };

/** One OpenAPI path of a route. */
export interface PathVariant {
  /** The OpenAPI path: "/files/{filename}.{ext}". */
  readonly path: string;
  /** Identity under OpenAPI's rules: literals folded as the router compares them, every parameter "{}" (names do not count). */
  readonly key: string;
  readonly segments: readonly SegmentShape[];
  /** The parameters in the path, left to right. */
  readonly parameters: readonly ParameterPart[];
  /** The parameters left out of this path (they take their defaults, if any). */
  readonly omitted: readonly ParameterPart[];
}

interface SegmentForm {
  readonly text: string;
  readonly key: string;
  readonly shape: SegmentShape;
  readonly parameters: readonly ParameterPart[];
  readonly omitted: readonly ParameterPart[];
}

// Literals are written as URL generation writes them: percent-encoded, so an escaped brace ("{{") cannot be
// read as a path template expression ("%7B"), and the case as written.
const literal = (text: string): string => encodeUrlPart(text);

/** The forms of one segment: one, or two for a complex segment ending in an optional parameter. */
function segmentForms(segment: TemplateSegment, fold: Fold): SegmentForm[] {
  const parts = segment.parts;
  if (parts.length === 1) {
    const part = parts[0];
    if (part.kind !== 'parameter') {
      const text = literal(part.text);
      return [{ text, key: fold(text), shape: { kind: 'literal', folded: fold(part.text) }, parameters: [], omitted: [] }];
    }
    const shape: SegmentShape = part.isCatchAll ? { kind: 'catchAll', parameter: part } : { kind: 'parameter', parameter: part };
    return [{ text: `{${part.name}}`, key: '{}', shape, parameters: [part], omitted: [] }];
  }
  const last = parts[parts.length - 1];
  const full = complexForm(parts, [], fold);
  if (last.kind !== 'parameter' || !last.isOptional) return [full];
  // Without the optional parameter, the separator before it is not written either.
  const shortened = parts.slice(0, parts[parts.length - 2]?.kind === 'separator' ? -2 : -1);
  return [complexForm(shortened, [last], fold), full];
}

function complexForm(parts: TemplateSegment['parts'], omitted: readonly ParameterPart[], fold: Fold): SegmentForm {
  let text = '';
  let key = '';
  const parameters: ParameterPart[] = [];
  for (const part of parts) {
    if (part.kind === 'parameter') {
      text += `{${part.name}}`;
      key += '{}';
      parameters.push(part);
    } else {
      const written = literal(part.text);
      text += written;
      key += fold(written);
    }
  }
  const shape: SegmentShape =
    parameters.length === 1 && parts.length === 1 ? { kind: 'parameter', parameter: parameters[0] } : { kind: 'complex', key, parameters };
  return { text, key, shape, parameters, omitted };
}


/** The OpenAPI paths of a route, shortest first. */
export function pathVariants(route: CompiledRoute, fold: Fold): PathVariant[] {
  const segments = route.parsedTemplate.segments;
  const forms = segments.map((segment) => segmentForms(segment, fold));
  const variants: PathVariant[] = [];
  for (let length = omittableFrom(route.parsedTemplate, route.defaults); length <= segments.length; length++) {
    const left = segments.slice(length).flatMap((s) => s.parts.filter((p): p is ParameterPart => p.kind === 'parameter'));
    // Every combination of the kept segments' forms (at most two forms per complex segment).
    let partial: SegmentForm[][] = [[]];
    for (const choices of forms.slice(0, length)) partial = partial.flatMap((chosen) => choices.map((form) => [...chosen, form]));
    for (const chosen of partial) {
      variants.push({
        path: '/' + chosen.map((f) => f.text).join('/'),
        key: '/' + chosen.map((f) => f.key).join('/'),
        segments: chosen.map((f) => f.shape),
        parameters: chosen.flatMap((f) => f.parameters),
        omitted: [...chosen.flatMap((f) => f.omitted), ...left],
      });
    }
  }
  return variants;
}

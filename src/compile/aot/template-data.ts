// A parsed template as compact data, so an ahead-of-time module starts without parsing its templates. One
// segment is a list of parts: a literal is its text, a separator { s: "." }, a parameter { p: name } with only the
// fields that differ from a plain {name}. Most templates are simpler still ("api/todo/{id:int}": literals and
// whole-segment parameters with constraint names): their data is their text split (splitTemplate), and the module
// writes 0 in its place.
import { freezeTemplate, type ParameterPart, type RouteTemplate, type TemplatePart, type TemplateSegment } from '../../template/ast.js';

type PartData = string | { readonly s: string } | { readonly p: string; o?: 1; c?: 1; k?: 1; d?: string; x?: readonly string[] };
export type TemplateData = readonly (readonly PartData[])[];

export function encodeTemplate(template: RouteTemplate): TemplateData {
  return template.segments.map((segment) =>
    segment.parts.map((part): PartData => {
      if (part.kind === 'literal') return part.text;
      if (part.kind === 'separator') return { s: part.text };
      const data: { p: string; o?: 1; c?: 1; k?: 1; d?: string; x?: readonly string[] } = { p: part.name };
      if (part.isOptional) data.o = 1;
      if (part.isCatchAll) data.c = 1;
      // encodeSlashes is true except for a {**name} catch-all, which keeps its slashes.
      if (!part.encodeSlashes) data.k = 1;
      if (part.defaultValue !== null) data.d = part.defaultValue;
      if (part.constraints.length > 0) data.x = part.constraints;
      return data;
    }),
  );
}

/** A template's data in a module: 0 where it is the template's text split. */
export type ModuleTemplateData = TemplateData | 0;

/** The data of a template in a module: 0 when splitTemplate gives it from the text (checked here, where it is written). */
export function templateDataOf(template: RouteTemplate): ModuleTemplateData {
  const data = encodeTemplate(template);
  return JSON.stringify(splitTemplate(template.text)) === JSON.stringify(data) ? 0 : data;
}

/**
 * A simple template's data from its text alone: "/"-separated literals, and parameters that are a whole segment
 * with constraint names ("{id:int}"). Right only for the templates templateDataOf finds it right for.
 */
function splitTemplate(text: string): TemplateData {
  if (text === '') return [];
  return text.split('/').map((segment) => {
    if (segment.charCodeAt(0) !== 123 /* { */) return [segment];
    const [p, ...x] = segment.slice(1, -1).split(':');
    return [x.length === 0 ? { p } : { p, x }];
  });
}

export function decodeTemplate(text: string, written: ModuleTemplateData): RouteTemplate {
  const data = written === 0 ? splitTemplate(text) : written;
  const parameters: ParameterPart[] = [];
  const segments: TemplateSegment[] = data.map((parts) => ({
    parts: parts.map((part): TemplatePart => {
      if (typeof part === 'string') return { kind: 'literal', text: part };
      if ('s' in part) return { kind: 'separator', text: part.s };
      const parameter: ParameterPart = {
        kind: 'parameter',
        name: part.p,
        isOptional: part.o === 1,
        isCatchAll: part.c === 1,
        encodeSlashes: part.k !== 1,
        defaultValue: part.d ?? null,
        constraints: part.x ?? [],
      };
      parameters.push(parameter);
      return parameter;
    }),
  }));
  return freezeTemplate({ text, segments, parameters });
}

// formatTemplate: the inverse of parseTemplate, for round-trip tests, error messages and describe().
import type { RouteTemplate, TemplatePart } from './ast.js';

const escapeBraces = (text: string): string => text.replace(/\{/g, '{{').replace(/\}/g, '}}');

function formatPart(part: TemplatePart): string {
  if (part.kind !== 'parameter') return escapeBraces(part.text);
  const prefix = part.isCatchAll ? (part.encodeSlashes ? '*' : '**') : '';
  const constraints = part.constraints.map((c) => `:${c}`).join('');
  const defaultValue = part.defaultValue === null ? '' : `=${part.defaultValue}`;
  return `{${escapeBraces(prefix + part.name + constraints + defaultValue)}${part.isOptional ? '?' : ''}}`;
}

/** Writes a template back as text; parseTemplate(formatTemplate(t)) has the same segments as t. */
export function formatTemplate(template: Pick<RouteTemplate, 'segments'>): string {
  return template.segments.map((segment) => segment.parts.map(formatPart).join('')).join('/');
}

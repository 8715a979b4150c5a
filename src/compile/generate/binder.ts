// ASP.NET's TemplateBinder, its steps one by one: getParameterValues decides which values the URL uses
// (explicit, ambient, defaults), combineValues gives the constraints what they check, and bindPath writes the
// path. route-generator.ts runs them in order for a generate call; explain-generate.ts runs them again to say
// which step refused.
import { hasRouteValue, routePartsEqual, setRouteValue, toRouteString, type RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import { UriBuilder } from './uri-builder.js';
import { encodeUrlPart } from './url-encoder.js';
import { MISSING, type Found, type ValueBag } from './value-bag.js';
import { nameKey } from '../../name-key.js';

/** What one generate call brings: explicit values, ambient values (the current request's), the context. */
export interface GenerationRequest {
  readonly values: ValueBag;
  readonly ambient: ValueBag | null;
  readonly httpContext: unknown;
}

export interface ParameterInfo {
  readonly name: string;
  readonly lower: string;
  readonly isOptional: boolean;
  readonly isCatchAll: boolean;
  readonly encodeSlashes: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

export type BindPart =
  /** Literal text, already encoded (once, here, not per call). */
  | { readonly kind: 'text'; readonly encoded: string; readonly isSeparator: boolean }
  | { readonly kind: 'parameter'; readonly slot: number };

/** The template's segments as literal text (encoded once, here) and parameter slots. */
export function bindParts(entry: RouteEntry, parameters: readonly ParameterInfo[]): BindPart[][] {
  return entry.route.parsedTemplate.segments.map((segment) =>
    segment.parts.map((part): BindPart =>
      part.kind === 'parameter'
        ? { kind: 'parameter', slot: parameters.findIndex((p) => p.name === part.name) }
        : { kind: 'text', encoded: encodeUrlPart(part.text), isSeparator: part.kind === 'separator' },
    ),
  );
}

/** The route's parameters as the binder sees them, left to right. */
export function parameterInfos(entry: RouteEntry): ParameterInfo[] {
  const defaults = entry.plan.defaults;
  return entry.route.parsedTemplate.parameters.map((p) => ({
    name: p.name,
    lower: nameKey(p.name),
    isOptional: p.isOptional,
    isCatchAll: p.isCatchAll,
    encodeSlashes: p.encodeSlashes,
    hasDefault: Object.hasOwn(defaults, p.name),
    defaultValue: defaults[p.name],
  }));
}

/** A verb limit blocks only a URL whose values name another method (explicit, else ambient). */
export function methodAllows(methods: ReadonlySet<string> | null, request: GenerationRequest): boolean {
  if (methods === null) return true;
  let method = request.values.get('httpMethod', 'httpmethod');
  if (method === MISSING && request.ambient !== null) method = request.ambient.get('httpMethod', 'httpmethod');
  return method === MISSING || methods.has(toRouteString(method).toUpperCase());
}

/**
 * ASP.NET TemplateBinder.GetValues, left to right: explicit values win; ambient values are copied only
 * until an explicit value differs from its ambient one, or a parameter has no value at all (the left-to-right rule);
 * then optional parameters are left out, others take their default, and a missing required value fails.
 * Returns one value per parameter (undefined = left out), or null.
 */
export function getParameterValues(
  parameters: readonly ParameterInfo[],
  request: GenerationRequest,
  /** For explainGenerate: told where ambient values stop being used, and which required value is missing. */
  trace?: (event: 'ambient-dropped' | 'missing', parameter: number) => void,
): unknown[] | null {
  const slots = new Array<unknown>(parameters.length);
  const ambient = request.ambient;
  let copyAmbient = ambient !== null;
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i];
    const explicit = request.values.get(p.name, p.lower);
    const hasExplicit = explicit !== MISSING;
    const explicitIsEmpty = hasExplicit && !hasRouteValue(explicit);
    let ambientValue: Found = MISSING;
    if (copyAmbient) {
      ambientValue = ambient!.get(p.name, p.lower);
      const hasAmbient = ambientValue !== MISSING;
      if (hasExplicit && hasAmbient && (explicitIsEmpty || !routePartsEqual(ambientValue, explicit))) {
        copyAmbient = false; // the left-to-right rule: this and everything to its right stops using ambient values
        trace?.('ambient-dropped', i);
      }
      if (!hasExplicit && !hasAmbient && !p.hasDefault) {
        // "a/{b?}/{c?}" with ambient c and nothing for b: "/a" is fine, but c cannot be used any more.
        copyAmbient = false;
        trace?.('ambient-dropped', i);
      }
    }
    if (hasExplicit && !explicitIsEmpty) slots[i] = explicit;
    else if (copyAmbient && ambientValue !== MISSING) slots[i] = ambientValue;
    else if (p.isOptional || p.isCatchAll) slots[i] = undefined;
    else if (p.hasDefault) slots[i] = p.defaultValue;
    else {
      trace?.('missing', i);
      return null; // a required parameter with no value: this route cannot generate
    }
  }
  return slots;
}

/** The values the constraints see: accepted values, then explicit and ambient values that match no parameter. */
export function combineValues(
  parameters: readonly ParameterInfo[],
  slots: readonly unknown[],
  request: GenerationRequest,
  parameterSet: ReadonlySet<string>,
): RouteValues {
  const combined: RouteValues = {};
  const used = new Set<string>();
  parameters.forEach((p, i) => {
    used.add(p.lower);
    if (slots[i] !== undefined) setRouteValue(combined, p.name, slots[i]);
  });
  const explicit = request.values;
  explicit.keys.forEach((key, i) => {
    const lower = explicit.lowerKeyAt(i);
    if (used.has(lower)) return;
    used.add(lower);
    setRouteValue(combined, key, explicit.values[key]);
  });
  const ambient = request.ambient;
  ambient?.keys.forEach((key, i) => {
    const lower = ambient.lowerKeyAt(i);
    const value = ambient.values[key];
    if (used.has(lower) || parameterSet.has(lower) || !hasRouteValue(value)) return;
    used.add(lower);
    setRouteValue(combined, key, value);
  });
  return combined;
}

/**
 * ASP.NET TemplateBinder.BindValues + UriBuildingContext: values equal to their defaults are buffered and
 * written only if something non-default follows (trailing defaults are omitted); an empty
 * value ends the URL — nothing may be written after it; an absent optional extension drops its period.
 */
export function bindPath(segments: readonly BindPart[][], parameters: readonly ParameterInfo[], slots: readonly unknown[]): string | null {
  const uri = new UriBuilder();
  for (const parts of segments) {
    for (let j = 0; j < parts.length; j++) {
      const part = parts[j];
      if (part.kind === 'text') {
        if (!uri.accept(part.encoded)) return null;
        continue;
      }
      const p = parameters[part.slot];
      const value = slots[part.slot];
      const text = toRouteString(value);
      if (p.hasDefault && routePartsEqual(value, p.defaultValue)) {
        if (!uri.buffer(text === '' ? '' : encodeUrlPart(text))) return null;
      } else if (!uri.acceptValue(text, p.encodeSlashes)) {
        // "{id}.{format?}" without format: "5." becomes "5".
        const previous = parts[j - 1];
        if (j !== 0 && p.isOptional && previous.kind === 'text' && previous.isSeparator) uri.removeLast();
        else return null;
      }
    }
    uri.endSegment();
  }
  return uri.text;
}

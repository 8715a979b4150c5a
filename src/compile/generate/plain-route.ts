// Plain routes — literals and required parameters only: no defaults, no optional or catch-all parameter, no
// constraint. For them the binder's rules reduce to "every parameter needs a non-empty value, written in place",
// so their URLs are written without it: by the route's generator when no ambient values are given, and by
// generation by name (createDirectGenerator) for values that are exactly the route's parameters.
import { hasRouteValue, toRouteString, type RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import { bindParts, parameterInfos, type BindPart, type ParameterInfo } from './binder.js';
import { encodeUrlPart } from './url-encoder.js';
import { MISSING, type ValueBag } from './value-bag.js';

/** A plain route's path as pieces: encoded literal text (with the "/"s) or a parameter's slot. Null for a route that is not plain. */
export function plainPieces(entry: RouteEntry, parameters: readonly ParameterInfo[], segments: readonly BindPart[][]): (string | number)[] | null {
  const isPlain =
    Object.keys(entry.plan.defaults).length === 0 &&
    entry.plan.constraintKeys.length === 0 &&
    parameters.every((p) => !p.isOptional && !p.isCatchAll);
  if (!isPlain) return null;
  const pieces: (string | number)[] = [];
  let text = '/';
  segments.forEach((parts, i) => {
    if (i > 0) text += '/';
    for (const part of parts) {
      if (part.kind === 'text') text += part.encoded;
      else {
        pieces.push(text, part.slot);
        text = '';
      }
    }
  });
  pieces.push(text);
  return pieces;
}

/**
 * The shortest way to a plain route's URL, for the usual call: values that are exactly its parameters,
 * spelled as in the template, each a non-empty string not starting with "/" (so no query string, no
 * "httpMethod" value, no ambient values to weigh). Returns undefined for anything else: the caller then
 * runs the route's full generator, which gives the same answer for these values. Null for a route that is
 * not plain (see plainPieces) or has a parameter named httpMethod.
 */
export function createDirectGenerator(entry: RouteEntry): ((values: RouteValues) => string | undefined) | null {
  const parameters = parameterInfos(entry);
  if (parameters.some((p) => p.lower === 'httpmethod')) return null;
  const segments = bindParts(entry, parameters);
  const pieces = plainPieces(entry, parameters, segments);
  if (pieces === null) return null;
  const count = parameters.length;
  return (values) => {
    const path = writePlain(pieces, parameters, values, exactText);
    if (path === undefined) return path;
    let keys = 0;
    for (const key in values) if (Object.hasOwn(values, key)) keys++;
    return keys === count ? path : undefined;
  };
}

/** A parameter's text in values given as exactly the route's parameters: a non-empty string, else undefined. */
function exactText(p: ParameterInfo, values: RouteValues): string | undefined {
  if (!Object.hasOwn(values, p.name)) return undefined;
  const value = values[p.name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The plain route's path: null when a parameter has no value; undefined when the general binder must
 * decide (a value starting with "/", whose first-segment rule the general binder implements).
 */
export function bindPlain(pieces: readonly (string | number)[], parameters: readonly ParameterInfo[], values: ValueBag): string | null | undefined {
  return writePlain(pieces, parameters, values, bagText);
}

/** A parameter's text in the binder's values: null when it has none. */
function bagText(p: ParameterInfo, values: ValueBag): string | null {
  const value = values.get(p.name, p.lower);
  return value === MISSING || !hasRouteValue(value) ? null : toRouteString(value);
}

/**
 * A plain route's path from each parameter's text (textOf: null or undefined when it has none, returned as is);
 * undefined for a text starting with "/", whose first-segment rule only the general binder implements.
 */
function writePlain<V, Missing extends null | undefined>(
  pieces: readonly (string | number)[],
  parameters: readonly ParameterInfo[],
  values: V,
  textOf: (p: ParameterInfo, values: V) => string | Missing,
): string | Missing | undefined {
  let path = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (typeof piece === 'string') {
      path += piece;
      continue;
    }
    const text = textOf(parameters[piece], values);
    if (typeof text !== 'string') return text;
    if (text.charCodeAt(0) === 47) return undefined;
    path += encodeUrlPart(text);
  }
  return path;
}

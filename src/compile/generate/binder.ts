// URL generation for one route: ASP.NET's TemplateBinder in two steps. getValues decides which values the
// URL uses (explicit, ambient, defaults), the constraints check them, and
// bindValues writes the path and query. Everything that depends only on the route is prepared once, in
// createRouteGenerator; a call does only the per-request work.
import type { RouteConstraint } from '../../constraints/route-constraint.js';
import { findKeyIgnoringCase, hasRouteValue, routePartsEqual, setRouteValue, toRouteString, type RouteValues } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import { encodeUrlPart, encodeUrlPath } from './url-encoder.js';

export const MISSING: unique symbol = Symbol('missing');
type Found = unknown | typeof MISSING;

/** Route values looked up by name ignoring case, the exact spelling first (the usual case, and the fast one). */
export class ValueBag {
  private lowerKeys: string[] | undefined;
  readonly keys: string[];
  constructor(readonly values: RouteValues) {
    this.keys = Object.keys(values);
  }
  get(name: string, lower: string): Found {
    if (Object.hasOwn(this.values, name)) return this.values[name];
    const key = findKeyIgnoringCase(this.keys, lower);
    return key === undefined ? MISSING : this.values[key];
  }
  lowerKeyAt(i: number): string {
    return (this.lowerKeys ??= this.keys.map((k) => k.toLowerCase()))[i];
  }
}

/** What one generate call brings: explicit values, ambient values (the current request's), the context. */
export interface GenerationRequest {
  readonly values: ValueBag;
  readonly ambient: ValueBag | null;
  readonly httpContext: unknown;
}

/** Generates this route's path + query for a request, or null when the route cannot. */
export type RouteGenerator = (request: GenerationRequest) => string | null;

export interface ParameterInfo {
  readonly name: string;
  readonly lower: string;
  readonly isOptional: boolean;
  readonly isCatchAll: boolean;
  readonly encodeSlashes: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

type BindPart =
  /** Literal text, already encoded (once, here, not per call). */
  | { readonly kind: 'text'; readonly encoded: string; readonly isSeparator: boolean }
  | { readonly kind: 'parameter'; readonly slot: number };

/** The template's segments as literal text (encoded once, here) and parameter slots. */
function bindParts(entry: RouteEntry, parameters: readonly ParameterInfo[]): BindPart[][] {
  return entry.template.segments.map((segment) =>
    segment.parts.map((part): BindPart =>
      part.kind === 'parameter'
        ? { kind: 'parameter', slot: parameters.findIndex((p) => p.name === part.name) }
        : { kind: 'text', encoded: encodeUrlPart(part.text), isSeparator: part.kind === 'separator' },
    ),
  );
}

/** Prepares the generator of one route. */
export function createRouteGenerator(entry: RouteEntry): RouteGenerator {
  const parameters = parameterInfos(entry);
  const parameterSet = new Set(parameters.map((p) => p.lower));
  const parameterNames = new Set(parameters.map((p) => p.name));
  const defaultNames = new Set(Object.keys(entry.defaults));
  const defaultKeys = new Set(Object.keys(entry.defaults).map((k) => k.toLowerCase()));
  // A default with no parameter is a filter on explicit values.
  const filters = Object.entries(entry.defaults)
    .filter(([key]) => !parameterSet.has(key.toLowerCase()))
    .map(([key, value]) => ({ key, lower: key.toLowerCase(), value }));
  const segments = bindParts(entry, parameters);
  const constraintKeys = entry.constraintKeys;
  const constraintList: readonly RouteConstraint[] = entry.constraintList;
  const route = entry.route;
  const plain = plainPieces(entry, parameters, segments);

  return (request) => {
    if (plain !== null && request.ambient === null) {
      const path = bindPlain(plain, parameters, request.values);
      if (path !== undefined) {
        if (path === null || !methodAllows(entry.methodSet, request)) return null;
        return path + (request.values.keys.length > 0 ? buildQuery(request.values, parameterNames, parameterSet, defaultNames, defaultKeys) : '');
      }
    }
    const slots = getParameterValues(parameters, request);
    if (slots === null) return null;

    // Filters: an explicit value for a non-parameter default must equal it.
    for (const filter of filters) {
      const value = request.values.get(filter.key, filter.lower);
      if (value !== MISSING && !routePartsEqual(value, filter.value)) return null;
    }

    if (!methodAllows(entry.methodSet, request)) return null;

    // The values the constraints see: accepted values, then ambient values that match no parameter.
    if (constraintKeys.length > 0) {
      const combined = combineValues(parameters, slots, request, parameterSet);
      for (let i = 0; i < constraintKeys.length; i++) {
        if (!constraintList[i].match(request.httpContext, route, constraintKeys[i], combined, 'generation')) return null;
      }
    }

    const path = bindPath(segments, parameters, slots);
    if (path === null) return null;
    const query = request.values.keys.length > 0 ? buildQuery(request.values, parameterNames, parameterSet, defaultNames, defaultKeys) : '';
    return (path.charCodeAt(0) === 47 ? path : '/' + path) + query;
  };
}

/** The route's parameters as the binder sees them, left to right. */
export function parameterInfos(entry: RouteEntry): ParameterInfo[] {
  return entry.template.parameters.map((p) => ({
    name: p.name,
    lower: p.name.toLowerCase(),
    isOptional: p.isOptional,
    isCatchAll: p.isCatchAll,
    encodeSlashes: p.encodeSlashes,
    hasDefault: Object.hasOwn(entry.defaults, p.name),
    defaultValue: entry.defaults[p.name],
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
 * For a plain route — literals and required parameters only: no defaults, no optional or catch-all
 * parameter, no constraint — the binder's rules reduce to "every parameter needs a non-empty value, written
 * in place". Its path is then literal text and parameter slots, joined: encoded text (with the "/"s) or a
 * slot number. Null for any other route.
 */
function plainPieces(entry: RouteEntry, parameters: readonly ParameterInfo[], segments: readonly BindPart[][]): (string | number)[] | null {
  const isPlain =
    Object.keys(entry.defaults).length === 0 &&
    entry.constraintKeys.length === 0 &&
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
    let path = '';
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (typeof piece === 'string') {
        path += piece;
        continue;
      }
      const name = parameters[piece].name;
      if (!Object.hasOwn(values, name)) return undefined;
      const value = values[name];
      if (typeof value !== 'string' || value === '' || value.charCodeAt(0) === 47) return undefined;
      path += encodeUrlPart(value);
    }
    let keys = 0;
    for (const key in values) if (Object.hasOwn(values, key)) keys++;
    return keys === count ? path : undefined;
  };
}

/**
 * The plain route's path: null when a parameter has no value; undefined when the general binder must
 * decide (a value starting with "/", whose first-segment rule the general binder implements).
 */
function bindPlain(pieces: readonly (string | number)[], parameters: readonly ParameterInfo[], values: ValueBag): string | null | undefined {
  let path = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (typeof piece === 'string') {
      path += piece;
      continue;
    }
    const p = parameters[piece];
    const value = values.get(p.name, p.lower);
    if (value === MISSING || !hasRouteValue(value)) return null;
    const text = toRouteString(value);
    if (text.charCodeAt(0) === 47) return undefined;
    path += encodeUrlPart(text);
  }
  return path;
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
function bindPath(segments: readonly BindPart[][], parameters: readonly ParameterInfo[], slots: readonly unknown[]): string | null {
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

/**
 * ASP.NET's UriBuildingContext, on encoded text: values equal to their defaults are buffered and written
 * only if something non-default follows (trailing defaults are omitted); an empty value ends
 * the URL — nothing may be written after it.
 */
class UriBuilder {
  text = '';
  private pending = ''; // buffered default values and their slashes
  private uriInside = false;
  private bufferInside = false;
  private hasEmptySegment = false;
  private lastValueOffset = -1;

  accept(encoded: string): boolean {
    if (encoded === '') {
      if (this.uriInside || this.bufferInside) return false; // an empty part inside a segment
      this.hasEmptySegment = true;
      return true;
    }
    if (this.hasEmptySegment) return false; // text after an empty segment
    let text = this.text + this.pending;
    this.pending = '';
    if (!this.uriInside && !this.bufferInside && text.length !== 0) text += '/';
    this.uriInside = this.bufferInside = true;
    this.lastValueOffset = text.length;
    this.text = text + encoded;
    return true;
  }

  /** Accepts a parameter's value, encoded for a path segment ("/" as %2F unless encodeSlashes is false). */
  acceptValue(value: string, encodeSlashes: boolean): boolean {
    if (value === '') return this.accept('');
    if (encodeSlashes) return this.accept(encodeUrlPart(value));
    // A {**x} value that starts the URL: its leading "/" is the path's own (as ASP.NET writes it), and a second
    // one is encoded, so the path never starts with "//" (a browser reads "//evil.com" as another host).
    // ASP.NET also keeps the leading "/" of a {x} value; here every "/" of a {x} value is encoded, so "/a"
    // comes back as "/a" (docs/generation.md).
    if (value.charCodeAt(0) === 47 && this.text.length === 0 && this.pending.length === 0) {
      const rest = value.slice(1);
      return this.accept(rest.charCodeAt(0) === 47 ? '/%2F' + encodeUrlPath(rest.slice(1)) : '/' + encodeUrlPath(rest));
    }
    return this.accept(encodeUrlPath(value));
  }

  buffer(encoded: string): boolean {
    if (encoded === '') {
      if (this.bufferInside) return false;
      this.hasEmptySegment = true;
      return true;
    }
    if (this.hasEmptySegment) return false;
    if (this.uriInside) return this.accept(encoded); // part of this segment is written already
    if (!this.bufferInside) {
      if (this.text.length !== 0 || this.pending.length !== 0) this.pending += '/';
      this.bufferInside = true;
    }
    this.pending += encoded;
    return true;
  }

  /** Drops the text written last (the period of an absent optional extension). */
  removeLast(): void {
    this.text = this.text.slice(0, this.lastValueOffset);
    this.lastValueOffset = -1;
  }

  endSegment(): void {
    this.uriInside = this.bufferInside = false;
  }
}

/** Explicit values that match no parameter (nor a default) go to the query, in the order given. */
function buildQuery(
  values: ValueBag,
  parameterNames: ReadonlySet<string>,
  parameterSet: ReadonlySet<string>,
  defaultNames: ReadonlySet<string>,
  defaultKeys: ReadonlySet<string>,
): string {
  let query = '';
  values.keys.forEach((key, i) => {
    if (parameterNames.has(key) || defaultNames.has(key)) return; // exact spelling: no lower-casing needed
    const lower = values.lowerKeyAt(i);
    if (parameterSet.has(lower) || defaultKeys.has(lower)) return;
    const value = values.values[key];
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const text = toRouteString(item);
      if (text === '') continue;
      query += `${query === '' ? '?' : '&'}${encodeUrlPart(key)}=${encodeUrlPart(text)}`;
    }
  });
  return query;
}

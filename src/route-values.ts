// Route values: plain objects. The library looks keys up ignoring case (getRouteValue, findRouteKey), as
// ASP.NET's RouteValueDictionary does; the object itself is a plain one, so `values.id` is exact-case.
import { nameKey } from './name-key.js';

/**
 * A bag of route values (matched, default, ambient or explicit). Matched values are keyed as the template
 * spells each parameter (`u/{ID}` gives `values.ID`); defaults, constraints and generation accept any case.
 */
export type RouteValues = Record<string, unknown>;

/**
 * values[key] = value as an own, enumerable data property for any key: a plain assignment to "__proto__" would
 * call the prototype setter and lose the value. The one way every part of the library sets a route value.
 */
export function setRouteValue(values: RouteValues, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(values, key, { value, writable: true, enumerable: true, configurable: true });
  else values[key] = value;
}

/**
 * Turns a route value into text the invariant way: strings as they are, numbers and booleans as JS writes
 * them, Dates as ISO 8601, null/undefined as "".
 */
export function toRouteString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'undefined':
      return '';
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      if (value === null) return '';
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
      return String(value);
  }
}

/** ASP.NET IsRoutePartNonEmpty: null, undefined and "" count as "no value". */
export function hasRouteValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * ASP.NET RoutePartsEqual: null, undefined and "" are all "no value" and equal to each other; other values
 * compare as text, ignoring case (JS-friendly: 5 equals "5", "Home" equals "home").
 */
export function routePartsEqual(a: unknown, b: unknown): boolean {
  const aEmpty = !hasRouteValue(a);
  const bEmpty = !hasRouteValue(b);
  if (aEmpty || bEmpty) return aEmpty && bEmpty;
  if (a === b) return true;
  return nameKey(toRouteString(a)) === nameKey(toRouteString(b)); // a value's text compares as a name does (ASP.NET: both OrdinalIgnoreCase)
}

/** The key of `values` equal to `name` ignoring case, or undefined. Exact match first (the usual case). */
export function findRouteKey(values: RouteValues, name: string): string | undefined {
  return Object.hasOwn(values, name) ? name : findKeyIgnoringCase(Object.keys(values), nameKey(name));
}

/** The key among `keys` whose nameKey is `lower`, or undefined. */
export function findKeyIgnoringCase(keys: readonly string[], lower: string): string | undefined {
  for (const key of keys) {
    // Only a key of the same length can be the same name in another case: most keys are never lower-cased.
    if (key.length === lower.length && nameKey(key) === lower) return key;
  }
  return undefined;
}

/**
 * Entries given for many routes (a group's defaults or constraints) under one route's own: an entry whose name
 * `own` also has, in any case, is left out, so the route's own wins and the route never holds a name twice.
 */
export function mergeByName<T>(shared: Readonly<Record<string, T>> | null | undefined, own: Readonly<Record<string, T>> | null | undefined): Record<string, T> {
  const merged: Record<string, T> = {};
  const owned = new Set(Object.keys(own ?? {}).map(nameKey));
  for (const [key, value] of Object.entries(shared ?? {})) if (!owned.has(nameKey(key))) setRouteValue(merged, key, value);
  for (const [key, value] of Object.entries(own ?? {})) setRouteValue(merged, key, value);
  return merged;
}

/** mergeByName's result, as the types see it: Shared's entries whose name Own lacks in every case, and Own's. */
export type MergedByName<Shared, Own> = {
  [K in keyof Shared as K extends string ? (Lowercase<K> extends Lowercase<keyof Own & string> ? never : K) : K]: Shared[K];
} & Own;

/** Looks a route value up by name, case-insensitively. */
export function getRouteValue(values: RouteValues, name: string): unknown {
  const key = findRouteKey(values, name); // own keys only: "toString" may be a route value name
  return key === undefined ? undefined : values[key];
}

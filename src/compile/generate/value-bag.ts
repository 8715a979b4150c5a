// The route values one generate call brings, looked up the way ASP.NET looks route values up: by name, ignoring case.
import { findKeyIgnoringCase, type RouteValues } from '../../route-values.js';
import { nameKey } from '../../name-key.js';

/** What a lookup answers for a name no value has (undefined and null are values a caller may give). */
export const MISSING: unique symbol = Symbol('missing');
export type Found = unknown | typeof MISSING;

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
    return (this.lowerKeys ??= this.keys.map(nameKey))[i];
  }
}

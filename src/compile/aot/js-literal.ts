// Route data written into an ahead-of-time module as JavaScript literals: strings only ever as JSON (with
// U+2028/U+2029 escaped), so nothing in a route definition can become code. What is not data (a function, a
// class instance such as a RouteConstraint object) cannot be written: the error names where it is.
import { quote } from '../match/generated/emit/writer.js';

/** A value a module can hold as a literal: what JSON holds, plus undefined, bigint, non-finite numbers and RegExp. */
export function toJavaScript(value: unknown, where: string): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : Number.isNaN(value) ? 'NaN' : value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : String(value);
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'bigint':
      return `${value}n`;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item, i) => toJavaScript(item, `${where}[${i}]`)).join(', ')}]`;
      if (value instanceof RegExp) return `new RegExp(${quote(value.source)}, ${quote(value.flags)})`;
      const prototype = Object.getPrototypeOf(value);
      if (prototype === Object.prototype || prototype === null) {
        // "__proto__" as a computed key: written plainly in an object literal it would set the prototype.
        const fields = Object.entries(value).map(([key, item]) => `${key === '__proto__' ? `[${quote(key)}]` : quote(key)}: ${toJavaScript(item, `${where}.${key}`)}`);
        return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
      }
      throw new NotDataError(where, `an instance of ${prototype?.constructor?.name ?? 'a class'}`);
    }
    default:
      throw new NotDataError(where, `a ${typeof value}`);
  }
}

/** A value that only code can make (a function, an object of a class). */
export class NotDataError extends Error {
  override readonly name = 'NotDataError';
  constructor(
    readonly where: string,
    readonly what: string,
  ) {
    super(`${where} is ${what}, which a module cannot hold as data`);
  }
}

/**
 * A list of data past JSON_TEXT_MIN characters as `JSON.parse("…")` when JSON holds it exactly: V8 parses JSON text several
 * times faster than the same data as object literals (V8's own advice starts at 10 kB; docs/benchmarks.md, "Why
 * these thresholds"). Smaller data stays literals, which a person reads more easily.
 */
export function toData(list: readonly unknown[], where: string): string {
  const json = isJson(list) ? JSON.stringify(list) : null;
  if (json !== null && json.length >= JSON_TEXT_MIN) return `JSON.parse(${quote(json)})`;
  return `[\n${list.map((item, i) => `    ${toJavaScript(item, `${where}[${i}]`)},`).join('\n')}\n  ]`; // one item per line
}

export const JSON_TEXT_MIN = 10_000;

/** Whether JSON.parse(JSON.stringify(value)) gives the same value back (an own "__proto__" key included). */
function isJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(isJson);
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      // An undefined property would be dropped: the same to a route as an absent one, but not the same value.
      return Object.values(value).every((item) => item !== undefined && isJson(item));
    }
    default:
      return false;
  }
}

// Route data written into an ahead-of-time module as JavaScript literals: strings only ever as JSON (with
// U+2028/U+2029 escaped), so nothing in a route definition can become code. What is not data (a function, a
// class instance such as a RouteConstraint object) cannot be written: the error names where it is.
import { quote } from '../match/emit/writer.js';

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

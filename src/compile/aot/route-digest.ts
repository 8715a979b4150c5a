// A digest of everything a built module takes from one route of its route module: name, template, its defaults
// object as given (not as merged with the inline ones: the runtime checks no defaults, and an object compile()
// refuses, a default both inline and in the object or given twice, can merge to the defaults it was built with),
// data tokens, methods, generationOnly, the route's constraints as resolved (a built-in by what it checks, so
// a RegexRouteConstraint whose pattern changed, or a custom constraint name whose factory now makes another
// constraint, is a change), and its constraints object as given (the module makes the constraints a string or a
// RegExp names itself, so a changed, added or removed one must show here), and the keys the definition has (the
// runtime checks none, and a key compile() refuses, a misspelt `methodz`, must not load as if it were not there).
// A module built from a route module keeps one digest per route and refuses to load
// when a route's digest differs: its code, its constants and its catalogue of objects were made from the old
// route. Plain code, no node:crypto: the runtime (load-router.ts) runs on every runtime. The template has a hash
// of its own (the digest's first half), so that a route module whose template changed is refused before the
// module's parsed form of the old template is read (load-router.ts), without a list of the templates in the module.
//
// No class or function name enters the digest: a minifier renames them (esbuild --minify made IntRouteConstraint
// `a`), and a module built by Node must load in the minified bundle of a Worker.
import { builtinNameOf } from '../../constraints/builtins.js';
import { constraintLabel } from '../../constraints/constraint-description.js';
import type { RouteConstraint } from '../../constraints/route-constraint.js';
import type { CompiledRoute } from '../compiled-route.js';
import type { RouteDefinition } from '../route-definition.js';

/** The digest of one route (16 hex digits), with its definition's objects as given: its template's digest, then the hash of the rest. */
export function routeDigest(route: CompiledRoute, given: RouteDefinition): string {
  // Not the handler's: the module takes handlers from the route module as they are.
  const keys = Object.keys(given).filter((key) => key !== 'handler').sort();
  return templateDigest(route.template) + hash32(canonical([route.name, given.defaults, route.dataTokens, route.methods, route.generationOnly, [...route.constraints], given.constraints, keys]), REST_OFFSET);
}

/** The first half of a route's digest (8 hex digits): its template's text alone. */
export function templateDigest(template: string): string {
  return hash32(template, TEMPLATE_OFFSET);
}

/**
 * A value as stable text: strings quoted, other primitives tagged by type, arrays and objects recursively (an
 * object's own enumerable fields in their order; not its class's name), a RegExp as its source and flags, a
 * function as "function" (not its name). A value met again inside itself is written as a back-reference. A
 * constraint of a built-in class is tagged by its label as a user writes it ("int", "range(1,10)", "regex(^a$)",
 * what the module's code checks in place; a regex's expression is its own, out of reach of its fields) or, for the
 * wrappers and the HTTP method constraint, its name, then its fields (a wrapper's, the constraints it holds); a
 * custom constraint, which the module's code only calls, by its fields alone.
 */
function canonical(value: unknown, seen: object[] = []): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return `symbol(${JSON.stringify(value.description ?? '')})`;
    case 'function':
      return 'function';
  }
  if (value === null) return 'null';
  const object = value as object;
  const at = seen.indexOf(object);
  if (at !== -1) return `^${seen.length - at}`;
  if (object instanceof RegExp) return `/${object.source}/${object.flags}`;
  if (object instanceof Date) return `Date(${object.getTime()})`;
  const inner = [...seen, object];
  if (Array.isArray(object)) return `[${object.map((item) => canonical(item, inner)).join(',')}]`;
  const fields = Object.entries(object).map(([key, item]) => `${JSON.stringify(key)}:${canonical(item, inner)}`);
  const constraint = object as RouteConstraint;
  return `${constraintLabel(constraint) ?? builtinNameOf(constraint) ?? ''}{${fields.join(',')}}`;
}

/** FNV-1a's offset basis, for the template; the rest of the route hashes from another offset. */
const TEMPLATE_OFFSET = 0x811c9dc5;
const REST_OFFSET = 0x811c9dc5 ^ 0x5bd1e995;

/** A 32-bit FNV-1a hash of the UTF-16 code units, from `offset`, as 8 hex digits. */
function hash32(text: string, offset: number): string {
  let h = offset;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

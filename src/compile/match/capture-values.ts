// The values of one route for a request path whose shape the trie already accepted (ASP.NET's
// TemplateMatcher.TryMatch, second pass).
import { setRouteValue, type RouteValues } from '../../route-values.js';
import type { RequestPath } from './request-path.js';
import type { RouteEntry } from '../route-entry.js';

/**
 * For a path whose shape matched: the values in template order (a parameter the URL did not give takes its
 * default), then the defaults that name no parameter; null when a complex segment does not match. A default
 * always gives a value; an optional parameter only when present. A static route's are its answer's (frozen).
 */
export function captureValues(entry: RouteEntry, path: RequestPath): RouteValues | null {
  if (entry.staticAnswer !== null) return entry.staticAnswer.values as RouteValues;
  const values: RouteValues = {};
  const { captures, defaults, defaultEntries } = entry.plan;
  // Perf: only the value-producing segments are visited; an all-literal template never splits the path.
  if (captures.length > 0) {
    const count = path.length;
    for (let i = 0; i < captures.length; i++) {
      const { depth, plan } = captures[i];
      if (depth >= count) break; // the rest of the template is absent from the path
      if (plan.kind === 'parameter') {
        setRouteValue(values, plan.name, path.decoded(depth));
      } else if (plan.kind === 'complex') {
        const found = plan.pattern.match(path.decoded(depth));
        if (found === null) return null;
        for (let slot = 0; slot < found.length; slot++) {
          const name = plan.pattern.names[slot];
          // An absent optional extension takes its default here, in template order, not after later segments.
          const value = found[slot] !== undefined ? found[slot] : Object.hasOwn(defaults, name) ? defaults[name] : null;
          if (value !== undefined && value !== null) setRouteValue(values, name, value);
        }
      } else {
        const rest = path.remainder(depth);
        if (rest.length > 0) setRouteValue(values, plan.name, rest);
      }
    }
  }
  for (let i = 0; i < defaultEntries.length; i++) {
    const [key, value] = defaultEntries[i];
    if (!Object.hasOwn(values, key)) setRouteValue(values, key, value); // not `in`: "constructor" is a fine route value name
  }
  return values;
}

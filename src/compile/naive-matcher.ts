// The executable spec of matching: every route, in collection order, tried with its own matcher.
// The test oracle for the trie and the benchmark baseline ("naive ordered matching").
import { acceptsMethod, captureValues, matchesShape, passesConstraints, type RouteMatch } from './route-match.js';
import { RequestPath } from './request-path.js';
import type { RouteEntry } from './route-entry.js';

/** Every route that accepts the request, in collection order (lazily). */
export function* naiveMatches(
  entries: readonly RouteEntry[],
  target: string,
  method: string,
  httpContext: unknown,
): Generator<RouteMatch> {
  const path = new RequestPath(target);
  for (const entry of entries) {
    if (!matchesShape(entry, path) || !acceptsMethod(entry, method)) continue;
    const values = captureValues(entry, path);
    if (values !== null && passesConstraints(entry, values, method, httpContext)) {
      yield { route: entry.route, values };
    }
  }
}

// The small hand-written front every request goes through before emitted code (compiled at start-up or written
// ahead of time into a module): cut the query and fragment, and percent-decode the segments only when the path
// has a "%".
import type { Matcher, RouteMatch } from '../../matcher.js';
import { withoutQuery } from '../request-path.js';
import { decodeSegment } from '../url-decoder.js';

/** The emitted matcher: a decoded path without query, an upper-case verb, the request context. */
export type EmittedMatch = (path: string, method: string, httpContext: unknown) => RouteMatch | null;

/**
 * match() over the emitted code. `companion` (the interpreted trie of the same entries) answers the rare request
 * the emitted code cannot take: a path with an escaped "/" ("%2F").
 */
export function emittedFront(emitted: EmittedMatch, companion: Pick<Matcher, 'match'>): Matcher['match'] {
  return (target, method, httpContext) => {
    let path = withoutQuery(target);
    if (path.indexOf('%') >= 0) {
      // Decoded segment by segment, after splitting: an escaped "/" stays inside its segment, which this
      // path string could not show, so that rare request takes the interpreted walk.
      const segments = path.split('/');
      for (let i = 0; i < segments.length; i++) {
        const decoded = decodeSegment(segments[i]);
        if (decoded !== segments[i] && decoded.indexOf('/') >= 0) return companion.match(target, method, httpContext);
        segments[i] = decoded;
      }
      path = segments.join('/');
    }
    return emitted(path, method, httpContext);
  };
}

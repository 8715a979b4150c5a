// The reference's request path: split into raw segments first, each percent-decoded afterwards (so an
// encoded "/" stays inside its segment). Written straight from the rules, sharing nothing with the
// production RequestPath: the reference strategy is the oracle the trie and generated matchers are tested
// against, so a bug here must not be able to hide the same bug there.
import type { ComparisonKey } from './comparison-key.js';
import { percentDecode } from './percent-decode.js';

/** A request path as the reference matcher sees it. */
export interface SplitPath {
  /** The path as received, query and fragment cut off. */
  readonly path: string;
  /** Raw (still percent-encoded) segments; "" and "/" have none, "//" has one empty segment. */
  readonly segments: readonly string[];
  /** Where each segment starts in `path`: a catch-all takes the path from there on. */
  readonly starts: readonly number[];
  /** Segment `i` percent-decoded (decoded once, when first asked for). */
  decoded(i: number): string;
  /** Segment `i` decoded and folded by the table's key, for comparison with literals (once, when first asked for). */
  folded(i: number): string;
  /** The table's comparison key (comparison-key.ts). */
  readonly key: ComparisonKey;
  /** Everything from the start of segment `i` to the end of the path, trailing slash included, decoded. */
  remainderFrom(i: number): string;
}

/** "/a/b%2Fc/?x=1#f" → segments ["a", "b%2Fc"]. */
export function splitPath(target: string, key: ComparisonKey): SplitPath {
  // The query starts at the first "?", the fragment at the first "#"; whichever comes first ends the path.
  let end = target.length;
  const query = target.indexOf('?');
  const fragment = target.indexOf('#');
  if (query >= 0) end = query;
  if (fragment >= 0 && fragment < end) end = fragment;
  const path = target.slice(0, end);

  // The leading "/" and one trailing "/" are not segment separators: "/a/" is the one segment "a".
  const offset = path.startsWith('/') ? 1 : 0;
  let body = path.slice(offset);
  if (body.endsWith('/')) body = body.slice(0, -1);
  // "" and "/" have no segments at all; "//" leaves body "" after the trim, but that is one empty segment.
  const segments = path.length > offset ? body.split('/') : [];

  const starts: number[] = [];
  let at = offset;
  for (const segment of segments) {
    starts.push(at);
    at += segment.length + 1;
  }

  // Every route looks at the same few segments: each is decoded and folded once per request, not per route.
  const decodedCache: (string | undefined)[] = [];
  const foldedCache: (string | undefined)[] = [];
  const decoded = (i: number): string => (decodedCache[i] ??= percentDecode(segments[i]));
  return {
    path,
    segments,
    starts,
    decoded,
    folded: (i) => (foldedCache[i] ??= key(decoded(i))),
    key,
    remainderFrom: (i) => percentDecode(path.slice(starts[i])),
  };
}

// A request path split into segments the way ASP.NET's PathTokenizer does, lazily: this runs on every
// request, so up front it only cuts off the query and the slashes around the path. Segment boundaries are
// found with indexOf when first needed, and a segment is sliced, decoded or case-folded only when a route
// looks at it (a miss at depth 1 never slices depth 5). String.split costs several times indexOf + slice here
// (docs/benchmarks.md, "Why these thresholds").
import type { Fold } from '../case-fold.js';
import { decodeSegment } from './url-decoder.js';

/** The path of a request target: the target without its query and fragment (from the first "?" or "#" on). */
export function withoutQuery(target: string): string {
  let end = target.indexOf('?');
  const hash = target.indexOf('#');
  if (hash >= 0 && (end < 0 || hash < end)) end = hash;
  return end < 0 ? target : target.slice(0, end);
}

/**
 * "/a/b%2Fc/?x=1" → raw segments ["a", "b%2Fc"]: the query and fragment are cut off, the leading "/" and
 * one trailing "/" are ignored, and each segment is decoded after splitting (so "%2F" stays in its value).
 * An empty segment ("/a//b") is kept: no template segment accepts it.
 */
export class RequestPath {
  /** The path without query or fragment, as received. */
  readonly path: string;
  /** The path between the leading "/" and one trailing "/" (null for "" and "/", which have no segments). */
  private readonly body: string | null;
  private readonly first: number;
  /**
   * Whether segments still need percent-decoding: false when the path has no "%", and false when it was decoded
   * already. Every decoded read (decoded(), remainder(), rawKey()) asks this one flag, so a path is decoded
   * exactly once whichever walker reads it.
   */
  private readonly needsDecoding: boolean;
  /** Where segment i starts in body, for each i, then body.length + 1: found with indexOf, nothing sliced. */
  private starts: number[] | null = null;
  private decodedSegments: (string | undefined)[] | null = null;
  private foldedSegments: (string | undefined)[] | null = null;

  /**
   * `alreadyDecoded`: `target` is a path whose segments are decoded already and that has no query or fragment
   * (what the generated matcher works on): nothing is cut off and nothing is decoded again. `fold`: the table's
   * (case-fold.ts), which folded() applies.
   */
  constructor(
    target: string,
    alreadyDecoded: boolean,
    readonly fold: Fold,
  ) {
    const path = alreadyDecoded ? target : withoutQuery(target);
    this.path = path;
    this.needsDecoding = !alreadyDecoded && path.indexOf('%') >= 0;
    const first = path.charCodeAt(0) === 47 /* / */ ? 1 : 0;
    this.first = first;
    // Non-empty after the leading slash: at least one (possibly empty) segment, as PathTokenizer counts.
    this.body = path.length > first ? path.slice(first, path.charCodeAt(path.length - 1) === 47 ? -1 : path.length) : null;
  }

  private bounds(): number[] {
    if (this.starts !== null) return this.starts;
    const starts = [0];
    const body = this.body;
    if (body !== null) {
      for (let i = body.indexOf('/'); i >= 0; i = body.indexOf('/', i + 1)) starts.push(i + 1);
      starts.push(body.length + 1);
    }
    return (this.starts = starts);
  }

  /** The number of segments. */
  get length(): number {
    return this.bounds().length - 1;
  }

  /** True when segment `i` is empty ("/a//b"): no template segment accepts it. */
  isEmpty(i: number): boolean {
    const b = this.bounds();
    return b[i + 1] - b[i] === 1;
  }

  /** Raw (still percent-encoded) segment `i`. Not cached: the walk and the capture each slice it at most once. */
  segment(i: number): string {
    const b = this.bounds();
    return this.body!.slice(b[i], b[i + 1] - 1);
  }

  /**
   * The whole path as the static-route index keys it, before folding ("Users/List/" → "Users/List"); null
   * when it has escapes (decoding may change it) or is "//" (one empty segment, not the root "").
   */
  rawKey(): string | null {
    return this.needsDecoding || this.body === '' ? null : (this.body ?? '');
  }

  /** Segment `i` percent-decoded. */
  decoded(i: number): string {
    if (!this.needsDecoding) return this.segment(i);
    const cache = (this.decodedSegments ??= new Array(this.length));
    return (cache[i] ??= decodeSegment(this.segment(i)));
  }

  /**
   * Segment `i` decoded and folded by the table's fold: the key for literal comparison. Folded one segment at a
   * time, on demand: callers compare the decoded segment first (a fold is idempotent, so a decoded segment equal
   * to a folded literal is a match) and fold only on a miss.
   */
  folded(i: number): string {
    const cache = (this.foldedSegments ??= new Array(this.length));
    return (cache[i] ??= this.fold(this.decoded(i)));
  }

  /** Everything from the start of segment `i` to the end of the path (trailing slash included), decoded. */
  remainder(i: number): string {
    const rest = this.path.slice(this.first + this.bounds()[i]);
    return this.needsDecoding ? decodeSegment(rest) : rest;
  }
}

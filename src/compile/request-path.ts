// A request path split into segments once, the way ASP.NET's PathTokenizer does, decoded lazily.
import { foldCase } from './case-fold.js';
import { decodeSegment } from './url-decoder.js';

/**
 * "/a/b%2Fc/?x=1" → raw segments ["a", "b%2Fc"]: the query and fragment are cut off, the leading "/" and
 * one trailing "/" are ignored, and each segment is decoded after splitting (so "%2F" stays in its value).
 * An empty segment ("/a//b") is kept: no template segment accepts it.
 */
export class RequestPath {
  /** The path without query or fragment, as received. */
  readonly path: string;
  /** Raw (still percent-encoded) segments. */
  readonly segments: readonly string[];
  /** Where each raw segment starts in `path`; a catch-all takes the rest of `path` from there. */
  private readonly starts: number[];
  private readonly hasEscapes: boolean;
  private decodedCache: (string | undefined)[] | undefined;
  private foldedCache: (string | undefined)[] | undefined;

  constructor(target: string) {
    let end = target.length;
    for (let i = 0; i < target.length; i++) {
      const c = target.charCodeAt(i);
      if (c === 63 /* ? */ || c === 35 /* # */) {
        end = i;
        break;
      }
    }
    const path = end === target.length ? target : target.slice(0, end);
    this.path = path;
    this.hasEscapes = path.includes('%');
    const first = path.charCodeAt(0) === 47 /* / */ ? 1 : 0;
    let last = path.length;
    if (last > first && path.charCodeAt(last - 1) === 47) last--;
    const starts: number[] = [];
    if (path.length > first) {
      // Non-empty after the leading slash: at least one (possibly empty) segment, as PathTokenizer counts.
      const body = path.slice(first, last);
      this.segments = body.split('/');
      let offset = first;
      for (const segment of this.segments) {
        starts.push(offset);
        offset += segment.length + 1;
      }
    } else {
      this.segments = [];
    }
    this.starts = starts;
  }

  /** The number of segments. */
  get length(): number {
    return this.segments.length;
  }

  /** Segment `i` percent-decoded. */
  decoded(i: number): string {
    const raw = this.segments[i];
    if (!this.hasEscapes) return raw;
    const cache = (this.decodedCache ??= []);
    return (cache[i] ??= decodeSegment(raw));
  }

  /** Segment `i` decoded and case-folded: the key for literal comparison. */
  folded(i: number): string {
    const cache = (this.foldedCache ??= []);
    return (cache[i] ??= foldCase(this.decoded(i)));
  }

  /** Everything from the start of segment `i` to the end of the path (trailing slash included), decoded. */
  remainder(i: number): string {
    return decodeSegment(this.path.slice(this.starts[i]));
  }
}

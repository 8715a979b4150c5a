// ASP.NET's UriBuildingContext, on encoded text: the buffer the binder writes a route's path into.
import { encodeUrlPart, encodeUrlPath } from './url-encoder.js';

/**
 * Values equal to their defaults are buffered and written only if something non-default follows (trailing
 * defaults are omitted); an empty value ends the URL — nothing may be written after it.
 */
export class UriBuilder {
  text = '';
  private pending = ''; // buffered default values and their slashes
  private uriInside = false;
  private bufferInside = false;
  private hasEmptySegment = false;
  private lastValueOffset = -1;

  accept(encoded: string): boolean {
    if (encoded === '') {
      if (this.uriInside || this.bufferInside) return false; // an empty part inside a segment
      this.hasEmptySegment = true;
      return true;
    }
    if (this.hasEmptySegment) return false; // text after an empty segment
    let text = this.text + this.pending;
    this.pending = '';
    if (!this.uriInside && !this.bufferInside && text.length !== 0) text += '/';
    this.uriInside = this.bufferInside = true;
    this.lastValueOffset = text.length;
    this.text = text + encoded;
    return true;
  }

  /** Accepts a parameter's value, encoded for a path segment ("/" as %2F unless encodeSlashes is false). */
  acceptValue(value: string, encodeSlashes: boolean): boolean {
    if (value === '') return this.accept('');
    if (encodeSlashes) return this.accept(encodeUrlPart(value));
    // A {**x} value that starts the URL: its leading "/" is the path's own (as ASP.NET writes it), and a second
    // one is encoded, so the path never starts with "//" (a browser reads "//evil.com" as another host).
    // ASP.NET also keeps the leading "/" of a {x} value; here every "/" of a {x} value is encoded, so "/a"
    // comes back as "/a" (docs/generation.md).
    if (value.charCodeAt(0) === 47 && this.text.length === 0 && this.pending.length === 0) {
      const rest = value.slice(1);
      return this.accept(rest.charCodeAt(0) === 47 ? '/%2F' + encodeUrlPath(rest.slice(1)) : '/' + encodeUrlPath(rest));
    }
    return this.accept(encodeUrlPath(value));
  }

  buffer(encoded: string): boolean {
    if (encoded === '') {
      if (this.bufferInside) return false;
      this.hasEmptySegment = true;
      return true;
    }
    if (this.hasEmptySegment) return false;
    if (this.uriInside) return this.accept(encoded); // part of this segment is written already
    if (!this.bufferInside) {
      if (this.text.length !== 0 || this.pending.length !== 0) this.pending += '/';
      this.bufferInside = true;
    }
    this.pending += encoded;
    return true;
  }

  /** Drops the text written last (the period of an absent optional extension). */
  removeLast(): void {
    this.text = this.text.slice(0, this.lastValueOffset);
    this.lastValueOffset = -1;
  }

  endSegment(): void {
    this.uriInside = this.bufferInside = false;
  }
}

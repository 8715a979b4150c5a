// Percent-decoding of one path segment that never throws: valid UTF-8 escapes are decoded, anything else
// ("%zz", a lone "%", "%C3" without its continuation byte) is kept as the literal text it was.

const hexValue = (code: number): number => {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87; // a-f
  return -1;
};

/** The byte of "%XX" at `i`, or -1 when there is no valid escape there. */
function byteAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 37 /* % */ || i + 2 >= text.length) return -1;
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/** Decodes the percent-escapes of `text`; returns `text` itself when it has none. */
export function decodeSegment(text: string): string {
  let i = text.indexOf('%');
  if (i < 0) return text;
  let out = text.slice(0, i);
  while (i < text.length) {
    const first = byteAt(text, i);
    if (first < 0) {
      out += text[i++];
      continue;
    }
    // How many continuation bytes the lead byte announces, and the smallest code point it may encode.
    const extra = first < 0x80 ? 0 : first >= 0xc2 && first < 0xe0 ? 1 : first >= 0xe0 && first < 0xf0 ? 2 : first >= 0xf0 && first < 0xf5 ? 3 : -1;
    if (extra < 0) {
      out += text.slice(i, i + 3);
      i += 3;
      continue;
    }
    let code = extra === 0 ? first : first & (0x3f >> extra);
    let ok = true;
    for (let k = 1; k <= extra; k++) {
      const next = byteAt(text, i + 3 * k);
      if (next < 0 || (next & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      code = (code << 6) | (next & 0x3f);
    }
    // Reject overlong forms, surrogates and values past U+10FFFF, as a strict UTF-8 decoder does.
    const min = [0, 0x80, 0x800, 0x10000][extra];
    if (!ok || code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) {
      out += text.slice(i, i + 3);
      i += 3;
      continue;
    }
    out += String.fromCodePoint(code);
    i += 3 * (extra + 1);
  }
  return out;
}

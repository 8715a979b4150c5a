// Percent-decoding of one path segment that never throws. Each "%XX" that starts a complete, valid UTF-8
// sequence is decoded; anything else stays as the text it was: a "%" without two hex digits after it is an
// ordinary character (the next one is looked at next), and a well-formed "%XX" that does not begin a valid
// sequence (overlong form, surrogate, past U+10FFFF, a lead byte missing its continuation bytes, a stray
// continuation byte) is kept as its three characters. Validity is left to decodeURIComponent, which is a
// strict UTF-8 decoder, tried on one candidate sequence at a time.

const ESCAPE = /^%[0-9A-Fa-f]{2}$/;

/** How many bytes a UTF-8 sequence starting with `lead` has (0: no sequence starts with this byte). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc0 && lead < 0xe0) return 2;
  if (lead >= 0xe0 && lead < 0xf0) return 3;
  if (lead >= 0xf0 && lead < 0xf8) return 4;
  return 0; // a continuation byte, or a byte no UTF-8 text contains
}

/** Decodes the percent-escapes of one segment ("caf%C3%A9" → "café", "%zz" → "%zz"). */
export function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const escape = text.slice(i, i + 3);
    if (!ESCAPE.test(escape)) {
      out += text[i];
      i += 1;
      continue;
    }
    const length = sequenceLength(parseInt(escape.slice(1), 16));
    const candidate = text.slice(i, i + 3 * length);
    const decoded = length > 0 && isEscapeRun(candidate, length) ? tryDecode(candidate) : null;
    if (decoded === null) {
      out += escape;
      i += 3;
    } else {
      out += decoded;
      i += candidate.length;
    }
  }
  return out;
}

/** `candidate` is exactly `count` escapes "%XX%XX…". */
function isEscapeRun(candidate: string, count: number): boolean {
  if (candidate.length !== 3 * count) return false;
  for (let k = 0; k < count; k++) if (!ESCAPE.test(candidate.slice(3 * k, 3 * k + 3))) return false;
  return true;
}

function tryDecode(candidate: string): string | null {
  try {
    return decodeURIComponent(candidate);
  } catch {
    return null; // URIError: not valid UTF-8
  }
}

// Percent-encoding of generated URL parts, as ASP.NET Core's UrlEncoder.Default: everything is escaped
// (as UTF-8) except ALPHA, DIGIT and - . _ ~ ! $ ( ) * , ; @ — the same set for path segments and query.

const SAFE = /^[A-Za-z0-9\-._~!$()*,;@]*$/;
// encodeURIComponent leaves ' as it is and escapes $ , ; @; UrlEncoder does the opposite for those five.
const FIX = /'|%24|%2C|%3B|%40/g;
const FIXES: Record<string, string> = { "'": '%27', '%24': '$', '%2C': ',', '%3B': ';', '%40': '@' };

/** Encodes one value for a URL path segment or query component. */
export function encodeUrlPart(text: string): string {
  if (SAFE.test(text)) return text;
  // A lone surrogate cannot be UTF-8 encoded; like .NET, write U+FFFD instead of failing.
  return encodeURIComponent(text.toWellFormed()).replace(FIX, (m) => FIXES[m] ?? m);
}

/** Encodes a `{**path}` value: each "/"-separated piece on its own, the slashes kept. */
export function encodeUrlPath(text: string): string {
  return text.split('/').map(encodeUrlPart).join('/');
}

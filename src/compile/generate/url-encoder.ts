// Percent-encoding of generated URL parts, as ASP.NET Core's UrlEncoder.Default: everything is escaped
// (as UTF-8) except ALPHA, DIGIT and - . _ ~ ! $ ( ) * , ; @ — the same set for path segments and query.

// SAFE[c] is 1 for the ASCII characters written as they are.
const SAFE = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$()*,;@') SAFE[c.charCodeAt(0)] = 1;

// encodeURIComponent leaves ' as it is and escapes $ , ; @; UrlEncoder does the opposite for those five.
const FIX = /'|%24|%2C|%3B|%40/g;
const FIXES: Record<string, string> = { "'": '%27', '%24': '$', '%2C': ',', '%3B': ';', '%40': '@' };

/** Encodes one value for a URL path segment or query component. */
export function encodeUrlPart(text: string): string {
  // Perf: most values need no escaping; a table lookup per character beats a regex test on short strings.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || SAFE[c] === 0) {
      // A lone surrogate cannot be UTF-8 encoded; like .NET, write U+FFFD instead of failing.
      return encodeURIComponent(text.toWellFormed()).replace(FIX, (m) => FIXES[m] ?? m);
    }
  }
  return text;
}

/** Encodes a `{**path}` value: each "/"-separated piece on its own, the slashes kept. */
export function encodeUrlPath(text: string): string {
  return text.split('/').map(encodeUrlPart).join('/');
}

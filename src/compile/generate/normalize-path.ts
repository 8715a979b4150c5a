// ASP.NET RouteOptions applied to a generated URL (RouteCollection.NormalizeVirtualPath).

/** How generated URLs are normalised; all off by default. */
export interface UrlOptions {
  /** Paths (not query strings) are lower-cased. */
  readonly lowercaseUrls?: boolean;
  /** With lowercaseUrls, query strings are lower-cased too. */
  readonly lowercaseQueryStrings?: boolean;
  /** Paths end with "/" (before the query). */
  readonly appendTrailingSlash?: boolean;
}

/** Applies the options to `url` (path, then an optional ?query or #fragment). */
export function normalizeVirtualPath(url: string, options: UrlOptions): string {
  if (!options.lowercaseUrls && !options.appendTrailingSlash) return url;
  const cut = url.search(/[?#]/);
  let path = cut < 0 ? url : url.slice(0, cut);
  let query = cut < 0 ? '' : url.slice(cut);
  if (options.lowercaseUrls) {
    path = path.toLowerCase();
    if (options.lowercaseQueryStrings) query = query.toLowerCase();
  }
  if (options.appendTrailingSlash && !path.endsWith('/')) path += '/';
  return path + query;
}

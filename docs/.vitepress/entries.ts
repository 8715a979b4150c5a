// The public entries of the package, from package.json "exports": what the site's API reference has a page for
// (docs/.vitepress/api.ts), lists in its sidebar (config.mts), and what test/browser/docs-site.test.ts opens;
// and where the site's build writes.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout (a URL, not import.meta.dirname: the site's config runs bundled by Vite). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the API reference's pages are written, and their path on the site. */
export const API_DIR = 'docs/api';
/** What `npm run docs` writes under docs/ (gitignored), which the docs' own tests leave out: the API reference
 * (from src's comments, checked as src), the built site and Vite's cache. */
export const GENERATED_DOCS = [API_DIR, 'docs/.vitepress/dist', 'docs/.vitepress/cache'];

export interface PublicEntry {
  /** What a user imports: `switchyard-router/express`. */
  specifier: string;
  /** Its source file: `src/express.ts` (package.json names `dist/express.d.ts`). */
  source: string;
  /** Its page, from the site's root: `docs/api/switchyard-router/express.md`. */
  page: string;
}

/** The public entries, in the order of package.json "exports". */
export function publicEntries(): PublicEntry[] {
  const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { types?: string }> };
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    if (typeof target !== 'object' || target.types === undefined) return []; // ./package.json
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    return [{ specifier, source: `src/${basename(target.types, '.d.ts')}.ts`, page: `${API_DIR}/${specifier}.md` }];
  });
}

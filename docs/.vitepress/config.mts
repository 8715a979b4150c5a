// The docs site (`npm run docs`, into docs/.vitepress/dist): the README as the home page, the pages of docs/ as
// they read on GitHub and npm (relative links to .md files, which VitePress turns into links to its pages), and
// the API reference that api.ts writes from the public entries before each build. Its pages are the files'
// paths: README.md is /, docs/aot.md is /docs/aot.html, so each relative link means the same on the site.
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { writeApiReference } from './api.js';
import { API_DIR, publicEntries, ROOT } from './entries.js';

await writeApiReference();

/** The guide's pages, in the order of the README's docs list. */
const GUIDE = ['templates', 'matching', 'generation', 'typed-routes', 'aot', 'live-tables', 'diagnostics', 'openapi', 'tracing', 'pipeline', 'import', 'todo-api', 'package', 'architecture', 'benchmarks'];
const FRAMEWORKS = ['express', 'fastify', 'hono', 'koa', 'links'];

/** A sidebar item for a page of docs/: its first heading is its title. */
function page(path: string): DefaultTheme.SidebarItem {
  const heading = /^# (.+)$/m.exec(readFileSync(resolve(ROOT, `docs/${path}.md`), 'utf8'));
  if (heading === null) throw new Error(`docs/${path}.md has no "# " heading to title it in the sidebar`);
  return { text: heading[1].replace(/`/g, ''), link: `/docs/${path}` };
}

/**
 * A heading's id as GitHub makes it (lower case; punctuation and symbols dropped; each space a hyphen), so that a
 * link to docs/todo-api.md#several-hosts finds its section on GitHub, on npm and on the site alike.
 */
function githubSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The files other than pages that a page links to (docs/examples/routes.json), from the checkout's root. */
function linkedFiles(page: string): string[] {
  const markdown = readFileSync(resolve(ROOT, page), 'utf8');
  return [...markdown.matchAll(/(!?)\[[^\]]*\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)].flatMap(([, image, target]) => {
    if (image || /^[a-z]+:|^\/|\.md$/i.test(target)) return []; // an image (Vite serves it), another site, or a page
    const file = resolve(ROOT, dirname(page), decodeURI(target));
    return existsSync(file) && statSync(file).isFile() ? [relative(ROOT, file)] : [];
  });
}

/** Two tracks parting at a switch. */
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="none" stroke="#3451b2" stroke-width="2"><path d="M4 16V0M4 10 14 1"/></svg>';

const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { description: string; homepage: string };

export default defineConfig({
  title: 'switchyard',
  description: pkg.description,
  // The site is published where package.json's homepage says (https://switchyard-router.github.io/switchyard/):
  // its pages and assets are under that path, not at the host's root.
  base: new URL(pkg.homepage).pathname,
  // The icon inline: a browser asks for /favicon.ico otherwise, which the site does not have.
  head: [['link', { rel: 'icon', href: `data:image/svg+xml,${encodeURIComponent(ICON)}` }]],
  srcDir: '..',
  // The site's pages: the Markdown files at the top of the checkout (README.md) and under docs/; nothing from
  // src/, test/, bench/, tools/ and the rest.
  srcExclude: readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'docs').map((e) => `${e.name}/**`),
  rewrites: { 'README.md': 'index.md' },
  lastUpdated: false,
  markdown: {
    // The pages are plain Markdown that reads the same on GitHub and npm: no VitePress syntax in them.
    anchor: { slugify: githubSlug },
    attrs: { disable: true }, // "`{id}`{…}" is text, not attributes
    emoji: { defs: {}, shortcuts: {} }, // ":x:" and "8)" are text, not emoji
    config(md) {
      // "{{" is text (a template's literal brace), never a Vue interpolation.
      for (const rule of ['text', 'code_inline'] as const) {
        const render = md.renderer.rules[rule]!;
        md.renderer.rules[rule] = (...args) => render(...args).replace(/\{/g, '&#123;');
      }
    },
  },
  // A page's link to a file of the checkout (an example's source, a route table) serves that file, as on GitHub.
  buildEnd(site) {
    for (const file of new Set(site.pages.flatMap(linkedFiles))) cpSync(resolve(ROOT, file), join(site.outDir, file));
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/docs/templates' },
      { text: 'API', link: '/docs/api/' },
    ],
    sidebar: [
      { text: 'Guide', items: GUIDE.map(page) },
      { text: 'Frameworks', items: FRAMEWORKS.map((name) => page(`frameworks/${name}`)) },
      {
        text: 'API reference',
        link: '/docs/api/',
        items: publicEntries().map((e) => ({ text: e.specifier, link: `/${e.page.replace(/\.md$/, '')}` })),
      },
    ],
    search: {
      provider: 'local',
      options: {
        // The guide before the API reference: a declaration's section (its title the bare name, "UrlFor") outranked
        // the guide's page on it ("Links in a handler: urlFor"). VitePress sends this function to the page as its text.
        miniSearch: { searchOptions: { boostDocument: (id: string) => (id.includes('/docs/api/') ? 0.3 : 1) } },
        // An API page's "References" lists what the entry re-exports from another's page ("Re-exports UrlFor"):
        // indexed, each such heading outranked the guide's sections for its name. The search leaves them out; the
        // page that documents the declaration is found, and the guide's pages above it.
        _render(src, env, md) {
          const indexed = env.relativePath.startsWith(`${API_DIR}/`) ? src.replace(/^## References\n[^]*?(?=^## |(?![^]))/m, '') : src;
          const html = md.render(indexed, env);
          return env.frontmatter?.search === false ? '' : html;
        },
      },
    },
    outline: { level: [2, 3] },
  },
});

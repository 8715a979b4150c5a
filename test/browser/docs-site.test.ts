/// <reference lib="dom" />
// The docs site as a reader meets it: `npm run docs` builds it (VitePress, docs/.vitepress/config.mts; the API
// reference written by TypeDoc from the public entries), a static file server serves the build on 127.0.0.1, and
// Debian's Chromium opens every page: each loads with no console error and no failed request, every link on every
// page leads to a page, a file or a heading that is there, the local search finds a term and takes the reader to
// it, and the API reference has a page for each entry of package.json "exports", with every value it exports, a
// description of each function, class and interface it declares, and no source file's name (a user has no src/).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR, GENERATED_DOCS, publicEntries } from '../../docs/.vitepress/entries.js';
import { launchChromium, newPage, recordProblems } from './chromium.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SITE = resolve(ROOT, 'docs/.vitepress/dist');
/** Where the site is published (package.json's homepage, e.g. /switchyard): the server below serves it there only. */
const BASE = new URL((JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { homepage: string }).homepage).pathname.replace(/\/$/, '');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ts': 'text/plain; charset=utf-8',
};

/** The site's path of a Markdown file of the checkout: README.md is /, docs/aot.md is /docs/aot.html. */
function sitePath(markdown: string): string {
  if (markdown === 'README.md') return '/';
  return `/${markdown.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '.html')}`;
}

/** The Markdown files under docs/ that are the guide (not the generated API reference, not the site's own folder). */
function guidePages(dir = 'docs'): string[] {
  return readdirSync(resolve(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return GENERATED_DOCS.includes(path) ? [] : guidePages(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/**
 * Serves the built site as a static host would, under BASE (a request elsewhere is a 404, so an asset the site
 * asks for at the host's root fails the page): a folder's index.html; 404.html with status 404.
 */
function serveSite(): Server {
  return createServer((req, res) => {
    const requested = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    if (requested !== BASE && !requested.startsWith(`${BASE}/`)) return void res.writeHead(404).end();
    const path = requested.slice(BASE.length) || '/';
    let file = resolve(SITE, `.${path}`);
    if (!file.startsWith(SITE + sep) && file !== SITE) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404, { 'content-type': TYPES['.html'] }).end(readFileSync(join(SITE, '404.html')));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
}

/** Runs `npm run docs`, resolving with its exit code and output when it ends. */
function buildSite(): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', 'docs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => done({ code, output }));
  });
}

/** What a page holds that the checks below need. */
interface Visit {
  status: number;
  title: string;
  ids: Set<string>;
  /** Links to this site (absolute URLs). */
  links: string[];
  /** The API reference's declarations: the text of each h3, without the "()" of a function. */
  declarations: string[];
  sidebar: string[];
  /**
   * The API reference's sections: each h3's text (as in declarations), what follows it up to the next h2 or h3, and
   * its links; the h2 it is under (its kind: "Functions", "Classes"…), and its description: the text before its first
   * subheading (Parameters, Constructors…), past its signature.
   */
  sections: Map<string, { text: string; links: string[]; kind: string; description: string }>;
  /** The text of the page's content. */
  text: string;
}

let browser: Browser;
let server: Server;
let origin: string;
const visits = new Map<string, Visit>();
const problems: string[] = [];

/** Opens a page of the site (loaded and hydrated by Vue) in page, and reads what the checks need. */
async function visit(page: Page, url: string): Promise<Visit> {
  const response = await page.goto(url);
  await page.waitForFunction(() => (document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined);
  const seen = await page.evaluate(() => ({
    title: document.querySelector('.vp-doc h1')?.textContent?.replace(/\u200b/g, '').trim() ?? '',
    ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
    links: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    declarations: [...document.querySelectorAll('.vp-doc h3')].map((h) => (h.textContent ?? '').replace(/\u200b/g, '').trim().replace(/\(\)$/, '')),
    sidebar: [...document.querySelectorAll('.VPSidebar a[href]')].map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    sections: [...document.querySelectorAll('.vp-doc h3')].map((h) => {
      const parts: Element[] = [h];
      for (let n = h.nextElementSibling; n !== null && !/^H[23]$/.test(n.tagName); n = n.nextElementSibling) parts.push(n);
      let kind = h.previousElementSibling;
      while (kind !== null && kind.tagName !== 'H2') kind = kind.previousElementSibling;
      // A signature is a blockquote; an overload's, under a "Call Signature" heading: neither describes anything.
      const described: Element[] = [];
      for (const n of parts.slice(1)) {
        if (/^H[4-6]$/.test(n.tagName) && n.textContent?.replace(/\u200b/g, '').trim() !== 'Call Signature') break;
        if (!/^(H[4-6]|BLOCKQUOTE)$/.test(n.tagName)) described.push(n);
      }
      return [
        (h.textContent ?? '').replace(/\u200b/g, '').trim().replace(/\(\)$/, ''),
        {
          text: parts.map((e) => e.textContent).join('\n'),
          links: parts.flatMap((e) => [...e.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href)),
          kind: kind?.textContent?.replace(/\u200b/g, '').trim() ?? '',
          description: described.map((e) => e.textContent).join('\n').trim(),
        },
      ] as const;
    }),
    text: document.querySelector('.vp-doc')?.textContent ?? '',
  }));
  return { ...seen, status: response?.status() ?? 0, ids: new Set(seen.ids), links: seen.links.filter((l) => l.startsWith(`${origin}/`)), sections: new Map(seen.sections) };
}

const withoutHash = (url: string): string => url.replace(/#.*$/, '');
const isPage = (url: string): boolean => /(\/|\.html)$/.test(new URL(url).pathname);

// The expected pages, from the checkout: the README, every page of docs/, the API reference's index and one page
// per public entry. Each must be on the site (the crawl below also follows every link it finds).
const expectedPages = ['README.md', ...guidePages(), 'docs/api/index.md', ...publicEntries().map((e) => e.page)];

beforeAll(async () => {
  const built = await buildSite();
  if (built.code !== 0) throw new Error(`npm run docs failed (exit ${built.code}):\n${built.output}`);
  server = serveSite();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}`;
  browser = await launchChromium();
  // Every page, and every page a link leads to, opened once in one tab.
  const page = await newPage(browser, 1280);
  const found = recordProblems(page, { requests: true });
  const queue = expectedPages.map((p) => `${origin}${sitePath(p)}`);
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (visits.has(url)) continue;
    const seen = await visit(page, url);
    visits.set(url, seen);
    problems.push(...found.splice(0).map((p) => `${url.slice(origin.length)}: ${p}`));
    queue.push(...seen.links.filter(isPage).map(withoutHash));
  }
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
});

describe('the docs site (npm run docs)', () => {
  it('has a page for the README, each page of docs/ and the API reference, each with a title', () => {
    for (const markdown of expectedPages) {
      const seen = visits.get(`${origin}${sitePath(markdown)}`);
      expect(seen?.status, markdown).toBe(200);
      expect(seen?.title, markdown).not.toBe('');
    }
    expect(visits.get(`${origin}/`)?.title).toBe('switchyard');
  });

  it('loads every page with no console error, no page error and no failed request', () => {
    expect(visits.size).toBeGreaterThanOrEqual(expectedPages.length);
    expect(problems).toEqual([]);
  });

  it('has no broken link: each leads to a page, a file or a heading that is there', async () => {
    const broken: string[] = [];
    const files = new Map<string, number>();
    for (const [from, seen] of visits) {
      for (const link of seen.links) {
        const target = withoutHash(link);
        const id = decodeURIComponent(link.slice(target.length + 1));
        if (isPage(target)) {
          const there = visits.get(target);
          if (there?.status !== 200) broken.push(`${from.slice(origin.length)} → ${link.slice(origin.length)}: no page (${there?.status})`);
          else if (id !== '' && !there.ids.has(id)) broken.push(`${from.slice(origin.length)} → ${link.slice(origin.length)}: no heading "${id}" there`);
        } else {
          if (!files.has(target)) files.set(target, (await fetch(target)).status);
          if (files.get(target) !== 200) broken.push(`${from.slice(origin.length)} → ${link.slice(origin.length)}: HTTP ${files.get(target)}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(files.size).toBeGreaterThan(0); // the examples' files the pages link to (docs/examples/routes.json …)
  });

  it('lists every page of docs/ and every entry of the API reference in the sidebar', () => {
    const sidebar = new Set(visits.get(`${origin}/docs/templates.html`)?.sidebar);
    const listed = expectedPages.filter((p) => p !== 'README.md' && p !== 'docs/api/index.md').map(sitePath);
    expect(listed.filter((path) => !sidebar.has(`${BASE}${path}`))).toEqual([]);
  });
});

describe("the site's search", () => {
  it.each([
    { term: 'invalid templates', page: '/docs/templates.html' },
    { term: 'compileToModule', page: '/docs/api/switchyard-router/build.html' },
  ])('finds "$term" and takes the reader to the section (a result on $page)', async ({ term, page: expected }) => {
    const page = await newPage(browser, 1280);
    const found = recordProblems(page, { requests: true });
    await visit(page, `${origin}/`);
    await page.click('.DocSearch-Button');
    await page.fill('#localsearch-input', term);
    const results = page.locator('#localsearch-list a.result');
    await results.first().waitFor();
    const hrefs = await results.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const chosen = hrefs.find((h) => new URL(h).pathname === `${BASE}${expected}`);
    expect(chosen, `results: ${hrefs.join(', ')}`).toBeDefined();
    await results.nth(hrefs.indexOf(chosen!)).click();
    await page.waitForURL(chosen!);
    const hash = decodeURIComponent(new URL(chosen!).hash.slice(1));
    await page.locator(`[id="${hash}"]`).waitFor();
    // The reader lands on a section that has the term: the heading and what follows it, up to the next heading.
    const section = await page.evaluate((id) => {
      const heading = document.getElementById(id)!;
      let text = heading.textContent ?? '';
      for (let n = heading.nextElementSibling; n !== null && !/^H[1-6]$/.test(n.tagName); n = n.nextElementSibling) text += n.textContent;
      return text;
    }, hash);
    expect(section.toLowerCase()).toContain(term.toLowerCase());
    expect((await page.locator('.vp-doc h1').textContent())?.replace(/\u200b/g, '').trim()).toBe(visits.get(`${origin}${expected}`)?.title);
    expect(found).toEqual([]);
    await page.close();
  });
});

// A name the guide explains and the API reference declares: the guide's page comes first, and no result is a
// stub of the reference that only points elsewhere ("Re-exports UrlFor"). The query is typed as soon as the page has
// loaded, before the search index has: its results come when the index does.
describe("the site's search, for a name", () => {
  it.each([{ term: 'urlFor', first: '/docs/frameworks/links.html' }])('"$term" right after load: $first first, no re-export stub', async ({ term, first }) => {
    const page = await newPage(browser, 1280);
    const found = recordProblems(page, { requests: true });
    await page.goto(`${origin}/docs/templates.html`);
    await page.click('.DocSearch-Button');
    await page.fill('#localsearch-input', term);
    const results = page.locator('#localsearch-list a.result');
    await results.first().waitFor();
    const listed = await results.evaluateAll((as) => as.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent ?? '' })));
    expect(new URL(listed[0].href).pathname, `results: ${listed.map((r) => r.href).join(', ')}`).toBe(`${BASE}${first}`);
    const stubs = listed.filter((r) => new URL(r.href).pathname.startsWith(`${BASE}/docs/api/`) && visits.get(withoutHash(r.href))?.sections.get(decodeURIComponent(new URL(r.href).hash.slice(1)).replace(/^api-/, ''))?.text.includes('Re-exports'));
    expect(stubs).toEqual([]);
    expect(found).toEqual([]);
    await page.close();
  });
});

describe('the API reference', () => {
  it.each(publicEntries())('$specifier: its page documents every value the entry exports', async ({ specifier, source, page }) => {
    const seen = visits.get(`${origin}${sitePath(page)}`);
    expect(seen?.title).toBe(specifier);
    const values = Object.keys(await import(/* @vite-ignore */ relative(import.meta.dirname, resolve(ROOT, source)).replace(/\.ts$/, '.js')));
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((name) => !seen!.declarations.includes(name))).toEqual([]);
  });

  // A declaration alone tells a user nothing: each says what it is, what it does, what to pass.
  it.each(publicEntries())('$specifier: each function, class and interface it declares has a description', ({ page }) => {
    const seen = visits.get(`${origin}${sitePath(page)}`)!;
    const declared = [...seen.sections].filter(([, s]) => ['Functions', 'Classes', 'Interfaces'].includes(s.kind));
    expect([...seen.sections].filter(([, s]) => s.kind === '').map(([name]) => name)).toEqual([]); // each under its kind's h2
    expect(declared.filter(([, s]) => s.description === '').map(([name, s]) => `${s.kind}: ${name}`)).toEqual([]);
  });

  // A user has the package, not its checkout: "see route-digest.ts" points nowhere. The reference links the guide.
  it('names no source file on any of its pages', () => {
    const pages = [...visits].filter(([url]) => url.startsWith(`${origin}/${API_DIR}/`));
    expect(pages.length).toBe(publicEntries().length + 1); // index.html and a page per entry
    const named = pages.flatMap(([url, seen]) => (seen.text.match(/\b[\w-]+\.ts\b|\bsrc\/[\w./-]*/g) ?? []).map((name) => `${url.slice(origin.length)}: ${name}`));
    expect(named).toEqual([]);
  });
});

// What a framework adapter's defineRoutes and group are, on its page: a declaration alone
// (`TypedAdapter<ExpressTypes>["group"]`) tells a user nothing. Each says what it does and, for group, the options it
// takes; shows a call; links a guide page; and links the type it is declared with, which the page documents.
describe("the API reference of the framework adapters", () => {
  const HOME = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { homepage: string }).homepage;
  const adapters = publicEntries().filter((e) => /\/(express|fastify|koa|hono|hono\/aot)$/.test(e.specifier));
  const rows = adapters.flatMap((entry) => [
    { entry, name: 'defineRoutes', says: ['defineRoutes([', 'handler', 'urlFor(module, name, values)'] },
    { entry, name: 'group', says: ['prefix', 'name', 'middleware', 'defaults', 'constraints', 'Groups nest'] },
  ]);
  it('covers the five adapters', () => {
    expect(adapters.map((e) => e.specifier)).toEqual(['switchyard-router/express', 'switchyard-router/fastify', 'switchyard-router/hono', 'switchyard-router/hono/aot', 'switchyard-router/koa']);
  });

  it.each(rows)('$entry.specifier: $name says what it does, shows a call, links a guide page and TypedAdapter', ({ entry, name, says }) => {
    const seen = visits.get(`${origin}${sitePath(entry.page)}`)!;
    const section = seen.sections.get(name);
    expect(section, `${entry.page}: no section ${name}`).toBeDefined();
    for (const words of says) expect(section!.text, `${entry.specifier} ${name}: "${words}"`).toContain(words);
    expect(section!.text).toMatch(new RegExp(`Example[^]*export const \\w+ = ${name}\\(`));
    expect(section!.links.filter((l) => l.startsWith(`${HOME}docs/`)).length, `${entry.specifier} ${name}: a link to a guide page`).toBeGreaterThan(0);
    // TypeDoc documents a type several entries export on the first entry's page; the others link to it.
    const typedAdapter = section!.links.find((l) => l.endsWith('#api-typedadapter'));
    expect(typedAdapter, `${entry.specifier} ${name}: a link to TypedAdapter`).toBeDefined();
    expect(visits.get(withoutHash(typedAdapter!))?.sections.get('TypedAdapter')?.text).toContain(`${name}(`);
  });

  it.each(adapters)('$specifier: the page documents the types its entry is declared with', ({ specifier, page }) => {
    const seen = visits.get(`${origin}${sitePath(page)}`)!;
    const declared = specifier.endsWith('/aot') ? ['TypedAdapter', 'HandlerTypes'] : ['TypedAdapter', 'HandlerTypes', 'AdapterEntry'];
    // Its own section, or "Re-exports T" linking to the page that documents it (another adapter's).
    const documented = (type: string): boolean => {
      const own = seen.sections.get(type);
      const there = own?.text.includes('Re-exports') ? visits.get(withoutHash(own.links.find((l) => l.endsWith(`#api-${type.toLowerCase()}`)) ?? ''))?.sections.get(type) : own;
      return there !== undefined && !there.text.includes('Re-exports') && there.text.length > type.length + 40;
    };
    expect(declared.filter((type) => !documented(type))).toEqual([]);
  });
});

/// <reference lib="dom" />
// The pages people use, in a real browser: Debian's Chromium driven by playwright-core (`npm run
// test:browser`; .ci/run installs the chromium package when it is missing). The route inspector on the to-do
// server (TODO_INSPECT) and on a table with an unreachable route and hostile strings; the to-do API's explorer at
// /docs. Screenshots go to docs/images/ for the docs.
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../src/index.js';
import { routeInspector } from '../../src/http.js';
import { createTodoServer } from '../../src/todo/server.js';
import { launchChromium, open as openIn } from './chromium.js';

const ROOT = resolve(import.meta.dirname, '../..');
const IMAGES = resolve(ROOT, 'docs/images');
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

let browser: Browser;
let todo: string;
let demo: string;
let stale: Record<'plain' | 'hostile', string>;
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  browser = await launchChromium();
  todo = await listen(createTodoServer({ log: false, inspect: true }));
  const table = compile([
    { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'], defaults: { note: HOSTILE } },
    { name: HOSTILE, template: 'evil/{x}', defaults: { x: HOSTILE } },
    { template: 'files/{*path}' },
    { template: 'files/readme' }, // after the catch-all: unreachable
    { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
  ]);
  const inspector = routeInspector(table, { title: 'Demo routes' });
  demo = await listen(createServer((req, res) => void (inspector(req, res) || res.writeHead(404).end())));
  // What `switchyard inspect --watch` serves after routes.json changed to a version that does not compile.
  const last = compile([{ name: 'health', template: 'healthz' }, { name: 'todos', template: 'api/todo' }, { name: 'todo', template: 'api/todo/{id:int}' }]);
  const staleFor = async (message: string): Promise<string> => {
    const staleInspector = routeInspector(last, { title: 'Routes of routes.json', error: { message, problems: [] } });
    return listen(createServer((req, res) => void (staleInspector(req, res) || res.writeHead(404).end())));
  };
  stale = { plain: await staleFor(LOAD_ERROR.plain), hostile: await staleFor(LOAD_ERROR.hostile) };
});

const LOAD_ERROR = {
  plain: 'routes.json: an error in the route table\n  #2 todo "api/todo/{id:int"  invalid template at position 9: unmatched "{" (the parameter is not closed)\n    api/todo/{id:int\n             ^',
  hostile: `routes.json: an error in the route table\n  #2 ${HOSTILE} "a/{b"  invalid template at position 2: unmatched "{" (the parameter is not closed)\n    a/{b\n      ^`,
};

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const open = (url: string, width?: number) => openIn(browser, url, width);

describe('the route inspector on the to-do server (TODO_INSPECT=1)', () => {
  it('loads with no console error, shows the table, and explains GET /api/todo/abc', async () => {
    const { page, problems } = await open(`${todo}/_routes/`);
    await expect.poll(() => page.textContent('#summary')).toMatch(/^7 routes, 0 errors, /);
    await page.selectOption('#explain-method', 'GET');
    await page.fill('#explain-path', '/api/todo/abc');
    await page.click('#explain-form button');
    await page.waitForSelector('#explain-result .winner-line');
    expect(await page.textContent('#explain-result .winner-line strong')).toBe('Winner: #3 GetTodo api/todo/{id}');
    expect(await page.textContent('#explain-result .values')).toBe('{"id":"abc"}');
    expect(await page.locator('#route-3.winner').count()).toBe(1);
    await page.screenshot({ path: `${IMAGES}/inspector.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('generates a link by route name, and shows why', async () => {
    const { page, problems } = await open(`${todo}/_routes/`);
    await page.waitForSelector('#generate-name option', { state: 'attached' });
    await page.selectOption('#generate-name', 'GetTodo');
    await page.fill('#generate-values', 'id=5');
    await page.click('#generate-form button');
    await page.waitForSelector('#generate-result .url');
    expect(await page.textContent('#generate-result .url')).toBe('/api/todo/5');
    expect(await page.textContent('#generate-result .reasons')).toContain('generated /api/todo/5');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works with the keyboard alone', async () => {
    const { page, problems } = await open(`${todo}/_routes/`);
    await expect.poll(() => page.textContent('#summary')).toMatch(/routes/);
    // Tab from the top of the page to the path box, type, Enter submits.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.id)) !== 'explain-path'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('explain-path');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('/healthz');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#explain-result .winner-line');
    expect(await page.textContent('#explain-result .winner-line strong')).toBe('Winner: #0 healthz');
    // On to the generate box: its fields and button are reachable by Tab too, and Enter submits there.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.id)) !== 'generate-values'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('generate-values');
    await page.keyboard.type('id=9');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#generate-result .url');
    expect(await page.textContent('#generate-result .url')).toBe('/api/todo/9');
    // A focused control is visible (an outline).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits a phone (390 px): nothing is wider than the screen', async () => {
    const { page, problems } = await open(`${todo}/_routes/`, 390);
    await expect.poll(() => page.textContent('#summary')).toMatch(/routes/);
    await page.fill('#explain-path', '/api/todo/1');
    await page.click('#explain-form button');
    await page.waitForSelector('#explain-result .winner-line');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${IMAGES}/inspector-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the route inspector on a table with an unreachable route and hostile strings', () => {
  it('marks the unreachable route, naming the route that takes its requests', async () => {
    const { page, problems } = await open(`${demo}/_routes/`);
    await expect.poll(() => page.textContent('#summary')).toMatch(/^5 routes, 1 error \(1 route unreachable\), /);
    const route = page.locator('#route-3');
    expect(await route.getAttribute('class')).toContain('unreachable');
    expect(await route.locator('.template').evaluate((n) => getComputedStyle(n).textDecorationLine)).toBe('line-through');
    expect(await route.locator('.finding.error').textContent()).toMatch(/#2 "files\/\{\*path\}" comes first/);
    expect(await page.locator('#load-error').isHidden()).toBe(true); // no error option: no box
    await page.screenshot({ path: `${IMAGES}/inspector-unreachable.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows templates, names, defaults and requested paths holding <script> as text, never as markup', async () => {
    const { page, problems } = await open(`${demo}/_routes/`);
    await expect.poll(() => page.textContent('#summary')).toMatch(/routes/);
    await page.fill('#explain-path', `/evil/${encodeURIComponent(HOSTILE)}`);
    await page.click('#explain-form button');
    await page.waitForSelector('#explain-result .winner-line');
    expect(await page.textContent('#explain-result .values')).toBe(JSON.stringify({ x: HOSTILE }));
    await page.fill('#explain-path', `/${HOSTILE}`);
    await page.click('#explain-form button');
    await page.waitForSelector('#explain-result .result');
    // The only script is the inspector's own; no element came from a route or a request.
    expect(await page.evaluate(() => [...document.scripts].map((s) => new URL(s.src).pathname))).toEqual(['/_routes/inspector.js']);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('#route-1 strong').textContent()).toBe(`#1 ${HOSTILE}`);
    expect(problems).toEqual([]); // no alert ran
    await page.close();
  });
});

describe('the route inspector of a table whose latest version did not load (switchyard inspect --watch)', () => {
  it.each([
    { error: 'plain', width: 1200 },
    { error: 'hostile', width: 390 },
  ] as const)('shows the $error error above the last table that loaded, as text, at $width px', async ({ error, width }) => {
    const { page, problems } = await open(`${stale[error]}/_routes/`, width);
    await expect.poll(() => page.textContent('#summary')).toMatch(/^3 routes/);
    const box = page.locator('#load-error');
    expect(await box.isVisible()).toBe(true);
    expect(await box.getAttribute('role')).toBe('alert');
    expect(await box.locator('strong').textContent()).toBe('The latest version of the table did not load; this page shows the last one that did.');
    expect(await box.locator('pre').textContent()).toBe(LOAD_ERROR[error]); // the caret under its place, a hostile name as text
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (error === 'plain') await page.screenshot({ path: `${IMAGES}/inspector-load-error.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the to-do API explorer at /docs', () => {
  it('lists the five operations, and "Try it out" on GET /api/todo returns the seeded item', async () => {
    const { page, problems } = await open(`${todo}/docs`);
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const operations = await page.locator('.opblock .opblock-summary-method').allTextContents();
    const paths = await page.locator('.opblock .opblock-summary-path').allTextContents();
    // The document also lists /healthz, /openapi.json and the HEAD of each GET; the API's own five:
    const listed = operations.map((m, i) => `${m} ${paths[i].replace(/\u200b/g, '')}`);
    expect(listed.filter((op) => /^(?!HEAD)\S+ \/api\/todo/.test(op)).sort()).toEqual(
      ['DELETE /api/todo/{id}', 'GET /api/todo', 'GET /api/todo/{id}', 'POST /api/todo', 'PUT /api/todo/{id}'].sort(),
    );
    const getAll = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/api\/todo$/ }) }).first();
    await getAll.locator('.opblock-summary').click();
    await getAll.locator('button.try-out__btn').click();
    await getAll.locator('button.execute').click();
    // The live response's body (the other code blocks there are the curl command and the request URL).
    await expect.poll(async () => (await getAll.locator('.live-responses-table .microlight').allTextContents()).find((t) => t.trim().startsWith('['))).toBeTruthy();
    const body = (await getAll.locator('.live-responses-table .microlight').allTextContents()).find((t) => t.trim().startsWith('['))!;
    expect(JSON.parse(body)).toEqual([expect.objectContaining({ Name: 'Item1', IsComplete: false })]);
    expect(await getAll.locator('.live-responses-table tbody .response-col_status').first().textContent()).toMatch(/^200/);
    await page.screenshot({ path: `${IMAGES}/api-explorer.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});

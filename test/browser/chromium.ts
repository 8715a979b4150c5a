// Debian's Chromium driven by playwright-core, for the browser suite (`npm run test:browser`; .ci/run installs the
// chromium package when it is missing), and a page that records what went wrong on it.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PATIENCE_MS } from '../support/patience.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('no Chromium: install Debian\'s chromium package (apt-get install chromium) or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath: CHROMIUM,
    // As root in a container, without a sandbox; no background traffic to hosts this machine cannot reach.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * What goes wrong on a page, as it happens: console errors, page errors (a CSP violation is one) and dialogs
 * (alert); with `requests`, also each request that failed or was answered with a 4xx or 5xx status.
 */
export function recordProblems(page: Page, { requests = false } = {}): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  if (requests) {
    // ERR_ABORTED is a request the page gave up, as when it leaves before a prefetch ends; a file that is not
    // there shows as its 404.
    page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  }
  return problems;
}

/** A new tab, width pixels wide, whose waits (for a selector, a load, a function) end only by what they wait for. */
export async function newPage(browser: Browser, width = 1200): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(PATIENCE_MS); // playwright's default is 30 s: a busy machine is not a failure
  return page;
}

/** A new page, recording its problems (recordProblems), opened at url. */
export async function open(browser: Browser, url: string, width = 1200): Promise<{ page: Page; problems: string[] }> {
  const page = await newPage(browser, width);
  const problems = recordProblems(page);
  await page.goto(url);
  return { page, problems };
}

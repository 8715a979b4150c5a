// A Cloudflare Worker made the way the docs say (docs/frameworks/hono.md, "Cloudflare Workers"): a 20-route Hono
// app on a router built ahead of time, through switchyard-router/hono/aot, bundled with esbuild --minify, runs
// in workerd (through miniflare) and answers as the same app on Hono's own router. `npm run test:runtimes`.
import { rmSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../fixtures/workers/app-routes.mjs';
import { buildWorkerBundles, type WorkerBundles } from '../support/worker-bundle.js';

let bundles: WorkerBundles;
beforeAll(async () => {
  bundles = await buildWorkerBundles();
}, 120_000);
afterAll(() => rmSync(bundles.dir, { recursive: true, force: true }));

/** Each fixture request sent to the Worker in workerd: the JSON answer, or the status. */
async function answersInWorkerd(scriptPath: string): Promise<unknown[]> {
  const mf = new Miniflare({ modules: true, scriptPath, compatibilityDate: '2026-01-01' });
  try {
    const answers: unknown[] = [];
    for (const [method, path] of requests) {
      const response = await mf.dispatchFetch(`http://worker.test${path}`, { method });
      answers.push(response.status === 200 ? await response.json() : (await response.text(), response.status));
    }
    return answers;
  } finally {
    await mf.dispose();
  }
}

const expected = requests.map(([, path, answer]) => (typeof answer === 'number' ? answer : { ...answer, self: path }));

describe('workerd: a Hono Worker on a built router', () => {
  it('starts and answers every request', async () => {
    expect(await answersInWorkerd(bundles.switchyard.path)).toEqual(expected);
  });

  it("answers as the same app on Hono's own router", async () => {
    expect(await answersInWorkerd(bundles.hono.path)).toEqual(expected);
  });

  it('answers 405 with Allow for a method no route of the path takes', async () => {
    const mf = new Miniflare({ modules: true, scriptPath: bundles.switchyard.path, compatibilityDate: '2026-01-01' });
    try {
      const response = await mf.dispatchFetch('http://worker.test/api/todo/5', { method: 'PATCH' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PUT');
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      await response.text();
    } finally {
      await mf.dispose();
    }
  });
});

// One measurement for bench/hono.mjs: a Hono app with the given router and route set, its first request (the
// router builds its matcher then), then REQUESTS requests through app.request(). Prints JSON.
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { SwitchyardRouter } from '../dist/hono.js';
import { loadFixture, syntheticRoutes } from './lib/data.mjs';

const [routerName, setName] = process.argv.slice(2);
const routers = {
  RegExpRouter: () => new RegExpRouter(),
  SmartRouter: () => new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] }),
  SwitchyardRouter: () => new SwitchyardRouter(),
};
let routes;
let requests;
if (setName === 'synthetic-10000') {
  routes = syntheticRoutes(10_000);
  // Requests drawn from the routes themselves (their colon paths, parameters filled), spread over the table.
  requests = Array.from({ length: 500 }, (_, i) => {
    const r = routes[(i * 7919) % routes.length];
    return { method: r.method, path: r.colon.replace(/:[^/]+/g, 'x1'), expect: null };
  });
} else {
  ({ routes, requests } = loadFixture(setName));
}
const app = new Hono({ router: routers[routerName]() });
routes.forEach((r, i) => app.on(r.method, r.colon, (c) => c.text(String(i))));
const paths = requests.map((r) => [r.method, `http://localhost${r.path}`]);

const t0 = performance.now();
await app.request(paths[0][1], { method: paths[0][0] });
const firstRequestMs = performance.now() - t0;
// The answers, checked against the set's expectations where it has them (hono answers the first route too).
for (const [i, r] of requests.entries()) {
  if (r.expect === null || r.expect === undefined) continue;
  const response = await app.request(paths[i][1], { method: paths[i][0] });
  const got = response.status === 404 ? null : Number(await response.text());
  if (got !== r.expect) throw new Error(`${routerName} ${setName}: ${r.method} ${r.path} answered ${got}, expected ${r.expect}`);
}
const REQUESTS = setName === 'synthetic-10000' ? 20_000 : 50_000;
for (let i = 0; i < 5_000; i++) await app.request(paths[i % paths.length][1], { method: paths[i % paths.length][0] });
const t1 = performance.now();
for (let i = 0; i < REQUESTS; i++) await app.request(paths[i % paths.length][1], { method: paths[i % paths.length][0] });
const nsPerRequest = ((performance.now() - t1) * 1e6) / REQUESTS;
console.log(JSON.stringify({ router: routerName, set: setName, routes: routes.length, firstRequestMs, nsPerRequest }));

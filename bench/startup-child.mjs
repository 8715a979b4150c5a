// One start-up measurement, in a fresh process (bench/startup.mjs spawns it): import the subject's adapter (and
// with it the router library), build the GitHub set, then the first N lookups, each path a fresh string cut from a
// Buffer as node:http hands req.url over. Prints { importMs, buildMs, lookupMs } as JSON; node's own bootstrap,
// the same for every subject, is not counted.
import { readFileSync } from 'node:fs';

const [adapterId, countText] = process.argv.slice(2);
const count = Number(countText);
const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/routes-github.json', import.meta.url), 'utf8'));
const { routes, requests } = fixture;
const buffer = Buffer.from(requests.map((r) => r.path).join(''), 'latin1');
const starts = [0];
for (const r of requests) starts.push(starts[starts.length - 1] + r.path.length);

const t0 = performance.now();
// 'none': no subject at all (bench/startup-instructions.mjs counts this process's own instructions with it).
const { default: createAdapter } = adapterId === 'none' ? { default: () => ({ name: 'none', build() {}, lookup: () => null }) } : await import(`./adapters/${adapterId}.mjs`);
const adapter = createAdapter();
const t1 = performance.now();
adapter.build(routes);
const t2 = performance.now();
let sum = 0;
for (let i = 0, k = 0; i < count; i++, k = k + 1 === requests.length ? 0 : k + 1) {
  const found = adapter.lookup(requests[k].method, buffer.latin1Slice(starts[k], starts[k + 1]));
  sum += found === null ? -1 : found;
}
const t3 = performance.now();
// The answers are checked once (after timing): a subject that answers wrongly must not look fast.
const expected = requests.reduce((s, r) => s + (r.expect === null ? -1 : r.expect), 0);
const whole = Math.floor(count / requests.length) * expected + requests.slice(0, count % requests.length).reduce((s, r) => s + (r.expect === null ? -1 : r.expect), 0);
process.stdout.write(JSON.stringify({ adapterId, name: adapter.name, count, importMs: t1 - t0, buildMs: t2 - t1, lookupMs: t3 - t2, correct: sum === whole }) + '\n');

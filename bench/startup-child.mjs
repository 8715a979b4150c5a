// One start-up measurement, in a fresh process (bench/startup.mjs and bench/startup-instructions.mjs spawn it):
// import the subject's adapter (and with it the router library), build a route set (github or small), then the
// first N lookups, each path a fresh string cut from a Buffer as node:http hands req.url over. Prints
// { importMs, buildMs, lookupMs } as JSON; node's own bootstrap, the same for every subject, is not counted.
//
//   node bench/startup-child.mjs <subject> <N> [set]   set: github, small (test/fixtures/routes-<set>.json) or the path
//   of a set's JSON file ({ routes, requests }, as bench/build-instructions.mjs writes the 10,000-route sets)
//   BENCH_STARTUP_MARKS=1000,10000: callgrind marks (process.ppid,
//   bench/lib/callgrind.mjs) before the import and after the first 1,000, 10,000 and N lookups, so that one process
//   under callgrind counts every shorter start-up too.
import { readFileSync } from 'node:fs';

const [adapterId, countText, setName = 'github'] = process.argv.slice(2);
const count = Number(countText);
const marks = process.env.BENCH_STARTUP_MARKS ? [...process.env.BENCH_STARTUP_MARKS.split(',').map(Number), count] : null;
const fixture = JSON.parse(readFileSync(setName.endsWith('.json') ? setName : new URL(`../test/fixtures/routes-${setName}.json`, import.meta.url), 'utf8'));
const { routes, requests } = fixture;
const buffer = Buffer.from(requests.map((r) => r.path).join(''), 'latin1');
const starts = [0];
for (const r of requests) starts.push(starts[starts.length - 1] + r.path.length);
/** A callgrind mark (uv_os_getppid); the comparison keeps the call. */
const mark = () => (marks !== null && process.ppid === 0 ? 1 : 0);

let sum = mark();
const t0 = performance.now();
// 'none': no subject at all (an empty process, for comparison).
const { default: createAdapter } = adapterId === 'none' ? { default: () => ({ name: 'none', build() {}, lookup: () => null }) } : await import(`./adapters/${adapterId}.mjs`);
const adapter = createAdapter();
const t1 = performance.now();
adapter.build(routes);
const t2 = performance.now();
let i = 0;
for (const upTo of marks ?? [count]) {
  for (let k = i % requests.length; i < upTo; i++, k = k + 1 === requests.length ? 0 : k + 1) {
    const found = adapter.lookup(requests[k].method, buffer.latin1Slice(starts[k], starts[k + 1]));
    sum += found === null ? -1 : found;
  }
  sum += mark();
}
const t3 = performance.now();
// The answers are checked once (after timing): a subject that answers wrongly must not look fast.
const expected = requests.reduce((s, r) => s + (r.expect === null ? -1 : r.expect), 0);
const whole = Math.floor(count / requests.length) * expected + requests.slice(0, count % requests.length).reduce((s, r) => s + (r.expect === null ? -1 : r.expect), 0);
process.stdout.write(JSON.stringify({ adapterId, name: adapter.name, set: setName, count, importMs: t1 - t0, buildMs: t2 - t1, lookupMs: t3 - t2, correct: sum === whole }) + '\n');

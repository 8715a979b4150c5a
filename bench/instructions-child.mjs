// The fixed lookup loop bench/instructions.mjs runs under callgrind: build one route set, warm up with W lookups
// over its requests, then run N more. Two runs that differ only in N give the instructions of N lookups alone.
import { loadAdapter } from './adapters/index.mjs';
import { switchyardRoutes } from './adapters/switchyard-routes.mjs';
import { crudSet, isFresh, loadFixture, realSet, requestsOf } from './lib/data.mjs';
import { compile } from './lib/switchyard.mjs';

const [adapterId, setName, mix, warmupText, countText] = process.argv.slice(2);
const fresh = isFresh(mix);
/** switchyard 'reference' answers the requests drawn for a real-application set (as in the router suite). */
const oracleFor = (routes) => {
  const router = compile(switchyardRoutes(routes), { strategy: 'reference' });
  return (method, path) => router.match(path, method)?.route.handler ?? null;
};
const REAL = ['nuget-gallery', 'nopcommerce-3.90'];
const set = setName.startsWith('crud-')
  ? crudSet(Number(setName.slice(5)), () => () => null)
  : REAL.includes(setName)
    ? realSet(setName, oracleFor)
    : loadFixture(setName);
const requests = requestsOf(set, mix);
const buffer = Buffer.from(requests.map((r) => r.path).join(''), 'latin1');
const starts = [0];
for (const r of requests) starts.push(starts[starts.length - 1] + r.path.length);
const methods = requests.map((r) => r.method);
const paths = requests.map((r) => r.path);

const adapter = await loadAdapter(adapterId);
adapter.build(set.routes);
function loop(count) {
  let sum = 0;
  for (let i = 0, k = 0; i < count; i++, k = k + 1 === paths.length ? 0 : k + 1) {
    const found = adapter.lookup(methods[k], fresh ? buffer.latin1Slice(starts[k], starts[k + 1]) : paths[k]);
    sum += found === null ? -1 : found;
  }
  return sum;
}
let sum = loop(Number(warmupText));
// process.ppid calls uv_os_getppid, which bench/instructions.mjs has callgrind dump its counts before: the dump
// between these two calls holds the N lookups alone.
if (process.ppid === 0) sum++;
sum += loop(Number(countText));
if (process.ppid === 0) sum++;
process.stdout.write(`${sum}\n`);

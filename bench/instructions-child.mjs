// The fixed lookup loop bench/instructions.mjs runs under callgrind: build one route set, warm up with W lookups
// over the requests of the first mix listed, then for each mix listed N lookups over its requests between two
// callgrind marks (process.ppid, bench/lib/callgrind.mjs), so each mix's N lookups are counted on their own.
//
//   node bench/instructions-child.mjs <subject> <set> <mix,mix,…> <W> <N>
import { loadAdapter } from './adapters/index.mjs';
import { switchyardRoutes } from './adapters/switchyard-routes.mjs';
import { crudSet, isFresh, loadFixture, realSet, requestsOf } from './lib/data.mjs';
import { compile } from './lib/switchyard.mjs';

const [adapterId, setName, mixesText, warmupText, countText] = process.argv.slice(2);
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

/** A mix's requests as the loop reads them: methods, paths, and the Buffer fresh paths are cut from. */
function requestsFor(mix) {
  const requests = requestsOf(set, mix);
  if (requests.length === 0) throw new Error(`${setName} has no requests of mix ${mix}`);
  const buffer = Buffer.from(requests.map((r) => r.path).join(''), 'latin1');
  const starts = [0];
  for (const r of requests) starts.push(starts[starts.length - 1] + r.path.length);
  return { fresh: isFresh(mix), methods: requests.map((r) => r.method), paths: requests.map((r) => r.path), buffer, starts };
}

const adapter = await loadAdapter(adapterId);
adapter.build(set.routes);
function loop({ fresh, methods, paths, buffer, starts }, count) {
  let sum = 0;
  for (let i = 0, k = 0; i < count; i++, k = k + 1 === paths.length ? 0 : k + 1) {
    const found = adapter.lookup(methods[k], fresh ? buffer.latin1Slice(starts[k], starts[k + 1]) : paths[k]);
    sum += found === null ? -1 : found;
  }
  return sum;
}
const mixes = mixesText.split(',').map(requestsFor);
let sum = loop(mixes[0], Number(warmupText));
for (const mix of mixes) {
  // The marks: uv_os_getppid, which callgrind dumps its counts before; the comparison keeps the call.
  if (process.ppid === 0) sum++;
  sum += loop(mix, Number(countText));
}
if (process.ppid === 0) sum++;
// The adapter's name for the results (its parent does not import the adapter: switchyard-aot needs its module).
process.stdout.write(`${adapter.name}\n${sum}\n`);

// node bench/http/callgrind-functions.mjs <callgrind file> [requests] [--inclusive] [top]: the per-function
// profile of a run kept by `BENCH_CALLGRIND_KEEP=<file> node bench/http/instructions.mjs …`, instructions per
// request (the file's counts ÷ requests, default 1). callgrind cannot name code the JIT wrote (it shows an
// address); node's --perf-basic-prof map kept beside the file (<file>.map: start, size, name per line) names it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const inclusive = args.includes('--inclusive');
const [file, requests = '1', top = '60'] = args.filter((a) => a !== '--inclusive');
if (!file) {
  console.error('usage: node bench/http/callgrind-functions.mjs <callgrind file> [requests] [--inclusive] [top]');
  process.exit(2);
}
const perRequest = Number(requests);

/** JIT code ranges, sorted by start. */
const ranges = [];
if (existsSync(`${file}.map`)) {
  for (const line of readFileSync(`${file}.map`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m) ranges.push({ start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[1]}`) + BigInt(`0x${m[2]}`), name: m[3] });
  }
  ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}
/** The name of the JIT code holding `address` (the last one written there: code space is reused). */
function jitName(address) {
  let lo = 0;
  let hi = ranges.length - 1;
  let found = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = found ?? -1; i >= 0 && i > (found ?? 0) - 50; i--) if (address < ranges[i].end && address >= ranges[i].start) return ranges[i].name;
  return null;
}

const out = execFileSync('callgrind_annotate', [`--inclusive=${inclusive ? 'yes' : 'no'}`, `--threshold=100`, file], { maxBuffer: 1 << 28 }).toString();
const totals = new Map();
let all = 0;
for (const line of out.split('\n')) {
  const m = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line) ?? /^\s*([\d,]+)\s+(\S.*)$/.exec(line);
  if (!m) continue;
  const count = Number(m[1].replace(/,/g, ''));
  let name = m[2].replace(/ \[[^\]]*\]$/, '');
  if (/PROGRAM TOTALS/.test(name)) {
    all = count;
    continue;
  }
  const address = /^(?:\?\?\?:)?0x([0-9a-f]+)/.exec(name);
  if (address) name = `JS ${jitName(BigInt(`0x${address[1]}`)) ?? `(unnamed JIT code)`}`;
  totals.set(name, (totals.get(name) ?? 0) + count);
}
const fmt = (n) => Math.round(n / perRequest).toLocaleString('en-US');
console.log(`${inclusive ? 'inclusive' : 'self'} instructions per request (÷ ${perRequest}); all: ${fmt(all)}`);
for (const [name, count] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${fmt(count).padStart(9)}  ${name}`);

// npm run bench:startup-phases: where a start-up's instructions go. One subject and set under
// `valgrind --tool=callgrind` (bench/startup-child.mjs, as bench:startup-instructions runs it), and
// the same process routing nothing (subject `none`); each function's own instructions (callgrind_annotate) in the
// whole process with the first N lookups, less the empty process's, summed by V8 phase: parsing, compiling to bytecode
// (Ignition), Sparkplug, Maglev, TurboFan, garbage collection, the interpreter's and the builtins' code, generated
// code (what Sparkplug, Maglev and TurboFan wrote: callgrind sees no symbol for it), V8's runtime, the rest. Then
// the functions that cost the most (their own instructions, and inclusive ones with --inclusive).
//
//   node bench/startup-phases.mjs <subject> <set> <N,N,…>   BENCH_NODE=24 | 26 | /path/to/node (the node counted: bench/lib/bench-node.mjs)
//   BENCH_PHASES_TOP=25: how many functions to list
import './lib/bench-node.mjs'; // first: runs this script on the chosen Node (BENCH_NODE; Node 24 by default)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childNode, requireValgrind } from './lib/callgrind.mjs';
import { writeBuiltModule } from './lib/built-module.mjs';
import { snapshotLibraryOrExit } from './lib/snapshot.mjs';

const [subject = 'switchyard-aot', set = 'github', countsText = '1000,10000'] = process.argv.slice(2);
const COUNTS = countsText.split(',').map(Number).sort((a, b) => a - b);
const TOP = Number(process.env.BENCH_PHASES_TOP ?? 25);

/** The phases, first match wins (demangled names from callgrind_annotate). */
const PHASES = [
  ['garbage collection', /Heap::|heap::|Scavenge|MarkCompact|Sweeper|Marking|Evacuat|MinorMS|GCTracer|MemoryAllocator|MemoryChunk|PagedSpace|NewSpace|LargeObjectSpace|WriteBarrier|RememberedSet|SlotSet|Compactor/],
  ['Maglev', /maglev::|Maglev/],
  ['TurboFan', /compiler::|turboshaft::|TurboFan|Pipeline/],
  ['Sparkplug', /baseline::|Baseline/],
  ['parsing', /Parser|Scanner|Utf16CharacterStream|Utf8Decoder|ScannerStream|AstValueFactory|AstNodeFactory|AstRawString|FuncNameInferrer|ExpressionScope|Scope::|Scope\(|DeclarationScope|VariableMap|ClassScope|PreparseData|ZoneList|AstConsString/],
  ['compiling to bytecode', /interpreter::(?!Interpreter::)|BytecodeGenerator|BytecodeArray|ConstantArrayBuilder|Compiler::|UnoptimizedCompil|CompileTask|Rewriter|SharedFunctionInfo::|FeedbackMetadata|ScopeInfo|SourceRange|Zone::|AccountingAllocator/],
  ['interpreter and builtins (incl. inline caches, bytecode handlers)', /Builtins_/],
  ['V8 runtime (C++: property definitions, maps, ICs miss, strings)', /v8::internal::|v8::/],
];
const GENERATED = 'generated code (Sparkplug, Maglev, TurboFan output)';
const OTHER = 'node, libc, the rest';

requireValgrind('bench:startup-phases');
const bundle = snapshotLibraryOrExit('bench:startup-phases');
const module = subject.startsWith('switchyard-aot') ? await writeBuiltModule(bundle.path, set) : undefined;
const child = fileURLToPath(new URL('startup-child.mjs', import.meta.url));

/**
 * Instructions by function (own, or inclusive) of the whole process with the first N lookups, one Map per N. Whole
 * processes, not the marks of bench:startup-instructions: callgrind writes a dump taken mid-call with the costs of
 * the calls still running on the functions that made them, so a dump's own costs are not a function's own.
 */
function byFunction(who, inclusive) {
  return COUNTS.map((count) => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-phases-'));
    try {
      const out = join(dir, 'callgrind.out');
      const env = { ...process.env, BENCH_SWITCHYARD_BUNDLE: bundle.path, BENCH_SWITCHYARD_MODULE: module ?? '', BENCH_STARTUP_MARKS: '' };
      execFileSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, childNode, '--single-threaded', '--hash-seed=1', '--random-seed=1', child, who, String(count), set], { env, stdio: ['ignore', 'ignore', 'ignore'] });
      return annotate(out, inclusive);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

function annotate(file, inclusive) {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', `--inclusive=${inclusive ? 'yes' : 'no'}`, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const counts = new Map();
  for (const line of text.split('\n')) {
    const found = /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.+?)(?: \[[^\]]*\])?$/.exec(line);
    if (!found || found[2] === 'PROGRAM TOTALS') continue;
    const name = found[2].replace(/^[^:]*:/, '').replace(/'\d+$/, '');
    counts.set(name, (counts.get(name) ?? 0) + Number(found[1].replaceAll(',', '')));
  }
  return counts;
}

const phaseOf = (name) => (/^0x[0-9a-f]+$/.test(name) ? GENERATED : (PHASES.find(([, re]) => re.test(name))?.[0] ?? OTHER));
const M = (n) => `${(n / 1e6).toFixed(1)} M`;

const inclusive = process.argv.includes('--inclusive');
const subjectCounts = byFunction(subject, inclusive);
const emptyCounts = byFunction('none', inclusive);
console.log(`${subject}, ${set}, node ${execFileSync(childNode, ['-p', 'process.version'], { encoding: 'utf8' }).trim()}: instructions less the empty process's`);
COUNTS.forEach((n, k) => {
  const net = new Map(subjectCounts[k]);
  for (const [name, v] of emptyCounts[k]) net.set(name, (net.get(name) ?? 0) - v);
  if (!inclusive) {
    const phases = new Map();
    for (const [name, v] of net) phases.set(phaseOf(name), (phases.get(phaseOf(name)) ?? 0) + v);
    const total = [...phases.values()].reduce((a, b) => a + b, 0);
    console.log(`\n### first ${n.toLocaleString('en-US')} lookups: ${M(total)}\n\n| phase | instructions |\n|---|---:|`);
    for (const [phase, v] of [...phases].sort((a, b) => b[1] - a[1])) console.log(`| ${phase} | ${M(v)} |`);
  }
  console.log(`\n| function (${inclusive ? 'inclusive' : 'own'}) | instructions |\n|---|---:|`);
  for (const [name, v] of [...net].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| \`${name.slice(0, 110).replaceAll('|', '\\|')}\` | ${M(v)} |`);
});

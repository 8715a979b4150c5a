// The source files one router.match() runs code in, after warm-up: V8's precise coverage of that one call, each
// function that ran mapped back to its source file through dist's source maps (the emitted code and a built
// module's code, which have no source map, are named "emitted code"). Usage:
//   node test/support/request-files.mjs <compiled|trie|aot|live> <path> → JSON: { template, files }
import { Session } from 'node:inspector/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const [mode, target] = process.argv.slice(2);
const table = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/routes-github.json'), 'utf8'));
const routes = table.routes.map((r) => ({ template: r.template, methods: [r.method] }));

const scratch = mkdtempSync(join(tmpdir(), 'switchyard-request-files-'));
let router;
let moduleUrl = null;
try {
  if (mode === 'aot') {
    const { compileToModule } = await import(pathToFileURL(join(DIST, 'build.js')).href);
    const file = join(scratch, 'router.mjs');
    writeFileSync(file, compileToModule(routes, { runtime: pathToFileURL(join(DIST, 'aot-protocol.js')).href }));
    moduleUrl = pathToFileURL(file).href;
    router = (await import(moduleUrl)).default;
  } else {
    const { compile } = await import(pathToFileURL(join(DIST, 'index.js')).href);
    router = compile(routes, { strategy: mode === 'trie' ? 'trie' : 'generated' });
    if (mode === 'live') router.add({ template: 'zzz/{x}' });
  }
  // Warm: every lazily made part made (a live table's partition matcher is made on the microtask queue).
  for (let i = 0; i < 2000; i++) router.match(target, 'GET');
  await new Promise((done) => setImmediate(done));
  for (let i = 0; i < 2000; i++) router.match(target, 'GET');

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await session.post('Profiler.takePreciseCoverage'); // counts from here
  const found = router.match(target, 'GET');
  const { result } = await session.post('Profiler.takePreciseCoverage');
  session.disconnect();

  const files = new Set();
  for (const script of result) {
    const ran = script.functions.filter((f) => f.ranges[0].count > 0 && f.functionName !== '');
    if (ran.length === 0) continue;
    if (script.url === moduleUrl || /^switchyard-router-[0-9a-f]+\.js$/.test(script.url)) {
      files.add('emitted code');
      continue;
    }
    if (!script.url.startsWith(pathToFileURL(DIST).href)) continue;
    const file = fileURLToPath(script.url);
    const text = readFileSync(file, 'utf8');
    const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
    for (const fn of ran) {
      const before = text.slice(0, fn.ranges[0].startOffset);
      const line = before.split('\n').length;
      const column = fn.ranges[0].startOffset - before.lastIndexOf('\n') - 1;
      const { source } = originalPositionFor(map, { line, column });
      if (source !== null) files.add(relative(ROOT, resolve(DIST, source)).replace(/^.*?src\//, 'src/'));
    }
  }
  process.stdout.write(JSON.stringify({ template: found?.route.template ?? null, files: [...files].sort() }));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The switchyard bundle under test. The router suite copies dist/index.js to a private directory before it
// starts (BENCH_SWITCHYARD_BUNDLE), so every worker measures the same build even if dist/ is rebuilt meanwhile;
// without the variable this is dist/index.js itself.
import { pathToFileURL } from 'node:url';

const bundle = process.env.BENCH_SWITCHYARD_BUNDLE
  ? pathToFileURL(process.env.BENCH_SWITCHYARD_BUNDLE)
  : new URL('../../dist/index.js', import.meta.url);

export const { compile } = await import(bundle.href);

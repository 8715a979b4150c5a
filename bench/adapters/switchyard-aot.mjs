// switchyard, a router module built ahead of time (`switchyard build`, compileToModule()) for the set measured:
// bench/startup.mjs and bench/startup-instructions.mjs write one per set beside their copy of the bundle and name
// the set's in BENCH_SWITCHYARD_MODULE. Importing this adapter imports that module, which builds its router as it is
// evaluated (loadRouter() from dist/aot.js), so its import is its build: build() only checks the routes.
import { pathToFileURL } from 'node:url';

const file = process.env.BENCH_SWITCHYARD_MODULE;
if (!file) throw new Error('switchyard-aot: BENCH_SWITCHYARD_MODULE names no built router module');
const { default: router } = await import(pathToFileURL(file).href);

export default function createAdapter() {
  return {
    name: 'switchyard built module',
    kind: 'switchyard',
    build(routes) {
      if (router.routes.length !== routes.length) throw new Error(`switchyard-aot: the module holds ${router.routes.length} routes, the set ${routes.length}`);
    },
    lookup(method, path) {
      const match = router.match(path, method);
      return match === null ? null : match.route.handler;
    },
  };
}

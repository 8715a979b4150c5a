// switchyard, generated matcher (the default strategy: the trie emitted as JavaScript), from the built bundle dist/index.js.
import { compile } from '../lib/switchyard.mjs';
import { switchyardRoutes } from './switchyard-routes.mjs';

/** Adapter: route i is registered with payload i; lookup gives the matched route's index or null. */
export default function createAdapter() {
  let router = null;
  return {
    name: 'switchyard generated',
    kind: 'switchyard',
    build(routes) {
      // BENCH_TIERING=off (bench:instructions): the generated code answers from the first lookup.
      router = compile(switchyardRoutes(routes), { strategy: 'generated', tiering: process.env.BENCH_TIERING !== 'off' });
    },
    /** The size of the generated JavaScript source, in bytes (UTF-8). */
    sourceBytes: () => Buffer.byteLength(router.source ?? ''),
    lookup(method, path) {
      const match = router.match(path, method);
      return match === null ? null : match.route.handler;
    },
  };
}

// switchyard with compile()'s defaults (the generated matcher, tiered as compile() tiers it by default), from
// the built bundle dist/index.js. No option is forced: what this measures follows compile()'s defaults.
import { compile } from '../lib/switchyard.mjs';
import { switchyardRoutes } from './switchyard-routes.mjs';

/** Adapter: route i is registered with payload i; lookup gives the matched route's index or null. */
export default function createAdapter() {
  let router = null;
  return {
    name: 'switchyard generated',
    kind: 'switchyard',
    build(routes) {
      router = compile(switchyardRoutes(routes));
    },
    /** The size of the generated JavaScript source, in bytes (UTF-8). */
    sourceBytes: () => Buffer.byteLength(router.source ?? ''),
    lookup(method, path) {
      const match = router.match(path, method);
      return match === null ? null : match.route.handler;
    },
  };
}

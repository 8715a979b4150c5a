// switchyard, compile(routes, { tiering: false }): the generated code is emitted and compiled by compile() and
// answers from the first lookup (beside switchyard-generated, compile()'s defaults, to compare the two).
import { compile } from '../lib/switchyard.mjs';
import { switchyardRoutes } from './switchyard-routes.mjs';

/** Adapter: route i is registered with payload i; lookup gives the matched route's index or null. */
export default function createAdapter() {
  let router = null;
  return {
    name: 'switchyard untiered',
    kind: 'switchyard',
    build(routes) {
      router = compile(switchyardRoutes(routes), { tiering: false });
    },
    /** The size of the generated JavaScript source, in bytes (UTF-8). */
    sourceBytes: () => Buffer.byteLength(router.source ?? ''),
    lookup(method, path) {
      const match = router.match(path, method);
      return match === null ? null : match.route.handler;
    },
  };
}

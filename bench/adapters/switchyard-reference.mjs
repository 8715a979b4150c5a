// switchyard, every route tried in order (the naive baseline every ratio is reported against).
import { compile } from '../lib/switchyard.mjs';
import { switchyardRoutes } from './switchyard-routes.mjs';

/** Adapter: route i is registered with payload i; lookup gives the matched route's index or null. */
export default function createAdapter() {
  let router = null;
  return {
    name: 'switchyard reference',
    kind: 'baseline',
    build(routes) {
      router = compile(switchyardRoutes(routes), { strategy: 'reference' });
    },
    lookup(method, path) {
      const match = router.match(path, method);
      return match === null ? null : match.route.handler;
    },
  };
}

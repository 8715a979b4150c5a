// rou3 (h3/nitro's router), the interpreted findRoute. A catch-all "/x/*" is rou3's "/x/**".
import { addRoute, createRouter, findRoute } from 'rou3';

export const rou3Path = (colon) => colon.replace(/\/\*$/, '/**');

export default function createAdapter() {
  let router = null;
  return {
    name: 'rou3 findRoute',
    kind: 'peer',
    build(routes) {
      router = createRouter();
      routes.forEach((r, i) => addRoute(router, r.method, rou3Path(r.colon), i));
    },
    lookup(method, path) {
      const found = findRoute(router, method, path);
      return found === undefined ? null : found.data;
    },
  };
}

// rou3's compileRouter: the same tree turned into generated JavaScript (new Function) at build time.
import { addRoute, createRouter } from 'rou3';
import { compileRouter } from 'rou3/compiler';
import { rou3Path } from './rou3-find.mjs';

export default function createAdapter() {
  let find = null;
  return {
    name: 'rou3 compileRouter',
    kind: 'peer',
    build(routes) {
      const router = createRouter();
      routes.forEach((r, i) => addRoute(router, r.method, rou3Path(r.colon), i));
      find = compileRouter(router);
    },
    lookup(method, path) {
      const found = find(method, path);
      return found === undefined ? null : found.data;
    },
  };
}

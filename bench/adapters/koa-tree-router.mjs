// koa-tree-router: a port of Go's httprouter radix tree. A catch-all "/x/*" is "/x/*path" there.
import Router from 'koa-tree-router';

export default function createAdapter() {
  let router = null;
  return {
    name: 'koa-tree-router',
    kind: 'peer',
    build(routes) {
      router = new Router();
      routes.forEach((r, i) => router.on(r.method, r.colon.replace(/\/\*$/, '/*path'), i));
    },
    lookup(method, path) {
      const found = router.find(method, path);
      return found.handle === null ? null : found.handle[0];
    },
  };
}

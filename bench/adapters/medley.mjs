// @medley/router: a radix tree over paths only (no methods): register(path) returns the path's store, which
// holds the route per method, and find(url) returns { store, params } or null. The store is made by the documented
// `storeFactory` with a slot for every method of the set, so every store has one shape (the default,
// Object.create(null), is a dictionary-mode object). A catch-all "/x/*" is its "/x/*" as it is.
import Router from '@medley/router';

export default function createAdapter() {
  let router = null;
  return {
    name: '@medley/router',
    kind: 'peer',
    build(routes) {
      const methods = [...new Set(routes.map((r) => r.method))];
      router = new Router({ storeFactory: () => Object.fromEntries(methods.map((m) => [m, null])) });
      routes.forEach((r, i) => {
        const store = router.register(r.colon);
        // First registration wins, as in switchyard's route order.
        if (store[r.method] === null) store[r.method] = i;
      });
    },
    lookup(method, path) {
      const found = router.find(path);
      if (found === null) return null;
      const index = found.store[method];
      return index === undefined ? null : index;
    },
  };
}

// memoirist (Elysia's router): radix tree, specificity order.
import { Memoirist } from 'memoirist';

export default function createAdapter() {
  let router = null;
  return {
    name: 'memoirist',
    kind: 'peer',
    build(routes) {
      router = new Memoirist();
      routes.forEach((r, i) => router.add(r.method, r.colon, i));
    },
    lookup(method, path) {
      const found = router.find(method, path);
      return found === null ? null : found.store;
    },
  };
}

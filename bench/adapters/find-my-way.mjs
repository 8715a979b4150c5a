// find-my-way (fastify's router): radix tree, specificity order. Its handler storage keeps `store || null`, so a
// payload of 0 would come back as null: the payload is boxed as { index }.
import FindMyWay from 'find-my-way';

const noop = () => {};

export default function createAdapter() {
  let router = null;
  return {
    name: 'find-my-way',
    kind: 'peer',
    build(routes) {
      router = FindMyWay();
      routes.forEach((r, i) => router.on(r.method, r.colon, noop, { index: i }));
    },
    lookup(method, path) {
      const found = router.find(method, path);
      return found === null ? null : found.store.index;
    },
  };
}

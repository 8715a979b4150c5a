// hono's TrieRouter: a segment trie that keeps registration order (handler scores).
import { TrieRouter } from 'hono/router/trie-router';

export default function createAdapter() {
  let router = null;
  return {
    name: 'hono TrieRouter',
    kind: 'peer',
    build(routes) {
      router = new TrieRouter();
      routes.forEach((r, i) => router.add(r.method, r.colon, i));
    },
    lookup(method, path) {
      const handlers = router.match(method, path)[0];
      return handlers.length === 0 ? null : handlers[0][0];
    },
  };
}

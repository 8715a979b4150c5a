// hono's RegExpRouter: all routes joined into one regular expression per method, built on the first match (the
// build timing probes every method once to include that cost). Results list every matching handler in
// registration order.
import { RegExpRouter } from 'hono/router/reg-exp-router';

export default function createAdapter() {
  let router = null;
  return {
    name: 'hono RegExpRouter',
    kind: 'peer',
    build(routes) {
      router = new RegExpRouter();
      routes.forEach((r, i) => router.add(r.method, r.colon, i));
    },
    lookup(method, path) {
      const handlers = router.match(method, path)[0];
      return handlers.length === 0 ? null : handlers[0][0];
    },
  };
}

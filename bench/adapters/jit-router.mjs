// @jsonjoy.com/jit-router: the routes as one tree (trie and radix), compiled by compile() into one JavaScript
// function (new Function) over a single string; its method is part of that string, "GET /users/{id}", as in its
// README. A parameter is "{name}" (up to the next character after it, "/" at the end), a catch-all "/x/*" is
// "/x/{path::\n}" (up to a newline, which a path has none of: the rest of the path). The matcher answers a Match
// whose data is the route's index, or undefined.
import { Router } from '@jsonjoy.com/jit-router';

/** ":name" → "{name}", a trailing "/*" → "/{path::\n}". */
export const jitPath = (colon) => colon.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path::\n}');

export default function createAdapter() {
  let match = null;
  return {
    name: '@jsonjoy.com/jit-router',
    kind: 'peer',
    build(routes) {
      const router = new Router();
      routes.forEach((r, i) => router.add(`${r.method} ${jitPath(r.colon)}`, i));
      match = router.compile();
    },
    lookup(method, path) {
      const found = match(method + ' ' + path);
      return found === undefined ? null : found.data;
    },
  };
}

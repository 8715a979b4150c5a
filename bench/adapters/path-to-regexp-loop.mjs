// path-to-regexp: one match() function (a regular expression) per route, tried in order, first match wins:
// the Express-style ordered loop. A catch-all "/x/*" is "/x/*path" in path-to-regexp 8+.
import { match } from 'path-to-regexp';

export default function createAdapter() {
  let methods = [];
  let matchers = [];
  return {
    name: 'path-to-regexp loop',
    kind: 'peer',
    build(routes) {
      methods = routes.map((r) => r.method);
      matchers = routes.map((r) => match(r.colon.replace(/\/\*$/, '/*path')));
    },
    lookup(method, path) {
      for (let i = 0; i < matchers.length; i++) {
        if (methods[i] === method && matchers[i](path) !== false) return i;
      }
      return null;
    },
  };
}

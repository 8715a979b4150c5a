// The floor of the issue: Map.get of the exact "METHOD path", over the static routes only. It cannot answer a
// request for a route with parameters, so it is timed on the static mix alone. Building the key costs more than
// the Map.get itself (a new string to flatten and hash per call); map-floor-nested.mjs is the floor without it.
export default function createAdapter() {
  let map = null;
  return {
    name: 'Map.get floor',
    kind: 'floor',
    staticOnly: true,
    build(routes) {
      map = new Map();
      routes.forEach((r, i) => {
        if (!r.colon.includes(':') && !r.colon.includes('*')) map.set(`${r.method} ${r.colon}`, i);
      });
    },
    lookup(method, path) {
      const found = map.get(method + ' ' + path);
      return found === undefined ? null : found;
    },
  };
}

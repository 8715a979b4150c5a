// A second floor, for reference: the same exact lookup without building a "METHOD path" key per request
// (a Map per method, then Map.get(path)), so no string is concatenated, flattened and hashed on each call.
export default function createAdapter() {
  let byMethod = null;
  return {
    name: 'Map.get floor, per-method maps',
    kind: 'floor',
    staticOnly: true,
    build(routes) {
      byMethod = new Map();
      routes.forEach((r, i) => {
        if (r.colon.includes(':') || r.colon.includes('*')) return;
        if (!byMethod.has(r.method)) byMethod.set(r.method, new Map());
        byMethod.get(r.method).set(r.colon, i);
      });
    },
    lookup(method, path) {
      const paths = byMethod.get(method);
      if (paths === undefined) return null;
      const found = paths.get(path);
      return found === undefined ? null : found;
    },
  };
}

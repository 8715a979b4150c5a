// Every subject of the router suite, in table order: one adapter file each, all with the same interface
// { name, kind, build(routes), lookup(method, path) → route index | null }.
export const ADAPTERS = [
  'switchyard-generated',
  'switchyard-trie',
  'switchyard-reference',
  'find-my-way',
  'memoirist',
  'rou3-find',
  'rou3-compiled',
  'koa-tree-router',
  'hono-regexp',
  'hono-trie',
  'medley',
  'jit-router',
  'path-to-regexp-loop',
  'map-floor',
  'map-floor-nested',
];

/** A fresh adapter instance by file name. */
export async function loadAdapter(id) {
  const module = await import(`./${id}.mjs`);
  return module.default();
}

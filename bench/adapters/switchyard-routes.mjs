// The route definitions both switchyard adapters compile: ASP.NET template, one method, payload = index,
// and a unique name (used by the generation suite: "METHOD template", with "#index" when that is taken, as in
// the real-application sets, whose seven "{SeName}" routes share one template). Defaults and constraints come
// with the real-application sets (bench/lib/data.mjs realSet); the peers see `colon`.
export function switchyardRoutes(routes) {
  const names = new Set();
  return routes.map((r, i) => {
    let name = `${r.method} ${r.template}`;
    if (names.has(name.toLowerCase())) name += ` #${i}`;
    names.add(name.toLowerCase());
    return { name, template: r.template, methods: [r.method], handler: i, defaults: r.defaults, constraints: r.constraints };
  });
}

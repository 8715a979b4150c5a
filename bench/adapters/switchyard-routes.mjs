// The route definitions both switchyard adapters compile: ASP.NET template, one method, payload = index,
// and a unique name (used by the generation suite).
export function switchyardRoutes(routes) {
  return routes.map((r, i) => ({ name: `${r.method} ${r.template}`, template: r.template, methods: [r.method], handler: i }));
}

// Written by `switchyard import docs/examples/items-api --keep-constraint even -o docs/examples/items-api/routes.mjs` from C# sources: edit the sources and import again, or edit this table by hand.

export const routes = [
  // 4 minimal API endpoints, by Order, then by template precedence (literal segments before constrained parameters before parameters before catch-alls), then by template text, as ASP.NET orders attribute routes
  { template: "items", defaults: { controller: null, action: null }, name: "CreateItem", methods: ["POST"] }, // docs/examples/items-api/Program.cs:10
  { template: "health/ready", defaults: { controller: null, action: null }, methods: ["GET"] }, // docs/examples/items-api/Program.cs:11
  { template: "items/{id:even}", defaults: { controller: null, action: null }, name: "EvenItem", methods: ["GET"] }, // docs/examples/items-api/Program.cs:8
  { template: "items/{name}", defaults: { controller: null, action: null }, name: "Item", methods: ["GET"] }, // docs/examples/items-api/Program.cs:9
];

export default routes;

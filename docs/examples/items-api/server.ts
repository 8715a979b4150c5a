import express from 'express';
import type { RouteDefinition } from 'switchyard-router';
import type { ConstraintFactory } from 'switchyard-router/constraints';
import { switchyard, type ExpressHandler } from 'switchyard-router/express';

// Handlers by route name: the names the C# gives (.WithName, Name = "…").
const handlers: Record<string, ExpressHandler> = {
  EvenItem: (req, res) => void res.json({ id: Number(req.params.id), even: true }),
  Item: (req, res) => void res.json({ name: req.params.name }),
  CreateItem: (req, res) => {
    const { name } = req.body as { name: string };
    res.status(201).location(res.locals.switchyard.urlFor('Item', { name })).json({ name });
  },
};
// Every other route (unnamed in the C#: health/ready): one handler that answers with what it matched.
const fallback: ExpressHandler = (_req, res) => {
  const { route, values } = res.locals.switchyard;
  res.json({ route: route.template, values });
};

/** The imported table with its handlers. A handler whose name no route has (renamed in the C#) throws, at start-up. */
export function withHandlers(table: readonly RouteDefinition[]): RouteDefinition[] {
  const names = new Set(table.map((route) => route.name));
  const unknown = Object.keys(handlers).filter((name) => !names.has(name));
  if (unknown.length > 0) throw new Error(`handlers for no route of the table: ${unknown.join(', ')} (renamed in the C#? rename the handler)`);
  return table.map((route) => {
    if (route.generationOnly) return route; // it makes links only: no request reaches it
    const handler = route.name == null || !Object.hasOwn(handlers, route.name) ? fallback : handlers[route.name];
    return { ...route, handler };
  });
}

/** The app: the imported table (app-routes.mjs: its routes and its constraints), with the handlers above. */
export function createApp(table: readonly RouteDefinition[], constraints: Record<string, ConstraintFactory>): express.Express {
  const app = express();
  app.use(express.json());
  app.use(switchyard(withHandlers(table), { compile: { constraints } }));
  app.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  return app;
}
// GET /items/4 → {"id":4,"even":true}; GET /items/3 → {"name":"3"}; GET /health/ready → {"route":"health/ready","values":{}}

// A route table as an app on the node:http pipeline writes it (docs/pipeline.md): a RouteBuilder, mounted under
// /{tenant} by the app. `switchyard lint`, `explain`, `url` and the rest read it as the collection compiles it
// (docs/diagnostics.md, "What the command reads").
import { createApplication, RouteBuilder } from 'switchyard-router/http';

const ok = async (context) => context.response.send(200, 'ok');

export const tenantRoutes = new RouteBuilder(createApplication())
  .mapGet('users/{id:int}', ok, { name: 'user' })
  .mapGet('users/{id:int}/orders/{order:guid}', ok, { name: 'order' })
  .mapGroup('admin', (admin) => admin.mapGet('audit/{day:datetime}', ok, { name: 'audit' }), { methods: ['GET'] });

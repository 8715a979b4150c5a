import { createApplication, RouteBuilder } from 'switchyard-router/http';

const routes = new RouteBuilder(createApplication());
routes.mapMiddlewareGet('reports/{id}', (branch) => {
  branch.use(async (ctx, next) => { ctx.response.setHeader('x-branch', 'reports'); await next(); });
  branch.run(async (ctx) => ctx.response.send(200, `report ${ctx.routeData!.values.id}`));
});

export {};

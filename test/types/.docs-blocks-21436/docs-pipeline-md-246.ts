import { createApplication, RouteBuilder, RouteContext, VirtualPathData, type RequestDelegate, type Router } from 'switchyard-router/http';

declare const showValues: RequestDelegate, showPublicItem: RequestDelegate; // your handlers: async (ctx) => { ... }
const app = createApplication();
class AdminsOnly implements Router {
  async routeAsync(context: RouteContext): Promise<void> {
    if (context.httpContext.request.headers['x-role'] !== 'admin') return;   // decline
    context.handler = showValues;
  }
  getVirtualPath(): VirtualPathData | null { return null; }
}

const routes = new RouteBuilder(app, new AdminsOnly());
routes.mapRoute('admin', 'items/{id}', null, null, { area: 'admin' });   // declined for non-admins…
routes.mapGet('items/{id}', showPublicItem);                             // …so this one handles them

export {};

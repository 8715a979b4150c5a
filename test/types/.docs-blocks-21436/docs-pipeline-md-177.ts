import { createApplication, RouteHandler, useRouter, type RequestDelegate } from 'switchyard-router/http';

declare const showValues: RequestDelegate, sayHello: RequestDelegate; // your handlers: async (ctx) => { ... }
const app = createApplication();
useRouter(app, (routes) => {
  routes.defaultHandler = new RouteHandler(showValues);
  routes.mapRoute('default', '{controller}/{action}/{id?}');
  routes.mapGet('hello/{name}', sayHello);
});

export {};

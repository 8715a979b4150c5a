import { createApplication, RouteBuilder, UrlHelper, type HttpContext, type RequestDelegate } from 'switchyard-router/http';

declare const getTodo: RequestDelegate, showProduct: RequestDelegate, ctx: HttpContext;
const app = createApplication();
const routes = new RouteBuilder(app)
  .mapGet('api/todo/{id}', getTodo, { name: 'GetTodo' })
  .mapGroup('shop', (shop) => shop.mapGet('{category}/{id:int}', showProduct, { name: 'product' }))
  .build();

const urls = new UrlHelper(ctx, routes);
urls.routeUrl('GetTodo', { id: 7 });                     // '/api/todo/7'
urls.link('product', { category: 'tools', id: 3 });      // 'http://host/shop/tools/3'
urls.routeUrl('GetTodo');                                // error: "is not assignable to parameter of type 'null'"
urls.routeUrl('Nope', {});                               // error: "No overload matches this call"

export {};

import { UrlHelper, type HttpContext } from 'switchyard-router/http';

// route 'default': {controller}/{action}/{id?}; route 'product': p/{id:int}; request GET /store/list/5
declare const ctx: HttpContext; // the request's context, in a handler
const url = new UrlHelper(ctx);
url.routeUrl(null, { action: 'buy' });                      // '/store/buy'   ambient controller reused, id dropped
url.routeUrl(null, { controller: 'cart', action: 'add' });  // '/cart/add'    explicit values win
url.routeUrl(null, { action: 'buy', color: 'red' });        // '/store/buy?color=red'
url.routeUrl('product', { id: 9 });                         // '/p/9'         by route name
url.link('product', { id: 9 });                             // 'http://<host>/p/9'  scheme + Host header + pathBase
url.link('no-such-route', {});                              // null
url.getVirtualPath('product', { id: 9 });                   // VirtualPathData { virtualPath: '/p/9', router, dataTokens }

export {};

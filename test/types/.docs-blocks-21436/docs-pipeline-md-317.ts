import { VirtualPathContext, type HttpContext, type RouteBuilder } from 'switchyard-router/http';
import type { RouteValues } from 'switchyard-router';

declare const builder: RouteBuilder, httpContext: HttpContext | null, ambientValues: RouteValues | null;
const collection = builder.build();
const data = collection.getVirtualPath(
  new VirtualPathContext(httpContext /* or null */, ambientValues /* or null */, { id: 9 }, 'product'),
);
data?.virtualPath;  // '/p/9', without the application's base path
data?.router;       // the Route that generated it
data?.dataTokens;   // that route's data tokens

export {};

import { createServer } from 'node:http';
import { createNodeMiddleware, UrlHelper } from 'switchyard-router/http';

const mw = createNodeMiddleware((routes) => {
  routes.mapGet('hello/{name}', async (ctx) =>
    ctx.response.json(200, { hi: ctx.routeData!.values.name, self: new UrlHelper(ctx).link(null, { name: 'Zed' }) }));
});

// Plain node:http: an unmatched request reaches the `next` you pass.
createServer((req, res) => mw(req, res, () => { res.statusCode = 418; res.end(); })).listen(3000);

// Express / Connect: app.use(mw), or app.use('/api', mw) with { pathBase: '/api' } for links.

export {};

// A sample application, in three set-up steps: addRouting, a RouteBuilder with a default handler,
// useRouter. `createSampleApp()` returns the app without listening; test/pipeline.test.ts serves it and checks
// every answer shown in docs/pipeline.md.
import { addRouting, createApplication, RouteBuilder, RouteHandler, useRouter, type Application } from 'switchyard-router/http';

export function createSampleApp(): Application {
  const app = createApplication();

  // 1. Register the routing services.
  addRouting(app.services);

  // 2. Build the route collection. mapRoute routes have no handler of their own: the default handler
  //    answers them, with the values the template produced.
  const trackPackage = new RouteHandler(async (context) => {
    const values = context.routeData!.values;
    context.response.send(200, `Hello! Route values: ${Object.entries(values).map(([k, v]) => `${k}=${String(v)}`).join(', ')}`, {
      'content-type': 'text/plain; charset=utf-8',
    });
  });
  const routeBuilder = new RouteBuilder(app, trackPackage);
  routeBuilder.mapRoute(
    'Track Package Route',
    'package/{operation:regex(^(track|create|detonate)$)}/{id:int}',
  );
  routeBuilder.mapGet('hello/{name}', async (context) => {
    const name = context.routeData.values.name; // typed from the template: string
    context.response.send(200, `Hi, ${name}!`, { 'content-type': 'text/plain; charset=utf-8' });
  });

  // 3. Add the collection to the pipeline. A request for a path no route takes falls through to the next
  //    middleware; one a route takes under another method gets 405 with Allow.
  useRouter(app, routeBuilder.build());
  app.run(async (context) => {
    context.response.send(404, 'No route matched.', { 'content-type': 'text/plain; charset=utf-8' });
  });
  return app;
}

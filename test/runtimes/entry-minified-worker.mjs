// workerd (through miniflare): a router module built from a route module (test/fixtures/constrained-routes.mjs),
// bundled with the route module and the runtime by esbuild --minify without --keep-names, as a Worker is
// uploaded: every class renamed. It answers the fixture's requests with the built router and with compile().
import { compile } from '../../dist/index.js';
import { IntRouteConstraint } from '../../dist/constraints.js';
import routes, { constraints, requests } from '../fixtures/constrained-routes.mjs';
import router from '../../.tmp-runtimes/constrained-router.mjs';

const answer = (found) => found && { name: found.route.name, values: { ...found.values } };

export default {
  async fetch() {
    const compiled = compile(routes, { constraints });
    return Response.json({
      className: IntRouteConstraint.name,
      strategy: router.strategy,
      built: requests.map(([method, path]) => answer(router.match(path, method))),
      compiled: requests.map(([method, path]) => answer(compiled.match(path, method))),
      expected: requests.map(([, , name]) => name),
    });
  },
};

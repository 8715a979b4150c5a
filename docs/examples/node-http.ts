// A plain node:http app: the router on its own, no framework. Its port from the environment (PORT), as a host
// gives it. Type-checked with docs/typed-routes.md's tsconfig.json (test/frameworks-docs.test.ts).
import { createServer } from 'node:http';
import { compile, isRoute } from 'switchyard-router';

const router = compile([
  { name: 'todo', template: 'todo/{id:int}', methods: ['GET'] },
  { name: 'files', template: 'files/{name}.{ext?}' },
]);

const server = createServer((req, res) => {
  const m = router.match(new URL(req.url ?? '/', 'http://localhost').pathname, req.method);
  if (isRoute(m, 'todo')) {
    const next = router.generate({ id: Number(m.values.id) + 1 }, { routeName: 'todo' })?.path;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: m.values.id, next }));
  } else if (m !== null) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(m.values));
  } else {
    res.writeHead(404).end();
  }
});
server.listen(Number(process.env.PORT ?? 3000));

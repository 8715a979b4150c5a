import { createServer } from 'node:http';
import { compile } from 'switchyard-router';
import { routeInspector } from 'switchyard-router/http';

const routes = [{ name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] }];
const inspector = routeInspector(compile(routes), { prefix: '/_routes' }); // or a RouteCollection
createServer((req, res) => {
  if (inspector(req, res)) return; // it answers under its prefix only
  // … the application
}).listen(3000);

export {};

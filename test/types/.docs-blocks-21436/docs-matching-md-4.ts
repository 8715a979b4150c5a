import { compile } from 'switchyard-router';

const router = compile([
  { name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] },
  { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
]);

router.match('/api/todo/5');        // { route: routes[0], values: { id: '5' } }
router.match('/api/todo/5', 'PUT'); // routes[1]: { controller: 'api', action: 'todo', id: '5' }
router.match('/');                  // routes[1]: { controller: 'Home', action: 'Index' }
[...router.matches('/api/todo/5')]; // every accepting route, in collection order
router.allowedMethods('/api/todo/5'); // ['*', 'GET'] ("*": a route without a verb limit)

export {};

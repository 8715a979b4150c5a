import { compile, isRoute } from 'switchyard-router';

const router = compile([
  { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
  { name: 'files', template: 'files/{filename}.{ext?}' },
  { template: '{controller=Home}/{action=Index}/{id?}' },
]);

const m = router.match('/shop/Tools/42');
m?.route.name;   // 'product' | 'files' | null
m?.route.index;  // 0 | 1 | 2
if (isRoute(m, 'product')) m.values.id;        // string
if (isRoute(m, 2)) m.values.controller;         // string (a route without a name: by index)

router.generate({ category: 'tools', id: 7 }, { routeName: 'product' });           // ok
router.generate({ category: 'tools', id: 7, sort: 'asc' }, { routeName: 'product' }); // ok: ?sort=asc
router.generate({ category: 'tools' }, { routeName: 'product' }); // error: "id" is missing
// @ts-expect-error
router.generate({ category: 'tools', id: 7 }, { routeName: 'prodcut' }); // error: not a route name
router.generate({ anything: 1 });                // no route name: loosely typed, as classic generation is

export {};

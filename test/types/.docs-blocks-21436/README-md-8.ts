import { compile, isRoute } from 'switchyard-router';

const router = compile([
  { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
  { name: 'files', template: 'files/{filename}.{ext?}' },
  { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
]);

const m = router.match('/shop/Tools/42');  // { route: { name: 'product', ... }, values: { category: 'Tools', id: '42' } }
if (isRoute(m, 'product')) m.values.id;   // typed from the template: string
router.generate({ category: 'tools', id: 7 }, { routeName: 'product' })?.path; // '/shop/tools/7'
router.generate({ category: 'tools' }, { routeName: 'product' }); // type error: "id" is required

export {};

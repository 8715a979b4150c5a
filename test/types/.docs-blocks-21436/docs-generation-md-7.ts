import { compile } from 'switchyard-router';

const router = compile([
  { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
]);

router.generate({ controller: 'Store', action: 'Buy', id: 5 })?.path;   // '/Store/Buy/5'
router.generate({ controller: 'Home', action: 'Index' })?.path;         // '/'
router.generate({ action: 'About' }, { ambientValues: { controller: 'Store', action: 'Index' } })?.path;
                                                                         // '/Store/About'
router.generate({ controller: 'Store', page: 2 })?.path;                // '/Store?page=2'
router.generate({ id: 5 }, { routeName: 'default' })?.path;             // '/Home/Index/5'

export {};

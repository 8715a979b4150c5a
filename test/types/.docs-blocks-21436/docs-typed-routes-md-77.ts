import { compile, group } from 'switchyard-router';

const router = compile([...group({ prefix: 'shop/{lang}', name: 'shop.' }, [{ name: 'item', template: 'items/{id:int}' }])]);
router.generate({ lang: 'en', id: 5 }, { routeName: 'shop.item' }); // { path: '/shop/en/items/5', ... }

export {};

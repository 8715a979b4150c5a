import router from './router.mjs';

router.strategy;                                    // 'aot'
router.match('/api/todo/5')?.values;                // { id: '5' }
router.generate({ id: 5 }, { routeName: 'todo' });  // { path: '/api/todo/5', … }

export {};

import { createApplication, RouteBuilder } from 'switchyard-router/http';

const routes = new RouteBuilder(createApplication());
routes.mapRoute('values', 'vals/{name}/{def=dflt}/{opt?}', { extra: 'xyz' }, null, { section: 'values' });
// GET /vals/J%C3%B6e  →  values { name: 'Jöe', def: 'dflt', extra: 'xyz' }, dataTokens { section: 'values' },
//                        routers [collection, the Route]

export {};

import { compile } from 'switchyard-router';
import { toOpenApi } from 'switchyard-router/openapi';

const routes = [{ name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] }];
const router = compile(routes);
const document = toOpenApi(router, { info: { title: 'Shop', version: '1.0.0' } });

export {};

import { compile } from 'switchyard-router';
import { toOpenApi } from 'switchyard-router/openapi';

const router = compile([
  { name: 'product', template: 'shop/{category}/{id:int:min(1)}', methods: ['GET'] },
  { name: 'files', template: 'files/{filename}.{ext?}' },
  { name: 'wiki', template: 'wiki/{**slug}' },
  { name: 'user', template: 'users/{name}', methods: ['GET', 'DELETE'] },
  { template: 'users/me' }, // never wins: users/{name} takes every GET first
]);
toOpenApi(router, {
  info: { title: 'Shop', version: '1.0.0' },
  operations: {
    product: { summary: 'One product', responses: { '200': { description: 'The product.' } } },
  },
});

export {};

import { compile } from 'switchyard-router';

compile([
  { name: 'product', template: 'shop/{category}/{id:int}', methods: ['GET'] },
  { name: 'files', template: 'files/{filename}.{ext?}' },
  { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' },
]).source

export {};

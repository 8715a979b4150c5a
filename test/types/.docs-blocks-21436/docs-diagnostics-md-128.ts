import { compile } from 'switchyard-router';

compile([
  { name: 'generic', template: '{seName}' },
  { name: 'product', template: '{productSeName}', generationOnly: true },
]).generate({ productSeName: 'laptop' }, { routeName: 'product' })?.path; // '/laptop'

export {};

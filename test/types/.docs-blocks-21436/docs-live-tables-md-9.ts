import { compile, type RouteDefinition } from 'switchyard-router';

/** A shop whose tenants come and go while it serves; returns what it prints. */
export function run(): string[] {
  const lines: string[] = [];
  const show = (path: string): void => {
    const found = router.match(path, 'GET');
    lines.push(`${path} → ${found ? `#${found.route.index} ${found.route.name} ${JSON.stringify(found.values)}` : 'no route'}`);
  };

  // Typed as a list, not a literal table: generate() then takes the names of routes added later too.
  const routes: RouteDefinition[] = [
    { name: 'home', template: '' },
    { name: 'page', template: '{tenant}/{*slug}' },
  ];
  const router = compile(routes);
  show('/acme/products/7');

  // A tenant signs up: its routes go before the catch-all page route, which moves to index 3.
  router.insert(1, { name: 'acme.product', template: 'acme/products/{id:int}' });
  router.insert(2, { name: 'acme.cart', template: 'acme/cart', methods: ['GET'] });
  show('/acme/products/7');
  show('/ACME/cart');
  lines.push(`${router.generate({ id: 8 }, { routeName: 'acme.product' })?.path}`);

  // A bad route changes nothing: the same error compile() gives.
  try {
    router.add({ name: 'ACME.CART', template: 'acme/basket' });
  } catch (error) {
    lines.push((error as Error).message);
  }

  // The tenant leaves.
  lines.push(`removed: ${router.remove('acme.product')} ${router.remove('acme.cart')} ${router.remove('acme.cart')}`);
  show('/acme/products/7');
  return lines;
}

export {};

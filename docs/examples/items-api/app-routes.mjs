// The app's route module: the table `switchyard import` wrote (routes.mjs, written again by each import), and
// the constraint names it keeps (--keep-constraint even), each written in JavaScript as the C# app has it.
export { routes } from './routes.mjs';

export const constraints = {
  // EvenRouteConstraint.cs: an integer that is even.
  even: () => ({ match: (_context, _route, key, values) => /^[+-]?\d+$/.test(String(values[key] ?? '')) && Number(values[key]) % 2 === 0 }),
};

// Configuration mistakes get errors that say what is wrong and what to write instead: a route definition
// that is not an object, a plain function where a Router is expected, a route name used twice (one wording
// for compile() and for the pipeline's RouteCollection).
import { describe, expect, it } from 'vitest';
import { compile, type RouteDefinition } from '../src/index.js';
import { Route, RouteBuilder, RouteCollection, RouteHandler } from '../src/http.js';

const handler = async (): Promise<void> => {};
const DUPLICATE = /the route name "(a|A)" is already used by an earlier route \(names are case-insensitive\)/;

const cases: [string, () => unknown, RegExp][] = [
  ['compile() with a string for a route', () => compile(['a/b'] as unknown as RouteDefinition[]), /route 0 must be an object such as \{ template: "products\/\{id\}" \}, got the string "a\/b" \(write \{ template: "a\/b" \}\)/],
  ['compile() with null for a route', () => compile([{ template: 'x' }, null] as unknown as RouteDefinition[]), /route 1 must be an object .*, got null/],
  ['compile() with an array for a route', () => compile([['a']] as unknown as RouteDefinition[]), /got an array/],
  ['compile() with a non-string template', () => compile([{ template: 5 } as unknown as RouteDefinition]), /the template must be a string/],
  ['a plain function as a Route target', () => new Route(handler as never, null, 'x'), /Route \(its target\) needs a Router, got a plain function: wrap a request handler as new RouteHandler\(handler\)/],
  ['a plain function added to a RouteCollection', () => new RouteCollection().add(handler as never), /RouteCollection.add needs a Router, got a plain function: wrap .* RouteHandler/],
  ['a plain function as the default handler', () => new RouteBuilder(null, handler as never), /RouteBuilder \(its defaultHandler\) needs a Router, got a plain function/],
  ['a number as a Router', () => new RouteCollection().add(5 as never), /needs a Router \(an object with routeAsync and getVirtualPath\), got number/],
  ['a route name twice in compile()', () => compile([{ name: 'a', template: 'x' }, { name: 'A', template: 'y' }]), DUPLICATE],
  [
    'a route name twice in a RouteCollection',
    () => {
      const collection = new RouteCollection();
      collection.add(new Route(new RouteHandler(handler), 'a', 'x'));
      collection.add(new Route(new RouteHandler(handler), 'A', 'y'));
      return collection.build();
    },
    DUPLICATE,
  ],
];

describe('configuration errors', () => {
  it.each(cases)('%s', (_title, run, message) => {
    expect(run).toThrow(message);
  });

  it('a RouteHandler is accepted where a plain function is not', () => {
    expect(() => new Route(new RouteHandler(handler), null, 'x')).not.toThrow();
  });
});

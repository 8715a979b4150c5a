// Counts the requests that get past a router's static table and method filter to its strategy's own matcher
// (the walk or the generated code): the tests that a layer answers without a walk read it.
import { internalsOf } from '../../src/compile/router-internals.js';
import type { CompiledRouter } from '../../src/index.js';

export function countWalks(router: CompiledRouter): { walks: number } {
  const stack = internalsOf(router)!.stack()!;
  const counter = { walks: 0 };
  const inner = stack.core;
  stack.core = (target, method, httpContext) => {
    counter.walks++;
    return inner(target, method, httpContext);
  };
  return counter;
}

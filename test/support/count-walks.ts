// Counts the requests that get past a router's static table and method filter to its strategy's own matcher
// (the walk or the generated code): the tests that a layer answers without a walk read it. The router is left as
// it is: the same stack is built again from the parts the router holds (its static table, method filter and
// strategy's matcher), over a matcher that counts.
import { stackOver, type FrontMatch } from '../../src/compile/match/matcher-stack.js';
import { internalsOf } from '../../src/compile/router-internals.js';
import type { CompiledRouter } from '../../src/index.js';

/** The router's match() over a counting stack, and how many requests it passed on to the strategy's matcher. */
export interface CountedRouter {
  readonly match: FrontMatch;
  readonly walks: number;
}

export function countWalks(router: CompiledRouter): CountedRouter {
  const stack = internalsOf(router)!.stack()!;
  const { core } = stack;
  let walks = 0;
  const counted = stackOver(
    {
      strategy: core.strategy,
      source: null,
      staticTable: core.staticTable,
      matches: core.matches,
      allowedMethods: core.allowedMethods,
      match: (target, method, httpContext) => {
        walks++;
        return core.match(target, method, httpContext);
      },
    },
    stack.filter,
  );
  return {
    match: counted.front,
    get walks() {
      return walks;
    },
  };
}

// Every strategy, in one list: every table and property runs against each of them.
import { compile, type CompileOptions, type CompiledRouter } from '../../src/index.js';
import type { CaseRoute } from '../cases/types.js';

export const strategies = ['generated', 'trie', 'reference'] as const;
export type Strategy = (typeof strategies)[number];

export function routerFor(routes: CaseRoute[], strategy: Strategy, options: CompileOptions = {}): CompiledRouter {
  return compile(
    routes.map((r) => ({
      name: r.name ?? null,
      template: r.template,
      defaults: r.defaults,
      constraints: r.constraints,
      methods: r.methods,
      dataTokens: r.dataTokens,
    })),
    { ...options, strategy },
  );
}

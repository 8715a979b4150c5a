// Builds routers from table routes, for both strategies: every table runs against trie and linear.
import { compile, type CompileOptions, type CompiledRouter } from '../../src/index.js';
import type { CaseRoute } from '../cases/types.js';

export const strategies = ['trie', 'linear'] as const;

export function routerFor(routes: CaseRoute[], strategy: 'trie' | 'linear', options: CompileOptions = {}): CompiledRouter {
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

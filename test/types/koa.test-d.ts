// Type tests for switchyard-router/koa: a handler written inline in a route literal is typed from its route
// with no annotation (ctx.params, ctx.state.switchyard), and urlFor takes the table's names and values.
import type { Next, ParameterizedContext } from 'koa';
import { expectTypeOf } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition } from '../../src/index.js';
import type { AotRouter } from '../../src/aot.js';
import { switchyard } from '../../src/koa.js';

switchyard([
  {
    name: 'todo',
    template: 'api/todo/{id:int}',
    methods: ['GET'],
    handler: (ctx, next) => {
      expectTypeOf(ctx).toExtend<ParameterizedContext>();
      expectTypeOf(next).toEqualTypeOf<Next>();
      expectTypeOf(ctx.params).toEqualTypeOf<{ id: string }>();
      const { values, urlFor } = ctx.state.switchyard;
      expectTypeOf(values).toEqualTypeOf<{ id: string }>();
      ctx.body = { next: urlFor('todo', { id: 6 }), all: urlFor('all') };
      // @ts-expect-error: not a parameter of the template
      void ctx.params.idd;
      // @ts-expect-error: not a route name
      urlFor('nope', {});
      // @ts-expect-error: "id" is required
      urlFor('todo');
    },
  },
  {
    name: 'all',
    template: '{controller=Home}/{action=Index}/{id?}',
    handler: async (ctx) => {
      expectTypeOf(ctx.params).toEqualTypeOf<{ controller: string; action: string; id?: string }>();
    },
  },
]);

switchyard([
  // @ts-expect-error: a key a route definition does not have
  { template: 'a', methds: ['GET'] },
]);

declare const loose: RouteDefinition[];
switchyard(loose);
switchyard(compile([{ template: 'a/{b}' }]));

// A router built ahead of time (a module `switchyard build` wrote, typed by its .d.mts): taken, and kept as its type.
declare const built: AotRouter<readonly [{ readonly template: 'api/todo/{id:int}'; readonly name: 'todo' }]>;
expectTypeOf(switchyard(built).router).toEqualTypeOf(built);
expectTypeOf(switchyard(loose).router).toEqualTypeOf<CompiledRouter>();
switchyard(built, { methodNotAllowed: false });
// @ts-expect-error: not a router
switchyard({ match: 1 });

// A route's middleware: Koa middleware typed from the route.
switchyard([
  {
    template: 'admin/{id:int}',
    middleware: [
      async (ctx, next) => {
        expectTypeOf(ctx.params).toEqualTypeOf<{ id: string }>();
        expectTypeOf(next).toEqualTypeOf<Next>();
        // @ts-expect-error: not a parameter of the template
        void ctx.params.idd;
        await next();
      },
    ],
    handler: (ctx) => void (ctx.body = ctx.params.id),
  },
]);

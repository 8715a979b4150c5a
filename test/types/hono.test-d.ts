// Type tests for switchyard-router/hono: a handler written inline in a route literal is typed from its route
// with no annotation (c.get('switchyard'), c.var.switchyard), and urlFor takes the table's names and values.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { expectTypeOf } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition } from '../../src/index.js';
import { switchyard } from '../../src/hono.js';

switchyard([
  {
    name: 'todo',
    template: 'api/todo/{id:int}',
    methods: ['GET'],
    handler: (c, next) => {
      expectTypeOf(c).toExtend<Context>();
      expectTypeOf(next).toEqualTypeOf<Next>();
      const { values, urlFor } = c.get('switchyard');
      expectTypeOf(values).toEqualTypeOf<{ id: string }>();
      expectTypeOf(c.var.switchyard.values).toEqualTypeOf<{ id: string }>();
      // @ts-expect-error: not a parameter of the template
      void values.idd;
      // @ts-expect-error: not a route name
      urlFor('nope', {});
      // @ts-expect-error: "id" is required
      urlFor('todo');
      return c.json({ id: values.id, next: urlFor('todo', { id: Number(values.id) + 1 }) });
    },
  },
  {
    template: 'files/{*path}',
    handler: async (c) => {
      expectTypeOf(c.get('switchyard').values).toEqualTypeOf<{ path?: string }>();
      return c.text('ok');
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

// A router built ahead of time (a module `switchyard build` wrote, typed by its .d.mts): both entries take it.
import type { AotRouter } from '../../src/aot.js';
import { switchyard as switchyardBuilt } from '../../src/hono-aot.js';

declare const built: AotRouter<readonly [{ readonly template: 'api/todo/{id:int}'; readonly name: 'todo' }]>;
expectTypeOf(switchyard(built).router).toEqualTypeOf(built);
expectTypeOf(switchyardBuilt(built).router).toEqualTypeOf(built);
expectTypeOf(switchyardBuilt(built)).toExtend<MiddlewareHandler>();
switchyardBuilt(built, { methodNotAllowed: false, headAsGet: true });
switchyardBuilt(compile([{ template: 'a/{b}' }]));
// @ts-expect-error: switchyard-router/hono/aot compiles nothing: routes go to switchyard-router/hono
switchyardBuilt([{ template: 'a/{b}' }]);
// @ts-expect-error: no compile options without compile()
switchyardBuilt(built, { compile: { caseSensitive: true } });
// @ts-expect-error: not a router
switchyardBuilt({ match: 1 });
expectTypeOf(switchyard(loose).router).toEqualTypeOf<CompiledRouter>();
expectTypeOf(switchyard([{ template: 'a', handler: (c) => c.text('a') }]).router).toEqualTypeOf<CompiledRouter>();

// A route's middleware: Hono middleware typed from the route.
switchyard([
  {
    template: 'admin/{id:int}',
    middleware: [
      async (c, next) => {
        expectTypeOf(c.get('switchyard').values).toEqualTypeOf<{ id: string }>();
        // @ts-expect-error: not a parameter of the template
        void c.var.switchyard.values.idd;
        await next();
      },
      async (c) => c.text('denied', 403),
    ],
    handler: (c) => c.text(c.var.switchyard.values.id),
  },
]);

// hono/aot's defineRoutes (a built router's route module): middleware and handlers typed from the route.
import { defineRoutes as defineBuiltRoutes } from '../../src/hono-aot.js';
defineBuiltRoutes([
  {
    name: 'admin',
    template: 'admin/{id:int}',
    middleware: [
      async (c, next) => {
        expectTypeOf(c.var.switchyard.values).toEqualTypeOf<{ id: string }>();
        // @ts-expect-error: not a parameter of the template
        void c.var.switchyard.values.idd;
        await next();
      },
    ],
    handler: (c) => c.text(c.var.switchyard.urlFor('admin', { id: 1 })),
  },
]);

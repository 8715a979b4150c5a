// Type tests for switchyard-router/express: a handler written inline in a route literal is typed from its
// route with no annotation (req.params, res.locals.switchyard), and urlFor takes the table's names and values.
import type { NextFunction, Request, Response } from 'express';
import { expectTypeOf } from 'vitest';
import { compile, type CompiledRouter, type RouteDefinition } from '../../src/index.js';
import type { AotRouter } from '../../src/aot.js';
import { defineRoutes, group, switchyard } from '../../src/express.js';

switchyard([
  {
    name: 'todo',
    template: 'todo/{id:int}',
    methods: ['GET'],
    handler: (req, res, next) => {
      expectTypeOf(req).toExtend<Request>();
      expectTypeOf(res).toExtend<Response>();
      expectTypeOf(next).toEqualTypeOf<NextFunction>();
      expectTypeOf(req.params).toEqualTypeOf<{ id: string }>();
      const { values, urlFor } = res.locals.switchyard;
      expectTypeOf(values).toEqualTypeOf<{ id: string }>();
      urlFor('todo', { id: 6 });
      urlFor('page'); // every value has a default
      urlFor('files', { name: 'a' });
      // @ts-expect-error: not a parameter of the template
      void req.params.idd;
      // @ts-expect-error: not a route name
      urlFor('nope', {});
      // @ts-expect-error: "id" is required
      urlFor('todo');
      // @ts-expect-error: a misspelled key does not supply "id"
      urlFor('todo', { ID: 6 });
    },
  },
  {
    name: 'files',
    template: 'files/{name}.{ext?}',
    handler: (req, res) => {
      expectTypeOf(req.params).toEqualTypeOf<{ name: string; ext?: string }>();
      res.json(req.params);
    },
  },
  {
    name: 'page',
    template: 'blog/{page}',
    defaults: { page: 1 },
    handler: async (req) => {
      expectTypeOf(req.params).toEqualTypeOf<{ page: string | 1 }>();
    },
  },
  // Only for links: no handler needed.
  { name: 'static', template: 'static', methods: ['GET'], generationOnly: true },
]);

// A route that answers requests needs a handler, as the adapter requires when it is given the routes; one kept
// only to make links (generationOnly: true) does not.
switchyard([
  // @ts-expect-error: Property 'handler' is missing
  { name: 'b', template: 'b/{id}' },
  // @ts-expect-error: generationOnly: false answers requests
  { name: 'c', template: 'c', methods: ['POST'], generationOnly: false },
  { name: 'links', template: 'links/{id}', generationOnly: true },
  { name: 'a', template: 'a', handler: (_req, res) => void res.send(res.locals.switchyard.urlFor('links', { id: 1 })) },
]);
// In a module and a group as well; their routes keep to the rule in a table spread from them.
// @ts-expect-error: Property 'handler' is missing
defineRoutes([{ template: 'x' }]);
// @ts-expect-error: Property 'handler' is missing
group({ prefix: 'admin' }, [{ template: 'x' }]);
const linksOnly = defineRoutes([{ name: 'old', template: 'old/{id}', generationOnly: true }]);
const served = group({ prefix: 'admin' }, [{ name: 'list', template: 'list', handler: (_req, res) => void res.end() }]);
switchyard([...linksOnly, ...served]);

switchyard([
  // @ts-expect-error: a key a route definition does not have
  { template: 'a', methds: ['GET'] },
]);

switchyard([
  // @ts-expect-error: a "{" without its "}"
  { template: 'api/{id', handler: () => {} },
]);

// A table that is not a literal, and a compiled router: accepted, loosely typed.
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

// A route's middleware: Express middleware typed from the route, as its handler is; one written elsewhere fits.
const requireAdmin = (_req: Request, _res: Response, next: NextFunction) => next();
switchyard([
  {
    name: 'admin',
    template: 'admin/{id:int}',
    middleware: [
      requireAdmin,
      (req, res, next) => {
        expectTypeOf(req.params).toEqualTypeOf<{ id: string }>();
        expectTypeOf(res.locals.switchyard.values).toEqualTypeOf<{ id: string }>();
        // @ts-expect-error: not a parameter of the template
        void req.params.idd;
        next();
      },
    ],
    handler: (req, res) => void res.json(req.params.id),
  },
]);
switchyard([
  // @ts-expect-error: middleware is a list
  { template: 'a', middleware: requireAdmin, handler: requireAdmin },
]);

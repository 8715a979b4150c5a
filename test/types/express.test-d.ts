// Type tests for switchyard-router/express: a handler written inline in a route literal is typed from its
// route with no annotation (req.params, res.locals.switchyard), and urlFor takes the table's names and values.
import type { NextFunction, Request, Response } from 'express';
import { expectTypeOf } from 'vitest';
import { compile, type RouteDefinition } from '../../src/index.js';
import { switchyard } from '../../src/express.js';

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
  { template: 'static', methods: ['GET'] },
]);

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

import express from 'express';
import { switchyard } from 'switchyard-router/express';

export function createApp(): express.Express {
  const app = express();
  app.use(
    '/api',
    switchyard([
      {
        name: 'todo',
        template: 'todo/{id:int}',
        methods: ['GET'],
        handler: (req, res) => {
          const { urlFor } = res.locals.switchyard;
          res.json({ id: req.params.id, next: urlFor('todo', { id: Number(req.params.id) + 1 }) });
        },
      },
      { name: 'files', template: 'files/{name}.{ext?}', handler: (req, res) => void res.json(req.params) },
    ]),
  );
  app.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  return app;
}
// GET /api/todo/5 → {"id":"5","next":"/api/todo/6"}; DELETE /api/todo/5 → 405, Allow: GET, HEAD, OPTIONS

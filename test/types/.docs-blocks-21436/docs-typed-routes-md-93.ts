import { createApplication, RouteBuilder } from 'switchyard-router/http';

const builder = new RouteBuilder(createApplication());
builder.mapGet('api/todo/{id}', (ctx) => {
  const id: string = ctx.routeData.values.id;
  ctx.response.json(200, { id });
}, { name: 'GetTodo' });

export {};

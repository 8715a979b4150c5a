import { createApplication, RouteBuilder, RouteHandler } from 'switchyard-router/http';

const builder = new RouteBuilder(createApplication(), new RouteHandler(async () => {}));
builder.mapGet('a', async (context) => context.response.send(200, 'a'));
const collection = builder.build();
builder.mapGet('b', async (context) => context.response.send(200, 'b')); // added to the collection: GET /b matches it
collection.count; // 2

export {};

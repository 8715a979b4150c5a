// What the framework tests set up around an adapter the same way each time: Koa's error handling that answers an
// error's message as a 500, a Fastify app that registers the adapter and is ready (or refuses), and one request's
// answer as text from a server that is closed after it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type Koa from 'koa';
import { request } from 'undici';
import { switchyard as fastifyRoutes } from '../../src/fastify.js';
import type { RouteDefinition } from '../../src/index.js';

/** Koa middleware, first in the app: an error thrown below it is answered 500 with `prefix` and its message. */
export const koaErrorsAs =
  (prefix = ''): Koa.Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = 500;
      ctx.body = `${prefix}${(error as Error).message}`;
    }
  };

/** A Fastify app given `routes` through the adapter, made ready (throws what registering throws), then closed. */
export async function fastifyReady(routes: RouteDefinition[]): Promise<void> {
  const app = Fastify();
  app.register(fastifyRoutes, { routes });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

/** The body of `GET path` from `server` on a port of its own, as text; the server is closed after it. */
export async function getText(server: Server, path: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await (await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).body.text();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

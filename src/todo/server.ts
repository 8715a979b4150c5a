// The to-do API server on raw node:http, routed by switchyard like any user's app. `npm start` runs this
// file's bundle (dist/todo-server.js); tests use createTodoServer() with their own repository.
import cluster from 'node:cluster';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  addRouting,
  answerUnreadableRequests,
  createApplication,
  problem,
  RouteBuilder,
  routeInspector,
  useRouter,
  writeProblem,
  type Application,
  type Middleware,
  type RouteCollection,
  type RouteInspector,
} from '../http.js';
import { useApiExplorer } from './api-explorer.js';
import { BatchedLineWriter, requestLog } from './request-log.js';
import { serveOpenApi } from './openapi-document.js';
import { GET_TODO_ROUTE, TodoController } from './todo-controller.js';
import { InMemoryTodoRepository, type TodoRepository } from './todo-repository.js';
import { answerStoreUnavailable, healthCheck, openTodoStore, readStoreCaps, readStoreConfig } from './store.js';
import { pickPort, readWorkerCount, runPrimary } from './cluster.js';
import { readKeepAliveTimeout, readListenConfig, readMaxUnsentBytes } from './listen-config.js';
import { boundStalledConnections } from './stall-bound.js';

/** The service key of the shared TodoRepository. */
export const TODO_REPOSITORY = Symbol.for('switchyard.todo.repository');

/** Options of the to-do app. */
export interface TodoAppOptions {
  /** The data layer (default: an InMemoryTodoRepository with one seeded item). */
  repository?: TodoRepository;
  /** With the default repository: the most items stored (default 100,000); POST answers 507 past it. */
  maxItems?: number;
  /** With the default repository: the most bytes of item JSON stored (default 128 MiB); 507 past it. */
  maxBytes?: number;
  /** With the default repository: the most bytes its Idempotency-Keys are counted for (default 32 MiB). */
  maxKeyBytes?: number;
  /** One JSON line per request (method, path, status, duration), on stdout in batches; default true. */
  log?: boolean | ((line: string) => void);
  /** For each 404, one JSON line naming the route that came closest and why it did not match; default false. */
  debug?: boolean | ((line: string) => void);
  /** The route inspector at /_routes (TODO_INSPECT=1); default false: it shows the whole route table. */
  inspect?: boolean;
}

let sharedStdoutLog: BatchedLineWriter | null = null;
/** The one batched writer to stdout that every app of this process shares. */
function stdoutLog(): BatchedLineWriter {
  return (sharedStdoutLog ??= new BatchedLineWriter());
}

/** Where TODO_INSPECT=1 mounts the route inspector. */
export const INSPECTOR_PREFIX = '/_routes';

/** The longest request target accepted (8 KiB); longer ones get 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** "api/[controller]" with the controller's name (class name without "Controller"), as ASP.NET expands it. */
export function expandControllerTemplate(template: string, controllerClass: string): string {
  return template.replace(/\[controller\]/gi, controllerClass.replace(/Controller$/, '').toLowerCase());
}

/**
 * The request target rules, in one middleware (every request passes here): a target longer than MAX_URL_LENGTH
 * is 414, and the asterisk form "*" is for OPTIONS only (OPTIONS * answers 204 with the methods the server
 * offers). The framing and Host rules come before, in the application's listener (a request that breaks them
 * does not get here: an OPTIONS * without Host is 400, as node:http refused it). Not async: it hands on next()'s
 * promise, saving a promise per request.
 */
function checkTarget(listMethods: () => string): Middleware {
  let serverMethods: string | null = null; // listed on the first OPTIONS *, once the routes exist
  return (ctx, next) => {
    const raw = ctx.request.raw;
    const url = raw.url ?? '';
    if (url.length > MAX_URL_LENGTH) {
      writeProblem(ctx.response.raw, problem(414, `The request target is longer than ${MAX_URL_LENGTH} bytes.`));
      return Promise.resolve();
    }
    if (url === '*') {
      if (raw.method === 'OPTIONS') ctx.response.send(204, undefined, { allow: (serverMethods ??= listMethods()) });
      else writeProblem(ctx.response.raw, problem(400, 'The request target "*" is for OPTIONS only.'));
      return Promise.resolve();
    }
    return next();
  };
}

/** The methods a route collection's routes offer, with HEAD (served by GET) and OPTIONS: the Allow of OPTIONS *. */
function methodsOf(routes: RouteCollection): string {
  const methods = new Set(['OPTIONS']);
  for (let i = 0; i < routes.count; i++) {
    const route = routes.get(i) as { definition?: { methods?: readonly string[] | null } };
    for (const method of route.definition?.methods ?? []) methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort().join(', ');
}

/** Requests no route took (the router answers 405 and OPTIONS itself): 404, with a debug line if asked. */
function notFound(routes: RouteCollection, debug: ((line: string) => void) | null): Middleware {
  return async (ctx) => {
    if (debug) debug(closestRouteLine(routes, ctx.request.method, ctx.request.path));
    writeProblem(ctx.response.raw, problem(404, `No resource matches ${ctx.request.path}.`));
  };
}

/** The debug line for a 404: the route that came closest and why it did not match (router.explain). */
function closestRouteLine(routes: RouteCollection, method: string, path: string): string {
  const closest = routes.explain(path, method).closest;
  // The collection compiles its routes without names (it checks them itself); the Route handler has it.
  const name = (closest?.route.handler as { name?: string | null } | undefined)?.name ?? null;
  const route = closest ? { index: closest.route.index, name, template: closest.route.template } : null;
  return JSON.stringify({ level: 'debug', method, path, status: 404, closest: route, reason: closest?.message ?? 'no routes' });
}

/** Builds the to-do application: logging, limits, the routes of the endpoint table (docs/todo-api.md), 405/404 (HEAD, 405 and OPTIONS by the router). */
export function createTodoApp(options: TodoAppOptions = {}): Application {
  const log = options.log ?? true;
  const app = createApplication({
    handleError: answerStoreUnavailable,
    onCompleted: log ? requestLog(typeof log === 'function' ? log : stdoutLog().write) : undefined,
  });
  addRouting(app.services);
  const repository = options.repository ?? new InMemoryTodoRepository({ maxItems: options.maxItems, maxBytes: options.maxBytes, maxKeyBytes: options.maxKeyBytes });
  app.services.addSingleton(TODO_REPOSITORY, repository);

  app.use(checkTarget(() => methodsOf(routes)));
  // The inspector of the routes built below (it answers only under its prefix, and passes the rest on).
  let inspector: RouteInspector | null = null;
  if (options.inspect) app.use((ctx, next) => (inspector?.(ctx.request.raw, ctx.response.raw) ? Promise.resolve() : next()));

  const controller = new TodoController(app.services.getRequired<TodoRepository>(TODO_REPOSITORY));
  // A literal, not TodoController.name: a bundler may rename classes.
  const base = expandControllerTemplate('api/[controller]', 'TodoController');
  const builder = new RouteBuilder(app);
  builder
    .mapGet('healthz', healthCheck(repository))
    .mapGet('openapi.json', serveOpenApi(() => routes))
    .mapGroup(base, (todo) =>
      todo
        .mapGet('', controller.getAll)
        .mapGet('{id}', controller.getById, { name: GET_TODO_ROUTE })
        .mapPost('', controller.create)
        .mapPut('{id}', controller.update)
        .mapDelete('{id}', controller.remove),
    );
  const routes = builder.build();
  if (options.inspect) inspector = routeInspector(routes, { prefix: INSPECTOR_PREFIX, title: 'To-do API routes' });
  // By default HEAD uses the GET routes, and a known path with another method gets 405 (OPTIONS: 204) with Allow.
  useRouter(app, routes);
  // The API explorer (/docs), routed by a router of its own: openapi.json describes the API's routes alone.
  useApiExplorer(app);
  const debug = options.debug ?? false;
  app.use(notFound(routes, debug ? (typeof debug === 'function' ? debug : stdoutLog().write) : null));
  return app;
}

/**
 * How long a busy connection may show no progress (nothing read, nothing written) before it is closed; it is
 * closed within a tenth of this (at most 1 s) after (stall-bound.ts).
 */
export const WRITE_TIMEOUT_MS = 10_000;

/** Options of the to-do server: the app's, plus the node:http server's. */
export interface TodoServerOptions extends TodoAppOptions {
  /** See WRITE_TIMEOUT_MS (the default); 0 sets no bound. */
  writeTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5,000 ms; TODO_KEEP_ALIVE_MS). */
  keepAliveTimeoutMs?: number;
  /**
   * The most response bytes a connection may have unsent before its further (pipelined) requests wait and it is
   * not read (default 256 KiB; TODO_MAX_UNSENT_BYTES; answerUnreadableRequests' option).
   */
  maxUnsentBytes?: number;
}

/**
 * A node:http server for the to-do app, hardened against slow clients: headers and whole requests must
 * arrive within 30 s, idle keep-alive connections close after 5 s (keepAliveTimeoutMs). Malformed HTTP gets a problem+json 400;
 * a request line and headers over Node's 16 KiB budget get 414 (an over-long URL) or 431 (large headers).
 */
export function createTodoServer(options: TodoServerOptions = {}): Server {
  const app = createTodoApp(options);
  // What node:http cannot read gets a problem and the close, a request line past its header budget 414 as an
  // over-long target does here; pipelined requests run one at a time within maxUnsentBytes. The Host rule is
  // the app's listener's (node:http's own 400 has no problem body).
  const server = answerUnreadableRequests(
    createServer({ headersTimeout: 30_000, requestTimeout: 30_000, requireHostHeader: false }, app.handler),
    { maxUrlLength: MAX_URL_LENGTH, maxUnsentBytes: options.maxUnsentBytes },
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 5_000;
  // A connection on which nothing moves for this long — a response its client does not read, a request that
  // stalls — is closed: a client cannot pin a response (and its memory) forever. By a sweep, not
  // server.setTimeout's timer per socket that node re-arms on every read and write (stall-bound.ts). Idle
  // keep-alive connections are keepAliveTimeout's.
  boundStalledConnections(server, options.writeTimeoutMs ?? WRITE_TIMEOUT_MS);
  return server;
}

/**
 * Stops accepting, lets requests in flight finish, closes keep-alive connections as soon as they are idle
 * (responses from now on say "connection: close"); forces the rest closed after `graceMs`.
 */
export function shutdown(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    server.on('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
    // A response in flight may leave its keep-alive connection idle at any moment: sweep until closed.
    // (Polling only while draining keeps the request path free of shutdown bookkeeping.)
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

async function main(): Promise<void> {
  const { host, port } = readListenConfig();
  const keepAliveTimeoutMs = readKeepAliveTimeout();
  const maxUnsentBytes = readMaxUnsentBytes();
  const log = !/^(0|off|false|no)$/i.test(process.env.TODO_LOG ?? '');
  const store = readStoreConfig();
  const caps = readStoreCaps();
  const workers = readWorkerCount();
  const announce = (shown: number): void => console.log(`switchyard to-do API listening on http://${host.includes(':') ? `[${host}]` : host}:${shown}`);
  if (workers > 1 && cluster.isPrimary) {
    if (store.kind === 'memory') {
      throw new Error(`TODO_WORKERS=${workers} needs a shared store: with TODO_STORE=memory each worker would keep its own items. Set TODO_STORE (or DATABASE_URL) to a postgres:// URL, or run one worker.`);
    }
    // Migrate and check the database once, here: an unreachable one fails the start instead of every worker.
    await (await openTodoStore(store, caps)).close?.();
    return runPrimary(workers, announce, { PORT: String(port === 0 ? await pickPort(host) : port) });
  }
  const repository = await openTodoStore(store, caps);
  const inspect = /^(1|on|true|yes)$/i.test(process.env.TODO_INSPECT ?? '');
  const server = createTodoServer({ log, debug: /^debug$/i.test(process.env.TODO_LOG ?? ''), repository, inspect, keepAliveTimeoutMs, maxUnsentBytes });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const shown = typeof address === 'object' && address ? address.port : port;
  if (cluster.isPrimary) announce(shown);
  if (cluster.isPrimary && inspect) console.log(`route inspector on http://${host.includes(':') ? `[${host}]` : host}:${shown}${INSPECTOR_PREFIX} (TODO_INSPECT=1: it shows the whole route table; leave it off in production)`);
  const stop = (signal: string): void => {
    if (cluster.isPrimary) console.log(`${signal}: shutting down`);
    shutdown(server)
      .then(() => repository.close?.())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`switchyard to-do API failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

// The to-do API server on raw node:http, routed by switchyard like any user's app. `npm start` runs this
// file's bundle (dist/todo-server.js); tests use createTodoServer() with their own repository.
import cluster from 'node:cluster';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  addRouting,
  createApplication,
  problem,
  RouteBuilder,
  routeInspector,
  useRouter,
  writeProblem,
  type Application,
  type Middleware,
  type ProblemDetails,
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
import { boundUnsentResponses, DEFAULT_MAX_UNSENT_BYTES } from './pipelining.js';
import { boundStalledConnections } from './stall-bound.js';
import { refuseAfterAnswered } from './unreadable-request.js';

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
 * The request target and header rules, in one middleware (every request passes here; one hop instead of two):
 * a target longer than MAX_URL_LENGTH is 414; and the rules of RFC 9112 that node:http leaves to the
 * application: the asterisk form "*" is for OPTIONS only (OPTIONS * answers 204 with the methods the server
 * offers), the framing and Host rules of headerProblem, and the close after a request asking for an Upgrade. Not async:
 * it hands on next()'s promise, saving a promise per request.
 */
function checkTarget(listMethods: () => string): Middleware {
  let serverMethods: string | null = null; // listed on the first OPTIONS *, once the routes exist
  return (ctx, next) => {
    const raw = ctx.request.raw;
    // First: a request whose headers break the framing or Host rules is refused whatever its target (an
    // OPTIONS * without Host included, as node:http refused it before its handler ran).
    const refused = headerProblem(raw.rawHeaders, raw.httpVersion === '1.1');
    if (refused !== null) {
      writeProblem(ctx.response.raw, refused, { connection: 'close' });
      return Promise.resolve();
    }
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
    // A request asking for an Upgrade (Connection: upgrade) is served as HTTP/1.1, but node:http reads nothing
    // more of its connection: closed after the answer, so that a request pipelined behind it is not left waiting.
    if (raw.headers.upgrade !== undefined && /(?:^|,)[ \t]*upgrade[ \t]*(?:,|$)/i.test(raw.headers.connection ?? '')) ctx.response.setHeader('connection', 'close');
    return next();
  };
}

/**
 * What the raw header list (name, value, name, value…) breaks of RFC 9112's rules, or null. A header that must
 * come once, given twice, is 400: Host (§3.2: the server must refuse it) and Content-Type (which body type
 * would be meant?), where node:http keeps the first and drops the rest. An HTTP/1.1 request without Host is
 * 400 too (§3.2), checked here rather than by node:http, whose own 400 has no problem body. A transfer coding other than chunked
 * is 501 (§6.1): node:http reads a body whose last coding is chunked as if it were the only one, and refuses
 * the rest itself. Any Transfer-Encoding outside HTTP/1.1 is 400 (§6.1: its framing is faulty), where node:http
 * read an HTTP/1.0 body as chunked and kept the connection. Either way the connection is closed: what follows on it cannot be trusted to be framed as
 * the client meant. One pass over the list, each name compared only when its length is one of theirs.
 */
function headerProblem(rawHeaders: readonly string[], http11: boolean): ProblemDetails | null {
  let hosts = 0;
  let types = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name.length === 4) {
      if (name.toLowerCase() === 'host' && ++hosts > 1) return problem(400, 'A request must have exactly one Host header.');
    } else if (name.length === 12) {
      if (name.toLowerCase() === 'content-type' && ++types > 1) return problem(400, 'A request must have at most one Content-Type header.');
    } else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') {
      if (!http11) return problem(400, 'Transfer-Encoding is for HTTP/1.1 requests: this one\'s body cannot be framed as its client meant.');
      const codings = rawHeaders[i + 1];
      if (codings !== 'chunked' && codings.toLowerCase() !== 'chunked') return problem(501, 'A request body may be sent with Content-Length or Transfer-Encoding: chunked; no other transfer coding is implemented.');
    }
  }
  return hosts === 0 && http11 ? problem(400, 'An HTTP/1.1 request must have a Host header.') : null;
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
   * not read (default 256 KiB; TODO_MAX_UNSENT_BYTES; see pipelining.ts).
   */
  maxUnsentBytes?: number;
}

/**
 * The status for a parser "header overflow" (request line plus headers over Node's 16 KiB budget): 414 when
 * the bytes it read start a request line longer than MAX_URL_LENGTH (the URL is what is too long), else 431.
 * Those bytes are the read that overflowed: a request line arriving in several reads whose overflowing one
 * starts mid-line cannot be recognized, and gets 431.
 */
export function headerOverflowStatus(rawPacket: Buffer | undefined): 414 | 431 {
  if (!rawPacket) return 431;
  const end = rawPacket.indexOf('\n');
  const lineLength = end < 0 ? rawPacket.length : end;
  const startsRequest = /^[A-Z]+ /.test(rawPacket.toString('latin1', 0, 32));
  return startsRequest && lineLength > MAX_URL_LENGTH ? 414 : 431;
}

/**
 * A node:http server for the to-do app, hardened against slow clients: headers and whole requests must
 * arrive within 30 s, idle keep-alive connections close after 5 s (keepAliveTimeoutMs). Malformed HTTP gets a problem+json 400;
 * a request line and headers over Node's 16 KiB budget get 414 (an over-long URL) or 431 (large headers).
 */
export function createTodoServer(options: TodoServerOptions = {}): Server {
  const app = createTodoApp(options);
  const handler = boundUnsentResponses(app.handler, options.maxUnsentBytes ?? DEFAULT_MAX_UNSENT_BYTES);
  // The Host rule is checkTarget's (node:http's own answer to a request without Host has no problem body).
  const server = createServer({ headersTimeout: 30_000, requestTimeout: 30_000, requireHostHeader: false }, handler);
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 5_000;
  // Every header is kept (node:http's default keeps the first 2,000 and drops the rest, while its parser still
  // frames the body by them): a Host, Transfer-Encoding or Content-Length past the 2,000th was out of the rules'
  // sight. The 16 KiB header budget still bounds them (about 4,000 at most).
  server.maxHeadersCount = 0;
  // A connection on which nothing moves for this long — a response its client does not read, a request that
  // stalls — is closed: a client cannot pin a response (and its memory) forever. By a sweep, not
  // server.setTimeout's timer per socket that node re-arms on every read and write (stall-bound.ts). Idle
  // keep-alive connections are keepAliveTimeout's.
  boundStalledConnections(server, options.writeTimeoutMs ?? WRITE_TIMEOUT_MS);
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? headerOverflowStatus(error.rawPacket) : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    // After the answers to the requests received whole before it (unreadable-request.ts).
    refuseAfterAnswered(socket, closingProblem(status, 'The request could not be read as HTTP/1.1.'));
  });
  // An Expect other than 100-continue (node:http answers that one itself) is an expectation the server cannot
  // meet: 417 as a problem, not node:http's empty 417 when nothing listens. The connection is closed: a client
  // that waits for its expectation before sending the body would leave the body's bytes unsent, or sent later.
  server.on('checkExpectation', (_req, res: ServerResponse) => {
    writeProblem(res, problem(417, 'The only expectation this server meets is Expect: 100-continue.'), { connection: 'close' });
  });
  // A CONNECT asks for a tunnel, which only a proxy opens; node:http gives it to these listeners (without one it
  // drops the connection unanswered) and reads nothing more of the connection.
  server.on('connect', (_req, socket: Socket) => refuseAfterAnswered(socket, closingProblem(400, 'CONNECT asks for a tunnel; this server is not a proxy.')));
  return server;
}

/** A whole problem+json response that closes the connection, for a socket node:http no longer answers on. */
function closingProblem(status: number, detail: string): string {
  const body = JSON.stringify(problem(status, detail));
  return (
    `HTTP/1.1 ${status} ${problem(status).title}\r\ncontent-type: application/problem+json; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
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

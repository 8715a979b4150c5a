// The application pipeline over raw node:http: services, middleware in order, a terminal handler, a listener.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HttpContext } from './http-context.js';
import { problem } from './problem-details.js';
import { writeProblem } from './write-problem.js';
import type { Middleware, RequestDelegate } from './delegates.js';
import { ServiceContainer } from './service-container.js';
import { refuseUnframed } from './request-framing.js';
import { answerUnreadableRequests, type UnreadableRequestOptions } from './unreadable-request.js';

/** Options of createApplication(). */
export interface ApplicationOptions {
  /** The path the application is mounted at (e.g. "/app"); stripped from request paths, added to links. */
  pathBase?: string;
  /** Where errors that escape the pipeline are reported (default: console.error with the stack). */
  onError?: (error: unknown, httpContext: HttpContext) => void;
  /**
   * Answers an error that escaped the pipeline itself and returns true (as ASP.NET's IExceptionHandler), e.g. a
   * 503 for a database that is down; false: the error goes to onError and the answer is a 500 problem. Unlike
   * a middleware that catches next()'s rejection, it costs nothing on a request that does not fail.
   */
  handleError?: (error: unknown, httpContext: HttpContext) => boolean;
  /**
   * Called once per request when the application has answered it (the pipeline done, or its error answered),
   * with the milliseconds since the request reached the listener: a request log. A logging middleware costs
   * a promise and three closures per request to learn the same; this costs two clock readings.
   */
  onCompleted?: (httpContext: HttpContext, elapsedMs: number) => void;
}

/** Reached when no middleware handled the request: 404 problem. */
const notFound: RequestDelegate = async (ctx) => {
  writeProblem(ctx.response.raw, problem(404, `No resource matches ${ctx.request.method} ${ctx.request.path}`));
};

/** An application: services, a middleware pipeline, and a node:http request listener. */
export class Application {
  private readonly middleware: Middleware[] = [];
  private terminal: RequestDelegate = notFound;
  private pipeline: RequestDelegate | null = null;
  private listener: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  readonly pathBase: string;

  constructor(
    readonly services: ServiceContainer = new ServiceContainer(),
    private readonly options: ApplicationOptions = {},
  ) {
    const base = options.pathBase ?? '';
    this.pathBase = base === '/' ? '' : base.replace(/\/$/, '');
  }

  /** Adds a middleware at the end of the pipeline. */
  use(middleware: Middleware): this {
    if (this.pipeline) throw new Error('Middleware cannot be added after the application is built');
    this.middleware.push(middleware);
    return this;
  }

  /** Sets the handler at the end of the pipeline (instead of the default 404). */
  run(handler: RequestDelegate): this {
    if (this.pipeline) throw new Error('The terminal handler cannot be set after the application is built');
    this.terminal = handler;
    return this;
  }

  /** A new application that shares these services: a branch for middleware routes. */
  createBranch(): Application {
    return new Application(this.services, this.options);
  }

  /** Composes the pipeline into one RequestDelegate (once). */
  build(): RequestDelegate {
    if (this.pipeline) return this.pipeline;
    let next = this.terminal;
    for (let i = this.middleware.length - 1; i >= 0; i--) {
      const middleware = this.middleware[i];
      const after = next;
      next = (ctx) => middleware(ctx, () => after(ctx));
    }
    return (this.pipeline = next);
  }

  /**
   * The node:http request listener. A request whose headers break HTTP/1.1's framing or Host rules is answered
   * with a 400 (501 for a transfer coding) problem and the close before the pipeline runs (the rules: [Requests
   * node:http cannot read](https://switchyard-router.github.io/switchyard/docs/pipeline.html#requests-nodehttp-cannot-read)).
   * An exception that escapes the pipeline and that handleError does not answer becomes a 500 problem (the stack
   * goes to onError, never to the client) and the server keeps serving.
   */
  get handler(): (req: IncomingMessage, res: ServerResponse) => void {
    if (this.listener) return this.listener;
    const pipeline = this.build();
    const onError = this.options.onError ?? ((error: unknown) => console.error('switchyard: unhandled error', error));
    const handleError = this.options.handleError ?? null;
    const onCompleted = this.options.onCompleted ?? null;
    this.listener = (req, res) => {
      const start = onCompleted === null ? 0 : performance.now();
      const ctx = new HttpContext(req, res, this.services, this.pathBase);
      let done: Promise<void>;
      if (refuseUnframed(req, res)) {
        done = Promise.resolve();
      } else {
        try {
          // A plain-JS middleware may return nothing instead of a promise; never let that crash the listener.
          const result: unknown = pipeline(ctx);
          done = result instanceof Promise ? result : Promise.resolve(result as void);
        } catch (error) {
          done = Promise.reject(error);
        }
      }
      // As in ASP.NET, the response is complete when the pipeline is: a handler that wrote nothing sends
      // its status (200 unless set) with an empty body instead of leaving the client waiting.
      done.then(() => {
        if (!res.writableEnded) res.end();
        if (onCompleted !== null) completed(onCompleted, ctx, start, onError);
      }, (error: unknown) => {
        answerError(error, ctx, handleError, onError);
        if (onCompleted !== null) completed(onCompleted, ctx, start, onError);
      });
    };
    return this.listener;
  }

  /**
   * Starts a node:http server on `port` (0: any free port) and `host`; resolves once it listens. What node:http
   * cannot read gets a problem and the close, and pipelined requests run one at a time within
   * `options.maxUnsentBytes` (answerUnreadableRequests, whose options these are); a request without Host gets
   * the handler's problem, not node:http's empty 400.
   */
  async listen(port = 0, host = '127.0.0.1', options: UnreadableRequestOptions = {}): Promise<Server> {
    const server = answerUnreadableRequests(createServer({ requireHostHeader: false }, this.handler), options);
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  }
}

/** An error that escaped the pipeline: answered by handleError, else reported to onError and answered 500. */
function answerError(
  error: unknown,
  ctx: HttpContext,
  handleError: ((error: unknown, httpContext: HttpContext) => boolean) | null,
  onError: (error: unknown, httpContext: HttpContext) => void,
): void {
  try {
    if (handleError !== null && handleError(error, ctx) === true) return;
  } catch (thrown) {
    error = thrown; // a failing handler is itself the error to report
  }
  report(onError, error, ctx);
  writeProblem(ctx.response.raw, problem(500, 'An unexpected error occurred.'));
}

/** Calls onCompleted; an error it throws goes to onError (the response is already answered). */
function completed(
  onCompleted: (httpContext: HttpContext, elapsedMs: number) => void,
  ctx: HttpContext,
  start: number,
  onError: (error: unknown, httpContext: HttpContext) => void,
): void {
  try {
    onCompleted(ctx, performance.now() - start);
  } catch (error) {
    report(onError, error, ctx);
  }
}

/** Hands an error to onError; a failing error reporter must not take the server down. */
function report(onError: (error: unknown, httpContext: HttpContext) => void, error: unknown, ctx: HttpContext): void {
  try {
    onError(error, ctx);
  } catch {
    // nowhere left to report it
  }
}

/** Creates an application with its own service container. */
export function createApplication(options: ApplicationOptions = {}): Application {
  return new Application(new ServiceContainer(), options);
}

// The to-do server's request log: one JSON line per request, written in batches. A write to stdout is a
// system call; one per request cost a third of the server's throughput. Lines are kept in memory and written
// together when the batch is large or a few milliseconds old, as pino's sonic-boom does, through a StdoutSink
// (never blocking on a full pipe), and whatever is pending is written before the process exits.
import type { HttpContext } from '../http.js';
import { StdoutSink } from './stdout-sink.js';

/** Where batches go: a function, or a sink with a finish() that the exit hook calls after the last batch. */
export type LineSink = ((text: string) => void) | { readonly write: (text: string) => void; finish(): void };

/** Writes lines in batches to `sink` (default: stdout, through a StdoutSink). */
export class BatchedLineWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly sinkWrite: (text: string) => void;
  private readonly sinkFinish: (() => void) | null;
  private readonly onExit = (): void => {
    this.flush();
    this.sinkFinish?.();
  };

  constructor(
    sink: LineSink = new StdoutSink(),
    /** Written at once when this many characters are pending. */
    private readonly maxPending = 64 * 1024,
    /** A line waits at most this long. */
    private readonly maxDelayMs = 20,
  ) {
    this.sinkWrite = typeof sink === 'function' ? sink : sink.write;
    this.sinkFinish = typeof sink === 'function' ? null : () => sink.finish();
    process.once('exit', this.onExit);
  }

  /** Queues one line (without its newline). */
  readonly write = (line: string): void => {
    this.pending.push(line);
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= this.maxPending) this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(), this.maxDelayMs);
      this.timer.unref(); // a pending line never keeps the process alive: the exit hook writes it
    }
  };

  /** Writes every pending line now. */
  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.pendingBytes = 0;
    this.sinkWrite(text);
  }

  /** Flushes, finishes the sink and stops listening for the process's exit. */
  close(): void {
    this.onExit();
    process.removeListener('exit', this.onExit);
  }
}

/**
 * The application's onCompleted (application.ts) that writes one JSON line per request once the app has
 * answered it: method, path, status (as sent: a 503 from handleError, a 500 for an error nothing answered)
 * and the time the app took in ms. A completion callback, not a middleware: a middleware learns when the
 * answer is done by chaining a promise to next(), a promise and three closures on every request.
 * The line is written by hand (one JSON.stringify, for the path): cheaper than stringifying an object.
 */
export function requestLog(write: (line: string) => void): (ctx: HttpContext, elapsedMs: number) => void {
  return (ctx, elapsedMs) => {
    const durationMs = Math.round(elapsedMs * 1000) / 1000;
    // A method is an HTTP token (no quote, no backslash, no control character): it needs no escaping.
    write(`{"method":"${ctx.request.method}","path":${JSON.stringify(ctx.request.path)},"status":${ctx.response.statusCode},"durationMs":${durationMs}}`);
  };
}

// The to-do server's request log: one JSON line per request, written in batches. A write to stdout is a
// system call; one per request cost a third of the server's throughput. Lines are encoded as they come into one
// byte buffer, reused from batch to batch, and written together when the batch is large or a few milliseconds
// old (as pino's sonic-boom does), through a StdoutSink (never blocking on a full pipe); whatever is pending is
// written before the process exits. Kept as strings until the batch was written, the lines of a batch (up to
// 64 KiB) outlived the young generation's collections and were copied by them; the buffer is outside the heap.
import type { HttpContext } from '../http.js';
import { StdoutSink } from './stdout-sink.js';

/**
 * Where batches go: a function, or a sink with a finish() that the exit hook calls after the last batch. A batch
 * is whole lines of UTF-8; its bytes are valid only during the call (the buffer is reused): a sink copies what
 * it keeps.
 */
export type LineSink = ((bytes: Uint8Array) => void) | { readonly write: (bytes: Uint8Array) => void; finish(): void };

/** Writes lines in batches to `sink` (default: stdout, through a StdoutSink). */
export class BatchedLineWriter {
  private buffer: Buffer;
  /** Bytes of the batch in `buffer`. */
  private used = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly sinkWrite: (bytes: Uint8Array) => void;
  private readonly sinkFinish: (() => void) | null;
  private readonly onExit = (): void => {
    this.flush();
    this.sinkFinish?.();
  };

  constructor(
    sink: LineSink = new StdoutSink(),
    /** Written at once when this many bytes are pending. */
    private readonly maxPending = 64 * 1024,
    /** A line waits at most this long. */
    private readonly maxDelayMs = 20,
  ) {
    this.sinkWrite = typeof sink === 'function' ? sink : sink.write;
    this.sinkFinish = typeof sink === 'function' ? null : () => sink.finish();
    // Room for a full batch and one more line of a request log's usual length (grown for a longer one).
    this.buffer = Buffer.allocUnsafeSlow(maxPending + 1024);
    process.once('exit', this.onExit);
  }

  /** Queues one line (without its newline). */
  readonly write = (line: string): void => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair, 2 units, takes 4).
    const room = 3 * line.length + 1;
    if (this.used + room > this.buffer.length) this.grow(this.used + room);
    this.used += this.buffer.write(line, this.used);
    this.buffer[this.used++] = 10; // "\n"
    if (this.used >= this.maxPending) this.flush();
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
    if (this.used === 0) return;
    const batch = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.sinkWrite(batch);
  }

  /** Flushes, finishes the sink and stops listening for the process's exit. */
  close(): void {
    this.onExit();
    process.removeListener('exit', this.onExit);
  }

  /** A larger buffer, the pending lines copied into it (a line longer than the room left). */
  private grow(size: number): void {
    const larger = Buffer.allocUnsafeSlow(Math.max(size, 2 * this.buffer.length));
    this.buffer.copy(larger, 0, 0, this.used);
    this.buffer = larger;
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

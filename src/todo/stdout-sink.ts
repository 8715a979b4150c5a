// Writing log text to a file descriptor (stdout) without blocking the event loop and without losing text at
// exit. process.stdout does neither for a pipe: libuv writes what the pipe takes and queues the rest in memory,
// and process.exit drops that queue. Here the text is written with writeSync on the descriptor, which libuv
// has put into non-blocking mode: a full pipe answers EAGAIN, the text waits in order and is tried again
// shortly; at exit whatever waits is written, waiting for the reader if it must.
import { fstatSync, writeSync } from 'node:fs';

/** Writes of at most this many bytes to a pipe are atomic: all of them or none (POSIX PIPE_BUF). */
const PIPE_BUF = 4096;
/** How long text that a full pipe refused waits before it is tried again. */
const RETRY_MS = 5;
/** How long the exit waits, in all, for a reader that does not read. */
const EXIT_PATIENCE_MS = 10_000;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** What writeOnce answers instead of a count: the pipe is full, or there is nowhere to write. */
const WOULD_BLOCK = -1;
const GONE = -2;

/** Where the request log's batches go; see BatchedLineWriter. */
export class StdoutSink {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private retry: NodeJS.Timeout | null = null;
  private readonly pipe: boolean;

  constructor(
    private readonly fd = 1,
    /** Past this many bytes waiting, writes wait for the reader instead of queueing more (memory stays bounded). */
    private readonly maxQueued = 16 * 1024 * 1024,
  ) {
    let pipe = false;
    try {
      const stat = fstatSync(fd);
      pipe = stat.isFIFO() || stat.isSocket();
    } catch {
      // A closed descriptor: writes fail below and are dropped, as there is nowhere to write them.
    }
    this.pipe = pipe;
    // libuv sets a pipe on stdout to non-blocking when process.stdout is first used: from then on a full pipe
    // answers EAGAIN instead of blocking.
    if (pipe && fd === 1) void process.stdout.writable;
  }

  /**
   * Writes whole lines (bytes ending in "\n") now, as far as the descriptor takes them; the rest is copied and
   * queued (the caller may reuse `bytes` once this returns).
   */
  readonly write = (bytes: Uint8Array): void => {
    if (this.queue.length === 0 && this.retry === null) {
      const written = this.writeNow(bytes);
      if (written === bytes.length) return;
      bytes = bytes.subarray(written);
    }
    this.queue.push(Buffer.from(bytes));
    this.queued += bytes.length;
    this.drain(this.queued > this.maxQueued ? EXIT_PATIENCE_MS : 0);
  };

  /** Writes `bytes` without waiting: the bytes written (fewer when the descriptor would block; all when it is gone). */
  private writeNow(bytes: Uint8Array): number {
    let done = 0;
    while (done < bytes.length) {
      const written = this.writeOnce(bytes.subarray(done));
      if (written === GONE) return bytes.length; // nowhere to write them
      if (written === WOULD_BLOCK) return done;
      done += written;
    }
    return done;
  }

  /**
   * One write from the start of `bytes` (whole lines to a pipe): the bytes written, WOULD_BLOCK when a pipe is
   * full, GONE when the reader is gone (EPIPE) or the descriptor is closed.
   */
  private writeOnce(bytes: Uint8Array): number {
    try {
      return writeSync(this.fd, this.pipe ? wholeLines(bytes) : bytes);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EAGAIN' ? WOULD_BLOCK : GONE;
    }
  }

  /** Writes everything queued, waiting up to EXIT_PATIENCE_MS for a pipe's reader (at exit). */
  finish(): void {
    this.drain(EXIT_PATIENCE_MS);
  }

  /** Writes queued text in order; on EAGAIN waits up to `patienceMs`, then leaves the rest for a retry. */
  private drain(patienceMs: number): void {
    if (this.retry !== null) {
      clearTimeout(this.retry);
      this.retry = null;
    }
    let waited = 0;
    while (this.queue.length > 0) {
      const head = this.queue[0];
      const written = this.writeOnce(head);
      if (written === GONE) {
        this.queue.length = 0; // nowhere to write
        this.queued = 0;
        return;
      }
      if (written === WOULD_BLOCK) {
        if (waited < patienceMs) {
          Atomics.wait(pause, 0, 0, 1);
          waited++;
          continue;
        }
        this.retry = setTimeout(() => this.drain(0), RETRY_MS);
        this.retry.unref(); // the exit hook writes what is left
        return;
      }
      this.queued -= written;
      if (written === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(written);
    }
  }
}

/**
 * The longest start of `bytes` that is whole lines and at most PIPE_BUF bytes, so that a write to a pipe is
 * atomic and never leaves half a line for another writer to interleave with; a single line longer than
 * PIPE_BUF is written whole.
 */
function wholeLines(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= PIPE_BUF) return bytes;
  const end = bytes.lastIndexOf(10, PIPE_BUF - 1);
  return end >= 0 ? bytes.subarray(0, end + 1) : bytes.subarray(0, bytes.indexOf(10) + 1 || bytes.length);
}

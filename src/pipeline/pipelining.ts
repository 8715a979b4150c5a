// Pipelined requests run one at a time, and cannot pin memory: a connection is not read while its unsent
// responses are over a bound; no request received behind a response that closes the connection runs.
//
// node:http parses every pipelined request it reads and runs its handler at once; the responses wait in node's
// queue until the ones before them are sent. A client that pipelines thousands of requests and never reads
// made the server hold every response (6.3 MiB per connection for 20,000 requests of an empty list). Node's
// own check pauses a connection only when a request arrives while its buffer is full, and resumes it on any
// drain, so it did not bound that queue. And it runs a request read behind one whose answer closes the
// connection, though that request's answer is never sent.
//
// Here a request runs when its response owns the connection (every response before it is sent to the socket)
// and the socket holds at most `maxUnsentBytes` not yet taken by the kernel; until then it waits, and the
// connection is not read. So a connection holds at most the bound, the one response being written (a large
// body is best streamed with backpressure), and the requests of the last read (64 KiB).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The option maxUnsentBytes: its default (256 KiB) and its range. The least is a socket's own buffer (16 KiB),
 * below which it emits no 'drain' to resume on; the most, 2 GiB, is more than any connection should hold.
 */
export const MAX_UNSENT_BYTES: { readonly default: number; readonly min: number; readonly max: number } = Object.freeze({
  default: 256 * 1024,
  min: 16 * 1024,
  max: 2 ** 31,
});

/** `maxUnsentBytes` (MAX_UNSENT_BYTES.default when undefined), checked: a whole number of bytes in the range. */
export function checkMaxUnsentBytes(maxUnsentBytes: number = MAX_UNSENT_BYTES.default): number {
  const { min, max } = MAX_UNSENT_BYTES;
  if (!Number.isInteger(maxUnsentBytes) || maxUnsentBytes < min || maxUnsentBytes > max) {
    throw new RangeError(`maxUnsentBytes must be a whole number of bytes from ${min} to ${max} (got ${String(maxUnsentBytes)})`);
  }
  return maxUnsentBytes;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** node:http's flag of a connection it stopped reading: its own resume (on every drain) leaves such a socket paused. */
type PausableSocket = Socket & { _paused?: boolean };

/** A connection's requests waiting to run, oldest first. */
interface Backlog {
  readonly requests: IncomingMessage[];
  readonly responses: ServerResponse[];
  /** The oldest response, once it is listened to for the connection. */
  awaited: ServerResponse | null;
}

/**
 * Wraps a request listener: a request whose response does not own its connection yet, or whose connection has
 * more than `maxUnsentBytes` unsent (checked by checkMaxUnsentBytes), waits (and the connection is not read)
 * until both hold; one behind a response that closes the connection never runs.
 */
export function boundUnsentResponses(listener: Listener, maxUnsentBytes: number): Listener {
  const backlogs = new WeakMap<Socket, Backlog>();

  /** Runs the waiting requests that may run now; reads the connection again once none waits. */
  const pump = (socket: PausableSocket, backlog: Backlog): void => {
    const { requests, responses } = backlog;
    while (requests.length > 0) {
      const res = responses[0];
      if (res.socket === null) {
        // It is given the connection when the response before it has been sent. (Run on the next tick: node:http
        // hands the connection over from inside that response's 'finish'.) One listener, on the oldest only.
        if (backlog.awaited !== res) {
          backlog.awaited = res;
          res.once('socket', () => process.nextTick(pump, socket, backlog));
        }
        return;
      }
      if (socket.writableLength > maxUnsentBytes) return; // until the socket's 'drain'
      listener(requests.shift()!, responses.shift()!);
    }
    if (socket._paused) {
      // As node:http resumes a connection it paused.
      socket._paused = false;
      (socket as { parser?: { resume(): void } | null }).parser?.resume();
      socket.resume();
    }
  };

  const hold = (req: IncomingMessage, res: ServerResponse): void => {
    const socket: PausableSocket = req.socket;
    let backlog = backlogs.get(socket);
    if (backlog === undefined) {
      const created: Backlog = { requests: [], responses: [], awaited: null };
      backlogs.set(socket, created);
      // node:http's own 'drain' listener comes first and may resume reading; pump pauses again if need be.
      socket.on('drain', () => {
        pump(socket, created);
        if (created.requests.length > 0) stopReading(socket);
      });
      // A connection that closes drops what waits: no one is left to answer.
      socket.once('close', () => {
        created.requests.length = 0;
        created.responses.length = 0;
      });
      backlog = created;
    }
    backlog.requests.push(req);
    backlog.responses.push(res);
    stopReading(socket);
    if (backlog.requests.length === 1) pump(socket, backlog); // it cannot run yet: pump says what it waits for
  };

  return (req, res) => {
    // The usual case, not pipelined (no response before this one waits: it has the socket, req's own) and the
    // client reading: at once.
    const socket = res.socket;
    if (socket !== null && socket.writableLength <= maxUnsentBytes && socket.writable) return listener(req, res);
    // A connection that is closing (the response before said "connection: close", or the client is gone) runs
    // no request behind it (RFC 9112 §9.6): no answer could reach its client, so nothing is done in its name.
    // node:http parses such a request all the same, and hands it the connection the response before let go of.
    if (!req.socket.writable) return;
    hold(req, res);
  };
}

/**
 * Stops reading a connection as node:http does for its own pause: with its flag set, node:http pauses its
 * parser after the read at hand, and does not read the socket again until the flag is cleared (pump).
 */
function stopReading(socket: PausableSocket): void {
  if (socket._paused) return;
  socket._paused = true;
  socket.pause();
}

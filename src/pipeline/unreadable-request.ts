// A request node:http cannot read (a line that is not HTTP, a malformed header, headers over the budget, a
// request not received in time), an expectation it cannot meet and a tunnel it does not open are refused with a
// problem and the connection is closed, where node:http answered them with an empty body or not at all. Not at once: every
// request received whole before the unreadable bytes was handed to the app as it arrived, and is answered
// first, in order (RFC 9112 §9.3: responses in the order of the requests). Refused at once, a POST received
// whole just before a garbage line was stored while its client, told 400, could only think it was not.
//
// node:http reports the failure ('clientError') with no request: what it knows of the connection is on the
// socket, as its own default answer reads it: the response that owns the connection (`_httpMessage`; the
// responses of pipelined requests wait behind it, each given the connection when the one before is sent), and
// the parser with the last request whose headers it read (`parser.incoming`).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { unknownKeys } from '../compile/unknown-keys.js';
import { boundUnsentResponses, checkMaxUnsentBytes } from './pipelining.js';
import { problem } from './problem-details.js';
import { writeProblem } from './write-problem.js';

/** Options of answerUnreadableRequests(). */
export interface UnreadableRequestOptions {
  /**
   * Request headers over node:http's budget (16 KiB for the request line and headers) get 414 (URI Too Long)
   * when the request line alone is longer than this, else 431 (default 8 KiB: RFC 9112 asks every server to
   * take request lines of 8,000 bytes).
   */
  maxUrlLength?: number;
  /**
   * The most response bytes a connection may have unsent (not yet taken by the kernel) before its further
   * pipelined requests wait and it is not read (default 256 KiB; from 16 KiB to 2 GiB: MAX_UNSENT_BYTES).
   */
  maxUnsentBytes?: number;
}

/** The default maxUrlLength. */
const MAX_URL_LENGTH = 8 * 1024;

/** The keys of UnreadableRequestOptions. */
const OPTION_KEYS: readonly string[] = /* @__PURE__ */ Object.keys({ maxUrlLength: true, maxUnsentBytes: true } satisfies Record<keyof UnreadableRequestOptions, true>);

/** The servers made so: once each. */
const guarded = new WeakSet<Server>();

/**
 * Makes `server` answer what node:http cannot read with a problem+json and the close (400; 431 or 414 for
 * headers over its budget; 408 for a request not received in time), after the requests received whole before
 * it; an Expect other than 100-continue with 417, a CONNECT with 400. And keeps every request header: past
 * node:http's default of 2,000 the rest were dropped while its parser still framed the body by them, out of the
 * sight of the framing rules and of the application. Its request listeners (the handler it was created with) run
 * pipelined requests one at a time, within `maxUnsentBytes`, and none received behind a response that closes the
 * connection. `app.listen()` does this; so does a server of your own around `app.handler`:
 * `answerUnreadableRequests(createServer({ requireHostHeader: false }, app.handler))`. See [Requests node:http cannot
 * read](https://switchyard-router.github.io/switchyard/docs/pipeline.html#requests-nodehttp-cannot-read).
 */
export function answerUnreadableRequests<S extends Server>(server: S, options: UnreadableRequestOptions = {}): S {
  const [unknown] = unknownKeys(options ?? {}, OPTION_KEYS, 'the options object');
  if (unknown !== undefined) throw new TypeError(`answerUnreadableRequests: ${unknown}`);
  const maxUrlLength = options?.maxUrlLength ?? MAX_URL_LENGTH;
  if (!Number.isInteger(maxUrlLength) || maxUrlLength < 1) throw new RangeError(`maxUrlLength must be a whole number of bytes, 1 or more (got ${String(maxUrlLength)})`);
  const maxUnsentBytes = checkMaxUnsentBytes(options?.maxUnsentBytes);
  // Twice would nest the pipelining rule in itself and answer each refusal twice.
  if (guarded.has(server)) throw new Error('answerUnreadableRequests: this server already answers unreadable requests (app.listen() makes its server so)');
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length === 0) {
    throw new Error('answerUnreadableRequests: the server has no request listener yet; create it with the handler first: answerUnreadableRequests(createServer(options, app.handler))');
  }
  guarded.add(server);
  // The listeners it has now, in one, behind the rule: one added later runs as node:http hands it a request.
  server.removeAllListeners('request');
  server.on('request', boundUnsentResponses((req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  }, maxUnsentBytes));
  // The 16 KiB header budget still bounds them (about 4,000 at most).
  server.maxHeadersCount = 0;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }, socket: Socket) => {
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? headerOverflowStatus(error.rawPacket, error.bytesParsed, maxUrlLength) : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    refuseAfterAnswered(socket, closingProblem(status, 'The request could not be read as HTTP/1.1.'));
  });
  // An Expect other than 100-continue (node:http answers that one itself) is an expectation the server cannot
  // meet: 417 as a problem, not node:http's empty 417 when nothing listens. The connection is closed: a client
  // that waits for its expectation before sending the body would leave the body's bytes unsent, or sent later.
  // (A server that listens for these already meets them itself: a proxy opens CONNECT's tunnels.)
  if (server.listenerCount('checkExpectation') === 0) {
    server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
      writeProblem(res, problem(417, 'The only expectation this server meets is Expect: 100-continue.'), { connection: 'close' });
    });
  }
  // A CONNECT asks for a tunnel, which only a proxy opens; node:http gives it to these listeners (without one it
  // drops the connection unanswered) and reads nothing more of the connection.
  if (server.listenerCount('connect') === 0) {
    server.on('connect', (_req: IncomingMessage, socket: Socket) => refuseAfterAnswered(socket, closingProblem(400, 'CONNECT asks for a tunnel; this server is not a proxy.')));
  }
  return server;
}

/**
 * The status for a parser "header overflow" (request line plus headers over node's 16 KiB budget): 414 when
 * the bytes it read start a request line longer than `maxUrlLength` (the URL is what is too long), else 431.
 * Those bytes are the read that overflowed, parsed up to `parsed`; the request line is the one after the last
 * empty line before that (the end of the requests pipelined before it), or their start. A request line arriving
 * in several reads whose overflowing one starts mid-line cannot be recognized, and gets 431.
 */
export function headerOverflowStatus(rawPacket: Buffer | undefined, parsed?: number, maxUrlLength: number = MAX_URL_LENGTH): 414 | 431 {
  if (!rawPacket) return 431;
  // (Not below 0: a negative offset counts from the end of the packet.)
  const after = rawPacket.lastIndexOf('\r\n\r\n', Math.max(0, (parsed ?? rawPacket.length) - 4));
  const start = after < 0 ? 0 : after + 4;
  const end = rawPacket.indexOf('\n', start);
  const lineLength = (end < 0 ? rawPacket.length : end) - start;
  const startsRequest = /^[A-Z]+ /.test(rawPacket.toString('latin1', start, start + 32));
  return startsRequest && lineLength > maxUrlLength ? 414 : 431;
}

/** A whole problem+json response that closes the connection, for a socket node:http no longer answers on. */
function closingProblem(status: number, detail: string): string {
  const body = JSON.stringify(problem(status, detail));
  return (
    `HTTP/1.1 ${status} ${problem(status).title}\r\ncontent-type: application/problem+json; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** A connection's socket, with what node:http keeps on it. */
type HttpSocket = Socket & {
  _httpMessage?: ServerResponse | null;
  parser?: { incoming?: IncomingMessage | null } | null;
};

/** The connections being refused: node reports every later read of a failed parser again, and one refusal is sent. */
const refusing = new WeakSet<Socket>();

/**
 * Sends `response` (a whole HTTP response that says "connection: close") and ends the connection, once every
 * request received whole before the failure is answered; nothing if the connection closes first.
 */
function refuseAfterAnswered(socket: Socket, response: string): void {
  if (refusing.has(socket)) return;
  refusing.add(socket);
  refuse(socket as HttpSocket, response);
}

function refuse(socket: HttpSocket, response: string): void {
  // Closed, or closing after a response that said so: the client hears nothing more on this connection.
  if (!socket.writable) return;
  // A request whose body the failure cut (its headers were read): the refusal is its answer, unless its own
  // answer has begun. Any other response owning the connection answers a request received whole: after it.
  const reading = socket.parser?.incoming;
  const cut = reading != null && !reading.complete ? reading : null;
  const owner = socket._httpMessage ?? null;
  if (owner !== null && (owner.req !== cut || owner.headersSent)) {
    owner.once('close', () => refuse(socket, response));
    return;
  }
  socket.end(response);
}

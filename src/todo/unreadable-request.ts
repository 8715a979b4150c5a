// A request node:http cannot read (a line that is not HTTP, a malformed header, headers over the budget, a
// request not received in time) is refused with a problem and the connection is closed. Not at once: every
// request received whole before the unreadable bytes was handed to the app as it arrived, and is answered
// first, in order (RFC 9112 §9.3: responses in the order of the requests). Refused at once, a POST received
// whole just before a garbage line was stored while its client, told 400, could only think it was not.
//
// node:http reports the failure ('clientError') with no request: what it knows of the connection is on the
// socket, as its own default answer reads it: the response that owns the connection (`_httpMessage`; the
// responses of pipelined requests wait behind it, each given the connection when the one before is sent), and
// the parser with the last request whose headers it read (`parser.incoming`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
export function refuseAfterAnswered(socket: Socket, response: string): void {
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

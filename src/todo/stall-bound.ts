// Connections on which nothing moves are closed, by one server-wide sweep instead of a timer per socket.
//
// node:http's own bound (`server.setTimeout`) arms a timer on every socket and refreshes it on every read and
// write and around every request: about 1,400 instructions per request, a fifth of what separated a PUT from
// fastify's (which sets no such timer). Here one unref'd interval, running while the server has connections,
// compares each connection's progress (bytes read, bytes handed to the socket, bytes still unsent) with what it
// was at the tick before, and closes a busy one that has shown none for the bound. Nothing runs per request.
//
// A tick sees progress up to one tick after it happened, never before: a stalled connection is closed between
// `bound` and `bound + tick` after it last moved (tick = bound / 10, at most 1 s: 10 to 11 s for the default).
// Only late ticks (a loaded machine) close it later; none closes it sooner.
//
// A connection waiting idle between keep-alive requests is node's: node:http arms its keep-alive timer on it
// (socket.timeout, the keepAliveTimeout plus a second) once its last response is sent, so such a connection is
// not busy, however long keepAliveTimeout is. Until its next request is read whole, though: node disarms the
// timer only when that request's headers are read, and a request that stalls before (a partial request line
// or header) stalls as any other. Which connections are reading a request comes from node:http's own list of
// connections, the one its headersTimeout check reads: asked once a tick, when a connection looks idle.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The longest tick of the sweep. */
export const MAX_STALL_TICK_MS = 1_000;

/** A connection's progress as seen at the last tick. */
interface Progress {
  read: number;
  written: number;
  unsent: number;
  /** Ticks in a row that saw it busy and not moving. */
  stillTicks: number;
}

/**
 * Closes a connection of `server` that is busy (a request being read or answered, a response not yet sent) and
 * has moved no byte for `bound` ms (to `bound` plus a tenth of it, or plus 1 s when that is less). A bound of 0
 * (or less, or not finite) sets none.
 */
export function boundStalledConnections(server: Server, bound: number): void {
  if (!(bound > 0) || !Number.isFinite(bound)) return;
  const tick = Math.max(1, Math.min(MAX_STALL_TICK_MS, Math.floor(bound / 10)));
  const ticksToClose = Math.ceil(bound / tick);
  const connections = new Map<Socket, Progress>();
  let sweep: NodeJS.Timeout | null = null;

  const check = (): void => {
    let reading: ReadonlySet<Socket> | null = null; // asked at most once a tick
    for (const [socket, progress] of connections) {
      const read = socket.bytesRead;
      const written = socket.bytesWritten;
      const unsent = socket.writableLength;
      // Idle between keep-alive requests (node's keep-alive timer armed, no next request begun): not stalled,
      // whatever its age.
      const idle = (socket.timeout ?? 0) > 0 && unsent === 0 && !(reading ??= readingRequests(server)).has(socket);
      if (idle || read !== progress.read || written !== progress.written || unsent !== progress.unsent) {
        progress.read = read;
        progress.written = written;
        progress.unsent = unsent;
        progress.stillTicks = 0;
      } else if (++progress.stillTicks >= ticksToClose) {
        socket.destroy();
      }
    }
  };

  server.on('connection', (socket: Socket) => {
    // -1: the first tick counts as progress, so the bound runs from a tick after the connection opened.
    connections.set(socket, { read: -1, written: -1, unsent: -1, stillTicks: 0 });
    socket.once('close', () => {
      connections.delete(socket);
      if (connections.size === 0 && sweep !== null) {
        clearInterval(sweep);
        sweep = null;
      }
    });
    if (sweep === null) {
      sweep = setInterval(check, tick);
      sweep.unref();
    }
  });
}

/** node:http's list of a listening server's connections (its parsers); only `active` is used here. */
interface ConnectionsList {
  /** The parsers reading a request: its first byte read and not its last (or a new connection's first, awaited). */
  active(): readonly { readonly socket?: Socket | null }[];
}

/**
 * The connections of `server` reading a request, as node:http's list of connections says. The list is held
 * under a symbol of node:http's own (described 'http.server.connections', set when the server listens, in every
 * Node this package supports); were there none, no connection would be taken to be reading: idle by its timer.
 */
function readingRequests(server: Server): ReadonlySet<Socket> {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connections');
  const list = key === undefined ? undefined : (server as unknown as Record<symbol, ConnectionsList | undefined>)[key];
  const reading = new Set<Socket>();
  for (const parser of list?.active() ?? []) if (parser.socket) reading.add(parser.socket);
  return reading;
}

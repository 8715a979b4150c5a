// Raw node:net sockets, for what fetch and undici will not send or would normalise: request targets written byte
// for byte (an absolute form, "//host:port/…", "..", backslashes), malformed HTTP, requests pipelined in one
// write; and the problem+json a refusal is answered with.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';

const PROBLEM_CT = /^application\/problem\+json(;|$)/;

/** A response: status, headers (names in lower case), body as text. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Asserts an RFC 9457 body with type/title/status/detail and no trace of a stack or a file path. */
export function expectProblem(reply: Reply, status: number): Record<string, unknown> {
  expect(reply.status).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(PROBLEM_CT);
  expectNoStack(reply.text);
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(typeof body.type).toBe('string');
  expect((body.type as string).length).toBeGreaterThan(0);
  expect(typeof body.title).toBe('string');
  expect((body.title as string).length).toBeGreaterThan(0);
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  return body;
}

export function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\bat [^\s]+ \(|\n\s*at /); // stack frames
  expect(text).not.toMatch(/\.(?:ts|js|mjs|cjs):\d+|node:internal|\/work\/|[A-Z]:\\/); // file paths
  expect(text).not.toMatch(/\bstack\b/i);
}

/** One HTTP/1.1 response read off a raw socket (Content-Length bodies, or up to the close). */
export interface RawReply extends Reply {
  socketClosed: boolean;
}

/** The first response in `data` and the bytes it takes, or null while it is incomplete (`closed`: no more will come). */
function parseReply(data: Buffer, closed: boolean): { reply: RawReply; length: number } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = data.subarray(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) {
    if (body.length < Number(length)) return null;
    return { reply: { status, headers, text: body.subarray(0, Number(length)).toString('utf8'), socketClosed: closed }, length: end + 4 + Number(length) };
  }
  if (status === 204 || status === 304) return { reply: { status, headers, text: '', socketClosed: closed }, length: end + 4 };
  return closed ? { reply: { status, headers, text: body.toString('utf8'), socketClosed: true }, length: data.length } : null;
}

export function readResponse(socket: Socket): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      data = Buffer.concat([data, chunk]);
      const parsed = parseReply(data, false);
      if (parsed) finish(null, parsed.reply);
    };
    const onClose = (): void => {
      const parsed = parseReply(data, true);
      finish(parsed ? null : new Error(`socket closed before a complete response: ${data.toString('latin1')}`), parsed?.reply);
    };
    const onError = (): void => undefined; // the close that follows decides
    function finish(error: Error | null, reply?: RawReply): void {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      if (error) reject(error);
      else resolve(reply!);
    }
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.on('error', onError);
  });
}

/** Every response the server sends on `socket` until it closes the connection, in order (bytes left over: `rest`). */
export async function readUntilClose(socket: Socket): Promise<{ replies: RawReply[]; rest: string }> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await socketClosed(socket);
  let data = Buffer.concat(chunks);
  const replies: RawReply[] = [];
  for (let parsed = parseReply(data, true); parsed !== null && data.length > 0; parsed = parseReply(data, true)) {
    replies.push(parsed.reply);
    data = data.subarray(parsed.length);
  }
  return { replies, rest: data.toString('latin1') };
}

export async function rawConnect(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Sends `data` on a new connection and reads one response; the socket is destroyed afterwards. */
export async function raw(port: number, data: string | Buffer): Promise<RawReply> {
  const socket = await rawConnect(port);
  try {
    const reply = readResponse(socket);
    socket.write(data);
    return await reply;
  } finally {
    socket.destroy();
  }
}

export const socketClosed = (socket: Socket): Promise<void> =>
  socket.destroyed ? Promise.resolve() : once(socket, 'close').then(() => undefined);

/** The answer to `GET target` (or `method target`): status, content-type, location and body. */
export async function rawGet(port: number, target: string, method = 'GET'): Promise<{ status: number; type: string; location: string; body: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end);
  return {
    status: Number(head.split(' ')[1]),
    type: /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '',
    location: /\r\nlocation: *([^\r]*)/i.exec(head)?.[1] ?? '',
    body: text.slice(end + 4),
  };
}

/** A request an app on node:http refuses with `status` (or, under 400, answers) and then closes the connection. */
export interface ClosingRow {
  name: string;
  request: string;
  status: number;
}

/** An app's own requests, from which the rows of closingRequests() are made. */
export interface AppRequests {
  /** A request that changes what the app stores, with a body it takes: its method and target ("POST /api/todo"). */
  change: string;
  /** That request's body, and its type. */
  body: string;
  contentType: string;
  /** A target the app answers GET with 200. */
  get: string;
}

/**
 * 2,000 header lines (node:http's default maxHeadersCount): headers after them were dropped from the request's
 * header list while the parser still framed the body by them, out of every rule's sight.
 */
export const MANY_HEADERS = 'x:\r\n'.repeat(2000); // 8,000 bytes: within node:http's 16 KiB header budget

/**
 * The requests any app on node:http answers with a 4xx problem and the close (the Upgrade: 200 and the close),
 * whatever its routes, made of `app`'s own: what node:http cannot read (a line that is not HTTP, a malformed
 * header, headers over its budget, a broken body), RFC 9112's framing and Host rules it leaves to the
 * application (a header given twice that must be given once, a transfer coding not implemented or outside
 * HTTP/1.1, no Host), the Expect and CONNECT it answers with an empty body or not at all, each also hidden
 * behind 2,000 other headers.
 */
export function closingRequests(app: AppRequests): ClosingRow[] {
  const { change, body, contentType, get } = app;
  const type = `Content-Type: ${contentType}\r\n`;
  /** The change with these headers (each ending in CRLF) and its body sized by Content-Length. */
  const withHeaders = (headers: string): string => `${change} HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: ${body.length}\r\n\r\n${body}`;
  /** The change with its body sent in one chunk, under these Transfer-Encoding header lines. */
  const chunked = (codings: string): string => `${change} HTTP/1.1\r\nHost: x\r\n${type}${codings}\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  return [
    { name: 'a line that is not HTTP', request: 'GARBAGE\r\n\r\n', status: 400 },
    { name: 'a malformed header', request: `${change} HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n`, status: 400 },
    { name: 'a 20 KB header (past the 16 KiB budget)', request: withHeaders(`${type}X-Junk: ${'a'.repeat(20_000)}\r\n`), status: 431 },
    { name: 'a request line past the 16 KiB budget', request: `GET ${get}?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, status: 414 },
    { name: 'a chunk size that is not a number', request: `${change} HTTP/1.1\r\nHost: x\r\n${type}Transfer-Encoding: chunked\r\n\r\nzz\r\n`, status: 400 },
    { name: 'a chunk size that is not a number, after 2,000 other headers', request: `${change} HTTP/1.1\r\nHost: x\r\n${type}${MANY_HEADERS}Transfer-Encoding: chunked\r\n\r\nzz\r\n`, status: 400 },
    { name: 'two Host headers', request: withHeaders(`Host: y\r\n${type}`), status: 400 },
    { name: 'two Host headers, the second after 2,000 others', request: withHeaders(`${MANY_HEADERS}Host: y\r\n${type}`), status: 400 },
    { name: 'two Content-Type headers', request: withHeaders(`${type}Content-Type: text/plain\r\n`), status: 400 },
    { name: 'two Content-Type headers, the same value', request: withHeaders(`${type}${type}`), status: 400 },
    { name: 'Transfer-Encoding: gzip, chunked', request: chunked('Transfer-Encoding: gzip, chunked\r\n'), status: 501 },
    { name: 'Transfer-Encoding: gzip, then Transfer-Encoding: chunked', request: chunked('Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n'), status: 501 },
    { name: 'Transfer-Encoding: gzip, chunked after 2,000 other headers', request: chunked(`${MANY_HEADERS}Transfer-Encoding: gzip, chunked\r\n`), status: 501 },
    { name: 'Transfer-Encoding: chunked, gzip (chunked not last)', request: chunked('Transfer-Encoding: chunked, gzip\r\n'), status: 400 },
    { name: 'Content-Length and Transfer-Encoding both', request: chunked('Content-Length: 4\r\nTransfer-Encoding: chunked\r\n'), status: 400 },
    // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing; node:http read it as chunked and kept the connection.
    { name: 'Transfer-Encoding: chunked in an HTTP/1.0 request', request: chunked('Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n').replace('HTTP/1.1', 'HTTP/1.0'), status: 400 },
    // node:http answers these two itself, with an empty body instead of a problem.
    { name: 'an HTTP/1.1 request without Host', request: withHeaders(type).replace('Host: x\r\n', ''), status: 400 },
    { name: 'an Expect other than 100-continue', request: withHeaders(`Expect: 200-ok\r\n${type}`), status: 417 },
    // node:http hands a CONNECT (a proxy's tunnel) to its 'connect' listeners, and without one drops the connection unanswered.
    { name: 'a CONNECT (a tunnel, for proxies)', request: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', status: 400 },
    // node:http reads nothing more of a connection after a request that asks for an Upgrade (Connection: upgrade)
    // it does not do: a request pipelined behind it would wait for an answer that never comes.
    { name: 'a GET asking for an Upgrade the server does not do', request: `GET ${get} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\n`, status: 200 },
  ];
}

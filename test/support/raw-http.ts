// One HTTP/1.1 request written byte for byte on a new connection, for request targets that fetch and undici
// refuse or normalise (an absolute form, "//host:port/…", "..", backslashes); the connection is closed after it.
import { connect } from 'node:net';

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

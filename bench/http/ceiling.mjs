// The HTTP ceiling: raw node:http, no routing and no parsing; it reads the request body (if any) and answers one
// fixed response, prepared at start-up with the same status and body bytes as the to-do API's answer to the
// operation being measured (CEILING_OP: get-one | get-all-1 | get-all-100 | put | post).
// Env: PORT, HOST (default 127.0.0.1).
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const item = (name) => ({ Key: randomUUID(), Name: name, IsComplete: false });
const bodies = {
  'get-one': [200, item('Item1')],
  'get-all-1': [200, [item('Item1')]],
  'get-all-100': [200, Array.from({ length: 100 }, (_, i) => item(i === 0 ? 'Item1' : `seed ${i}`))],
  put: [204, null],
  post: [201, item('bench')],
};
const op = process.env.CEILING_OP ?? 'get-one';
if (!bodies[op]) {
  console.error(`ceiling: unknown CEILING_OP "${op}"`);
  process.exit(2);
}
const [status, value] = bodies[op];
const body = value === null ? null : Buffer.from(JSON.stringify(value));
const headers = body === null ? {} : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
if (op === 'post') headers.location = `http://127.0.0.1/api/todo/${value.Key}`;

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(status, headers);
    res.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));

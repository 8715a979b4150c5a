// A problem (problem-details.ts) written to a node:http response.
import type { ServerResponse } from 'node:http';
import type { ProblemDetails } from './problem-details.js';

/** Writes `body` as application/problem+json (unless the response has started). */
export function writeProblem(res: ServerResponse, body: ProblemDetails, headers?: Record<string, string>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(body.status, {
    ...headers,
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

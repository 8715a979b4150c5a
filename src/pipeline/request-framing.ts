// The rules of RFC 9112 that node:http leaves to the application, on how a request's headers frame it and the
// requests after it on the connection. Checked by the application's request listener before its pipeline runs,
// whatever the server around it: a request that breaks them reaches no middleware.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem, type ProblemDetails } from './problem-details.js';
import { writeProblem } from './write-problem.js';

/**
 * Answers a request whose headers break the framing or Host rules (framingProblem) with its problem and the close,
 * and returns true; else false. A request asking for an Upgrade is served as HTTP/1.1, but node:http reads nothing
 * more of its connection: it is closed after the answer, so that a request pipelined behind it is not left waiting.
 */
export function refuseUnframed(req: IncomingMessage, res: ServerResponse): boolean {
  const refused = framingProblem(req.rawHeaders, req.httpVersion === '1.1');
  if (refused === null) {
    if (req.headers.upgrade !== undefined && /(?:^|,)[ \t]*upgrade[ \t]*(?:,|$)/i.test(req.headers.connection ?? '')) res.setHeader('connection', 'close');
    return false;
  }
  writeProblem(res, refused, { connection: 'close' });
  return true;
}

/**
 * What the raw header list (name, value, name, value…) breaks of RFC 9112's rules, or null. A header that must come once, given twice, is 400: Host (§3.2: the server must refuse it)
 * and Content-Type (which body type would be meant?), where node:http keeps the first and drops the rest. An
 * HTTP/1.1 request without Host is 400 too (§3.2), checked here rather than by node:http (requireHostHeader:
 * false), whose own 400 has no problem body. A transfer coding other than chunked is 501 (§6.1): node:http
 * reads a body whose last coding is chunked as if it were the only one, and refuses the rest itself. Any
 * Transfer-Encoding outside HTTP/1.1 is 400 (§6.1: its framing is faulty), where node:http read an HTTP/1.0
 * body as chunked and kept the connection. Either way the connection is closed: what follows on it cannot be
 * trusted to be framed as the client meant. One pass over the list, each name compared only when its length is
 * one of theirs.
 */
function framingProblem(rawHeaders: readonly string[], http11: boolean): ProblemDetails | null {
  let hosts = 0;
  let types = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name.length === 4) {
      if (name.toLowerCase() === 'host' && ++hosts > 1) return problem(400, 'A request must have exactly one Host header.');
    } else if (name.length === 12) {
      if (name.toLowerCase() === 'content-type' && ++types > 1) return problem(400, 'A request must have at most one Content-Type header.');
    } else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') {
      if (!http11) return problem(400, 'Transfer-Encoding is for HTTP/1.1 requests: this one\'s body cannot be framed as its client meant.');
      const codings = rawHeaders[i + 1];
      if (codings !== 'chunked' && codings.toLowerCase() !== 'chunked') return problem(501, 'A request body may be sent with Content-Length or Transfer-Encoding: chunked; no other transfer coding is implemented.');
    }
  }
  return hosts === 0 && http11 ? problem(400, 'An HTTP/1.1 request must have a Host header.') : null;
}

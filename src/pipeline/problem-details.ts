// RFC 9457 problem details: the body of every error response the pipeline writes itself.
import type { ServerResponse } from 'node:http';

/** An RFC 9457 problem: type, title, status, detail (never a stack trace). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

// Where each status is defined; RFC 9457 says "about:blank" when there is nothing more specific.
const TYPES: Record<number, string> = {
  400: 'rfc9110#section-15.5.1',
  404: 'rfc9110#section-15.5.5',
  405: 'rfc9110#section-15.5.6',
  408: 'rfc9110#section-15.5.9',
  413: 'rfc9110#section-15.5.14',
  414: 'rfc9110#section-15.5.15',
  415: 'rfc9110#section-15.5.16',
  431: 'rfc6585#section-5',
  500: 'rfc9110#section-15.6.1',
  503: 'rfc9110#section-15.6.4',
  507: 'rfc4918#section-11.5',
};

/** A problem whose type is the RFC section that defines `status`. */
export function problem(status: number, detail?: string, extensions?: Record<string, unknown>): ProblemDetails {
  const type = TYPES[status];
  return {
    type: type ? `https://www.rfc-editor.org/rfc/${type}` : 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...extensions,
  };
}

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

// RFC 9457 problem details: the body of every error response the pipeline and the adapters write. No node:*
// (not even its types): the framework adapters' declarations reach this file, and must not need Node's types
// (write-problem.ts writes a problem to a node:http response).

/** An RFC 9457 problem: type, title, status, detail (never a stack trace). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

/** A status's reason phrase (the problem's title, as RFC 9457 asks for) and the RFC section that defines it (its type). */
type StatusText = readonly [title: string, type: string];

/** 405, apart: the adapters answer only this one, and a Worker's bundle of them need not carry the whole table. */
const METHOD_NOT_ALLOWED: StatusText = ['Method Not Allowed', 'rfc9110#section-15.5.6'];

// Each error status with its text. A status outside the list gets "about:blank" as RFC 9457 says.
const STATUSES: Record<number, StatusText> = {
  400: ['Bad Request', 'rfc9110#section-15.5.1'],
  401: ['Unauthorized', 'rfc9110#section-15.5.2'],
  402: ['Payment Required', 'rfc9110#section-15.5.3'],
  403: ['Forbidden', 'rfc9110#section-15.5.4'],
  404: ['Not Found', 'rfc9110#section-15.5.5'],
  405: METHOD_NOT_ALLOWED,
  406: ['Not Acceptable', 'rfc9110#section-15.5.7'],
  407: ['Proxy Authentication Required', 'rfc9110#section-15.5.8'],
  408: ['Request Timeout', 'rfc9110#section-15.5.9'],
  409: ['Conflict', 'rfc9110#section-15.5.10'],
  410: ['Gone', 'rfc9110#section-15.5.11'],
  411: ['Length Required', 'rfc9110#section-15.5.12'],
  412: ['Precondition Failed', 'rfc9110#section-15.5.13'],
  413: ['Content Too Large', 'rfc9110#section-15.5.14'],
  414: ['URI Too Long', 'rfc9110#section-15.5.15'],
  415: ['Unsupported Media Type', 'rfc9110#section-15.5.16'],
  416: ['Range Not Satisfiable', 'rfc9110#section-15.5.17'],
  417: ['Expectation Failed', 'rfc9110#section-15.5.18'],
  421: ['Misdirected Request', 'rfc9110#section-15.5.20'],
  422: ['Unprocessable Content', 'rfc9110#section-15.5.21'],
  426: ['Upgrade Required', 'rfc9110#section-15.5.22'],
  428: ['Precondition Required', 'rfc6585#section-3'],
  429: ['Too Many Requests', 'rfc6585#section-4'],
  431: ['Request Header Fields Too Large', 'rfc6585#section-5'],
  500: ['Internal Server Error', 'rfc9110#section-15.6.1'],
  501: ['Not Implemented', 'rfc9110#section-15.6.2'],
  502: ['Bad Gateway', 'rfc9110#section-15.6.3'],
  503: ['Service Unavailable', 'rfc9110#section-15.6.4'],
  504: ['Gateway Timeout', 'rfc9110#section-15.6.5'],
  505: ['HTTP Version Not Supported', 'rfc9110#section-15.6.6'],
  507: ['Insufficient Storage', 'rfc4918#section-11.5'],
};

/** A problem whose type is the RFC section that defines `status`. */
export function problem(status: number, detail?: string, extensions?: Record<string, unknown>): ProblemDetails {
  return problemOf(status, STATUSES[status], detail, extensions);
}

/** The 405 problem (what problem(405, detail) gives), without the table of every status. */
export function methodNotAllowedProblem(detail: string): ProblemDetails {
  return problemOf(405, METHOD_NOT_ALLOWED, detail);
}

function problemOf(status: number, known: StatusText | undefined, detail?: string, extensions?: Record<string, unknown>): ProblemDetails {
  return {
    type: known ? `https://www.rfc-editor.org/rfc/${known[1]}` : 'about:blank',
    title: known ? known[0] : 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...extensions,
  };
}

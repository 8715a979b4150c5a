// HttpContext over one node:http request/response pair. Request fields are computed lazily: a router that
// only needs the method and path never pays for the query, headers or host.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { withoutQuery } from '../compile/match/request-path.js';
import type { RouteValues } from '../route-values.js';
import type { RouteData } from './route-data.js';
import type { ServiceContainer } from './service-container.js';

// RFC 3986 host[:port]: a reg-name or IPv4 address, or an IP literal in brackets.
const VALID_HOST = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=%]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
/** The last host that passed VALID_HOST: the test is skipped when the next request names the same. */
let lastValidHost: string | undefined;

/** The request side of an HttpContext. */
export class HttpRequest {
  private pathValue: string | undefined;
  private queryText: string | undefined;
  private queryValue: URLSearchParams | undefined;

  constructor(
    /** The node request. */
    readonly raw: IncomingMessage,
    /** The part of the path the application is mounted at ("" or e.g. "/app"); not part of `path`. */
    readonly pathBase: string,
  ) {}

  private routingMethod: string | undefined;

  /**
   * The HTTP method, as the client sent it (node:http accepts only upper-case methods); while the router
   * middleware routes a HEAD request as GET (its headAsGet option), GET.
   */
  get method(): string {
    return this.routingMethod ?? this.raw.method ?? 'GET';
  }

  /** The method routing sees instead of the client's (undefined: the client's again). For the router middleware. */
  routeAs(method: string | undefined): void {
    this.routingMethod = method;
  }

  /** The request path as received (still percent-encoded), without pathBase, query or fragment. */
  get path(): string {
    if (this.pathValue === undefined) this.splitTarget();
    return this.pathValue!;
  }

  /** The query string, parsed. */
  get query(): URLSearchParams {
    if (this.queryText === undefined) this.splitTarget();
    return (this.queryValue ??= new URLSearchParams(this.queryText));
  }

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }

  /**
   * The Host header (host[:port]), or the local address when the client sent none or one that is not a
   * valid authority ("evil.example/x?" must not end up in a Location header).
   */
  get host(): string {
    // An absolute-form target ("GET http://example.com/a HTTP/1.1") names the authority; RFC 9112 §3.2.2: the
    // server uses it and ignores the Host header.
    const absolute = absoluteForm(this.raw.url ?? '/');
    const host = absolute === null ? this.raw.headers.host : absolute.authority;
    if (host !== undefined && host === lastValidHost) return host; // a client sends the same Host every time
    if (host && VALID_HOST.test(host)) return (lastValidHost = host);
    const address = this.raw.socket.localAddress ?? 'localhost';
    const name = address.includes(':') ? `[${address}]` : address;
    return `${name}:${this.raw.socket.localPort}`;
  }

  /** "https" on a TLS socket, else "http". */
  get scheme(): 'http' | 'https' {
    return (this.raw.socket as TLSSocket).encrypted ? 'https' : 'http';
  }

  private splitTarget(): void {
    const url = this.raw.url ?? '/';
    // Servers must accept the absolute form (RFC 9112 §3.2.2), which proxies send: its path is routed.
    const target = url.charCodeAt(0) === 47 /* / */ ? url : (absoluteForm(url)?.rest ?? url);
    let path = withoutQuery(target);
    const q = target.indexOf('?');
    this.queryText = q < 0 ? '' : target.slice(q + 1).split('#')[0];
    const base = this.pathBase;
    if (base && path.toLowerCase().startsWith(base.toLowerCase()) && (path.length === base.length || path[base.length] === '/')) {
      path = path.slice(base.length) || '/';
    }
    this.pathValue = path;
  }
}

/**
 * "http://host:port/a/b?x" → { authority: "host:port", rest: "/a/b?x" } (rest starts with "/", also for
 * "http://host?x"); null for any target that is not in absolute form.
 */
function absoluteForm(target: string): { readonly authority: string; readonly rest: string } | null {
  if (target.charCodeAt(0) === 47 /* / */) return null; // the origin form, nearly every request
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(target);
  if (scheme === null) return null;
  const start = scheme[0].length;
  let end = start;
  while (end < target.length && target[end] !== '/' && target[end] !== '?' && target[end] !== '#') end++;
  const rest = target.slice(end);
  const authority = target.slice(start, end);
  // Without userinfo ("user:pass@host"): only host[:port] may reach a Location header.
  return { authority: authority.slice(authority.lastIndexOf('@') + 1), rest: rest.startsWith('/') ? rest : `/${rest}` };
}

const TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';

/** Whether `headers` name a content-type, in any case (the usual spelling first). */
function hasContentType(headers: Record<string, string | number> | undefined): boolean {
  if (headers === undefined) return false;
  if (headers['content-type'] !== undefined) return true;
  for (const name in headers) if (name.length === 12 && name.toLowerCase() === 'content-type') return true;
  return false;
}

/** The response side of an HttpContext: the node response plus the few helpers a handler needs. */
export class HttpResponse {
  constructor(readonly raw: ServerResponse) {}

  get statusCode(): number {
    return this.raw.statusCode;
  }
  set statusCode(code: number) {
    this.raw.statusCode = code;
  }

  /** True once the status line and headers are on the wire. */
  get hasStarted(): boolean {
    return this.raw.headersSent;
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.raw.setHeader(name, value);
    return this;
  }

  /**
   * Ends the response with `status`, optional headers and an optional body. A body without a content-type
   * (in `headers` or set before) is sent as text/plain; charset=utf-8 (a string) or
   * application/octet-stream (a Buffer).
   */
  send(status: number, body?: string | Buffer, headers?: Record<string, string | number>): void {
    const res = this.raw;
    // One writeHead with all headers: cheaper than a setHeader per header on every request.
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
    } else {
      const type = hasContentType(headers) || res.hasHeader('content-type') ? null : typeof body === 'string' ? TEXT : BINARY;
      res.writeHead(status, type === null ? { ...headers, 'content-length': Buffer.byteLength(body) } : { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }
  }

  /** Ends the response with `value` as JSON (application/json; charset=utf-8). */
  json(status: number, value: unknown, headers?: Record<string, string | number>): void {
    this.send(status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
  }
}

/**
 * Everything about one request, as it travels through the pipeline. `Values` types the route values once
 * routed (a mapped handler's context has those of its template).
 */
export class HttpContext<Values extends RouteValues = RouteValues> {
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  private itemsMap: Map<string | symbol, unknown> | null = null;
  /** The request's RouteData once the router matched (ASP.NET's GetRouteData()); null before. */
  routeData: RouteData<Values> | null = null;

  constructor(
    req: IncomingMessage,
    res: ServerResponse,
    /** The application's services. */
    readonly requestServices: ServiceContainer,
    pathBase = '',
  ) {
    this.request = new HttpRequest(req, pathBase);
    this.response = new HttpResponse(res);
  }

  /** Per-request data shared by middleware (created on first use). */
  get items(): Map<string | symbol, unknown> {
    return (this.itemsMap ??= new Map());
  }
}

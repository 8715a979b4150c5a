// Reading a JSON request body safely: a strict media type check, a size limit enforced from Content-Length
// before reading and counted while reading (chunked bodies), UTF-8 checked byte by byte (invalid bytes are a
// 400, never replaced), a leading byte-order mark accepted as ASP.NET does, and parse errors as 400s — never
// a 5xx.
import { isUtf8 } from 'node:buffer';
import type { HttpContext } from '../http.js';

/** The largest body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A parsed body, or the status and detail of the problem to answer with. */
export type BodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly status: number; readonly detail: string };

/**
 * True when a Content-Type header value is, as an RFC 9110 media type, application/json with no parameter
 * but at most one charset=utf-8 (any case, optionally quoted); "application/jsonx", "text/json" or
 * "application/json; charset=latin1" do not pass. Parsed by splitting on ";", not by one regex: a regex with
 * nested repetition over "; ; ;" backtracks exponentially on a 100-byte header.
 */
export function isJsonMediaType(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value === 'application/json' || value === 'application/json; charset=utf-8') return true; // the usual two
  const parts = value.split(';');
  if (parts[0].trim().toLowerCase() !== 'application/json') return false;
  let charsets = 0;
  for (let i = 1; i < parts.length; i++) {
    const parameter = parts[i].trim().toLowerCase();
    if (parameter === '') continue; // RFC 9110 allows empty parameters ("application/json;")
    if (parameter !== 'charset=utf-8' && parameter !== 'charset="utf-8"') return false;
    charsets++;
  }
  return charsets <= 1;
}

const fail = (status: number, detail: string): BodyResult => ({ ok: false, status, detail });

/** What a handler does with the body it read: answers, at once or with a promise. */
export type BodyContinuation<C extends HttpContext> = (ctx: C, body: BodyResult) => void | Promise<void>;

/**
 * Reads and parses the request body as JSON (see BodyResult) and hands it to `then` with `ctx`; returns what
 * `then` returns, or a promise of it when the body is read from the stream. A continuation, not a promise of
 * the body: the handler's own `then` on that promise cost a closure, a promise and a reaction per request, and
 * an async handler's frame and awaits more. `then` is meant to be one function for every request (a method
 * bound once), and what it throws rejects the promise, as an async handler's throw would.
 */
export function readJsonBody<C extends HttpContext>(ctx: C, then: BodyContinuation<C>, limit = MAX_BODY_BYTES): void | Promise<void> {
  const req = ctx.request.raw;
  const lengthHeader = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const declared = lengthHeader === undefined ? null : Number(lengthHeader);
  if (!chunked && (declared === null || declared === 0)) {
    return then(ctx, fail(400, 'A JSON body is required.'));
  }
  if (!isJsonMediaType(req.headers['content-type'])) {
    discard(ctx);
    return then(ctx, fail(415, 'The body must be sent as Content-Type: application/json (charset utf-8).'));
  }
  if (declared !== null && declared > limit) {
    discard(ctx);
    return then(ctx, tooLarge(limit));
  }
  return readBody(ctx, then, limit);
}

const tooLarge = (limit: number): BodyResult => fail(413, `The body is larger than ${limit} bytes.`);

/** The body read, as a BodyResult: the UTF-8 and JSON rules. */
function parseJson(read: Buffer): BodyResult {
  if (read.length === 0) return fail(400, 'A JSON body is required.');
  // toString turns invalid bytes (FF FE, the overlong C0 AF, an encoded surrogate) into U+FFFD, which would be
  // stored; they are refused instead. So text without U+FFFD came from valid UTF-8, and only text with one (the
  // character itself, or invalid bytes) is checked byte by byte: one call into C++ for the usual body, not two.
  // A UTF-8 byte-order mark before the JSON is skipped.
  const start = read.length >= 3 && read[0] === 0xef && read[1] === 0xbb && read[2] === 0xbf ? 3 : 0;
  const text = read.toString('utf8', start);
  if (text.includes('\ufffd') && !isUtf8(read)) return fail(400, 'The body is not valid UTF-8.');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return fail(400, 'The body is not valid JSON.');
  }
}

type Resolve = (value: void | Promise<void>) => void;
type Reject = (reason: unknown) => void;
/** Hands a new promise's resolving functions to readBody: one shared executor, not a closure per body. */
let resolving: Resolve | null = null;
let rejecting: Reject | null = null;
const captureResolvers = (resolve: Resolve, reject: Reject): void => {
  resolving = resolve;
  rejecting = reject;
};

/**
 * The body's bytes, counted as they arrive and parsed (parseJson) when they end; a 413 past `limit` (the rest
 * is discarded), a 400 when the stream closes before its end. Stream events, not `for await`: async iteration costs a promise
 * per chunk. The three listeners are the only closures per body (no executor, no cleanup function): closures
 * were most of what reading a body allocated.
 */
function readBody<C extends HttpContext>(ctx: C, then: BodyContinuation<C>, limit: number): Promise<void> {
  const req = ctx.request.raw;
  const done = new Promise<void>(captureResolvers); // the executor runs at once: `resolving` is this promise's
  const resolve = resolving!;
  const reject = rejecting!;
  resolving = rejecting = null;
  let chunks: Buffer[] | null = null; // [chunk] on the first: a push onto [] would reserve room for 17
  let size = 0;
  let ended = false;
  const onData = (chunk: Buffer): void => {
    size += chunk.length;
    if (size <= limit) {
      if (chunks === null) chunks = [chunk];
      else chunks.push(chunk);
      return;
    }
    stopListening(req, onData, onEnd, onClose);
    discard(ctx);
    handOn(ctx, then, tooLarge(limit), resolve, reject);
  };
  // The listeners stay on a body that ended (three removeListener calls fewer per request): nothing is read from
  // it again, and the 'close' that follows finds the body read.
  const onEnd = (): void => {
    ended = true;
    handOn(ctx, then, parseJson(chunks === null ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)), resolve, reject);
  };
  const onClose = (): void => {
    if (ended) return;
    stopListening(req, onData, onEnd, onClose);
    handOn(ctx, then, fail(400, 'The body could not be read.'), resolve, reject);
  };
  req.on('data', onData);
  req.on('end', onEnd);
  // Closed before 'end': the client went away mid-body, or the stream failed. No 'error' listener: an
  // IncomingMessage emits 'error' only to listeners it has, and 'close' on every destroy, failed or not (three
  // listeners per body, not four).
  req.on('close', onClose);
  return done;
}

/** Hands the body read to `then`: readBody's promise settles as `then` does, and rejects with what it throws. */
function handOn<C extends HttpContext>(ctx: C, then: BodyContinuation<C>, body: BodyResult, resolve: Resolve, reject: Reject): void {
  try {
    resolve(then(ctx, body));
  } catch (error) {
    reject(error);
  }
}

/**
 * Runs `then` once the body of a request whose handler reads none (a DELETE) has arrived whole, and never when
 * it does not: a body cut by a parse error or by the client going away makes a bad request, which changes
 * nothing: `refuse` answers it instead. A request without a body, the usual one, runs at once.
 */
export function afterBody<C extends HttpContext>(ctx: C, then: (ctx: C) => void | Promise<void>, refuse: (ctx: C, status: number, detail: string) => void): void | Promise<void> {
  const req = ctx.request.raw;
  const length = req.headers['content-length'];
  if (req.complete || (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0'))) return then(ctx);
  return new Promise<void>((resolve, reject) => {
    req.on('end', () => {
      try {
        resolve(then(ctx));
      } catch (error) {
        reject(error);
      }
    });
    req.on('close', () => {
      if (req.complete) return;
      ctx.response.setHeader('connection', 'close');
      resolve(refuse(ctx, 400, 'The body could not be read.'));
    });
    req.resume(); // drained, not kept: the handler has no use for it
  });
}

/** Takes readBody's listeners off a body it stopped reading. */
function stopListening(req: HttpContext['request']['raw'], onData: (chunk: Buffer) => void, onEnd: () => void, onClose: () => void): void {
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('close', onClose);
}

/**
 * The rest of an unwanted body is drained, not read into memory, and the connection is closed after the
 * response so a client cannot keep streaming into it (requestTimeout bounds what is left).
 */
function discard(ctx: HttpContext): void {
  ctx.response.setHeader('connection', 'close');
  ctx.request.raw.resume();
}

// Reading a JSON request body safely: a strict media type check, a size limit enforced from Content-Length
// before reading and counted while reading (chunked bodies), and parse errors as 400s — never a 5xx.
import type { HttpContext } from '../index.js';

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

/** Reads and parses the request body as JSON; see BodyResult. */
export async function readJsonBody(ctx: HttpContext, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const req = ctx.request.raw;
  const lengthHeader = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const declared = lengthHeader === undefined ? null : Number(lengthHeader);
  if (!chunked && (declared === null || declared === 0)) {
    return fail(400, 'A JSON body is required.');
  }
  if (!isJsonMediaType(req.headers['content-type'])) {
    discard(ctx);
    return fail(415, 'The body must be sent as Content-Type: application/json (charset utf-8).');
  }
  if (declared !== null && declared > limit) {
    discard(ctx);
    return fail(413, `The body is larger than ${limit} bytes.`);
  }

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        discard(ctx);
        return fail(413, `The body is larger than ${limit} bytes.`);
      }
      chunks.push(chunk);
    }
  } catch {
    return fail(400, 'The body could not be read.');
  }
  if (size === 0) return fail(400, 'A JSON body is required.');
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks, size).toString('utf8')) };
  } catch {
    return fail(400, 'The body is not valid JSON.');
  }
}

/**
 * The rest of an unwanted body is drained, not read into memory, and the connection is closed after the
 * response so a client cannot keep streaming into it (requestTimeout bounds what is left).
 */
function discard(ctx: HttpContext): void {
  ctx.response.setHeader('connection', 'close');
  ctx.request.raw.resume();
}

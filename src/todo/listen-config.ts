// HOST and PORT, read as strictly as the TODO_* variables: a mistake stops the start with a message that says
// what to write, instead of Node's raw RangeError (PORT=abc) or a lookup error for a host that is no host.
import { isIP } from 'node:net';
import { MAX_UNSENT_BYTES } from '../http.js';

export interface ListenConfig {
  readonly host: string;
  readonly port: number;
}

/** A host name: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** HOST (default 127.0.0.1): an IP address or a host name. PORT (default 5000): a whole number from 0 to 65535. */
export function readListenConfig(env: NodeJS.ProcessEnv = process.env): ListenConfig {
  const host = env.HOST?.trim() || '127.0.0.1';
  if (isIP(host) === 0 && !HOST_NAME.test(host)) {
    const hint = /^\[.*\]$/.test(host) ? ` (write an IPv6 address without brackets: ${host.slice(1, -1)})` : '';
    throw new Error(`HOST must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name (got "${host.slice(0, 40)}")${hint}`);
  }
  const text = env.PORT?.trim() || '5000';
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new Error(`PORT must be a whole number from 0 to 65535, 0 for a free port (got "${text.slice(0, 20)}")`);
  return { host, port: Number(text) };
}

/** The longest TODO_KEEP_ALIVE_MS: an hour. Longer idle connections only hold sockets. */
const MAX_KEEP_ALIVE_MS = 3_600_000;

/**
 * TODO_KEEP_ALIVE_MS (default 5,000): how long an idle keep-alive connection stays open. Behind a load balancer
 * that reuses connections it must be longer than the balancer's own idle timeout, or a request the balancer sends
 * on a connection the server is closing gets a reset. A whole number of milliseconds from 1 to an hour.
 */
export function readKeepAliveTimeout(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.TODO_KEEP_ALIVE_MS?.trim() || '5000';
  if (!/^[1-9]\d{0,6}$/.test(text) || Number(text) > MAX_KEEP_ALIVE_MS) {
    throw new Error(`TODO_KEEP_ALIVE_MS must be a whole number of milliseconds from 1 to ${MAX_KEEP_ALIVE_MS} (got "${text.slice(0, 20)}")`);
  }
  return Number(text);
}

/**
 * TODO_MAX_UNSENT_BYTES (default 262,144, 256 KiB): the most response bytes a connection may have unsent before
 * its further pipelined requests wait and it is not read. A whole number from 16,384 (a socket's own buffer) to 2^31.
 */
export function readMaxUnsentBytes(env: NodeJS.ProcessEnv = process.env): number {
  const { default: fallback, min, max } = MAX_UNSENT_BYTES;
  const text = env.TODO_MAX_UNSENT_BYTES?.trim() || String(fallback);
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new Error(`TODO_MAX_UNSENT_BYTES must be a whole number of bytes from ${min} to ${max} (got "${text.slice(0, 20)}")`);
  }
  return Number(text);
}

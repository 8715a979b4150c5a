// HOST and PORT, read as strictly as the TODO_* variables: a mistake stops the start with a message that says
// what to write, instead of Node's raw RangeError (PORT=abc) or a lookup error for a host that is no host.
import { isIP } from 'node:net';

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

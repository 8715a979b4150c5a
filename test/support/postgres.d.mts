// Types of postgres.mjs (plain JavaScript, so that bench/http/run.mjs can use it as well as the tests).

export interface PostgresServer {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:port/<database> (trust authentication: any password is accepted). */
  url(database?: string): string;
  /** Creates an empty database with a fresh name and returns its URL (about 0.2 s). */
  createDatabase(): Promise<string>;
  /**
   * Creates an empty schema with a fresh name and returns a URL whose connections use it (search_path in the
   * URL's options): a separate store in a few milliseconds.
   */
  createSchema(): Promise<string>;
  /** Stops the server (fast shutdown: sessions are terminated); the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it and removes the data directory. */
  destroy(): Promise<void>;
}

/**
 * Starts a throw-away PostgreSQL server: initdb in a temporary directory, postgres on a free 127.0.0.1 port
 * (as the `postgres` user when run as root). `durable: false` (the default) turns fsync and synchronous
 * commit off. Throws a message saying how to install PostgreSQL when no server binaries are found.
 */
export function startPostgres(options?: { durable?: boolean }): Promise<PostgresServer>;

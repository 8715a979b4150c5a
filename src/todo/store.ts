// Choosing and serving the to-do store: the in-memory default or PostgreSQL (TODO_STORE / DATABASE_URL), the
// 503 answer while the store is unavailable, and the store's line in /healthz.
import cluster from 'node:cluster';
import { problem, writeProblem, type HttpContext, type RequestDelegate } from '../http.js';
import { InMemoryTodoRepository, TodoStoreUnavailableError, type TodoRepository } from './todo-repository.js';

/** Where the items live, as read from the environment. */
export type TodoStoreConfig =
  | { readonly kind: 'memory' }
  | { readonly kind: 'postgres'; readonly connectionString: string; readonly poolSize: number };

/** Seconds a client is told to wait (Retry-After) when the store is unavailable. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * TODO_STORE=memory (the default) or a postgres:// / postgresql:// URL; without TODO_STORE, DATABASE_URL (a
 * PostgreSQL URL) selects PostgreSQL. TODO_PG_POOL bounds the connection pool (default 10). Bad values throw.
 */
export function readStoreConfig(env: NodeJS.ProcessEnv = process.env): TodoStoreConfig {
  const store = env.TODO_STORE?.trim() || env.DATABASE_URL?.trim() || 'memory';
  if (store === 'memory') return { kind: 'memory' };
  if (!/^postgres(ql)?:\/\//i.test(store)) {
    throw new Error(`TODO_STORE must be "memory" or a postgres://user:password@host:port/database URL (got a value starting "${store.slice(0, 12)}")`);
  }
  const pool = env.TODO_PG_POOL?.trim() || '10';
  if (!/^[1-9]\d{0,3}$/.test(pool)) throw new Error(`TODO_PG_POOL must be a whole number from 1 to 9999 (got "${pool}")`);
  return { kind: 'postgres', connectionString: store, poolSize: Number(pool) };
}

/** Bounds of the store as read from the environment (unset: the repository's defaults). */
export interface TodoStoreCaps {
  readonly maxItems?: number;
  readonly maxBytes?: number;
  readonly maxKeyBytes?: number;
}

/**
 * TODO_MAX_ITEMS (default 100,000) and TODO_MAX_BYTES (default 128 MiB of item JSON): past them a POST gets 507.
 * TODO_MAX_KEY_BYTES (default 32 MiB): what the remembered Idempotency-Keys may be counted for; past it the
 * oldest are forgotten. Whole numbers from 1 to 10^12; anything else throws, so a typo does not silently leave
 * the default.
 */
export function readStoreCaps(env: NodeJS.ProcessEnv = process.env): TodoStoreCaps {
  const read = (name: string): number | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    if (!/^[1-9]\d{0,12}$/.test(text) || Number(text) > 1e12) throw new Error(`${name} must be a whole number from 1 to 1000000000000 (got "${text.slice(0, 20)}")`);
    return Number(text);
  };
  const maxItems = read('TODO_MAX_ITEMS');
  const maxBytes = read('TODO_MAX_BYTES');
  const maxKeyBytes = read('TODO_MAX_KEY_BYTES');
  return {
    ...(maxItems === undefined ? {} : { maxItems }),
    ...(maxBytes === undefined ? {} : { maxBytes }),
    ...(maxKeyBytes === undefined ? {} : { maxKeyBytes }),
  };
}

/** A repository for the config; PostgreSQL is connected, migrated and seeded before it resolves. */
export async function openTodoStore(
  config: TodoStoreConfig,
  caps: TodoStoreCaps = {},
): Promise<TodoRepository & { close?(): Promise<void> }> {
  if (config.kind === 'memory') return new InMemoryTodoRepository(caps);
  // Imported here so that the memory store's start-up never loads the PostgreSQL code or `pg`.
  const { PostgresTodoRepository } = await import('./postgres-repository.js');
  return PostgresTodoRepository.open({ connectionString: config.connectionString, poolSize: config.poolSize, ...caps });
}

/** The kind of store a repository is, for /healthz: "memory", "postgres", or "custom" for one passed in. */
export function storeKind(repository: TodoRepository): string {
  if (repository instanceof InMemoryTodoRepository) return 'memory';
  const kind = (repository as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : 'custom';
}

/**
 * TodoStoreUnavailableError from any handler → 503 problem+json with Retry-After (the client may retry); the
 * application's handleError, so a request that does not fail pays nothing for it. False for any other error.
 */
export function answerStoreUnavailable(error: unknown, ctx: HttpContext): boolean {
  if (!(error instanceof TodoStoreUnavailableError)) return false;
  writeProblem(ctx.response.raw, problem(503, 'The to-do store is unavailable; try again later.'), {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
  return true;
}

/**
 * GET /healthz: 200 {"status":"ok","store":kind} while the store answers, else 503 with status
 * "unavailable"; under TODO_WORKERS also "worker": the answering worker's process id.
 */
export function healthCheck(repository: TodoRepository): RequestDelegate {
  const store = storeKind(repository);
  const worker = cluster.isWorker ? { worker: process.pid } : {};
  return async (ctx) => {
    const status = repository.health ? await repository.health() : 'ok';
    if (status === 'ok') ctx.response.json(200, { status, store, ...worker });
    else ctx.response.json(503, { status, store, ...worker }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  };
}

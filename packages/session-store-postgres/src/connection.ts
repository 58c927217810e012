import { withDeadline } from '@ccsdk/session-store';
import pg from 'pg';
import { PostgresSessionStoreError } from './errors.js';
import { isConnectionError, toStoreError } from './pg-errors.js';
import { ensureSchema } from './schema.js';
import type { ResolvedPostgresOptions } from './store-options.js';

/** How long an idle connection of the store's own pool stays open, in ms. */
const IDLE_CONNECTION_MS = 10_000;

/**
 * The store's side effects: the pool, the one-time schema check, and calls bounded by
 * `callTimeoutMs` with driver errors mapped to codes. A connection that broke is destroyed, not
 * returned to the pool, so the next call opens a fresh one (that is the reconnect).
 */
export class Connection {
  readonly #options: ResolvedPostgresOptions;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  #schemaReady: Promise<void> | undefined;
  #closed = false;

  constructor(options: ResolvedPostgresOptions) {
    this.#options = options;
    this.#ownsPool = options.pool === undefined;
    this.#pool =
      options.pool ??
      new pg.Pool({
        connectionString: options.connectionString,
        max: options.maxConnections,
        connectionTimeoutMillis: options.connectTimeoutMs,
        query_timeout: options.callTimeoutMs,
        idleTimeoutMillis: IDLE_CONNECTION_MS,
        application_name: 'ccsdk-session-store',
      });
    // An idle connection the server dropped (restart, shutdown): the pool discards it; nothing to do.
    if (this.#ownsPool) this.#pool.on('error', () => undefined);
  }

  /** Runs `fn` on one pooled connection, after the schema check, within `callTimeoutMs`. */
  run<T>(what: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.#closed) {
      return Promise.reject(
        new PostgresSessionStoreError({
          code: 'CLOSED',
          message: `PostgreSQL session store: ${what} after close().`,
        }),
      );
    }
    return withDeadline(
      this.#run(what, fn),
      this.#options.callTimeoutMs,
      () =>
        new PostgresSessionStoreError({
          code: 'TIMEOUT',
          message: `PostgreSQL session store: ${what} did not finish within ${this.#options.callTimeoutMs} ms (callTimeoutMs); an append may still land.`,
        }),
    );
  }

  /** Like {@link run}, inside `BEGIN` / `COMMIT` (rolled back on any error). */
  transaction<T>(what: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.run(what, async (client) => {
      await client.query('BEGIN');
      try {
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  async #run<T>(what: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw toStoreError(error, `${what} (connecting)`);
    }
    let broken: unknown;
    try {
      await this.#ensureSchema(client);
      return await fn(client);
    } catch (error) {
      if (isConnectionError(error)) broken = error;
      throw toStoreError(error, what);
    } finally {
      client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
    }
  }

  #ensureSchema(client: pg.PoolClient): Promise<void> {
    this.#schemaReady ??= ensureSchema(client, this.#options.schema).catch((error: unknown) => {
      // Not cached: the next call checks again (the server may be back, or the schema fixed).
      this.#schemaReady = undefined;
      throw error;
    });
    return this.#schemaReady;
  }

  /** Ends the store's own pool (a pool passed in stays open). Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }
}

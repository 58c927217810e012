import { createHash } from 'node:crypto';
import { withDeadline } from '@ccsdk/session-store';
import { Redis } from 'ioredis';
import { RedisSessionStoreError } from './errors.js';
import { MAX_RECONNECT_DELAY_MS } from './limits.js';
import { toStoreError } from './redis-errors.js';
import type { ResolvedRedisOptions } from './store-options.js';

/** Version of the key layout this release writes, stored at `<prefix>schema`. */
export const LAYOUT_VERSION = 1;

/**
 * Failed reconnect attempts a command waits through before it fails with `CONNECTION_FAILED`:
 * 1, so a call made while the server is away fails within about two reconnect delays, and one
 * made just after it came back waits for the reconnect instead of failing (the client itself
 * keeps reconnecting, every {@link MAX_RECONNECT_DELAY_MS} at most).
 */
const RETRIES_PER_COMMAND = 1;

/**
 * The store's side effects: the client, the one-time layout check, scripts by SHA with a
 * fallback to the full text after a server restart, and calls bounded by `callTimeoutMs`.
 */
export class Connection {
  readonly client: Redis;
  readonly #options: ResolvedRedisOptions;
  readonly #ownsClient: boolean;
  readonly #shas = new Map<string, string>();
  readonly #schemaKey: string;
  #layoutReady: Promise<void> | undefined;
  #closed = false;

  constructor(options: ResolvedRedisOptions, schemaKey: string) {
    this.#options = options;
    this.#ownsClient = options.client === undefined;
    this.client =
      options.client ??
      new Redis(options.url as string, {
        lazyConnect: true,
        connectTimeout: options.connectTimeoutMs,
        commandTimeout: options.callTimeoutMs,
        maxRetriesPerRequest: RETRIES_PER_COMMAND,
        retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
        connectionName: 'ccsdk-session-store',
      });
    // Connection errors reach callers through their commands; the event only needs a listener.
    if (this.#ownsClient) this.client.on('error', () => undefined);
    this.#schemaKey = schemaKey;
  }

  /** Runs `fn` after the layout check, within `callTimeoutMs`, with client errors mapped to codes. */
  run<T>(what: string, fn: (client: Redis) => Promise<T>): Promise<T> {
    if (this.#closed) {
      return Promise.reject(
        new RedisSessionStoreError({
          code: 'CLOSED',
          message: `Redis session store: ${what} after close().`,
        }),
      );
    }
    const work = (async () => {
      try {
        await this.#checkLayout();
        return await fn(this.client);
      } catch (error) {
        throw toStoreError(error, what);
      }
    })();
    return withDeadline(
      work,
      this.#options.callTimeoutMs,
      () =>
        new RedisSessionStoreError({
          code: 'TIMEOUT',
          message: `Redis session store: ${what} did not finish within ${this.#options.callTimeoutMs} ms (callTimeoutMs); an append may still land.`,
        }),
    );
  }

  /** Runs a Lua script by SHA, loading its text again when the server lost it (restart, SCRIPT FLUSH). */
  async script(
    source: string,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> {
    let sha = this.#shas.get(source);
    if (sha === undefined) {
      sha = createHash('sha1').update(source).digest('hex');
      this.#shas.set(source, sha);
    }
    try {
      return await this.client.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!/NOSCRIPT/.test(error instanceof Error ? error.message : '')) throw error;
      return this.client.eval(source, keys.length, ...keys, ...args);
    }
  }

  #checkLayout(): Promise<void> {
    this.#layoutReady ??= (async () => {
      await this.client.set(this.#schemaKey, String(LAYOUT_VERSION), 'NX');
      const stored = Number(await this.client.get(this.#schemaKey));
      if (stored > LAYOUT_VERSION) {
        throw new RedisSessionStoreError({
          code: 'SCHEMA_TOO_NEW',
          message: `Key layout at ${this.#schemaKey} is version ${stored}, newer than ${LAYOUT_VERSION} which this release of @ccsdk/session-store-redis knows; upgrade the package.`,
        });
      }
    })().catch((error: unknown) => {
      this.#layoutReady = undefined;
      throw error;
    });
    return this.#layoutReady;
  }

  /** Closes the store's own connection (a client passed in stays open). Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#ownsClient) return;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

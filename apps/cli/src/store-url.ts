import type { SessionStore } from '@ccsdk/session-store';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';

/** A store opened from a URL: a `SessionStore` with the `close()` that releases its connections. */
export type UrlSessionStore = SessionStore & { close(): Promise<void> };

/** Options of {@link openStoreFromUrl}. */
export interface OpenStoreFromUrlOptions {
  /**
   * Make one cheap call (`listSessions` of a project nobody uses) before resolving, so an
   * unreachable server or a wrong password fails here, not at the first mirrored append.
   * Default `true`.
   */
  check?: boolean;
}

/** The URL schemes {@link openStoreFromUrl} knows, with the package behind each. */
export const STORE_URL_SCHEMES: Readonly<Record<string, string>> = {
  'postgres:': '@ccsdk/session-store-postgres',
  'postgresql:': '@ccsdk/session-store-postgres',
  'redis:': '@ccsdk/session-store-redis',
  'rediss:': '@ccsdk/session-store-redis',
};

/** Project key of the reachability check; never written. */
const CHECK_PROJECT_KEY = 'ccsdk-store-url-check';

function schemeOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  return /^([a-z][a-z0-9+.-]*:)\/\//i.exec(url)?.[1]?.toLowerCase();
}

/**
 * Opens the session store a URL names: `postgres://` / `postgresql://` gives a
 * `PostgresSessionStore` (its default schema), `redis://` / `rediss://` a `RedisSessionStore`
 * (its default prefix). Used by `ccsdk serve --store <url>` (and meant for every `--store` flag).
 * Throws a `TypeError` for another scheme (quoting the scheme only: the URL may hold a password),
 * and the adapter's typed error (`CONNECTION_FAILED`, ...) when the check call fails; the caller
 * owns the store and calls `close()`.
 */
export async function openStoreFromUrl(
  url: string,
  options: OpenStoreFromUrlOptions = {},
): Promise<UrlSessionStore> {
  const scheme = schemeOf(url);
  if (scheme === undefined || STORE_URL_SCHEMES[scheme] === undefined) {
    throw new TypeError(
      `A store URL must start with ${Object.keys(STORE_URL_SCHEMES).join('//, ')}//, got ${scheme === undefined ? `a ${typeof url} without a scheme` : JSON.stringify(scheme)}`,
    );
  }
  const store: UrlSessionStore = scheme.startsWith('postgres')
    ? new PostgresSessionStore({ connectionString: url })
    : new RedisSessionStore({ url });
  if (options.check ?? true) {
    try {
      await store.listSessions?.(CHECK_PROJECT_KEY);
    } catch (error) {
      await store.close().catch(() => undefined);
      throw error;
    }
  }
  return store;
}

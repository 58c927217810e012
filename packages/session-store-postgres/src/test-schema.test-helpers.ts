import { randomBytes } from 'node:crypto';
import { postgresForTests, type SharedServer } from '@ccsdk/test-databases';
import { afterAll, beforeAll } from 'vitest';
import { PostgresSessionStore } from './postgres-session-store.js';
import type { PostgresSessionStoreOptions } from './store-options.js';

/** A schema name no other test (or test run on a shared server) uses. */
export function freshSchema(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

/**
 * Registers the file's PostgreSQL server (the CI one from the env, or a throwaway one) and
 * returns helpers that open stores on it; every store opened is closed after the file.
 */
export function usePostgres(): {
  url: () => string;
  open: (options?: Partial<PostgresSessionStoreOptions>) => PostgresSessionStore;
} {
  let server: SharedServer | undefined;
  const stores: PostgresSessionStore[] = [];
  beforeAll(async () => {
    server = await postgresForTests();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await server?.dispose();
  });
  const url = () => {
    if (server === undefined) throw new Error('the PostgreSQL server is not up');
    return server.url;
  };
  return {
    url,
    open(options = {}) {
      const store = new PostgresSessionStore({ connectionString: url(), schema: freshSchema(), ...options });
      stores.push(store);
      return store;
    },
  };
}

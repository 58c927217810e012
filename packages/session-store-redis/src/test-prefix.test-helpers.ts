import { randomBytes } from 'node:crypto';
import { redisForTests, type SharedServer } from '@ccsdk/test-databases';
import { afterAll, beforeAll } from 'vitest';
import { RedisSessionStore } from './redis-session-store.js';
import type { RedisSessionStoreOptions } from './store-options.js';

/** A key prefix no other test (or test run on a shared server) uses. */
export function freshPrefix(): string {
  return `t${randomBytes(6).toString('hex')}:`;
}

/**
 * Registers the file's Redis server (the CI one from the env, or a throwaway one) and
 * returns helpers that open stores on it; every store opened is closed after the file.
 */
export function useRedis(): {
  url: () => string;
  open: (options?: Partial<RedisSessionStoreOptions>) => RedisSessionStore;
} {
  let server: SharedServer | undefined;
  const stores: RedisSessionStore[] = [];
  beforeAll(async () => {
    server = await redisForTests();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await server?.dispose();
  });
  const url = () => {
    if (server === undefined) throw new Error('the Redis server is not up');
    return server.url;
  };
  return {
    url,
    open(options = {}) {
      const store = new RedisSessionStore({ url: url(), prefix: freshPrefix(), ...options });
      stores.push(store);
      return store;
    },
  };
}

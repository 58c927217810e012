import { startPostgresServer } from './postgres-server.js';
import { startRedisServer } from './redis-server.js';

/** Env var with the URL of a PostgreSQL server the tests may use (`.ci/run` sets it). */
export const TEST_POSTGRES_URL_ENV = 'CCSDK_TEST_POSTGRES_URL';

/** Env var with the URL of a Redis server the tests may use (`.ci/run` sets it). */
export const TEST_REDIS_URL_ENV = 'CCSDK_TEST_REDIS_URL';

/** A server for a test file: the one named by the env var, or a throwaway one started for it. */
export interface SharedServer {
  readonly url: string;
  /** True when the server came from the env var (it is not ours to stop or restart). */
  readonly external: boolean;
  /** Stops and removes a throwaway server; nothing for an external one. */
  dispose(): Promise<void>;
}

async function sharedServer(
  envName: string,
  start: () => Promise<{ url: string; dispose(): Promise<void> }>,
  what: string,
): Promise<SharedServer> {
  const fromEnv = process.env[envName];
  if (fromEnv !== undefined && fromEnv !== '') {
    return { url: fromEnv, external: true, dispose: async () => undefined };
  }
  try {
    const server = await start();
    return { url: server.url, external: false, dispose: () => server.dispose() };
  } catch (error) {
    // Never a skip: without a server these tests cannot say anything, so they fail.
    throw new Error(
      `No ${what} server for the tests: set ${envName} or install ${what} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The PostgreSQL server of a test file; fails (never skips) when there is none. */
export function postgresForTests(): Promise<SharedServer> {
  return sharedServer(TEST_POSTGRES_URL_ENV, startPostgresServer, 'PostgreSQL');
}

/** The Redis server of a test file; fails (never skips) when there is none. */
export function redisForTests(): Promise<SharedServer> {
  return sharedServer(TEST_REDIS_URL_ENV, startRedisServer, 'Redis');
}

/**
 * `@ccsdk/test-databases` (private): throwaway PostgreSQL and Redis servers on loopback, for the
 * store adapters' tests, the end-to-end tests and the benchmarks. Never a mock.
 */
export { freePort } from './free-port.js';
export {
  findPostgresBinDir,
  type PostgresServer,
  startPostgresServer,
  TEST_POSTGRES_USER,
} from './postgres-server.js';
export { REDIS_SERVER_BIN, type RedisServer, startRedisServer } from './redis-server.js';
export { SERVER_TOOL_TIMEOUT_MS } from './run-tool.js';
export {
  postgresForTests,
  redisForTests,
  type SharedServer,
  TEST_POSTGRES_URL_ENV,
  TEST_REDIS_URL_ENV,
} from './shared-server.js';

/**
 * Public API of `@ccsdk/session-store-postgres`: a `SessionStore` on PostgreSQL. Everything
 * exported here is public; nothing else is.
 */
export {
  PostgresSessionStoreError,
  type PostgresSessionStoreErrorCode,
  type PostgresSessionStoreErrorInit,
} from './errors.js';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_ENTRY_BYTES,
  DEFAULT_POSTGRES_SCHEMA,
  MAX_SCHEMA_NAME_BYTES,
} from './limits.js';
export { PostgresSessionStore } from './postgres-session-store.js';
export { SCHEMA_VERSION } from './schema.js';
export type { PostgresSessionStoreOptions } from './store-options.js';

/**
 * Public API of `@ccsdk/session-store-redis`: a `SessionStore` on Redis. Everything exported
 * here is public; nothing else is.
 */
export { LAYOUT_VERSION } from './connection.js';
export {
  RedisSessionStoreError,
  type RedisSessionStoreErrorCode,
  type RedisSessionStoreErrorInit,
} from './errors.js';
export {
  APPEND_CONFLICT_ATTEMPTS,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_ENTRY_BYTES,
  DEFAULT_REDIS_PREFIX,
  MAX_PREFIX_CHARS,
  MAX_RECONNECT_DELAY_MS,
} from './limits.js';
export { RedisSessionStore } from './redis-session-store.js';
export type { RedisSessionStoreOptions } from './store-options.js';

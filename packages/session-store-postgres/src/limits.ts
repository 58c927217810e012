/** Default schema (PostgreSQL namespace) of the store's tables. */
export const DEFAULT_POSTGRES_SCHEMA = 'ccsdk_sessions';

/** Default bound on one store call (every statement of it, waiting for a connection included), in ms: 30 s. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** Default bound on opening one connection, in ms: 10 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Default size of the store's own connection pool. */
export const DEFAULT_MAX_CONNECTIONS = 10;

/**
 * Default largest entry, in UTF-8 bytes of its JSON text: 64 MiB. PostgreSQL's own cap on a
 * text value is 1 GB; the default keeps one entry well below what a pool connection buffers.
 */
export const DEFAULT_MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** Longest schema name PostgreSQL keeps (NAMEDATALEN - 1), in bytes. */
export const MAX_SCHEMA_NAME_BYTES = 63;

/** Largest timeout accepted by the options, in ms (what `setTimeout` honours). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

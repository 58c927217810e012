/** Default prefix of every key the store writes. */
export const DEFAULT_REDIS_PREFIX = 'ccsdk:';

/** Default bound on one store call (every command of it, queueing while reconnecting included), in ms: 30 s. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** Default bound on opening the connection, in ms: 10 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Default largest entry, in UTF-8 bytes of its JSON text: 64 MiB (Redis caps one string at 512 MB). */
export const DEFAULT_MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * Attempts of one append when concurrent appends to the same session keep changing what it read
 * (its summary, or which uuids are stored): 32, then `CONFLICT`.
 */
export const APPEND_CONFLICT_ATTEMPTS = 32;

/** Longest wait between two reconnect attempts, in ms: 500. */
export const MAX_RECONNECT_DELAY_MS = 500;

/** Longest key prefix accepted, in characters. */
export const MAX_PREFIX_CHARS = 256;

/** Largest timeout accepted by the options, in ms (what `setTimeout` honours). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** Store `load` calls a store-backed listing makes at the same time: 16. */
export const STORE_LOAD_CONCURRENCY = 16;

/** Sessions a store-backed listing derives per round before checking whether the page is full: 32. */
export const STORE_LIST_CHUNK_SESSIONS = 32;

/**
 * Default bound on each store call while a resume is materialized (`load`, `listSessions`,
 * `listSubkeys`), in ms: 60 s. Past it the resume fails with `STORE_CALL_TIMEOUT` before the
 * CLI starts.
 */
export const DEFAULT_LOAD_TIMEOUT_MS = 60_000;

/** Entries per `append` call of `importSessionToStore` unless `batchSize` says otherwise: 500. */
export const IMPORT_BATCH_ENTRIES = 500;

/**
 * JSONL text per `append` call of `importSessionToStore` before a batch is cut: about 1 MiB,
 * counted in JavaScript string-length units of the lines, not UTF-8 bytes. A threshold, not a
 * cap: one longer line still goes whole.
 */
export const IMPORT_BATCH_CHARS = 1_048_576;

/** Bytes read from a transcript at a time while importing: 1 MiB. A longer line grows the buffer. */
export const IMPORT_READ_CHUNK_BYTES = 1024 * 1024;

/** Attempts to remove a resume's temporary config folder on transient errors: 4. */
export const TEMP_DIR_REMOVE_ATTEMPTS = 4;

/** Wait between attempts to remove a resume's temporary config folder, in ms: 100. */
export const TEMP_DIR_REMOVE_RETRY_MS = 100;

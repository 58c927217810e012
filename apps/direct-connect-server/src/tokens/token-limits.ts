/**
 * Name the single `token` (`CCSDK_SERVE_TOKEN`) gets as a principal: `default`. Log entries and
 * session ownership use it as they use a tokens file's names.
 */
export const DEFAULT_TOKEN_NAME = 'default';

/**
 * Largest tokens file, in bytes: 1 MiB. A file of a thousand entries is about 150 KiB; a bigger
 * one is a mistake (a log file named by accident, say) and is refused before it is parsed.
 */
export const MAX_TOKENS_FILE_BYTES = 1024 * 1024;

/** Most entries in a tokens file: 10,000 (each costs a SHA-256 comparison on every request). */
export const MAX_TOKEN_ENTRIES = 10_000;

/** Longest token in a tokens file, in characters: 4,096 (longer is junk, not a credential). */
export const MAX_TOKEN_CHARS = 4096;

/** Longest entry name, in characters: 64. Names appear in log lines, so they are short plain words. */
export const MAX_TOKEN_NAME_CHARS = 64;

/**
 * Creates per minute a tokens file entry may make when it does not say (`createsPerMinute`): 120,
 * two a second, enough for an interactive client and a small batch job; a runaway client is
 * refused 429 `rate_limited` with `Retry-After` instead of filling the server.
 */
export const DEFAULT_TOKEN_CREATES_PER_MINUTE = 120;

/**
 * Creates an entry may make at once, before its rate applies, when it does not say
 * (`createBurst`): 20, or its `createsPerMinute` when that is lower.
 */
export const DEFAULT_TOKEN_CREATE_BURST = 20;

/** Highest `maxSessions`, `createsPerMinute` and `createBurst` an entry may give: 100,000. */
export const MAX_TOKEN_LIMIT_VALUE = 100_000;

/**
 * How long a session whose client (a WebSocket, or an SSE stream) is connected may go without a
 * line in either direction before it is ended, in ms: 30 minutes. A client that holds a socket
 * open and forgets it would otherwise keep a CLI process alive for ever; a turn in progress is
 * never idle. The session ends with close code `IDLE_TIMEOUT` (4408), reason
 * `idle timeout (client attached)`. Overridable with `attachedIdleTimeoutMs` /
 * `--attached-idle-timeout`.
 */
export const DEFAULT_ATTACHED_IDLE_TIMEOUT_MS = 30 * 60_000;

/** The close reason of a session ended by the attached idle timeout. */
export const ATTACHED_IDLE_CLOSE_REASON = 'idle timeout (client attached)';

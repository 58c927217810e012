/** Address the server binds by default: the IPv4 loopback, so nothing off this machine can reach it. */
export const DEFAULT_HOST = '127.0.0.1';

/** Port `ccsdk serve` listens on by default. The programmatic API defaults to 0 (any free port). */
export const DEFAULT_SERVE_PORT = 7411;

/** Most sessions alive at once: 64. One more `POST /sessions` is answered 503 with `Retry-After`. */
export const DEFAULT_MAX_SESSIONS = 64;

/**
 * Largest message, in bytes, in either direction: 32 MiB. A WebSocket frame past it closes the
 * connection with 1009; a line the CLI writes past it is dropped and logged.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** Largest `POST /sessions` body, in bytes: 64 KiB. Past it the answer is 413. */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 64 * 1024;

/**
 * How long a session may go without a connected client before it is ended, in ms: 10 minutes.
 * The clock starts at creation and again whenever the client disconnects.
 */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 10 * 60_000;

/**
 * Most output bytes held for one session, in bytes: 16 MiB. Output waits while no client is
 * connected, and in the socket's send buffer while the client reads slowly; past this limit the
 * session is ended (close code 4413).
 */
export const DEFAULT_MAX_PENDING_OUTPUT_BYTES = 16 * 1024 * 1024;

/** How often a connected client is pinged, in ms: 30 s. A client that missed the last pong is dropped. */
export const WEBSOCKET_PING_INTERVAL_MS = 30_000;

/** How long a client is told to wait after a 503, in seconds (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/** Longest `session_key`, in characters. */
export const MAX_SESSION_KEY_CHARS = 256;

/** Shortest accepted bearer token, in characters: 16. Generated tokens have 43. */
export const MIN_TOKEN_CHARS = 16;

/** Random bytes in a generated token: 32 (256 bits), written as 43 base64url characters. */
export const GENERATED_TOKEN_BYTES = 32;

/**
 * How long a session whose process ended before any client connected keeps its last output and
 * exit status for a late client, in ms: 30 s. After that `GET /sessions/:id` and the upgrade
 * answer 404.
 */
export const ENDED_SESSION_RETENTION_MS = 30_000;

/**
 * Longest a graceful shutdown (`close()`, and `ccsdk serve` on SIGINT/SIGTERM) waits for the
 * sessions to end, in ms: 10 s. Every session ends at once, attached or not: its client gets 1001
 * and its CLI stdin EOF, then SIGTERM to its process group after 2 s and SIGKILL 5 s later, so
 * about 7 s covers a CLI that ignores both EOF and SIGTERM. Past this bound the server stops
 * waiting (logged as `server.shutdown_timeout`), and every process group still alive gets
 * SIGKILL when the server process exits.
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

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

/**
 * How long a WebSocket that arrived without an `Authorization` header has to send its first
 * frame, the `{ type: 'auth', credential }` message, in ms: 5 s. A browser sends it right after
 * the socket opens, so 5 s covers a slow network and not much more; past it the socket is closed
 * with `AUTH_TIMEOUT` (4402). Overridable with the `authDeadlineMs` option.
 */
export const WEBSOCKET_AUTH_DEADLINE_MS = 5_000;

/**
 * Largest first frame of a WebSocket that authenticates by its first frame, in bytes: 4 KiB. The
 * auth message is about 100 bytes around the token. The server reads at most this much (plus one
 * frame header) from a socket that has not authenticated; a bigger first frame closes it at once
 * with `MESSAGE_TOO_BIG` (1009), so an unauthenticated client cannot make the server buffer a
 * message of `maxMessageBytes`.
 */
export const MAX_AUTH_FRAME_BYTES = 4 * 1024;

/**
 * Most WebSockets waiting for their first frame at once: 64 (the default session limit, so every
 * session can have a browser authenticating at the same moment). One more upgrade without an
 * `Authorization` header is refused with 503 and `Retry-After`. Overridable with the
 * `maxPendingAuthSockets` option.
 */
export const MAX_PENDING_AUTH_SOCKETS = 64;

/**
 * How long a browser may cache the answer to a CORS preflight, in seconds: 600 (10 minutes, the
 * most Chromium honours). Every request's `Origin` is checked against the allow-list again, so a
 * cached answer never lets through an origin the server no longer allows.
 */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Longest a drain (`drain()`, and `ccsdk serve` on SIGTERM) lets running turns go on, in ms:
 * 30 s, the grace period a Kubernetes pod gets by default, so a turn of a few tool calls can
 * finish. Sessions not in a turn end at once; past this bound the rest end too (close code
 * 1001), and then the shutdown runs. Overridable with `--drain-timeout` or `drain({ timeoutMs })`.
 */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/**
 * Longest `/readyz` waits for the session store to answer its probe (a `load` of a fixed key),
 * in ms: 2 s. A store slower than that is reported `store_unreachable`: a load balancer's
 * readiness check usually gives up after a few seconds, and a session would stall on it anyway.
 * Overridable with the `storeProbeTimeoutMs` option.
 */
export const READINESS_STORE_PROBE_TIMEOUT_MS = 2_000;

/**
 * How long `/readyz` reuses the store probe's result, in ms: 1 s, so polling `/readyz` costs
 * the store at most one lookup a second whatever the number of load balancers.
 */
export const READINESS_STORE_PROBE_CACHE_MS = 1_000;

/**
 * Longest a transcript entry the CLI wrote waits in a session's mirror before it is sent to the
 * session store, in ms: 200. Without it a turn's entries would reach the store only with the
 * turn's `result` (or a full batch), so a server killed mid-turn would lose the whole turn for a
 * client resuming on another server (measured: 15 of 15 mid-turn entries lost). At 200 ms a
 * busy turn costs the store about five appends a second, coalesced; a kill loses at most the
 * entries of the last 200 ms plus the append in flight.
 */
export const MIRROR_MID_TURN_FLUSH_MS = 200;

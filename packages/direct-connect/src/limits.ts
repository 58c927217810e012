/**
 * How long the WebSocket returned by `POST /sessions` may take to open, in ms: 15 s (seed 000).
 * Past it `start()` rejects with `CONNECT_TIMEOUT`.
 */
export const WEBSOCKET_OPEN_TIMEOUT_MS = 15_000;

/**
 * How long `POST /sessions` may take to answer, in ms: 30 s. The server spawns a Claude Code
 * process before it answers (about a second on a loaded machine), so this leaves wide room.
 * Past it `start()` rejects with `SESSION_CREATE_TIMEOUT`.
 */
export const SESSION_CREATE_TIMEOUT_MS = 30_000;

/** Largest `POST /sessions` answer read, in bytes: 64 KiB. A larger one is `MALFORMED_SESSION_RESPONSE`. */
export const MAX_SESSION_RESPONSE_BYTES = 64 * 1024;

/**
 * How long `close()` waits for the server to answer the WebSocket closing handshake, in ms:
 * 5 s. Past it the socket is destroyed.
 */
export const WEBSOCKET_CLOSE_TIMEOUT_MS = 5_000;

/** How many characters of a server's error body a `SESSION_CREATE_REJECTED` message quotes. */
export const ERROR_BODY_PREVIEW_CHARS = 300;

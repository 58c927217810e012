/**
 * Largest single line (one JSON message) the decoders accept, in bytes: 128 MiB.
 * A CLI message carrying a few large base64 images stays well below it; a line past it is
 * reported with code `LINE_TOO_LONG` and skipped, and decoding goes on at the next line.
 */
export const DEFAULT_MAX_LINE_BYTES = 128 * 1024 * 1024;

/** How many characters of a bad line an error message quotes. */
export const BAD_LINE_PREVIEW_CHARS = 200;

/**
 * How long `ControlChannel.request()` waits for the CLI's reply by default, in milliseconds:
 * 60 s, as the peers use. Override per channel (`defaultTimeoutMs`) or per request (`timeoutMs`).
 */
export const DEFAULT_CONTROL_REQUEST_TIMEOUT_MS = 60_000;

/** Largest timeout a timer can hold, in milliseconds (2^31 - 1, about 24.8 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * How many ids of requests that timed out or were aborted the channel remembers, so that a
 * late reply to one of them is dropped quietly instead of being reported as a stray response.
 */
export const ABANDONED_REQUEST_IDS_KEPT = 1024;

/**
 * How many ids of the CLI's requests that this side answered the channel remembers, so that
 * the CLI echoing one of our replies back (it does with `--replay-user-messages`) is dropped
 * quietly instead of being reported as a stray response.
 */
export const ANSWERED_REQUEST_IDS_KEPT = 256;

/**
 * Pending entries (over all files) past which the batcher starts draining in the background:
 * 500. A threshold, not a cap: a drain takes everything pending.
 */
export const MIRROR_MAX_PENDING_ENTRIES = 500;

/**
 * Pending size past which the batcher starts draining: 1,048,576 JavaScript string-length units
 * (UTF-16 code units) of the JSON text of the pending frames' entries. Not UTF-8 bytes, and not
 * a cap on one append.
 */
export const MIRROR_MAX_PENDING_CHARS = 1_048_576;

/** Time one `SessionStore.append` call may take before it counts as failed: 60 s. Not retried. */
export const MIRROR_APPEND_TIMEOUT_MS = 60_000;

/** Attempts of one append that fails with an ordinary error (not a timeout): 3. */
export const MIRROR_APPEND_MAX_ATTEMPTS = 3;

/** Waits before the second and the third attempt, in ms: 200 then 800. */
export const MIRROR_RETRY_DELAYS_MS: readonly number[] = Object.freeze([200, 800]);

/** Largest delay `setTimeout` honours, in ms (about 24.8 days); longer timeouts are refused. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

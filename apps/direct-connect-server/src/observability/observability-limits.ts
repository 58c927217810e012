/**
 * Named limits of the server's metrics, logs and request ids. Each one says its unit and why it
 * has the value it has.
 */

/**
 * Longest `x-request-id` taken from a client, in characters: 128. A UUID is 36, the ids load
 * balancers and tracing proxies send are under 100; anything longer is more likely junk meant to
 * bloat every log line, and is replaced by a generated id.
 */
export const MAX_REQUEST_ID_CHARS = 128;

/**
 * Bucket bounds of `ccsdk_serve_cli_start_seconds`, in seconds: a warm CLI answers in well
 * under a second, a cold one in 1-4 s on an idle machine and past 10 s on a loaded one.
 */
export const CLI_START_BUCKETS_SECONDS: readonly number[] = [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60];

/**
 * Bucket bounds of `ccsdk_serve_first_message_seconds`, in seconds: the CLI's start plus the
 * client's first turn up to the model's first answer, so the same shape as the start, reaching
 * further (a model may think for a minute).
 */
export const FIRST_MESSAGE_BUCKETS_SECONDS: readonly number[] = [
  0.25, 0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60, 120,
];

/**
 * Bucket bounds of `ccsdk_serve_store_append_seconds`, in seconds: a local store answers in
 * about a millisecond, PostgreSQL or Redis on the network in a few; the top buckets catch a
 * store about to time out.
 */
export const STORE_APPEND_BUCKETS_SECONDS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/**
 * Largest SSE frame the browser transport reads, in characters (the `event`, `data` and `id`
 * fields plus the line being read): 16 MiB. A CLI line with a few large images stays well below
 * it; a frame past it is dropped whole and counted (`oversized_frame`), and reading goes on at the
 * next frame, so a hostile or broken server cannot make the page hold unbounded text.
 */
export const SSE_MAX_FRAME_CHARS = 16 * 1024 * 1024;

/**
 * First wait before reconnecting the event stream or retrying a POST, in ms: 250. Short, because
 * the usual cause is a proxy or a server restart that is over at once.
 */
export const SSE_RETRY_INITIAL_DELAY_MS = 250;

/**
 * Longest wait between two reconnects or POST retries, in ms: 5 s. The wait doubles from
 * {@link SSE_RETRY_INITIAL_DELAY_MS} up to this, so a page that was offline for minutes is back
 * within seconds of the network returning; it retries for as long as the query is open.
 */
export const SSE_RETRY_MAX_DELAY_MS = 5_000;

/**
 * Share of each wait drawn at random, 0.2 (up to 20 % shorter): many pages cut at once by one
 * server restart do not all come back in the same millisecond.
 */
export const SSE_RETRY_JITTER = 0.2;

/**
 * Most event ids of this query's own posts remembered while their echo has not come back: 4096.
 * The echo of each post is consumed (not yielded); an id past this bound is forgotten oldest
 * first, and its late echo would then be yielded like a peer's event.
 */
export const SSE_MAX_PENDING_ECHOES = 4096;

/**
 * Longest `Retry-After` (of a 429 or 503) the transport honours, in ms: 30 s. A longer one is
 * cut to this, so a misconfigured server cannot park the page for hours.
 */
export const SSE_MAX_RETRY_AFTER_MS = 30_000;

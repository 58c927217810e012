/**
 * Named limits of the SSE transport of `ccsdk serve`. The wire's own constants (keep-alive
 * interval, longest cursor) live in `@ccsdk/direct-connect`'s `sse-wire.ts`.
 */

/**
 * Durable events each session keeps in memory for fast replay: 4096 (the last few turns of a
 * busy session). An older cursor replays from the session store.
 */
export const SSE_REPLAY_RING_EVENTS = 4096;

/**
 * Characters of frame text (UTF-16 units, about bytes for the JSON the CLI writes) the replay
 * ring of one session holds at most: 16 Mi, so a session of huge lines does not keep 4096 of
 * them in memory. Past it the oldest leave the ring (the store keeps them).
 */
export const SSE_REPLAY_RING_CHARS = 16 * 1024 * 1024;

/**
 * Most durable events one reconnect replays: 50 000. A cursor further behind gets
 * `catch_up_truncated` and the last 50 000 events, so one client cannot make the server load and
 * send an unbounded history.
 */
export const SSE_MAX_REPLAY_EVENTS = 50_000;

/**
 * Event streams open at once on one session: 8 (a few tabs of one user). One more is refused
 * with 429 `too_many_streams`.
 */
export const SSE_MAX_STREAMS_PER_SESSION = 8;

/**
 * How often the stream of a session this server does not host polls the store for new events,
 * in ms: 1 s.
 */
export const SSE_STORE_POLL_INTERVAL_MS = 1_000;

/**
 * Posted `event_id`s each session remembers for idempotency: 4096. A retry of an older one is
 * taken as new; clients retry within seconds, long before 4096 more posts.
 */
export const SSE_REMEMBERED_EVENT_IDS = 4096;

/**
 * Longest wait for the last appends of an ended session's event log to reach the store, in ms:
 * 10 s. Past it the session leaves the server anyway (logged as `sse.store_flush_timeout`).
 */
export const SSE_END_FLUSH_TIMEOUT_MS = 10_000;

/**
 * How long a server without a session store keeps an ended session's event log in memory, in
 * ms: 10 minutes, for clients that reconnect after the end. A configured store keeps logs as
 * its operator decides.
 */
export const SSE_ENDED_LOG_RETENTION_MS = 10 * 60_000;

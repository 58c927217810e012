/**
 * The SSE wire of a `ccsdk serve` session: what a browser (or any HTTP client) reads and sends
 * when it cannot, or would rather not, hold a WebSocket. Types and constants only, with no
 * imports, so the browser entry of `@ccsdk/sdk` can take them without pulling Node code.
 *
 * Paths (both need `Authorization: Bearer <token>`; a browser origin must be on the server's
 * allow-list):
 * - `GET /sessions/:id/events/stream` answers `text/event-stream`. The cursor is the
 *   `Last-Event-ID` header (`<session id>:<sequence_num>`, as the `id:` field of every durable
 *   frame) or, on a first connect, the `from_sequence_num` query parameter; the header wins when
 *   both are given. The stream delivers every durable event whose `sequence_num` is greater than
 *   the cursor, each exactly once and in order, then the live ones.
 * - `POST /sessions/:id/events` takes one {@link SseClientEventBody} as JSON and answers 200 with
 *   an {@link SseClientEventAccepted}. The `event_id` makes it idempotent: posting the same event
 *   again (a retry after a cut) is answered with the first answer and `duplicate: true`, and the
 *   CLI gets the line once.
 *
 * Frames on the stream (`event:` name, then one `data:` line of JSON):
 * - `client_event`: one durable event, with `id: <session id>:<sequence_num>`; data is an
 *   {@link SseDurableEvent}. Lines the CLI writes have `source: 'worker'`; what clients posted is
 *   echoed with `source: 'client'`.
 * - `ephemeral`: a line that is not kept (`stream_event` partial messages); data is
 *   `{ payload }`. Not replayed after a reconnect.
 * - `delivery_update`: the server's progress on one event a client posted; data is an
 *   {@link SseDeliveryUpdate}. Not replayed.
 * - `catch_up_truncated`: the server could not replay every event after the cursor; data is an
 *   {@link SseCatchUpTruncated}, and the stream goes on after `resumed_after_sequence_num`.
 * - `session_ended`: durable, with an `id:`; data is an {@link SseSessionEnded} carrying the close
 *   code the WebSocket would have had (`DIRECT_CONNECT_CLOSE_CODES`). The server then ends the
 *   stream; a client must not reconnect.
 * - A comment line (`: keepalive`) every {@link SSE_KEEPALIVE_INTERVAL_MS}.
 *
 * Refusals are HTTP statuses with a JSON body `{ "error": { "code", "message" } }`, codes in
 * {@link SseRefusalCode}.
 */

/** Name of the durable frame carrying one event. */
export const SSE_CLIENT_EVENT = 'client_event';
/** Name of the frame carrying a line that is not kept. */
export const SSE_EPHEMERAL_EVENT = 'ephemeral';
/** Name of the frame reporting progress on a client's own event. */
export const SSE_DELIVERY_UPDATE = 'delivery_update';
/** Name of the frame saying the replay after the cursor is incomplete. */
export const SSE_CATCH_UP_TRUNCATED = 'catch_up_truncated';
/** Name of the durable frame saying the session is over. */
export const SSE_SESSION_ENDED = 'session_ended';

/** How often the server writes a keep-alive comment on an idle stream, in ms: 15 s. */
export const SSE_KEEPALIVE_INTERVAL_MS = 15_000;

/** Longest `Last-Event-ID` header the server reads, in characters: 128. Longer is refused (400). */
export const SSE_MAX_CURSOR_CHARS = 128;

/** One durable event as a `client_event` frame carries it. */
export interface SseDurableEvent {
  /** Unique per event: a client's own `event_id` for what it posted, a server uuid otherwise. */
  readonly event_id: string;
  /** Session-wide order, dense from 1 over every durable event, `session_ended` included. */
  readonly sequence_num: number;
  /** When the server stored it, RFC 3339. */
  readonly created_at: string;
  /** `worker` for a line the CLI wrote, `client` for what a client posted. */
  readonly source: 'worker' | 'client';
  /** The JSON line itself (an SDK message, a control request or response). */
  readonly payload: Record<string, unknown>;
}

/** What `POST /sessions/:id/events` takes: one line for the CLI, or the end of its input. */
export interface SseClientEventBody {
  /** The session's id, as in the path; a mismatch is refused (400 `session_mismatch`). */
  readonly session_id: string;
  /** Chosen by the client (a UUID), 1 to 128 characters of `[A-Za-z0-9_-]`; the idempotency key. */
  readonly event_id: string;
  /** The JSON line for the CLI: an object. Absent only with `end_of_input`. */
  readonly payload?: Record<string, unknown>;
  /** True to close the CLI's input (as the WebSocket's zero-byte frame does). */
  readonly end_of_input?: true;
}

/** The answer to a POST that was taken. */
export interface SseClientEventAccepted {
  /** The event's id, as posted. */
  readonly event_id: string;
  /** The sequence number its echo carries (absent for `end_of_input`, which is not echoed). */
  readonly sequence_num?: number;
  /** True when this `event_id` had been taken before; nothing was sent to the CLI again. */
  readonly duplicate?: true;
}

/** Progress on one event a client posted. */
export interface SseDeliveryUpdate {
  /** The posted event's `event_id`. */
  readonly event_id: string;
  /**
   * `DELIVERY_STATUS_RECEIVED` (stored and handed to the CLI), `DELIVERY_STATUS_PROCESSING` (the
   * CLI began the turn a user message started) or `DELIVERY_STATUS_PROCESSED` (that turn's
   * `result` went out).
   */
  readonly status: SseDeliveryStatus;
  /** When, RFC 3339. */
  readonly timestamp: string;
}

/** The delivery statuses the server sends. */
export type SseDeliveryStatus =
  | 'DELIVERY_STATUS_RECEIVED'
  | 'DELIVERY_STATUS_PROCESSING'
  | 'DELIVERY_STATUS_PROCESSED';

/** The replay after a cursor had a gap. */
export interface SseCatchUpTruncated {
  /** The cursor the client asked to resume after. */
  readonly requested_sequence_num: number;
  /** Where the replay goes on: the next event has a greater `sequence_num` than this. */
  readonly resumed_after_sequence_num: number;
}

/** The session is over. */
export interface SseSessionEnded {
  /** Its place in the session's order. */
  readonly sequence_num: number;
  /** The close code a WebSocket client would have got (`DIRECT_CONNECT_CLOSE_CODES`). */
  readonly code: number;
  /** Why, in words. */
  readonly reason: string;
}

/** Codes of the SSE routes' refusals (the `error.code` of the JSON body). */
export type SseRefusalCode =
  | 'unauthorized'
  | 'origin_not_allowed'
  | 'not_found'
  | 'invalid_cursor'
  | 'cursor_session_mismatch'
  | 'cursor_ahead'
  | 'invalid_event'
  | 'session_mismatch'
  | 'payload_too_large'
  | 'transport_mismatch'
  | 'too_many_streams'
  | 'session_ended'
  | 'shutting_down'
  | 'store_unavailable';

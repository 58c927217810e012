import {
  SSE_CATCH_UP_TRUNCATED,
  SSE_CLIENT_EVENT,
  SSE_DELIVERY_UPDATE,
  SSE_EPHEMERAL_EVENT,
  SSE_SESSION_ENDED,
  type SseCatchUpTruncated,
  type SseDeliveryUpdate,
  type SseDurableEvent,
  type SseSessionEnded,
} from '@ccsdk/direct-connect';

/**
 * One frame the event log hands to its streams: durable frames carry their `seq` (the
 * `sequence_num`), frames that are not kept (`ephemeral`, `delivery_update`) carry none.
 */
export interface LogFrame {
  /** The durable event's `sequence_num`; absent for a frame that is not replayed. */
  readonly seq?: number;
  /** True for the `session_ended` frame: the stream ends after it. */
  readonly ends?: true;
  /** The frame's text, blank line included. */
  readonly text: string;
}

/** The comment a stream writes when it has been quiet for the keep-alive interval. */
export const SSE_KEEPALIVE_COMMENT = ': keepalive\n\n';

/** The `id:` of a durable frame: `<session id>:<sequence_num>`, the `Last-Event-ID` a client resumes with. */
export function eventCursor(sessionId: string, seq: number): string {
  return `${sessionId}:${seq}`;
}

/** A `client_event` frame. `JSON.stringify` writes no raw line break, so one `data:` line holds it. */
export function durableFrame(sessionId: string, event: SseDurableEvent): LogFrame {
  return {
    seq: event.sequence_num,
    text: `event: ${SSE_CLIENT_EVENT}\nid: ${eventCursor(sessionId, event.sequence_num)}\ndata: ${JSON.stringify(event)}\n\n`,
  };
}

/** The durable `session_ended` frame; the stream ends after it. */
export function sessionEndedFrame(sessionId: string, ended: SseSessionEnded): LogFrame {
  return {
    seq: ended.sequence_num,
    ends: true,
    text: `event: ${SSE_SESSION_ENDED}\nid: ${eventCursor(sessionId, ended.sequence_num)}\ndata: ${JSON.stringify(ended)}\n\n`,
  };
}

/** An `ephemeral` frame: a line that is not kept (a `stream_event`). */
export function ephemeralFrame(payload: Record<string, unknown>): LogFrame {
  return { text: `event: ${SSE_EPHEMERAL_EVENT}\ndata: ${JSON.stringify({ payload })}\n\n` };
}

/** A `delivery_update` frame. */
export function deliveryUpdateFrame(update: SseDeliveryUpdate): LogFrame {
  return { text: `event: ${SSE_DELIVERY_UPDATE}\ndata: ${JSON.stringify(update)}\n\n` };
}

/** A `catch_up_truncated` frame. */
export function catchUpTruncatedFrame(truncated: SseCatchUpTruncated): LogFrame {
  return { text: `event: ${SSE_CATCH_UP_TRUNCATED}\ndata: ${JSON.stringify(truncated)}\n\n` };
}

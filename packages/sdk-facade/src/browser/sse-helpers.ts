import type { SDKMessage } from '@ccsdk/control-protocol';
import type { Query } from '../query/query-types.js';
import type { CcrEventEnvelope } from './sse-event-router.js';
import type { BrowserSseTransport } from './sse-transport.js';

/**
 * True: the SSE transport checks who wrote a `user` frame. A durable event a peer posted
 * (`source: 'client'` and not this query's own echo) is never yielded as a `user` message (counted
 * `peer_user_frame`), nor handed to the control channel when it is a control frame (counted
 * `peer_control_frame`): what another client sent the CLI cannot pose as the CLI's output. Only
 * `source: 'worker'` frames (what the CLI wrote) are yielded as `user` messages.
 */
export const G4_TEXT_ENVELOPE_ARM_PORTED: boolean = true;

const transports = new WeakMap<object, BrowserSseTransport>();

/** Ties an `sse` query to its transport, for the helpers below. @internal */
export function registerSseQuery(query: object, transport: BrowserSseTransport): void {
  transports.set(query, transport);
}

/**
 * Cumulative dropped-frame counts of an `sse` query, by category (`duplicate`, `malformed_json`,
 * `malformed_event`, `oversized_frame`, `malformed_delivery_update`, `catch_up_truncated`,
 * `peer_user_frame`, `peer_control_frame`, `unknown_event`), counts only and never frame
 * contents. `undefined` for a WebSocket query.
 */
export function getSseDropCounts(query: Query): Readonly<Record<string, number>> | undefined {
  return transports.get(query)?.dropCounts();
}

/**
 * The resume cursor of an `sse` query: the highest `sequence_num` of a durable message it has
 * yielded (advanced just before the message is handed over), or the `fromSequenceNum` seed before
 * any was. Frames still buffered, and durable events consumed internally or dropped, do not move
 * it; pass it as `fromSequenceNum` of a replacement query. `undefined` for a WebSocket query and
 * before any sequence number is known.
 */
export function getSseLastSequenceNum(query: Query): number | undefined {
  return transports.get(query)?.lastYieldedSequenceNum();
}

/**
 * The envelope of the durable `client_event` that delivered `message` on the `sse` query
 * `query`, looked up by object identity (pass the message exactly as yielded). A `ccr_event`
 * field inside a payload is stripped, so this is the only way to read one. `undefined` for
 * ephemerals, copies, caller-made objects and WebSocket queries.
 */
export function getCcrEvent(query: Query, message: SDKMessage): CcrEventEnvelope | undefined {
  return transports.get(query)?.envelopeOf(message);
}

/**
 * Closes the event stream of an `sse` query without ending the query. It reopens on
 * `resumeSseStream()` or on the query's next send, and then replays the durable events sent
 * meanwhile (or `onCatchUpTruncated` fires). Until then the remote session's requests (a
 * permission prompt) wait unanswered; ephemeral frames and delivery updates sent meanwhile are
 * lost. `false` for a WebSocket, closed or already suspended query.
 */
export function suspendSseStream(query: Query): boolean {
  return transports.get(query)?.suspend() ?? false;
}

/**
 * Reopens the event stream `suspendSseStream()` closed, after the last event received.
 * `false` unless `query` is suspended and still open.
 */
export function resumeSseStream(query: Query): boolean {
  return transports.get(query)?.resume() ?? false;
}

import type { SDKMessage } from '@ccsdk/control-protocol';
import type { Query } from '../query/query-types.js';

/** True: no SSE transport exists yet, so no peer frame goes unchecked. */
export const G4_TEXT_ENVELOPE_ARM_PORTED: boolean = true;

/** Dropped-frame counts of an `sse` query; `undefined` for a WebSocket query (the only kind today). */
export function getSseDropCounts(_query: Query): Readonly<Record<string, number>> | undefined {
  return undefined;
}

/** The resume cursor of an `sse` query; `undefined` for a WebSocket query (the only kind today). */
export function getSseLastSequenceNum(_query: Query): number | undefined {
  return undefined;
}

/** The durable event that delivered `message` on an `sse` query; `undefined` for a WebSocket query. */
export function getCcrEvent(
  _query: Query,
  _message: SDKMessage,
):
  | { event_id: string; sequence_num: number; created_at?: string; processing_at?: string; source?: string }
  | undefined {
  return undefined;
}

/** Suspends an `sse` query's stream; `false` for a WebSocket query (the only kind today). */
export function suspendSseStream(_query: Query): boolean {
  return false;
}

/** Resumes a suspended `sse` query's stream; `false` for a WebSocket query (the only kind today). */
export function resumeSseStream(_query: Query): boolean {
  return false;
}

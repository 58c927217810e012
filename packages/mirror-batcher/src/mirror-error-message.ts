import { randomUUID } from 'node:crypto';
import type { SessionKey } from '@ccsdk/session-store';
import type { MirrorBatcherError } from './errors.js';

/**
 * `system`/`mirror_error`: a batch of transcript entries never reached the store (the append
 * failed on every attempt or timed out, or the file path could not be mapped to a key). The
 * local JSONL is untouched; the store copy is missing these entries.
 */
export interface SystemMirrorErrorMessage {
  /** Always `system`: it travels in the query's message stream. */
  type: 'system';
  /** Always `mirror_error`. */
  subtype: 'mirror_error';
  /** What failed and what to do, for a log. */
  error: string;
  /** The store key of the dropped batch; `null` when the file path could not be mapped. */
  key: SessionKey | null;
  /** A fresh UUID for this message. */
  uuid: string;
  /** The session of the dropped batch (from the key, else the entries), or `''`. */
  session_id: string;
}

function sessionIdOf(key: SessionKey | null, entries: readonly unknown[]): string {
  if (key !== null) return key.sessionId;
  for (const entry of entries) {
    const id = (entry as { sessionId?: unknown } | null)?.sessionId;
    if (typeof id === 'string') return id;
  }
  return '';
}

/** Builds the `mirror_error` message for a dropped batch. */
export function mirrorErrorMessage(
  error: MirrorBatcherError,
  key: SessionKey | null,
  entries: readonly unknown[],
): SystemMirrorErrorMessage {
  return {
    type: 'system',
    subtype: 'mirror_error',
    error: error.message,
    key: key === null ? null : { ...key },
    uuid: randomUUID(),
    session_id: sessionIdOf(key, entries),
  };
}

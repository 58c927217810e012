import type { ServerResponse } from 'node:http';
import { loadFrom, type SessionStore } from '@ccsdk/session-store';
import type { Logger } from '../logger.js';
import { eventLogKey, framesOfStoredLog, ownerOfStoredLog } from './event-store.js';
import type { SseRefusal } from './sse-cursor.js';
import type { LogFrame } from './sse-frames.js';
import { SSE_MAX_REPLAY_EVENTS, SSE_STORE_POLL_INTERVAL_MS } from './sse-limits.js';
import { SseStream } from './sse-stream.js';

/** What a stream of a stored event log needs. */
export interface StoredLogStreamParams {
  /** The store the event logs are in. */
  readonly store: SessionStore;
  /** The session whose log is streamed. */
  readonly sessionId: string;
  /** The name of the token asking: a log another token's session wrote answers 404. */
  readonly principal: string;
  /** The client's cursor. */
  readonly cursor: number;
  /** The answer to write the stream to. */
  readonly response: ServerResponse;
  /** The server's logger. */
  readonly log: Logger;
  /** Bytes the socket may hold unsent (the server's `maxPendingOutputBytes`). */
  readonly maxPendingBytes: number;
  /** Called once when a stream that was opened is over. */
  readonly onClose: () => void;
  /** How often the store is read again, in ms. Default `SSE_STORE_POLL_INTERVAL_MS`. */
  readonly pollIntervalMs?: number;
}

/**
 * Streams the event log of a session this server does not host (it ended here, or another
 * server on the same store hosts it): replays what the store holds after the cursor, then
 * reads what the store appended since, every poll interval, and sends it, until
 * `session_ended` went out or the client left. Resolves with a refusal instead when the store has no such log or it
 * is the log of another token's session (404), or the cursor is past its end (400
 * `cursor_ahead`); a failing first read is 503 `store_unavailable`.
 */
export async function streamStoredLog(params: StoredLogStreamParams): Promise<SseRefusal | undefined> {
  const { store, sessionId, cursor } = params;
  let frames: LogFrame[] | undefined;
  let loaded = 0;
  try {
    const entries = await store.load(eventLogKey(sessionId));
    loaded = entries?.length ?? 0;
    const owner = entries === null ? undefined : ownerOfStoredLog(entries);
    // Another token's session answers as one that does not exist, as when hosted here.
    if (entries !== null && (owner === undefined || owner === params.principal))
      frames = framesOfStoredLog(sessionId, entries);
  } catch (error) {
    params.log({ level: 'error', event: 'sse.store_load_failed', sessionId, error: nameOf(error) });
    return {
      status: 503,
      code: 'store_unavailable',
      message: 'The session store could not be read; try again.',
    };
  }
  if (frames === undefined || frames.length === 0) {
    return { status: 404, code: 'not_found', message: `No session ${JSON.stringify(sessionId)}.` };
  }
  const last = (frames.at(-1) as LogFrame).seq as number;
  if (cursor > last) {
    return {
      status: 400,
      code: 'cursor_ahead',
      message: 'The cursor is past the last event of the session.',
    };
  }
  const stream = new SseStream({
    sessionId,
    response: params.response,
    cursor,
    maxPendingBytes: params.maxPendingBytes,
    log: params.log,
    onClose: params.onClose,
  });
  const from = Math.max(cursor, last - SSE_MAX_REPLAY_EVENTS);
  void stream
    .replayed(frames.filter((frame) => (frame.seq as number) > from))
    .then(() => tail(params, stream, loaded));
  return undefined;
}

/**
 * Reads what the store appended after the `loaded` entries already seen, every poll interval,
 * through `loadFrom` (the PostgreSQL and Redis stores read only the new rows; another store is
 * loaded whole and sliced), and offers each new frame to the stream.
 */
async function tail(params: StoredLogStreamParams, stream: SseStream, loaded: number): Promise<void> {
  const intervalMs = params.pollIntervalMs ?? SSE_STORE_POLL_INTERVAL_MS;
  let seen = loaded;
  while (!stream.closed) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs).unref());
    if (stream.closed) return;
    try {
      const entries = (await loadFrom(params.store, eventLogKey(params.sessionId), seen)) ?? [];
      seen += entries.length;
      for (const frame of framesOfStoredLog(params.sessionId, entries, stream.lastSent)) stream.offer(frame);
    } catch (error) {
      params.log({
        level: 'warn',
        event: 'sse.store_poll_failed',
        sessionId: params.sessionId,
        error: nameOf(error),
      });
    }
  }
}

function nameOf(error: unknown): { name: string } {
  return { name: error instanceof Error ? error.name : typeof error };
}

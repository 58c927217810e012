import type { SseDurableEvent, SseSessionEnded } from '@ccsdk/direct-connect';
import {
  InMemorySessionStore,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
} from '@ccsdk/session-store';
import type { SessionRegistry } from '../session-registry.js';
import { durableFrame, type LogFrame, sessionEndedFrame } from './sse-frames.js';
import { SSE_ENDED_LOG_RETENTION_MS } from './sse-limits.js';

/**
 * The project key the event logs of `ccsdk serve` sessions are stored under, apart from every
 * transcript (those use the CLI's folder names, which never take this form).
 */
export const SSE_EVENTS_PROJECT_KEY = 'ccsdk-serve-events';

/** The `type` of every stored event-log entry. */
export const SSE_STORE_ENTRY_TYPE = 'ccsdk_event';

const SERVER_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string shaped as the ids servers give sessions (a UUID); nothing else is looked up in the store. */
export function isServerSessionId(id: string): boolean {
  return SERVER_SESSION_ID.test(id);
}

/** The store key of one session's event log. */
export function eventLogKey(sessionId: string): SessionKey {
  return { projectKey: SSE_EVENTS_PROJECT_KEY, sessionId };
}

/**
 * The in-memory store a server without `sessionStore` keeps event logs in: an ended session's
 * log is deleted `SSE_ENDED_LOG_RETENTION_MS` after its `session_ended` entry was appended, so
 * a long-running server does not keep every log it ever wrote.
 */
class RetainingMemoryStore extends InMemorySessionStore {
  override async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    await super.append(key, entries);
    if (key.projectKey !== SSE_EVENTS_PROJECT_KEY || !entries.some((e) => e['kind'] === 'session_ended'))
      return;
    setTimeout(() => void this.delete(key), SSE_ENDED_LOG_RETENTION_MS).unref();
  }
}

const fallbackStores = new WeakMap<SessionRegistry, InMemorySessionStore>();

/**
 * Where a server keeps its sessions' event logs: its `sessionStore` when it has one, else one
 * `InMemorySessionStore` for the whole server (found by its registry), made on first use, that
 * forgets an ended session's log after `SSE_ENDED_LOG_RETENTION_MS`.
 */
export function eventStoreFor(context: {
  readonly options: { readonly sessionStore: SessionStore | undefined };
  readonly registry: SessionRegistry;
}): SessionStore {
  if (context.options.sessionStore !== undefined) return context.options.sessionStore;
  let store = fallbackStores.get(context.registry);
  if (store === undefined) {
    store = new RetainingMemoryStore();
    fallbackStores.set(context.registry, store);
  }
  return store;
}

/** The stored form of a durable event of a session `owner` (the name of its token) created. */
export function storeEntryOfEvent(event: SseDurableEvent, owner: string): SessionStoreEntry {
  return {
    type: SSE_STORE_ENTRY_TYPE,
    owner,
    uuid: event.event_id,
    sequence_num: event.sequence_num,
    created_at: event.created_at,
    source: event.source,
    kind: 'client_event',
    payload: event.payload,
  };
}

/** The stored form of the `session_ended` event of a session `owner` created. */
export function storeEntryOfEnd(
  eventId: string,
  createdAt: string,
  ended: SseSessionEnded,
  owner: string,
): SessionStoreEntry {
  return {
    type: SSE_STORE_ENTRY_TYPE,
    owner,
    uuid: eventId,
    sequence_num: ended.sequence_num,
    created_at: createdAt,
    source: 'worker',
    kind: 'session_ended',
    code: ended.code,
    reason: ended.reason,
  };
}

/**
 * The name of the token that created the session of a stored event log (the `owner` of its
 * first event-log entry that has one), or `undefined` for a log written before owners were
 * stored: such a log is open to every token, as it was.
 */
export function ownerOfStoredLog(entries: readonly SessionStoreEntry[]): string | undefined {
  for (const entry of entries) {
    if (entry.type === SSE_STORE_ENTRY_TYPE && typeof entry['owner'] === 'string') return entry['owner'];
  }
  return undefined;
}

/**
 * The frames of a stored event log after `after` (default 0: all), by rising `sequence_num`: entries that are not well-formed
 * event-log entries are skipped (they leave a gap the replay reports), a repeated
 * `sequence_num` (a retried append) counts once.
 */
export function framesOfStoredLog(
  sessionId: string,
  entries: readonly SessionStoreEntry[],
  after = 0,
): LogFrame[] {
  const bySeq = new Map<number, LogFrame>();
  for (const entry of entries) {
    const seq = entry['sequence_num'];
    if (typeof seq === 'number' && seq <= after) continue;
    const frame = frameOfEntry(sessionId, entry);
    if (frame?.seq !== undefined && !bySeq.has(frame.seq)) bySeq.set(frame.seq, frame);
  }
  return [...bySeq.values()].sort((a, b) => (a.seq as number) - (b.seq as number));
}

function frameOfEntry(sessionId: string, entry: SessionStoreEntry): LogFrame | undefined {
  const seq = entry['sequence_num'];
  if (entry.type !== SSE_STORE_ENTRY_TYPE || !Number.isSafeInteger(seq) || (seq as number) < 1)
    return undefined;
  const sequence_num = seq as number;
  if (entry['kind'] === 'session_ended') {
    const { code, reason } = entry;
    if (typeof code !== 'number' || typeof reason !== 'string') return undefined;
    return sessionEndedFrame(sessionId, { sequence_num, code, reason });
  }
  const { uuid, created_at, source, payload } = entry;
  if (
    entry['kind'] !== 'client_event' ||
    typeof uuid !== 'string' ||
    typeof created_at !== 'string' ||
    (source !== 'worker' && source !== 'client') ||
    typeof payload !== 'object' ||
    payload === null ||
    Array.isArray(payload)
  ) {
    return undefined;
  }
  return durableFrame(sessionId, {
    event_id: uuid,
    sequence_num,
    created_at,
    source,
    payload: payload as Record<string, unknown>,
  });
}

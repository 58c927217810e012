import { randomUUID } from 'node:crypto';
import { sanitizeTag } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { hasLoadFrom } from './load-from.js';
import { quote } from './quote.js';
import type { StoreProject } from './store-options.js';
import { callOptional } from './store-probe.js';
import { assertStoreSessionId, checkStoreTitle } from './store-session-id.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';
import { isWellFormedTextSafe } from './well-formed.js';

/**
 * True when the store holds a transcript under `key`. A store with its own `loadFrom` (the
 * PostgreSQL and Redis adapters) answers from past the end, so no entry is fetched: a rename of a
 * long session over a network store costs two small queries, not the whole transcript. Else one
 * `load`.
 */
async function storeHolds(store: SessionStore, key: SessionKey): Promise<boolean> {
  if (hasLoadFrom(store)) return (await store.loadFrom(key, Number.MAX_SAFE_INTEGER)) !== null;
  const existing = await store.load(key);
  return Array.isArray(existing) && existing.length > 0;
}

/** Appends one entry to a session the store knows; refuses (`SESSION_NOT_FOUND`) to create a phantom one. */
async function appendToKnownSession(
  store: SessionStore,
  key: SessionKey,
  entry: SessionStoreEntry,
): Promise<void> {
  if (!(await storeHolds(store, key))) {
    throw new SessionStoreError({
      code: 'SESSION_NOT_FOUND',
      sessionId: key.sessionId,
      message: `Session ${key.sessionId} is not in the store under project ${key.projectKey}; pass the dir it was recorded in.`,
    });
  }
  await store.append(key, [entry]);
}

/**
 * `renameSession` over a store: appends `{type:'custom-title', customTitle, sessionId, uuid,
 * timestamp}`. Throws `INVALID_SESSION_ID`, `INVALID_TITLE`, or `SESSION_NOT_FOUND` for a session
 * the store has never seen (checked before the append, see `storeHolds`; check-then-act, not atomic).
 */
export async function renameSessionInStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  title: unknown,
): Promise<void> {
  assertStoreSessionId(sessionId);
  const customTitle = checkStoreTitle(title);
  await appendToKnownSession(
    store,
    { projectKey: project.projectKey, sessionId },
    { type: 'custom-title', customTitle, sessionId, uuid: randomUUID(), timestamp: new Date().toISOString() },
  );
}

/**
 * `tagSession` over a store: appends `{type:'tag', tag, sessionId, uuid, timestamp}` with the tag
 * Unicode-sanitized; `null` clears it (`tag: ''`). Throws `INVALID_SESSION_ID`, `INVALID_TAG`
 * or `SESSION_NOT_FOUND`.
 */
export async function tagSessionInStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  tag: unknown,
): Promise<void> {
  assertStoreSessionId(sessionId);
  let clean = '';
  if (tag !== null) {
    clean = typeof tag === 'string' && isWellFormedTextSafe(tag) ? sanitizeTag(tag) : '';
    if (clean === '') {
      throw new SessionStoreError({
        code: 'INVALID_TAG',
        message: `Invalid tag ${quote(tag)}: pass a string with visible characters, or null to clear the tag.`,
      });
    }
  }
  await appendToKnownSession(
    store,
    { projectKey: project.projectKey, sessionId },
    { type: 'tag', tag: clean, sessionId, uuid: randomUUID(), timestamp: new Date().toISOString() },
  );
}

/**
 * `deleteSession` over a store: `store.delete` of the main key (the adapter cascades to
 * subagents); a no-op when the store has no `delete`. Throws `INVALID_SESSION_ID`.
 */
export async function deleteSessionInStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
): Promise<void> {
  assertStoreSessionId(sessionId);
  await callOptional(store, 'delete', { projectKey: project.projectKey, sessionId });
}

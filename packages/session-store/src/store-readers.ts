import {
  foldSummaryEntries,
  isUuid,
  messagesFromEntries,
  parseTimestamp,
  type SDKSessionInfo,
  type SessionMessage,
  sessionInfoFromSummary,
  TRANSCRIPT_SUMMARY_RULES,
} from '@ccsdk/session-jsonl';
import { ownedJson } from './frozen-json.js';
import { isRecord } from './is-record.js';
import { normalizeMtime } from './mtime.js';
import type { StoreProject } from './store-options.js';
import { callOptional } from './store-probe.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';

function lastEntryTime(entries: readonly SessionStoreEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i--) {
    const ms = parseTimestamp((entries[i] as { timestamp?: unknown } | null)?.timestamp);
    if (ms !== undefined) return ms;
  }
  return 0;
}

/** The session's mtime in the store: its `listSessions` row, else its summary row, else its last entry's timestamp (0 without one). */
async function storeMtime(
  store: SessionStore,
  key: SessionKey,
  entries: readonly SessionStoreEntry[],
): Promise<number> {
  const listed = await callOptional(store, 'listSessions', key.projectKey);
  if (listed.implemented && Array.isArray(listed.value)) {
    const row = listed.value.find((candidate) => candidate?.sessionId === key.sessionId);
    if (row !== undefined) return normalizeMtime(row.mtime);
  }
  const summaries = await callOptional(store, 'listSessionSummaries', key.projectKey);
  if (summaries.implemented && Array.isArray(summaries.value)) {
    const row = summaries.value.find((candidate) => candidate?.sessionId === key.sessionId);
    if (row !== undefined) return normalizeMtime(row.mtime);
  }
  return lastEntryTime(entries);
}

/**
 * Bytes of `entries` written as JSON lines (each line and its newline), which the official SDK
 * reports as a stored session's `fileSize`.
 */
function jsonlBytes(entries: readonly unknown[]): number {
  let bytes = 0;
  for (const entry of entries) bytes += Buffer.byteLength(JSON.stringify(entry) ?? '') + 1;
  return bytes;
}

/**
 * `getSessionInfo` over a store: loads the main transcript, folds it, and takes `lastModified`
 * from the store's listing; `fileSize` is the entries' size as JSON lines. `undefined` for an
 * invalid id, an unknown or empty session, a sidechain, or a session with nothing to show.
 */
export async function getSessionInfoFromStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
): Promise<SDKSessionInfo | undefined> {
  if (!isUuid(sessionId)) return undefined;
  const key = { projectKey: project.projectKey, sessionId };
  const entries = await store.load(key);
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  // Read as a transcript is (not by the store's running-summary rules), and with no cwd taken
  // from the project: what the official SDK's getSessionInfo gives for a store.
  const data = foldSummaryEntries(undefined, entries.filter(isRecord), TRANSCRIPT_SUMMARY_RULES);
  if (data.isSidechain === true) return undefined;
  return sessionInfoFromSummary(sessionId, data, {
    lastModified: await storeMtime(store, key, entries),
    fileSize: jsonlBytes(entries),
  });
}

/**
 * `messages` with the parts they share with loaded entries (`message`, `origin`) made the
 * caller's own where the store froze them (see {@link ownedJson}), so that a caller may change
 * what it got, as it may with messages read from a file.
 */
export function ownedMessages(messages: SessionMessage[]): SessionMessage[] {
  for (const message of messages) {
    message.message = ownedJson(message.message);
    if (message.origin !== undefined) message.origin = ownedJson(message.origin);
  }
  return messages;
}

/** `getSessionMessages` over a store: the same chain walk as on disk, over the loaded entries. `[]` when unknown. */
export async function getSessionMessagesFromStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  page: { offset: number | undefined; limit: number | undefined; includeSystemMessages: boolean },
): Promise<SessionMessage[]> {
  if (!isUuid(sessionId)) return [];
  const entries = await store.load({ projectKey: project.projectKey, sessionId });
  if (!Array.isArray(entries)) return [];
  return ownedMessages(
    messagesFromEntries(entries, { mode: 'main', parentToolUseId: null, parentAgentId: null, ...page }),
  );
}

/**
 * Public API of `@ccsdk/session-store`: external session stores for Claude Code transcripts.
 * Everything exported here is public; nothing else is. The conformance suite is at
 * `@ccsdk/session-store/conformance`.
 */
export { projectKeyForDirectory } from '@ccsdk/session-jsonl';
export { SessionStoreError, type SessionStoreErrorCode, type SessionStoreErrorInit } from './errors.js';
export { type FoldSessionSummaryOptions, foldSessionSummary } from './fold-session-summary.js';
export { InMemorySessionStore } from './in-memory-session-store.js';
export { normalizeMtime } from './mtime.js';
export {
  callOptional,
  checkSessionStore,
  hasStoreMethod,
  isNotImplementedError,
  notImplemented,
  type OptionalCallResult,
} from './store-probe.js';
export type {
  SessionKey,
  SessionListSubkeysKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreListEntry,
  SessionStoreOptionalMethod,
  SessionSummaryEntry,
} from './types.js';

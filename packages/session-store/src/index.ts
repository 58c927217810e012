// The adapter kit: the checks and row encoding every database adapter needs, with the adapter's own errors.

/**
 * Public API of `@ccsdk/session-store`: external session stores for Claude Code transcripts.
 * Everything exported here is public; nothing else is. The conformance suite is at
 * `@ccsdk/session-store/conformance`.
 */
export { projectKeyForDirectory } from '@ccsdk/session-jsonl';
export type {
  AdapterErrorFactory,
  AdapterKitErrorCode,
  AdapterKitErrorInit,
} from './adapter-kit/adapter-error.js';
export { ADAPTER_QUOTE_MAX_CHARS, describeValue } from './adapter-kit/describe-value.js';
export type { EntryRow } from './adapter-kit/entry-rows.js';
export { dedupeKey, parseEntryRow, toEntryRows } from './adapter-kit/entry-rows.js';
export type { StoredKey } from './adapter-kit/store-key.js';
export { checkProjectKey, checkSessionOnlyKey, checkStoredKey } from './adapter-kit/store-key.js';
export { withDeadline } from './adapter-kit/with-deadline.js';
export type { ChildEnvironment } from './child-config-dir.js';
export { SessionStoreError, type SessionStoreErrorCode, type SessionStoreErrorInit } from './errors.js';
export { type FoldSessionSummaryOptions, foldSessionSummary } from './fold-session-summary.js';
export {
  type ExtendedImportSessionToStoreOptions,
  type ImportSessionToStoreOptions,
  importSessionToStore,
} from './import-session-to-store.js';
export { InMemorySessionStore } from './in-memory-session-store.js';
export {
  DEFAULT_LOAD_TIMEOUT_MS,
  IMPORT_BATCH_CHARS,
  IMPORT_BATCH_ENTRIES,
  IMPORT_READ_CHUNK_BYTES,
  STORE_LIST_CHUNK_SESSIONS,
  STORE_LOAD_CONCURRENCY,
  TEMP_DIR_REMOVE_ATTEMPTS,
  TEMP_DIR_REMOVE_RETRY_MS,
} from './limits.js';
export { checkLoadFromPosition, hasLoadFrom, loadFrom, type SessionStoreLoadFrom } from './load-from.js';
export {
  type MaterializedResume,
  type MaterializeResumeOptions,
  materializeResumeFromStore,
} from './materialize-resume.js';
export { normalizeMtime } from './mtime.js';
export { redactCredentials, SEEDED_FILE_MODE, stripSettings } from './seed-config-dir.js';
export {
  archiveSession,
  deleteSession,
  forkSession,
  renameSession,
  tagSession,
  unarchiveSession,
} from './session-mutations.js';
export {
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  getSubagentMetadata,
  listSessions,
  listSubagents,
} from './session-readers.js';
export type { SessionStoreOption } from './store-option.js';
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

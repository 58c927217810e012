/**
 * Public API of `@ccsdk/session-jsonl`: Claude Code session transcripts on disk.
 * Everything exported here is public; nothing else is.
 */
export { ARCHIVE_MARK_FILE } from './archive-mark.js';
export { type ConfigDirSources, resolveConfigDir, resolveProjectsDir } from './config-dir.js';
export { type ChainMode, type ChainNode, conversationChain, isVisible } from './conversation-chain.js';
export { archiveSession, deleteSession, unarchiveSession } from './delete-archive.js';
export { type MessagePageRequest, messagesFromEntries } from './entry-messages.js';
export { SessionJsonlError, type SessionJsonlErrorCode } from './errors.js';
export {
  type FirstPromptFinding,
  findFirstPrompt,
  type MediaPrompt,
  truncatePrompt,
} from './first-prompt.js';
export {
  CARRIED_STATE_TYPES,
  carriedStateEntry,
  type ForkPlacement,
  type ForkSelection,
  type ForkSource,
  type ForkSourceReading,
  forkEntry,
  readForkSource,
  selectForkSources,
} from './fork-rules.js';
export { explicitForkTitle, forkSession, forkTitleFor } from './fork-session.js';
export { listGitWorktrees } from './git-worktrees.js';
export { isAgentId, isUuid } from './ids.js';
export {
  APPEND_SETTLE_CHECKS,
  APPEND_SETTLE_MS,
  FIRST_PROMPT_MAX_CHARS,
  FIRST_PROMPT_SCAN_BYTES,
  LINE_INDEX_CHUNK_BYTES,
  LIST_READ_CONCURRENCY,
  LITE_READ_BYTES,
  MAX_SANITIZED_LENGTH_CHARS,
  SMALL_FILE_MAX_BYTES,
  STREAM_CHUNK_BYTES,
  SUMMARY_CACHE_MAX_BYTES,
  SUMMARY_CACHE_MAX_ENTRIES,
  SUMMARY_CACHE_SETTLED_MS,
  SUMMARY_INDEX_MAX_BYTES,
  SUMMARY_INDEX_TEMPORARY_STALE_MS,
  SUMMARY_INDEX_WRITE_INTERVAL_MS,
  TAG_SANITIZE_MAX_PASSES,
  TITLE_SIDECAR_MAX_CHARS,
  WASM_SCAN_MAX_LINE_BYTES,
  WHOLE_PARSE_MAX_BYTES,
} from './limits.js';
export { LineCursor, type LineCursorOptions } from './line-cursor.js';
export { listSessions } from './list-sessions.js';
export type { HoldsToolResult } from './parallel-tool-calls.js';
export type { PreservedRelink } from './preserved-relink.js';
export { canonicalizePath, projectKeyForDirectory, sanitizePath, simpleHash } from './project-key.js';
export { checkTitle, renameSession, tagSession } from './rename-tag.js';
export { getSessionInfo } from './session-info.js';
export { getSessionMessages } from './session-messages.js';
export {
  SUBAGENT_PARENT_ID_MAX_CHARS,
  type SubagentParents,
  subagentParents,
} from './subagent-parents.js';
export { getSubagentMessages, getSubagentMetadata, listSubagents } from './subagents.js';
export { clearSessionSummaryCache } from './summary-cache.js';
export {
  foldSummaryEntries,
  foldSummaryEntry,
  foldSummaryFields,
  isProgrammaticSummary,
  parseTimestamp,
  type SessionFacts,
  type SessionSummaryData,
  SUMMARY_FIELDS,
  type SummaryField,
  type SummaryFieldReader,
  sessionInfoFromSummary,
} from './summary-fold.js';
export { SUMMARY_INDEX_ENV, SUMMARY_INDEX_PATH } from './summary-index-file.js';
export {
  LAST_WINS_PARTS,
  type LastWinsPart,
  type PartRule,
  STORE_FORK_TITLE_RULES,
  STORE_SUMMARY_RULES,
  type SummaryRules,
  TRANSCRIPT_SUMMARY_RULES,
} from './summary-rules.js';
export { sanitizeTag } from './tag-sanitize.js';
export { TITLE_SIDECAR_FILE } from './title-sidecar.js';
export {
  locateSessionTranscript,
  locateSubagentTranscripts,
  readTranscriptEntries,
  type SessionTranscriptLocation,
  type SubagentTranscriptLocation,
  type TranscriptEntry,
} from './transcript-access.js';
export type {
  ConfigDirOption,
  ForkSessionOptions,
  ForkSessionResult,
  GetSessionInfoOptions,
  GetSessionMessagesOptions,
  GetSubagentMessagesOptions,
  ListSessionsOptions,
  ListSubagentsOptions,
  SDKSessionInfo,
  SessionJsonlWarning,
  SessionLookupOptions,
  SessionMessage,
  SessionMutationOptions,
} from './types.js';
export { SYNC_SLICE_MS } from './yield-slices.js';

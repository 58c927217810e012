/**
 * Public API of `@ccsdk/mirror-batcher`: mirror the CLI's `transcript_mirror` frames into a
 * `SessionStore`. Everything exported here is public; nothing else is.
 */
export type { MirrorFlushMode, TranscriptMirrorBatcherOptions } from './batcher-options.js';
export { MirrorBatcherError, type MirrorBatcherErrorCode } from './errors.js';
export { filePathToSessionKey } from './file-path-to-session-key.js';
export {
  MAX_TIMER_DELAY_MS,
  MIRROR_APPEND_MAX_ATTEMPTS,
  MIRROR_APPEND_TIMEOUT_MS,
  MIRROR_MAX_PENDING_CHARS,
  MIRROR_MAX_PENDING_ENTRIES,
  MIRROR_RETRY_DELAYS_MS,
} from './limits.js';
export type { SystemMirrorErrorMessage } from './mirror-error-message.js';
export {
  type ResolveMirrorProjectsDirOptions,
  resolveMirrorProjectsDir,
} from './resolve-mirror-projects-dir.js';
export { TranscriptMirrorBatcher, type TranscriptMirrorFrame } from './transcript-mirror-batcher.js';

import type { SessionStore } from '@ccsdk/session-store';
import type { MirrorBatcherError } from './errors.js';
import {
  MAX_TIMER_DELAY_MS,
  MIRROR_APPEND_TIMEOUT_MS,
  MIRROR_MAX_PENDING_CHARS,
  MIRROR_MAX_PENDING_ENTRIES,
  MIRROR_RETRY_DELAYS_MS,
} from './limits.js';
import type { SystemMirrorErrorMessage } from './mirror-error-message.js';
import { quote } from './quote.js';

/** When the batcher drains: `batched` past the thresholds and at flushes; `eager` after every frame. */
export type MirrorFlushMode = 'batched' | 'eager';

/** Options of `TranscriptMirrorBatcher`. */
export interface TranscriptMirrorBatcherOptions {
  /** Where the entries go. */
  store: SessionStore;
  /**
   * The projects dir the child CLI writes to (see `resolveMirrorProjectsDir`); frame paths are
   * mapped to keys relative to it. `undefined`: no config dir, every frame is reported unmappable.
   */
  projectsDir: string | undefined;
  /**
   * `batched` (default): drain in the background once pending entries or size pass the
   * thresholds, and at each flush. `eager`: drain after every frame; frames that arrive while an
   * append is in flight go into the next append, so a slow store never piles up one task per frame.
   */
  mode?: MirrorFlushMode;
  /**
   * Receives a `mirror_error` message for each batch that never reached the store, and the
   * typed error behind it (branch on its `code`). Should not throw; a throw is ignored.
   */
  onError: (message: SystemMirrorErrorMessage, error: MirrorBatcherError) => void;
  /** Pending entries past which a drain starts. Default {@link MIRROR_MAX_PENDING_ENTRIES} (500). */
  maxPendingEntries?: number;
  /** Pending JSON string length past which a drain starts. Default {@link MIRROR_MAX_PENDING_CHARS}. */
  maxPendingChars?: number;
  /** Bound on one `append` call, in ms; a timed-out call is not retried. Default {@link MIRROR_APPEND_TIMEOUT_MS}. */
  appendTimeoutMs?: number;
  /**
   * Waits before each retry of an ordinary failure, in ms; attempts = length + 1.
   * Default {@link MIRROR_RETRY_DELAYS_MS} (200, 800: three attempts).
   */
  retryDelaysMs?: readonly number[];
}

/** Options after validation, with defaults. */
export interface ResolvedBatcherOptions {
  store: SessionStore;
  projectsDir: string | undefined;
  mode: MirrorFlushMode;
  onError: (message: SystemMirrorErrorMessage, error: MirrorBatcherError) => void;
  maxPendingEntries: number;
  maxPendingChars: number;
  appendTimeoutMs: number;
  retryDelaysMs: readonly number[];
}

function fail(name: string, expected: string, value: unknown): never {
  throw new TypeError(`TranscriptMirrorBatcher option ${name} must be ${expected}, got ${quote(value)}`);
}

function count(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(name, 'a non-negative integer', value);
  return value;
}

function delay(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_TIMER_DELAY_MS) {
    fail(name, `an integer number of ms from ${min} to ${MAX_TIMER_DELAY_MS}`, value);
  }
  return value;
}

/** Validates the options eagerly; throws a `TypeError` that quotes the bad value. */
export function resolveBatcherOptions(options: TranscriptMirrorBatcherOptions): ResolvedBatcherOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const { store, projectsDir, mode = 'batched', onError } = options;
  if (
    typeof store !== 'object' ||
    store === null ||
    typeof store.append !== 'function' ||
    typeof store.load !== 'function'
  ) {
    fail('store', 'a SessionStore with append() and load()', store);
  }
  if (projectsDir !== undefined && (typeof projectsDir !== 'string' || projectsDir === '')) {
    fail('projectsDir', 'a non-empty path or undefined', projectsDir);
  }
  if (mode !== 'batched' && mode !== 'eager') fail('mode', "'batched' or 'eager'", mode);
  if (typeof onError !== 'function') fail('onError', 'a function', onError);
  const retryDelaysMs = options.retryDelaysMs ?? MIRROR_RETRY_DELAYS_MS;
  if (!Array.isArray(retryDelaysMs)) fail('retryDelaysMs', 'an array of delays in ms', retryDelaysMs);
  return {
    store,
    projectsDir,
    mode,
    onError,
    maxPendingEntries: count('maxPendingEntries', options.maxPendingEntries, MIRROR_MAX_PENDING_ENTRIES),
    maxPendingChars: count('maxPendingChars', options.maxPendingChars, MIRROR_MAX_PENDING_CHARS),
    appendTimeoutMs:
      options.appendTimeoutMs === undefined
        ? MIRROR_APPEND_TIMEOUT_MS
        : delay('appendTimeoutMs', options.appendTimeoutMs, 1),
    retryDelaysMs: Object.freeze(retryDelaysMs.map((value, i) => delay(`retryDelaysMs[${i}]`, value, 0))),
  };
}

import type { SessionKey, SessionStoreEntry } from '@ccsdk/session-store';
import { appendWithRetry } from './append-with-retry.js';
import {
  type ResolvedBatcherOptions,
  resolveBatcherOptions,
  type TranscriptMirrorBatcherOptions,
} from './batcher-options.js';
import { MirrorBatcherError } from './errors.js';
import { filePathToSessionKey } from './file-path-to-session-key.js';
import { mirrorErrorMessage } from './mirror-error-message.js';

/** A `transcript_mirror` frame: what the CLI appended to one local transcript file. */
export interface TranscriptMirrorFrame {
  /** The local transcript file the CLI appended to; mapped to a store key (see `filePathToSessionKey`). */
  filePath: string;
  /** The lines it appended, as parsed JSON values, in order. */
  entries: unknown[];
}

interface PendingFrame {
  readonly filePath: string;
  readonly entries: SessionStoreEntry[];
  readonly seq: number;
}

function jsonLength(entries: readonly unknown[]): number {
  try {
    return JSON.stringify(entries).length;
  } catch {
    return 0;
  }
}

/**
 * Coalesces the CLI's `transcript_mirror` frames into `SessionStore.append` calls.
 *
 * Frames are buffered; a drain groups them by file path (first-seen order, entries in arrival
 * order), maps each path to a store key and appends each group with a timeout and retries (see
 * the options). Drains run one at a time, so appends to a key keep the CLI's order; frames that
 * arrive during a drain wait for the next one. In `batched` mode a drain starts once more than
 * `maxPendingEntries` entries or `maxPendingChars` of JSON are pending; in `eager` mode after
 * every frame. Call {@link flush} before yielding each `result`, at stream end, and
 * {@link close} at shutdown.
 *
 * Never throws at the caller and never touches the local JSONL: a batch that fails for good,
 * or whose path has no key, is reported to `onError` as a `system/mirror_error` message.
 */
export class TranscriptMirrorBatcher {
  readonly #options: ResolvedBatcherOptions;
  #pending: PendingFrame[] = [];
  #pendingEntries = 0;
  #pendingChars = 0;
  #lastSeq = 0;
  #completedSeq = 0;
  #flushTarget = 0;
  #draining: Promise<void> | undefined;
  #closing: Promise<void> | undefined;
  #droppedBatches = 0;

  constructor(options: TranscriptMirrorBatcherOptions) {
    this.#options = resolveBatcherOptions(options);
  }

  /** True once any batch was dropped (reported to `onError`): the store copy is incomplete. */
  get batchesDropped(): boolean {
    return this.#droppedBatches > 0;
  }

  /** How many batches were dropped so far. */
  get droppedBatchCount(): number {
    return this.#droppedBatches;
  }

  /** Entries waiting for a drain. */
  get pendingEntryCount(): number {
    return this.#pendingEntries;
  }

  /**
   * Buffers one frame (frames without entries are ignored) and starts a background drain when
   * the mode or the thresholds say so. A malformed frame, or one after `close()`, is reported to
   * `onError` instead. Never throws.
   */
  enqueue(frame: TranscriptMirrorFrame): void {
    const candidate = frame as Partial<TranscriptMirrorFrame> | null;
    if (
      typeof candidate !== 'object' ||
      candidate === null ||
      typeof candidate.filePath !== 'string' ||
      !Array.isArray(candidate.entries)
    ) {
      this.#drop(
        new MirrorBatcherError({
          code: 'MALFORMED_FRAME',
          message: 'Dropped a transcript_mirror frame without a string filePath and an entries array.',
        }),
        null,
        [],
      );
      return;
    }
    if (candidate.entries.length === 0) return;
    const entries = candidate.entries as SessionStoreEntry[];
    if (this.#closing !== undefined) {
      const key = this.#keyOf(candidate.filePath) ?? null;
      this.#drop(
        new MirrorBatcherError({
          code: 'CLOSED',
          message: `Dropped ${entries.length} transcript entries that arrived after the mirror was closed.`,
        }),
        key,
        entries,
      );
      return;
    }
    this.#lastSeq++;
    this.#pending.push({ filePath: candidate.filePath, entries, seq: this.#lastSeq });
    this.#pendingEntries += entries.length;
    // Eager mode drains after every frame whatever the size, so it skips the serialization cost.
    if (this.#options.mode === 'batched') this.#pendingChars += jsonLength(entries);
    if (this.#shouldDrain()) this.#startDrain();
  }

  /**
   * Appends everything enqueued before this call and resolves when each batch reached the store
   * or was reported dropped. Frames enqueued meanwhile may wait for a later flush. Never rejects.
   */
  async flush(): Promise<void> {
    const target = this.#lastSeq;
    if (target > this.#flushTarget) this.#flushTarget = target;
    while (this.#completedSeq < target) {
      this.#startDrain();
      await this.#draining;
    }
  }

  /**
   * Final flush; later frames are reported as dropped. Idempotent: every call returns the same
   * promise. Bound it from the caller if shutdown must not wait for a slow store (each append
   * is itself bounded by `appendTimeoutMs`).
   */
  close(): Promise<void> {
    this.#closing ??= this.flush();
    return this.#closing;
  }

  #shouldDrain(): boolean {
    if (this.#pending.length === 0) return false;
    if (this.#flushTarget > this.#completedSeq || this.#options.mode === 'eager') return true;
    return (
      this.#pendingEntries > this.#options.maxPendingEntries ||
      this.#pendingChars > this.#options.maxPendingChars
    );
  }

  #startDrain(): void {
    if (this.#draining !== undefined) return;
    this.#draining = this.#drainLoop().finally(() => {
      this.#draining = undefined;
    });
  }

  async #drainLoop(): Promise<void> {
    while (this.#shouldDrain()) {
      const batch = this.#pending;
      this.#pending = [];
      this.#pendingEntries = 0;
      this.#pendingChars = 0;
      await this.#appendBatch(batch);
      this.#completedSeq = batch[batch.length - 1]!.seq;
    }
  }

  async #appendBatch(frames: readonly PendingFrame[]): Promise<void> {
    const byFile = new Map<string, SessionStoreEntry[]>();
    for (const frame of frames) {
      const group = byFile.get(frame.filePath);
      if (group === undefined) byFile.set(frame.filePath, [...frame.entries]);
      else for (const entry of frame.entries) group.push(entry);
    }
    for (const [filePath, entries] of byFile) {
      const key = this.#keyOf(filePath);
      if (key === undefined) {
        this.#drop(this.#unmappable(filePath), null, entries);
        continue;
      }
      const failure = await appendWithRetry(this.#options, key, entries);
      if (failure !== undefined) this.#drop(failure, key, entries);
    }
  }

  #keyOf(filePath: string): SessionKey | undefined {
    const { projectsDir } = this.#options;
    return projectsDir === undefined ? undefined : filePathToSessionKey(filePath, projectsDir);
  }

  #unmappable(filePath: string): MirrorBatcherError {
    const { projectsDir } = this.#options;
    return new MirrorBatcherError({
      code: 'UNMAPPABLE_PATH',
      message:
        projectsDir === undefined
          ? `Cannot mirror ${filePath}: there is no Claude config dir (no CLAUDE_CONFIG_DIR and no usable home). Set CLAUDE_CONFIG_DIR in options.env.`
          : `Cannot mirror ${filePath}: it is not a transcript under ${projectsDir}. Give the CLI and this process the same CLAUDE_CONFIG_DIR.`,
    });
  }

  #drop(error: MirrorBatcherError, key: SessionKey | null, entries: readonly unknown[]): void {
    this.#droppedBatches++;
    try {
      this.#options.onError(mirrorErrorMessage(error, key, entries), error);
    } catch {
      // onError must not throw; a throwing handler must not stop the mirror either.
    }
  }
}

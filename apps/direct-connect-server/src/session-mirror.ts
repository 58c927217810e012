import { TranscriptMirrorBatcher, type TranscriptMirrorFrame } from '@ccsdk/mirror-batcher';
import type { MaterializedResume, SessionStore } from '@ccsdk/session-store';
import { MIRROR_MID_TURN_FLUSH_MS } from './limits.js';
import type { Logger } from './logger.js';

/**
 * What a hosted session does with the store: buffer `transcript_mirror` frames, flush them before
 * a `result` goes to the client, and close at the end of the session.
 */
export interface SessionMirror {
  /** Buffers one frame; never throws. */
  enqueue(frame: TranscriptMirrorFrame): void;
  /** Resolves once every frame enqueued so far reached the store or was reported dropped. Never rejects. */
  flush(): Promise<void>;
  /**
   * Final flush, then the private config dir of a resumed session is removed (kept, and logged
   * as `mirror.transcripts_preserved`, when a batch was dropped). Idempotent; never rejects.
   */
  close(): Promise<void>;
}

/**
 * Mirrors one session's transcripts into `store` through a `TranscriptMirrorBatcher` (coalescing,
 * thresholds, append timeout and retries). A frame also goes out at most `flushDelayMs` (default
 * {@link MIRROR_MID_TURN_FLUSH_MS}) after it came, so a turn in progress reaches the store before
 * its `result`: a client that resumes on another server after this one died keeps it. Frame paths map to keys relative to `projectsDir`, the
 * `projects` folder of the config dir this session's CLI writes to. A batch that never reached
 * the store is logged as `mirror.append_failed` with the batcher's error code; the session goes on.
 */
export function createSessionMirror(params: {
  store: SessionStore;
  projectsDir: string;
  log: Logger;
  sessionId: string;
  /** The materialized config dir of a session resumed from the store, cleaned up at close. */
  resume?: MaterializedResume;
  /** Longest a frame waits before it is sent, in ms. Default {@link MIRROR_MID_TURN_FLUSH_MS}. */
  flushDelayMs?: number;
}): SessionMirror {
  const { log, sessionId, resume } = params;
  const flushDelayMs = params.flushDelayMs ?? MIRROR_MID_TURN_FLUSH_MS;
  const batcher = new TranscriptMirrorBatcher({
    store: params.store,
    projectsDir: params.projectsDir,
    onError: (message, error) =>
      log({
        level: 'error',
        event: 'mirror.append_failed',
        sessionId,
        code: error.code,
        key: message.key,
        error,
      }),
  });
  let closing: Promise<void> | undefined;
  let timedFlush: NodeJS.Timeout | undefined;
  const finish = async (): Promise<void> => {
    clearTimeout(timedFlush);
    await batcher.close();
    if (resume === undefined) return;
    try {
      const { preservedDir } = await resume.cleanup({ preserve: batcher.batchesDropped });
      if (preservedDir !== undefined)
        log({ level: 'warn', event: 'mirror.transcripts_preserved', sessionId, preservedDir });
    } catch (error) {
      log({ level: 'warn', event: 'resume.cleanup_failed', sessionId, error });
    }
  };
  return {
    enqueue: (frame) => {
      batcher.enqueue(frame);
      if (timedFlush !== undefined || closing !== undefined) return;
      timedFlush = setTimeout(() => {
        timedFlush = undefined;
        void batcher.flush();
      }, flushDelayMs);
      timedFlush.unref();
    },
    flush: () => batcher.flush(),
    close: () => {
      closing ??= finish();
      return closing;
    },
  };
}

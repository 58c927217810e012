import type { SessionKey, SessionStore, SessionStoreEntry } from '@ccsdk/session-store';
import { MirrorBatcherError } from './errors.js';

/** What {@link appendWithRetry} needs. */
export interface AppendPolicy {
  readonly store: SessionStore;
  readonly appendTimeoutMs: number;
  readonly retryDelaysMs: readonly number[];
}

const TIMED_OUT = Symbol('timed out');

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function appendOnce(
  policy: AppendPolicy,
  key: SessionKey,
  entries: SessionStoreEntry[],
): Promise<typeof TIMED_OUT | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), policy.appendTimeoutMs);
  });
  try {
    const call = Promise.resolve().then(() => policy.store.append(key, entries));
    call.catch(() => undefined);
    return await Promise.race([call.then(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `store.append(key, entries)` with a timeout per call, retrying ordinary failures after
 * each of `retryDelaysMs`. Resolves `undefined` on success, or the error that dropped the batch:
 * `APPEND_TIMEOUT` at once on a timeout (the abandoned call may still land, so it is never
 * retried), `APPEND_FAILED` once every attempt failed (its `cause` is the last adapter error).
 * Never rejects.
 */
export async function appendWithRetry(
  policy: AppendPolicy,
  key: SessionKey,
  entries: SessionStoreEntry[],
): Promise<MirrorBatcherError | undefined> {
  const attempts = policy.retryDelaysMs.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await appendOnce(policy, key, entries);
      if (outcome !== TIMED_OUT) return undefined;
      return new MirrorBatcherError({
        code: 'APPEND_TIMEOUT',
        message: `SessionStore.append timed out after ${policy.appendTimeoutMs} ms for ${entries.length} entries of session ${key.sessionId}; not retried, since the call may still land. The local transcript is intact.`,
      });
    } catch (error) {
      if (attempt >= attempts) {
        return new MirrorBatcherError({
          code: 'APPEND_FAILED',
          cause: error,
          message: `SessionStore.append failed ${attempts} time(s) for ${entries.length} entries of session ${key.sessionId} (${describe(error)}); the batch was dropped from the store. The local transcript is intact.`,
        });
      }
      await sleep(policy.retryDelaysMs[attempt - 1]!);
    }
  }
}

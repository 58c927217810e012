import type { SessionKey, SessionStore, SessionStoreEntry } from '@ccsdk/session-store';
import type { Logger } from '../logger.js';

/**
 * Appends one session's event-log entries to the store in order, one `append` at a time: entries
 * that come while an append is in flight wait and go together in the next one. A failed append
 * is logged as `sse.store_append_failed` (the count, the error's name and code, never the payload
 * nor the error's message, which may quote it) and its entries are not retried, except that a
 * batch refused for one of its entries (`ENTRY_TOO_LARGE`, `INVALID_ENTRY`) is appended again
 * entry by entry, so only the refused ones are lost; the session goes on and a replay across the hole says
 * `catch_up_truncated`.
 */
export class StoreAppender {
  readonly #store: SessionStore;
  readonly #key: SessionKey;
  readonly #log: Logger;
  #waiting: SessionStoreEntry[] = [];
  #inFlight: Promise<void> | undefined;

  constructor(store: SessionStore, key: SessionKey, log: Logger) {
    this.#store = store;
    this.#key = key;
    this.#log = log;
  }

  /** Queues one entry; starts an append unless one is in flight. Never throws. */
  enqueue(entry: SessionStoreEntry): void {
    this.#waiting.push(entry);
    this.#inFlight ??= this.#drain();
  }

  /** Resolves once every entry queued so far was appended or reported failed. Never rejects. */
  async flush(): Promise<void> {
    while (this.#inFlight !== undefined) await this.#inFlight;
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      const error = await this.#append(batch);
      if (error === undefined) continue;
      if (batch.length > 1 && isEntryRefusal(error)) {
        // One entry the store refuses (too large, say) must not cost the others: one by one.
        for (const entry of batch) {
          const single = await this.#append([entry]);
          if (single !== undefined) this.#report([entry], single);
        }
        continue;
      }
      this.#report(batch, error);
    }
    this.#inFlight = undefined;
  }

  /** Appends a batch; resolves with the failure, if any. */
  async #append(batch: SessionStoreEntry[]): Promise<unknown> {
    try {
      await this.#store.append(this.#key, batch);
      return undefined;
    } catch (error) {
      return error ?? new Error('append failed');
    }
  }

  #report(batch: readonly SessionStoreEntry[], error: unknown): void {
    this.#log({
      level: 'error',
      event: 'sse.store_append_failed',
      sessionId: this.#key.sessionId,
      entries: batch.length,
      firstSequenceNum: batch[0]?.['sequence_num'],
      // Name and code only: an adapter's message may quote the entries it could not write.
      error: describeFailure(error),
    });
  }
}

/** Store error codes that refuse an entry, not the store being down (see `@ccsdk/session-store`'s adapters). */
const ENTRY_REFUSALS = new Set(['ENTRY_TOO_LARGE', 'INVALID_ENTRY']);

function isEntryRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ENTRY_REFUSALS.has(code);
}

function describeFailure(error: unknown): { name: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: typeof error };
  const code = (error as { code?: unknown }).code;
  return code === undefined ? { name: error.name } : { name: error.name, code };
}

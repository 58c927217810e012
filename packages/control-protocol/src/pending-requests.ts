import { ControlProtocolError } from './errors.js';
import { ABANDONED_REQUEST_IDS_KEPT } from './limits.js';
import { RecentIds } from './recent-ids.js';
import type { ReplyDeadline } from './reply-deadline.js';

interface PendingEntry {
  readonly subtype: string;
  readonly resolve: (value: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
  readonly dispose: () => void;
}

/** How one outbound request is bounded. */
export interface PendingRequestLimits {
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  /** In place of a plain timer on `timeoutMs`: a deadline the sender can hold. */
  readonly deadline?: ReplyDeadline | undefined;
}

/**
 * The outbound requests waiting for a reply, keyed by request id. Each entry owns an unref'd
 * timer and an abort listener, both released when the entry settles, whichever way.
 */
export class PendingRequests {
  readonly #entries = new Map<string, PendingEntry>();
  readonly #abandoned = new RecentIds(ABANDONED_REQUEST_IDS_KEPT);

  /** Number of requests still waiting. */
  get size(): number {
    return this.#entries.size;
  }

  /** The subtype of a waiting request, or undefined. */
  subtypeOf(requestId: string): string | undefined {
    return this.#entries.get(requestId)?.subtype;
  }

  /**
   * Registers a request and returns the promise of its reply. The caller must have checked
   * that `signal` is not already aborted.
   */
  register(
    requestId: string,
    subtype: string,
    limits: PendingRequestLimits,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const { signal, timeoutMs } = limits;
      const onAbort = (): void => {
        this.#abandon(
          requestId,
          new ControlProtocolError({
            code: 'REQUEST_ABORTED',
            message: `Control request "${subtype}" (${requestId}) was aborted by its signal.`,
            cause: signal?.reason,
            subtype,
          }),
        );
      };
      const onTimeout = (): void => {
        const held = limits.deadline === undefined ? 0 : Math.round(limits.deadline.heldMs);
        const besides = held > 0 ? ` (besides ${held} ms on hold, which do not count)` : '';
        this.#abandon(
          requestId,
          new ControlProtocolError({
            code: 'REQUEST_TIMEOUT',
            message: `Control request "${subtype}" (${requestId}) got no reply within ${timeoutMs} ms${besides}. Pass a larger timeoutMs if the CLI needs longer.`,
            subtype,
          }),
        );
      };
      const stopClock =
        limits.deadline === undefined ? startTimer(onTimeout, timeoutMs) : limits.deadline.start(onTimeout);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#entries.set(requestId, {
        subtype,
        resolve,
        reject,
        dispose: () => {
          stopClock();
          signal?.removeEventListener('abort', onAbort);
        },
      });
    });
  }

  /** Resolves a waiting request. False when no request waits under that id. */
  resolve(requestId: string, value: Record<string, unknown>): boolean {
    const entry = this.#take(requestId);
    entry?.resolve(value);
    return entry !== undefined;
  }

  /** Rejects a waiting request. False when no request waits under that id. */
  reject(requestId: string, error: Error): boolean {
    const entry = this.#take(requestId);
    entry?.reject(error);
    return entry !== undefined;
  }

  /** True when the request timed out or was aborted recently, so a late reply is expected. */
  wasAbandoned(requestId: string): boolean {
    return this.#abandoned.has(requestId);
  }

  /** Rejects every waiting request with the error `makeError` builds for it. */
  rejectAll(makeError: (requestId: string, subtype: string) => Error): void {
    const entries = [...this.#entries];
    this.#entries.clear();
    for (const [requestId, entry] of entries) {
      entry.dispose();
      entry.reject(makeError(requestId, entry.subtype));
    }
  }

  #take(requestId: string): PendingEntry | undefined {
    const entry = this.#entries.get(requestId);
    if (entry === undefined) return undefined;
    this.#entries.delete(requestId);
    entry.dispose();
    return entry;
  }

  #abandon(requestId: string, error: Error): void {
    if (!this.reject(requestId, error)) return;
    this.#abandoned.add(requestId);
  }
}

/** An unref'd timer calling `fire` after `ms`; returns what stops it. */
function startTimer(fire: () => void, ms: number): () => void {
  const timer = setTimeout(fire, ms);
  if (typeof timer === 'object' && typeof timer.unref === 'function') timer.unref();
  return () => clearTimeout(timer);
}

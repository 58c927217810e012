import { TestingError } from './errors.js';
import type { RecordedRequest } from './recorded-request.js';

interface Waiter {
  readonly predicate: (request: RecordedRequest) => boolean;
  readonly resolve: (request: RecordedRequest) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

/** The fake's record of requests in arrival order, and the waiters for the next matching one. */
export class RequestLog {
  readonly records: RecordedRequest[] = [];
  readonly #waiters = new Set<Waiter>();
  #closed = false;

  /** Appends a record and settles every waiter whose predicate matches it. */
  add(record: RecordedRequest): void {
    this.records.push(record);
    for (const waiter of [...this.#waiters]) {
      let matches: boolean;
      try {
        matches = waiter.predicate(record);
      } catch (error) {
        this.#settle(waiter);
        waiter.reject(error);
        continue;
      }
      if (matches) {
        this.#settle(waiter);
        waiter.resolve(record);
      }
    }
  }

  /**
   * Resolves with the first request, already recorded or still to come, that matches
   * `predicate`. Rejects with `WAIT_TIMEOUT` after `timeoutMs`, with `SERVER_CLOSED` when the
   * log closes first, and with the predicate's own error if it throws.
   */
  waitFor(predicate: (request: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest> {
    let found: RecordedRequest | undefined;
    try {
      found = this.records.find(predicate);
    } catch (error) {
      return Promise.reject(error);
    }
    if (found !== undefined) return Promise.resolve(found);
    if (this.#closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(
          new TestingError({
            code: 'WAIT_TIMEOUT',
            message: `No matching request arrived within ${timeoutMs} ms (${this.records.length} recorded). Check the predicate, or raise timeoutMs.`,
          }),
        );
      }, timeoutMs);
      const waiter: Waiter = { predicate, resolve, reject, timer };
      this.#waiters.add(waiter);
    });
  }

  /** Rejects every waiter with `SERVER_CLOSED`; later waits reject at once unless already matched. */
  close(): void {
    this.#closed = true;
    for (const waiter of [...this.#waiters]) {
      this.#settle(waiter);
      waiter.reject(closedError());
    }
  }

  #settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
  }
}

function closedError(): TestingError {
  return new TestingError({
    code: 'SERVER_CLOSED',
    message: 'The fake Messages API was closed while waiting for a request. Wait before calling close().',
  });
}

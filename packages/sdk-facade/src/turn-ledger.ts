/**
 * Knows whether the CLI has a turn in flight, for the input lifetime rule: input to the CLI ends
 * once the caller's input has ended and no turn is in flight, for every kind of prompt, so that
 * control requests (`interrupt()`, permission and hook answers, in-process MCP replies) can reach
 * the CLI until the work they belong to is done.
 *
 * Each user message written starts, or queues, one turn; the CLI answers each with one `result`
 * (queued messages run one after another, each with its own result). A result that arrives while
 * a background task runs does not end the work: the CLI goes on and sends another result when
 * the task is done. So the CLI is idle when every message written has had its result and the last
 * result came with no background task running. Before the first message it is idle too (zero
 * messages: input may end at once).
 */
export class TurnLedger {
  #unanswered = 0;
  #tasksBusy = false;
  #waiters: Array<() => void> = [];

  /** True when no turn is in flight. */
  get idle(): boolean {
    return this.#unanswered === 0 && !this.#tasksBusy;
  }

  /** A user message is being written to the CLI (call it before the write, so no result can overtake it). */
  messageSent(): void {
    this.#unanswered += 1;
  }

  /** A `result` arrived; `tasksBusy` says whether a background task is still running. */
  resultArrived(tasksBusy: boolean): void {
    this.#unanswered = Math.max(0, this.#unanswered - 1);
    this.#tasksBusy = tasksBusy;
    if (this.idle) this.release();
  }

  /** Resolves once no turn is in flight (at once when none is), or on {@link release}. */
  untilIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Lets every {@link untilIdle} waiter go (the CLI is idle, or the stream ended). */
  release(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}

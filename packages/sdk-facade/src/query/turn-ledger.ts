import { QUEUED_TURN_WAIT_MS } from './limits.js';

/**
 * Knows whether the CLI has a turn in flight, for the input lifetime rule: input to the CLI ends
 * once the caller's input has ended and no turn is in flight, for every kind of prompt, so that
 * control requests (`interrupt()`, permission and hook answers, in-process MCP replies) can reach
 * the CLI until the work they belong to is done.
 *
 * Each user message written is answered by a `result`: by one of its own when the CLI runs it as
 * a turn (a message queued behind a finishing turn), or by the running turn's result when the CLI
 * folds it into that turn (a message sent while a tool runs). After a result that leaves messages
 * unanswered, a turn of their own starts (`system/init`) within `queuedTurnWaitMs`, or they count
 * as folded in. A result that arrives while a background task runs does not end the work: the CLI
 * sends another result when the task is done. Before the first message the CLI is idle (zero
 * messages: input may end at once).
 */
export class TurnLedger {
  readonly #queuedTurnWaitMs: number;
  #unanswered = 0;
  #tasksBusy = false;
  #waiters: Array<() => void> = [];
  /** Runs while messages left unanswered by a result wait for a turn of their own. */
  #queuedTimer: NodeJS.Timeout | undefined;
  /** Messages written since the last result (they cannot have been folded into its turn). */
  #sentSinceResult = 0;

  constructor(queuedTurnWaitMs = QUEUED_TURN_WAIT_MS) {
    this.#queuedTurnWaitMs = queuedTurnWaitMs;
  }

  /** True when no turn is in flight. */
  get idle(): boolean {
    return this.#unanswered === 0 && !this.#tasksBusy;
  }

  /** A user message is being written to the CLI (call it before the write, so no result can overtake it). */
  messageSent(): void {
    this.#unanswered += 1;
    this.#sentSinceResult += 1;
  }

  /** The CLI started a turn (`system/init`): the messages waiting for one are being run. */
  turnStarted(): void {
    this.#stopQueuedWait();
  }

  /** A `result` arrived; `tasksBusy` says whether a background task is still running. */
  resultArrived(tasksBusy: boolean): void {
    this.#stopQueuedWait();
    this.#unanswered = Math.max(0, this.#unanswered - 1);
    this.#sentSinceResult = 0;
    this.#tasksBusy = tasksBusy;
    if (this.#unanswered > 0 && !tasksBusy) {
      this.#queuedTimer = setTimeout(() => this.#foldedIn(), this.#queuedTurnWaitMs);
      this.#queuedTimer.unref();
    }
    if (this.idle) this.release();
  }

  /** Resolves once no turn is in flight (at once when none is), or on {@link release}. */
  untilIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Lets every {@link untilIdle} waiter go (the CLI is idle, or the stream ended). */
  release(): void {
    this.#stopQueuedWait();
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** No turn started for the unanswered messages: the last turn took them in. */
  #foldedIn(): void {
    this.#queuedTimer = undefined;
    this.#unanswered = this.#sentSinceResult;
    if (this.idle) this.release();
  }

  #stopQueuedWait(): void {
    clearTimeout(this.#queuedTimer);
    this.#queuedTimer = undefined;
  }
}

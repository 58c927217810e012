import { isResultLine, mayBeUserMessage } from './turn-peek.js';

/**
 * Whether one session's CLI is in a turn: from a user message sent to it until the next
 * `result` line has gone out to the client (or into its buffer), or until the process is gone.
 * A user message sent while a turn runs does not open a second one: the turn ends at the next
 * `result`, as the CLI may fold a queued message into the running turn.
 */
export class TurnTracker {
  #inTurn = false;
  #waiters: Array<() => void> = [];

  /** True while a turn runs. */
  get inTurn(): boolean {
    return this.#inTurn;
  }

  /** Looks at a line about to go to the CLI's stdin; a user message starts a turn. */
  clientLine(line: Uint8Array): void {
    if (!this.#inTurn && mayBeUserMessage(line)) this.#inTurn = true;
  }

  /** Looks at a CLI line that has just gone out; a `result` ends the turn. */
  cliLine(line: Uint8Array): void {
    if (this.#inTurn && isResultLine(line)) this.#settle();
  }

  /** The process is gone: no turn can run any more. */
  processGone(): void {
    this.#settle();
  }

  /** Resolves once no turn runs (at once when none does). Never rejects. */
  settled(): Promise<void> {
    if (!this.#inTurn) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #settle(): void {
    this.#inTurn = false;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}

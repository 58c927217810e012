import { assertTimeoutMs } from './value-checks.js';

/**
 * A control request's time limit that its sender can put on hold: time on hold does not count
 * against `limitMs`, up to `maxHeldMs` in all, after which holds are ignored and the time counts
 * again. Pass it as `ControlRequestOptions.deadline`, in place of `timeoutMs`. The SDK holds the
 * `initialize` request's deadline while the CLI reports a SessionStart or Setup hook running.
 *
 * Holds nest: each `hold()` needs its `release()`. Before the request is sent, holds are only
 * counted; the clock starts when the channel starts the deadline.
 */
export class ReplyDeadline {
  /** Time that counts, in ms, before the request fails with `REQUEST_TIMEOUT`. */
  readonly limitMs: number;
  /** The most time on hold that does not count, in ms. */
  readonly maxHeldMs: number;
  #holds = 0;
  #heldMs = 0;
  #heldSince: number | undefined;
  #remainingMs: number;
  #runningSince: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #onExpire: (() => void) | undefined;
  #done = false;

  constructor(limitMs: number, options: { maxHeldMs?: number } = {}) {
    assertTimeoutMs('limitMs', limitMs);
    const maxHeldMs = options.maxHeldMs ?? 0;
    if (!Number.isFinite(maxHeldMs) || maxHeldMs < 0) {
      throw new TypeError(`maxHeldMs must be a finite number of ms >= 0, got ${String(maxHeldMs)}`);
    }
    this.limitMs = limitMs;
    this.maxHeldMs = maxHeldMs;
    this.#remainingMs = limitMs;
  }

  /** Time spent on hold so far (that did not count), in ms. */
  get heldMs(): number {
    return this.#heldMs + (this.#heldSince === undefined ? 0 : Date.now() - this.#heldSince);
  }

  /** Stops the clock until the matching `release()` (no effect once the hold budget is spent). */
  hold(): void {
    this.#holds += 1;
    if (this.#holds === 1) this.#update();
  }

  /** Ends one `hold()`; the clock runs again when no hold is left. */
  release(): void {
    if (this.#holds === 0) return;
    this.#holds -= 1;
    if (this.#holds === 0) this.#update();
  }

  /**
   * Starts the clock; `onExpire` runs once when `limitMs` of counted time have passed. Returns a
   * function that stops it for good. Used by the channel; a deadline serves one request.
   */
  start(onExpire: () => void): () => void {
    if (this.#onExpire !== undefined || this.#done) throw new Error('A ReplyDeadline serves one request.');
    this.#onExpire = onExpire;
    this.#update();
    return () => this.#stop();
  }

  /** Puts the clock in the state the holds and the budget call for. */
  #update(): void {
    if (this.#onExpire === undefined || this.#done) return;
    const now = Date.now();
    if (this.#runningSince !== undefined) {
      this.#remainingMs -= now - this.#runningSince;
      this.#runningSince = undefined;
    }
    if (this.#heldSince !== undefined) {
      this.#heldMs += now - this.#heldSince;
      this.#heldSince = undefined;
    }
    this.#clearTimer();
    const budget = this.maxHeldMs - this.#heldMs;
    if (this.#holds > 0 && budget > 0) {
      this.#heldSince = now;
      // When the budget is spent, the clock runs again whatever the holds say.
      this.#setTimer(budget, () => {
        this.#heldMs = this.maxHeldMs;
        this.#heldSince = undefined;
        this.#run(Date.now());
      });
    } else {
      this.#run(now);
    }
  }

  #run(now: number): void {
    this.#runningSince = now;
    this.#setTimer(Math.max(0, this.#remainingMs), () => {
      const onExpire = this.#onExpire;
      this.#stop();
      onExpire?.();
    });
  }

  #setTimer(ms: number, fire: () => void): void {
    this.#timer = setTimeout(fire, ms);
    if (typeof this.#timer === 'object' && typeof this.#timer.unref === 'function') this.#timer.unref();
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #stop(): void {
    if (this.#heldSince !== undefined) this.#heldMs += Date.now() - this.#heldSince;
    this.#heldSince = undefined;
    this.#done = true;
    this.#clearTimer();
  }
}

import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import type { HostedSession } from './hosted-session.js';
import type { Logger } from './logger.js';
import { settlesWithin } from './settles-within.js';

/** The close reason a drain gives each session it ends, with close code 1001 (`GOING_AWAY`). */
export const DRAIN_CLOSE_REASON = 'server draining';

/** How a drain went, as `server.drain_finished` logs it. */
export interface DrainOutcome {
  /** Sessions the drain ended. */
  readonly sessions: number;
  /** Of those, sessions that were in a turn when the drain took them. */
  readonly inTurn: number;
  /** Ids of sessions still in a turn when the timeout passed (ended anyway). */
  readonly timedOut: readonly string[];
  /** How long the drain took, in ms. */
  readonly durationMs: number;
}

/**
 * Ends a server's sessions without cutting a turn: a session not in a turn ends at once, a
 * session in a turn as soon as its `result` has gone out (the mirror flushed before it), each
 * with close code 1001 and {@link DRAIN_CLOSE_REASON} (over SSE, `session_ended` with that
 * code). Sessions created while the drain runs (creates that were in flight) are added with
 * {@link add}. {@link finish} resolves once every session it took has ended, or once the
 * timeout passed; then the rest are ended the same way.
 */
export class SessionDrain {
  readonly #timeoutMs: number;
  readonly #log: Logger;
  readonly #started = Date.now();
  readonly #taken = new Set<HostedSession>();
  readonly #ends = new Set<Promise<void>>();
  #inTurn = 0;

  constructor(params: { timeoutMs: number; log: Logger }) {
    this.#timeoutMs = params.timeoutMs;
    this.#log = params.log;
  }

  /** Takes one session: ends it now when it is not in a turn, else once its turn settled. Idempotent. */
  add(session: HostedSession): void {
    if (this.#taken.has(session)) return;
    this.#taken.add(session);
    if (session.inTurn) this.#inTurn += 1;
    const ended = session
      .turnSettled()
      .then(() => endForDrain(session))
      .catch(() => undefined);
    this.#ends.add(ended);
  }

  /**
   * Waits for the sessions taken so far (and those added meanwhile), at most the timeout from
   * the drain's start; past it, logs `server.drain_timeout` and starts ending the rest without
   * waiting (the shutdown that follows waits for them within its own bound).
   */
  async finish(): Promise<DrainOutcome> {
    const deadline = this.#started + this.#timeoutMs;
    let seen = 0;
    let inTime = true;
    while (seen < this.#ends.size && inTime) {
      seen = this.#ends.size;
      inTime = await settlesWithin(Promise.allSettled([...this.#ends]), Math.max(0, deadline - Date.now()));
    }
    const timedOut = [...this.#taken].filter((session) => session.inTurn && !session.isEnding);
    if (!inTime) {
      this.#log({
        level: 'warn',
        event: 'server.drain_timeout',
        timeoutMs: this.#timeoutMs,
        sessions: timedOut.map((session) => session.id),
      });
      // Started, not awaited: the shutdown that follows waits for them, within its own bound.
      for (const session of this.#taken) void endForDrain(session).catch(() => undefined);
    }
    return {
      sessions: this.#taken.size,
      inTurn: this.#inTurn,
      timedOut: inTime ? [] : timedOut.map((session) => session.id),
      durationMs: Date.now() - this.#started,
    };
  }
}

function endForDrain(session: HostedSession): Promise<void> {
  return session.end(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, DRAIN_CLOSE_REASON);
}

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TurnLedger } from './turn-ledger.js';

/** Resolves true when `promise` settles within a few ticks. */
async function settlesNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TurnLedger', () => {
  it('should be idle before any message, so zero messages let input end at once', async () => {
    const ledger = new TurnLedger();
    expect(ledger.idle).toBe(true);
    expect(await settlesNow(ledger.untilIdle())).toBe(true);
  });

  it('should hold one turn per message until its result', async () => {
    const ledger = new TurnLedger();
    ledger.messageSent();
    ledger.messageSent();
    const waiting = ledger.untilIdle();
    ledger.resultArrived(false);
    expect(await settlesNow(waiting)).toBe(false);
    ledger.resultArrived(false);
    expect(await settlesNow(waiting)).toBe(true);
  });

  it('should not be idle after a result that came while a background task runs', async () => {
    const ledger = new TurnLedger();
    ledger.messageSent();
    const waiting = ledger.untilIdle();
    ledger.resultArrived(true);
    expect(ledger.idle).toBe(false);
    expect(await settlesNow(waiting)).toBe(false);
    ledger.resultArrived(false);
    expect(await settlesNow(waiting)).toBe(true);
  });

  it('should count a message folded into the running turn as answered when no turn of its own starts', async () => {
    vi.useFakeTimers();
    const ledger = new TurnLedger(1000);
    ledger.messageSent();
    ledger.messageSent(); // sent while a tool ran: the CLI folds it into the running turn
    const waiting = ledger.untilIdle();
    ledger.resultArrived(false);
    vi.advanceTimersByTime(999);
    expect(await settlesNow(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settlesNow(waiting)).toBe(true);
    expect(ledger.idle).toBe(true);
  });

  it('should wait for the result of a queued message whose turn started', async () => {
    vi.useFakeTimers();
    const ledger = new TurnLedger(1000);
    ledger.messageSent();
    ledger.messageSent();
    const waiting = ledger.untilIdle();
    ledger.resultArrived(false);
    ledger.turnStarted();
    vi.advanceTimersByTime(10_000);
    expect(await settlesNow(waiting)).toBe(false);
    ledger.resultArrived(false);
    expect(await settlesNow(waiting)).toBe(true);
  });

  it('should keep a message written after the result in flight when the wait for a queued turn ends', async () => {
    vi.useFakeTimers();
    const ledger = new TurnLedger(1000);
    ledger.messageSent();
    ledger.messageSent();
    ledger.resultArrived(false);
    ledger.messageSent();
    vi.advanceTimersByTime(1000);
    expect(ledger.idle).toBe(false);
    ledger.resultArrived(false);
    expect(ledger.idle).toBe(true);
  });

  it('should let waiters go on release', async () => {
    const ledger = new TurnLedger();
    ledger.messageSent();
    const waiting = ledger.untilIdle();
    ledger.release();
    expect(await settlesNow(waiting)).toBe(true);
  });

  it('should be idle exactly when every message has a result and the last came with no task running', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'sent' as const }),
      fc.record({ kind: fc.constant('result' as const), busy: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const ledger = new TurnLedger();
        let unanswered = 0;
        let busy = false;
        for (const s of steps) {
          if (s.kind === 'sent') {
            ledger.messageSent();
            unanswered += 1;
          } else {
            ledger.resultArrived(s.busy);
            unanswered = Math.max(0, unanswered - 1);
            busy = s.busy;
          }
          expect(ledger.idle).toBe(unanswered === 0 && !busy);
        }
      }),
    );
  });
});

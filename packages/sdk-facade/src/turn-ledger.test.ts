import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

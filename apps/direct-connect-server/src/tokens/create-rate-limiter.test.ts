import { describe, expect, it } from 'vitest';
import { CreateRateLimiter } from './create-rate-limiter.js';

describe('CreateRateLimiter', () => {
  it('should allow a burst, then refuse with the wait until the next create, then refill', () => {
    let now = 1_000_000;
    const limiter = new CreateRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect(limiter.take('a', 6, 3)).toEqual({ allowed: true });
    // 6 a minute: one every 10 s.
    expect(limiter.take('a', 6, 3)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now += 4_000;
    expect(limiter.take('a', 6, 3)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now += 6_000;
    expect(limiter.take('a', 6, 3)).toEqual({ allowed: true });
    expect(limiter.take('a', 6, 3).allowed).toBe(false);
    // A long pause refills up to the burst, no more.
    now += 10 * 60_000;
    for (let i = 0; i < 3; i++) expect(limiter.take('a', 6, 3).allowed).toBe(true);
    expect(limiter.take('a', 6, 3).allowed).toBe(false);
  });

  it('should keep one bucket per name', () => {
    const limiter = new CreateRateLimiter(() => 0);
    expect(limiter.take('a', 1, 1).allowed).toBe(true);
    expect(limiter.take('a', 1, 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.take('b', 1, 1).allowed).toBe(true);
  });

  it('should say at least 1 s, and forget names that are no longer held', () => {
    let now = 0;
    const limiter = new CreateRateLimiter(() => now);
    expect(limiter.take('a', 60_000, 1).allowed).toBe(true);
    expect(limiter.take('a', 60_000, 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    limiter.retain(new Set(['b']));
    expect(limiter.take('a', 60_000, 1).allowed).toBe(true);
    now = -5; // a clock that goes back does not refill
    expect(limiter.take('a', 60_000, 1).allowed).toBe(false);
  });
});

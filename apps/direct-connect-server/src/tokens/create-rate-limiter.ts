/** A create allowed, or refused with how long to wait. */
export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
  perMinute: number;
  burst: number;
}

/**
 * A token bucket per principal name: `burst` creates at once, refilled at `perMinute` a minute.
 * A bucket follows its entry's limits when a reload changes them (keeping what it holds, up to
 * the new burst). `now` is injectable for tests.
 */
export class CreateRateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Takes one create from `name`'s bucket, or says when one will be there (whole seconds, at least 1). */
  take(name: string, perMinute: number, burst: number): RateDecision {
    const now = this.#now();
    let bucket = this.#buckets.get(name);
    if (bucket === undefined) {
      bucket = { tokens: burst, updatedAt: now, perMinute, burst };
      this.#buckets.set(name, bucket);
    }
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.perMinute = perMinute;
    bucket.burst = burst;
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsed * perMinute) / 60_000);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    const waitMs = ((1 - bucket.tokens) * 60_000) / perMinute;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Forgets the buckets of names no longer held (a reload removed them). */
  retain(names: ReadonlySet<string>): void {
    for (const name of this.#buckets.keys()) if (!names.has(name)) this.#buckets.delete(name);
  }
}

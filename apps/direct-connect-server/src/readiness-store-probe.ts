import type { SessionKey, SessionStore } from '@ccsdk/session-store';
import { settlesWithin } from './settles-within.js';

/**
 * The key `/readyz` loads to see that the store answers: a fixed key no session uses (its
 * session id is the nil-like UUID `00000000-0000-4000-8000-000000000000`), so the answer is
 * normally `null` and costs one lookup.
 */
export const READINESS_PROBE_KEY: SessionKey = {
  projectKey: 'ccsdk-serve-readiness-probe',
  sessionId: '00000000-0000-4000-8000-000000000000',
};

/**
 * Whether the session store answers, from one `load` of {@link READINESS_PROBE_KEY}: reachable
 * when it resolves (with anything) within `timeoutMs`, unreachable when it rejects or takes
 * longer. A result is reused for `cacheMs`, so a load balancer polling `/readyz` costs the
 * store at most one lookup per `cacheMs`; at most one probe runs at a time, so a store that
 * hangs is not asked again until its probe settles.
 */
export class StoreProbe {
  readonly #store: SessionStore;
  readonly #timeoutMs: number;
  readonly #cacheMs: number;
  #last: { reachable: boolean; at: number } | undefined;
  #running: Promise<boolean> | undefined;
  #hung: Promise<unknown> | undefined;

  constructor(store: SessionStore, timing: { timeoutMs: number; cacheMs: number }) {
    this.#store = store;
    this.#timeoutMs = timing.timeoutMs;
    this.#cacheMs = timing.cacheMs;
  }

  /** Resolves with whether the store answered its last probe (a fresh one when the cache is stale). Never rejects. */
  reachable(): Promise<boolean> {
    const last = this.#last;
    if (last !== undefined && Date.now() - last.at < this.#cacheMs) return Promise.resolve(last.reachable);
    if (this.#hung !== undefined) return Promise.resolve(false);
    this.#running ??= this.#probe().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #probe(): Promise<boolean> {
    let failed = false;
    const load = Promise.resolve()
      .then(() => this.#store.load(READINESS_PROBE_KEY))
      .catch(() => {
        failed = true;
      });
    const settled = await settlesWithin(load, this.#timeoutMs);
    if (!settled) {
      // Not asked again until this load settles, so a hung store does not pile up lookups.
      this.#hung = load.finally(() => {
        this.#hung = undefined;
      });
    }
    const reachable = settled && !failed;
    this.#last = { reachable, at: Date.now() };
    return reachable;
  }
}

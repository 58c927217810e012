import { rm } from 'node:fs/promises';
import { createParkingDir } from '@ccsdk/transport-subprocess';
import type { CliLinkExit, CliLinkFactory } from '../cli-link.js';
import type { Logger } from '../logger.js';
import { MAX_WARM_CONFIGURATIONS, WARM_REFILL_BACKOFF_MS, WARM_SPARE_START_TIMEOUT_MS } from './limits.js';
import { type SpareConfig, spareConfigKey } from './spare-config.js';
import { WarmSpare } from './warm-spare.js';

/** The pool's counters, read by `/metrics`. */
export interface WarmPoolStats {
  /** Spares started and waiting for a session, summed over configurations. */
  ready: number;
  /** Spares spawned and not yet ready. */
  starting: number;
  /** Creates served by a spare. */
  hits: number;
  /** Creates that found no spare (or whose claim failed) and started cold. */
  misses: number;
  /** Spares ended because they died, failed to start, or outlived the max age. */
  replaced: number;
}

/** Timers the pool uses; tests pass a fake clock. */
export interface WarmPoolClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: WarmPoolClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What the pool needs. */
export interface WarmPoolOptions {
  /** Spares kept per configuration (at least 1). */
  readonly size: number;
  /** A spare older than this is replaced, in ms. */
  readonly maxAgeMs: number;
  /** Makes each spare's link; it is called with `awaitClaim: true` and the parking folder as `cwd`. */
  readonly createLink: CliLinkFactory;
  /** Largest stdout line a spare's link accepts, in bytes (the server's `maxMessageBytes`). */
  readonly maxLineBytes: number;
  /** The CLI env, for the config dir the parking folders go under. */
  readonly cliEnv?: Record<string, string | undefined>;
  readonly log: Logger;
  readonly clock?: WarmPoolClock;
  /** Makes a parking folder; default `createParkingDir` under `<config dir>/spares`. */
  readonly makeParkingDir?: (env: Record<string, string | undefined> | undefined) => Promise<string>;
  /** Removes a parking folder once its spare is gone. */
  readonly removeParkingDir?: (dir: string) => Promise<void>;
}

interface SpareGroup {
  readonly config: SpareConfig;
  readonly spares: Set<WarmSpare>;
  /** Spawns begun whose parking folder is still being made. */
  pending: number;
  backoffUntil: number;
  backoffTimer: unknown;
}

/**
 * Keeps `size` parked Claude Code processes (`--await-claim`) for each spawn configuration the
 * server uses, ahead of demand. {@link take} hands out a ready spare and refills in the
 * background; a spare that exits, fails to start or outlives `maxAgeMs` is replaced; after a
 * failed start the group waits `WARM_REFILL_BACKOFF_MS` before the next. Spares start at lowered
 * CPU priority and outside the start gate (`SubprocessCliLink`), so refills do not starve live
 * sessions. {@link close} stops refilling and ends every spare.
 */
export class WarmPool {
  readonly #options: WarmPoolOptions;
  readonly #clock: WarmPoolClock;
  readonly #groups = new Map<string, SpareGroup>();
  readonly #timers = new Map<WarmSpare, unknown>();
  readonly #closing = new Set<Promise<void>>();
  #closed = false;
  #hits = 0;
  #misses = 0;
  #replaced = 0;

  constructor(options: WarmPoolOptions) {
    if (!Number.isSafeInteger(options.size) || options.size < 1) {
      throw new RangeError(
        `WarmPool size must be a whole number of at least 1, got ${String(options.size)}.`,
      );
    }
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** Starts keeping spares for `config` (at most `MAX_WARM_CONFIGURATIONS` of them). */
  prime(config: SpareConfig): void {
    const group = this.#group(config);
    if (group !== undefined) this.#fill(group);
  }

  /**
   * A ready spare for `config`, taken out of the pool (the group refills), or `undefined` (a
   * miss is counted) when there is none. A spare past its age is retired, not handed out. The
   * caller claims it and reports with {@link claimSucceeded} or {@link claimFailed}.
   */
  take(config: SpareConfig): WarmSpare | undefined {
    const group = this.#closed ? undefined : this.#group(config);
    let found: WarmSpare | undefined;
    for (const spare of group?.spares ?? []) {
      if (spare.state !== 'ready') continue;
      if (this.#clock.now() - spare.bornAt >= this.#options.maxAgeMs) {
        this.#retire(spare, 'age');
        continue;
      }
      found = spare;
      break;
    }
    if (group !== undefined && found !== undefined) {
      group.spares.delete(found);
      this.#clearTimer(found);
    }
    if (found === undefined) this.#misses += 1;
    if (group !== undefined) this.#fill(group);
    return found;
  }

  /** A taken spare answered its claim: the create counts as a hit. */
  claimSucceeded(_spare: WarmSpare): void {
    this.#hits += 1;
  }

  /** A claimed spare's session has ended: its parking folder goes. */
  released(spare: WarmSpare): void {
    void this.#removeParking(spare);
  }

  /** A taken spare could not be claimed (the session starts cold): a miss; the spare is ended. */
  claimFailed(spare: WarmSpare, reason: string): void {
    this.#misses += 1;
    this.#options.log({ level: 'warn', event: 'warm_pool.claim_failed', reason });
    this.#track(spare.close().then(() => this.#removeParking(spare)));
  }

  /** The pool's counters now. */
  stats(): WarmPoolStats {
    let ready = 0;
    let starting = 0;
    for (const group of this.#groups.values()) {
      starting += group.pending;
      for (const spare of group.spares) {
        if (spare.state === 'ready') ready += 1;
        else if (spare.state === 'starting') starting += 1;
      }
    }
    return { ready, starting, hits: this.#hits, misses: this.#misses, replaced: this.#replaced };
  }

  /** Stops refilling and ends every spare; resolves when their processes are gone. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const group of this.#groups.values()) {
      this.#clock.clearTimeout(group.backoffTimer);
      for (const spare of group.spares) {
        this.#clearTimer(spare);
        this.#track(spare.close());
      }
    }
    while (this.#closing.size > 0) await Promise.allSettled([...this.#closing]);
  }

  #group(config: SpareConfig): SpareGroup | undefined {
    const key = spareConfigKey(config);
    let group = this.#groups.get(key);
    if (group === undefined && this.#groups.size < MAX_WARM_CONFIGURATIONS) {
      group = { config, spares: new Set(), pending: 0, backoffUntil: 0, backoffTimer: undefined };
      this.#groups.set(key, group);
    }
    return group;
  }

  #fill(group: SpareGroup): void {
    if (this.#closed) return;
    const waitMs = group.backoffUntil - this.#clock.now();
    if (waitMs > 0) {
      if (group.backoffTimer === undefined) {
        group.backoffTimer = this.#clock.setTimeout(() => {
          group.backoffTimer = undefined;
          this.#fill(group);
        }, waitMs);
      }
      return;
    }
    while (group.spares.size + group.pending < this.#options.size) {
      group.pending += 1;
      void this.#spawn(group);
    }
  }

  async #spawn(group: SpareGroup): Promise<void> {
    const options = this.#options;
    let parkingDir: string;
    try {
      parkingDir = await (options.makeParkingDir ?? createParkingDir)(options.cliEnv);
    } catch (error) {
      group.pending -= 1;
      this.#startFailed(group, error);
      return;
    }
    group.pending -= 1;
    if (this.#closed) {
      await this.#removeDir(parkingDir);
      return;
    }
    const link = options.createLink({
      cwd: parkingDir,
      ...(group.config.permissionMode === undefined ? {} : { permissionMode: group.config.permissionMode }),
      sessionMirror: group.config.sessionMirror,
      maxLineBytes: options.maxLineBytes,
      awaitClaim: true,
    });
    const spare = new WarmSpare({
      link,
      parkingDir,
      bornAt: this.#clock.now(),
      onReady: (ready) => this.#onReady(ready),
      onGone: (gone, exit, wasReady) => this.#onGone(group, gone, exit, wasReady),
    });
    group.spares.add(spare);
    this.#timers.set(
      spare,
      this.#clock.setTimeout(() => this.#retire(spare, 'start_timeout'), WARM_SPARE_START_TIMEOUT_MS),
    );
    try {
      await link.start();
    } catch (error) {
      if (group.spares.delete(spare)) {
        this.#clearTimer(spare);
        this.#replaced += 1;
        this.#track(link.close().then(() => this.#removeDir(parkingDir)));
        this.#startFailed(group, error);
      }
    }
  }

  #onReady(spare: WarmSpare): void {
    this.#clearTimer(spare);
    const ageLeft = Math.max(0, spare.bornAt + this.#options.maxAgeMs - this.#clock.now());
    this.#timers.set(
      spare,
      this.#clock.setTimeout(() => this.#retire(spare, 'age'), ageLeft),
    );
  }

  #onGone(group: SpareGroup, spare: WarmSpare, exit: CliLinkExit, wasReady: boolean): void {
    this.#clearTimer(spare);
    void this.#removeParking(spare);
    if (!group.spares.delete(spare) || this.#closed) return;
    this.#replaced += 1;
    this.#options.log({
      level: 'warn',
      event: 'warm_pool.spare_exited',
      exitCode: exit.exitCode,
      signal: exit.signal,
    });
    // One that dies before it is ready may not start at all: wait before the next try. One killed
    // while parked (an OOM killer, an operator) is replaced at once.
    if (!wasReady) group.backoffUntil = this.#clock.now() + WARM_REFILL_BACKOFF_MS;
    this.#fill(group);
  }

  /** Ends a spare the pool holds (age or a start that took too long) and starts another. */
  #retire(spare: WarmSpare, reason: 'age' | 'start_timeout'): void {
    for (const group of this.#groups.values()) {
      if (!group.spares.delete(spare)) continue;
      this.#clearTimer(spare);
      this.#replaced += 1;
      this.#options.log({ level: 'info', event: 'warm_pool.spare_retired', reason });
      this.#track(spare.close().then(() => this.#removeParking(spare)));
      if (reason === 'start_timeout') group.backoffUntil = this.#clock.now() + WARM_REFILL_BACKOFF_MS;
      this.#fill(group);
      return;
    }
  }

  #startFailed(group: SpareGroup, error: unknown): void {
    this.#options.log({ level: 'warn', event: 'warm_pool.spare_start_failed', error });
    group.backoffUntil = this.#clock.now() + WARM_REFILL_BACKOFF_MS;
    this.#fill(group);
  }

  #clearTimer(spare: WarmSpare): void {
    const timer = this.#timers.get(spare);
    if (timer === undefined) return;
    this.#clock.clearTimeout(timer);
    this.#timers.delete(spare);
  }

  #removeParking(spare: WarmSpare): Promise<void> {
    return this.#removeDir(spare.parkingDir);
  }

  #removeDir(dir: string): Promise<void> {
    const remove =
      this.#options.removeParkingDir ?? ((path: string) => rm(path, { recursive: true, force: true }));
    return remove(dir).catch(() => {});
  }

  #track(work: Promise<void>): void {
    const tracked = work.catch(() => {});
    this.#closing.add(tracked);
    void tracked.finally(() => this.#closing.delete(tracked));
  }
}

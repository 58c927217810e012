/**
 * Least time between two autogroup writes, in ms: 100. Linux lets a process without
 * `CAP_SYS_ADMIN` (a container's root, any ordinary user) change one once per 100 ms, counted
 * machine-wide; a write sooner fails with `EAGAIN`. A burst of CLI starts would otherwise see most
 * of its writes refused (measured without the capability: 10 of 48 CLIs started in a 50-session
 * burst kept the server's weight, more on a machine where other processes write too). After a
 * write of its own a writer waits this long, plus a random pause, before it tries the next.
 */
export const AUTOGROUP_WRITE_INTERVAL_MS = 100;

/**
 * Longest pause before a refused (`EAGAIN`) write is tried again, in ms: 25; each pause is drawn
 * at random up to it. Several processes (servers, test workers) share the kernel's one window per
 * 100 ms, and whoever tries first after it opens gets it. With a fixed cadence, one writer whose
 * retries land just after the window opens takes every window while its queue lasts, and the
 * others starve (measured without the capability: beside four processes writing 100 times each
 * every 110 ms, a fifth process's write was refused for 30 s). Short random pauses make the
 * window a fair draw: beside the same four, each of eight writes of the fifth was taken within
 * 1.2 s (median 0.8 s), and the five together still got one write per 102 ms.
 */
export const AUTOGROUP_RETRY_PAUSE_MAX_MS = 25;

/**
 * How long a refused (`EAGAIN`) write is retried, in ms from when it was asked for: 30 s, as
 * long as a CLI counts as starting (`CLI_START_WINDOW_MS`); after a burst is over the write no
 * longer matters.
 */
export const AUTOGROUP_WRITE_DEADLINE_MS = 30_000;

/**
 * How long the kernel may refuse every write of a writer, in ms, before the writer stops retrying:
 * 5 s. A process with `CAP_SYS_ADMIN` is not rate-limited, but each of its writes still starts a
 * new 100 ms window for everyone else; one that writes often keeps the window shut, and every
 * write of ours gets `EAGAIN` however long it is retried (reproduced with a root process writing
 * every millisecond: every write of an unprivileged one refused for 30 s).
 * Retrying then only holds back what is queued behind (CLI starts wait for their turn), so past
 * this streak each request gets a single try, until one is taken and retries resume. Fair
 * contention never comes near it: beside four processes writing as fast as they could, the
 * longest wait measured was 1.2 s.
 */
export const AUTOGROUP_STARVED_AFTER_MS = 5_000;

/** A pause between two refused tries longer than this, in ms, ends a refusal streak: 1 s. */
const REFUSAL_STREAK_GAP_MS = 1_000;

/** One autogroup write asked of an {@link AutogroupWriter}. */
export interface AutogroupWriteRequest {
  readonly pid: number;
  readonly niceness: number;
  /**
   * Asked before every try: whether the write is still wanted (the process still leads an
   * autogroup of its own whose niceness differs). A `false` ends the request, resolved `false`.
   */
  readonly stillWanted?: () => boolean;
  /** Aborted when the process is gone (its link closed): the request ends, resolved `false`. */
  readonly signal?: AbortSignal;
  /** How long a refused write is retried, in ms; default the writer's `deadlineMs`. */
  readonly deadlineMs?: number;
}

/** Options of an {@link AutogroupWriter}; tests shorten the times. */
export interface AutogroupWriterOptions {
  /** Default {@link AUTOGROUP_WRITE_INTERVAL_MS}. */
  readonly intervalMs?: number;
  /** Default {@link AUTOGROUP_RETRY_PAUSE_MAX_MS}. */
  readonly retryPauseMaxMs?: number;
  /** A number in [0, 1) for each pause; default `Math.random`. */
  readonly random?: () => number;
  /** Default {@link AUTOGROUP_WRITE_DEADLINE_MS}. */
  readonly deadlineMs?: number;
  /** Default {@link AUTOGROUP_STARVED_AFTER_MS}. */
  readonly starvedAfterMs?: number;
}

/**
 * Writes autogroup nicenesses one at a time, in the order asked, retrying a write the kernel
 * refuses for its rate limit (`EAGAIN`) after random pauses of up to
 * {@link AUTOGROUP_RETRY_PAUSE_MAX_MS} until it is taken or its deadline passes; after a write
 * of its own it first waits out the kernel's {@link AUTOGROUP_WRITE_INTERVAL_MS}. Any other
 * failure (no such process, a read-only `/proc`, no privilege) ends that request at once. When the
 * kernel has refused every try for {@link AUTOGROUP_STARVED_AFTER_MS}, requests get one try each
 * until a write is taken again. Never rejects. One writer per process serves every server in it,
 * because the kernel's limit is shared by all of them.
 */
export class AutogroupWriter {
  readonly #write: (pid: number, niceness: number) => void;
  readonly #intervalMs: number;
  readonly #deadlineMs: number;
  readonly #retryPauseMaxMs: number;
  readonly #random: () => number;
  readonly #starvedAfterMs: number;
  /** When this writer's last write was taken (`Date.now()`), or `undefined` before the first. */
  #lastWriteAt: number | undefined;
  /**
   * When the kernel began refusing every try (`EAGAIN`) of a streak, or `undefined` while it takes
   * them. A streak is tries with no pause longer than a second between them.
   */
  #refusedSince: number | undefined;
  /** When the last try was refused (`Date.now()`). */
  #lastRefusalAt = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(write: (pid: number, niceness: number) => void, options: AutogroupWriterOptions = {}) {
    this.#write = write;
    this.#intervalMs = options.intervalMs ?? AUTOGROUP_WRITE_INTERVAL_MS;
    this.#deadlineMs = options.deadlineMs ?? AUTOGROUP_WRITE_DEADLINE_MS;
    this.#retryPauseMaxMs = options.retryPauseMaxMs ?? AUTOGROUP_RETRY_PAUSE_MAX_MS;
    this.#random = options.random ?? Math.random;
    this.#starvedAfterMs = options.starvedAfterMs ?? AUTOGROUP_STARVED_AFTER_MS;
  }

  /** Resolves `true` once the niceness is written, `false` when it will not be. */
  write(request: AutogroupWriteRequest): Promise<boolean> {
    return this.run((writeNow) => writeNow(request));
  }

  /**
   * Runs `task` in its turn, no other write of this writer between its steps: what `task` writes
   * through `writeNow` (retried like {@link write}) follows at once whatever it did before. Used
   * to start a CLI that must be lowered only when its write can follow (`startLowered`), so a
   * burst of starts is paced by the kernel's limit instead of running at full weight meanwhile.
   * Rejects as `task` does; the writer goes on with the next.
   */
  run<T>(task: (writeNow: (request: AutogroupWriteRequest) => Promise<boolean>) => Promise<T>): Promise<T> {
    const done = this.#queue.then(() => task((request) => this.#attempt(request, Date.now())));
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async #attempt(request: AutogroupWriteRequest, askedAt: number): Promise<boolean> {
    const deadlineMs = request.deadlineMs ?? this.#deadlineMs;
    // The kernel refuses any write before this writer's own last one is `intervalMs` old.
    const closedFor = this.#lastWriteAt === undefined ? 0 : this.#lastWriteAt + this.#intervalMs - Date.now();
    if (closedFor > 0) await pause(closedFor + this.#retryPause(), request.signal);
    for (;;) {
      if (request.signal?.aborted === true) return false;
      try {
        if (request.stillWanted !== undefined && !request.stillWanted()) return false;
        this.#write(request.pid, request.niceness);
        this.#lastWriteAt = Date.now();
        this.#refusedSince = undefined;
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EAGAIN') return false;
      }
      if (this.#refusedForTooLong()) return false;
      const retryPause = this.#retryPause();
      if (Date.now() - askedAt + retryPause > deadlineMs) return false;
      await pause(retryPause, request.signal);
    }
  }

  /**
   * Notes a refusal; true once the kernel has refused every try for `starvedAfterMs` (another
   * process holds the window), when a request gets no retry.
   */
  #refusedForTooLong(): boolean {
    const now = Date.now();
    if (this.#refusedSince === undefined || now - this.#lastRefusalAt > REFUSAL_STREAK_GAP_MS)
      this.#refusedSince = now;
    this.#lastRefusalAt = now;
    return now - this.#refusedSince >= this.#starvedAfterMs;
  }

  /** A pause before the next try: at least 1 ms, at most `retryPauseMaxMs`, drawn at random. */
  #retryPause(): number {
    return 1 + Math.floor(this.#random() * this.#retryPauseMaxMs);
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    timer.unref();
    signal?.addEventListener('abort', finish, { once: true });
    function finish(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      resolve();
    }
  });
}

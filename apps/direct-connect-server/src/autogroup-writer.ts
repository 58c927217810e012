/**
 * Least time between two writes of an autogroup's niceness, in ms: 110. Linux lets a process
 * without `CAP_SYS_ADMIN` (a container's root, any ordinary user) change one once per 100 ms,
 * counted machine-wide; a write sooner fails with `EAGAIN`. A burst of CLI starts would otherwise
 * see most of its writes refused (measured without the capability: 10 of 48 CLIs started in a
 * 50-session burst kept the server's weight, more on a machine where other processes write too).
 */
export const AUTOGROUP_WRITE_INTERVAL_MS = 110;

/**
 * How long a refused (`EAGAIN`) write is retried, in ms from when it was asked for: 30 s, as
 * long as a CLI counts as starting (`CLI_START_WINDOW_MS`); after a burst is over the write no
 * longer matters.
 */
export const AUTOGROUP_WRITE_DEADLINE_MS = 30_000;

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
  /** Default {@link AUTOGROUP_WRITE_DEADLINE_MS}. */
  readonly deadlineMs?: number;
}

/**
 * Writes autogroup nicenesses one at a time, in the order asked, retrying a write the kernel
 * refuses for its rate limit (`EAGAIN`) every {@link AUTOGROUP_WRITE_INTERVAL_MS} until it is
 * taken or its deadline passes. Any other failure (no such process, a read-only `/proc`, no
 * privilege) ends that request at once. Never rejects. One writer per process serves every
 * server in it, because the kernel's limit is shared by all of them.
 */
export class AutogroupWriter {
  readonly #write: (pid: number, niceness: number) => void;
  readonly #intervalMs: number;
  readonly #deadlineMs: number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(write: (pid: number, niceness: number) => void, options: AutogroupWriterOptions = {}) {
    this.#write = write;
    this.#intervalMs = options.intervalMs ?? AUTOGROUP_WRITE_INTERVAL_MS;
    this.#deadlineMs = options.deadlineMs ?? AUTOGROUP_WRITE_DEADLINE_MS;
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
    for (;;) {
      if (request.signal?.aborted === true) return false;
      try {
        if (request.stillWanted !== undefined && !request.stillWanted()) return false;
        this.#write(request.pid, request.niceness);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EAGAIN') return false;
      }
      if (Date.now() - askedAt + this.#intervalMs > (request.deadlineMs ?? this.#deadlineMs)) return false;
      await pause(this.#intervalMs, request.signal);
    }
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

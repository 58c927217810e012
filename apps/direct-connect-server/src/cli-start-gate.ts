import { availableParallelism } from 'node:os';

/**
 * How many CLIs may be starting at once at the server's own CPU priority: one per core the
 * process may use (`os.availableParallelism()`). A CLI started while this many others are
 * still starting is lowered to `CLI_NICENESS` for its life: a lone session (or a few) starts at
 * full speed even on a machine busy with other work, while a burst of many cannot outweigh the
 * server's event loop.
 */
export const DEFAULT_FULL_PRIORITY_CLI_STARTS = availableParallelism();

/**
 * How long a CLI counts as starting when it writes nothing, in ms: 30 s. A CLI writes its first
 * line only once its client has sent the `initialize` request; one whose client never comes
 * stops holding a full-priority place after this.
 */
export const CLI_START_WINDOW_MS = 30_000;

/** One CLI's place among those starting; `end()` (idempotent) gives it back. */
export interface CliStartTicket {
  /** True when the CLI may keep the server's priority: fewer than the limit were starting. */
  readonly atFullPriority: boolean;
  /** The CLI has started (its first line), failed to start, or exited. Idempotent. */
  end(): void;
}

/**
 * Counts the CLIs that are starting (spawned, no line written yet) and tells each new one
 * whether it may run at the server's priority: the first `fullPriorityStarts` at once may, the
 * rest are lowered. It never delays a start; it only decides its priority.
 */
export class CliStartGate {
  readonly #fullPriorityStarts: number;
  readonly #windowMs: number;
  #starting = 0;

  constructor(fullPriorityStarts = DEFAULT_FULL_PRIORITY_CLI_STARTS, windowMs = CLI_START_WINDOW_MS) {
    if (!Number.isInteger(fullPriorityStarts) || fullPriorityStarts < 0) {
      throw new RangeError(
        `fullPriorityStarts must be a whole number of at least 0, got ${JSON.stringify(fullPriorityStarts)}.`,
      );
    }
    this.#fullPriorityStarts = fullPriorityStarts;
    this.#windowMs = windowMs;
  }

  /** CLIs counted as starting now. */
  get starting(): number {
    return this.#starting;
  }

  /** Counts one more CLI as starting, until its ticket ends or the start window passes. */
  begin(): CliStartTicket {
    const atFullPriority = this.#starting < this.#fullPriorityStarts;
    this.#starting += 1;
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      this.#starting -= 1;
    };
    const timer = setTimeout(end, this.#windowMs);
    timer.unref();
    return { atFullPriority, end };
  }
}

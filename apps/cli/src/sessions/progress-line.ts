import type { OutStream } from './command-io.js';
import { fitEnd } from './fit-text.js';

/** How long a scan runs before its progress line appears, in ms: short scans stay quiet. */
export const PROGRESS_DELAY_MS = 300;
/** Least time between two redraws of the progress line, in ms. */
export const PROGRESS_REDRAW_MS = 100;

/** Erase the current terminal line and return to its start. */
const ERASE_LINE = '\r\x1b[2K';

/**
 * A one-line progress display on a terminal stream (stderr), redrawn in place. It stays silent
 * when the stream is not a terminal and until the work has run {@link PROGRESS_DELAY_MS}; call
 * {@link ProgressLine.clear} before writing anything else to the same terminal.
 */
export class ProgressLine {
  readonly #stream: OutStream;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #enabled: boolean;
  #drawnAt = Number.NEGATIVE_INFINITY;
  #visible = false;

  constructor(stream: OutStream, now: () => number = () => performance.now()) {
    this.#stream = stream;
    this.#now = now;
    this.#startedAt = now();
    this.#enabled = stream.isTTY === true;
  }

  /** Shows `text` (the function is only called when a redraw is due). */
  update(text: () => string): void {
    if (!this.#enabled) return;
    const now = this.#now();
    if (now - this.#startedAt < PROGRESS_DELAY_MS || now - this.#drawnAt < PROGRESS_REDRAW_MS) return;
    const width = typeof this.#stream.columns === 'number' ? this.#stream.columns - 1 : 79;
    this.#stream.write(`${ERASE_LINE}${fitEnd(text(), width)}`);
    this.#drawnAt = now;
    this.#visible = true;
  }

  /** Removes the line if it is shown; the next {@link update} draws it again. */
  clear(): void {
    if (!this.#visible) return;
    this.#stream.write(ERASE_LINE);
    this.#visible = false;
    this.#drawnAt = Number.NEGATIVE_INFINITY;
  }

  /** Milliseconds since the work started. */
  elapsedMs(): number {
    return this.#now() - this.#startedAt;
  }
}

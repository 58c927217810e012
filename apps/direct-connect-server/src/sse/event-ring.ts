import type { LogFrame } from './sse-frames.js';

/**
 * The last durable frames of one session, for replay without the store: bounded by a count and
 * by the characters of their text; the oldest leave first. Frames come in with dense, rising `seq`.
 */
export class EventRing {
  readonly #maxEvents: number;
  readonly #maxChars: number;
  #frames: LogFrame[] = [];
  #head = 0;
  #chars = 0;

  constructor(maxEvents: number, maxChars: number) {
    this.#maxEvents = maxEvents;
    this.#maxChars = maxChars;
  }

  /** How many frames it holds. */
  get size(): number {
    return this.#frames.length - this.#head;
  }

  /** The `seq` of the oldest frame held, or `undefined` when empty. */
  get firstSeq(): number | undefined {
    return this.#frames[this.#head]?.seq;
  }

  /** Keeps a durable frame, letting the oldest go past either bound (the newest always stays). */
  push(frame: LogFrame): void {
    this.#frames.push(frame);
    this.#chars += frame.text.length;
    while (this.size > 1 && (this.size > this.#maxEvents || this.#chars > this.#maxChars)) {
      this.#chars -= (this.#frames[this.#head] as LogFrame).text.length;
      this.#head += 1;
    }
    if (this.#head > this.#maxEvents) {
      this.#frames = this.#frames.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The frames held whose `seq` is greater than `cursor`, oldest first. */
  after(cursor: number): LogFrame[] {
    const first = this.firstSeq;
    if (first === undefined) return [];
    const start = this.#head + Math.max(0, cursor + 1 - first);
    return this.#frames.slice(start);
  }
}

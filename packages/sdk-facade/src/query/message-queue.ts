/**
 * Consumed slots at the front of the queue's array past which it is copied down, when they are
 * also more than half of it: 1024. Consumed slots hold nothing (each is cleared as it is taken);
 * this only bounds the array's own length.
 */
const COMPACT_AFTER_CONSUMED = 1024;

/**
 * An unbounded single-consumer async queue: the producer pushes, fails or ends; the consumer
 * pulls with `next()`. Messages pushed before a failure are still delivered, then the failure.
 * A message taken by the consumer is no longer referenced by the queue, so what the consumer
 * lets go of can be collected however long the session runs.
 */
export class MessageQueue<T> {
  #items: Array<T | undefined> = [];
  #head = 0;
  #waiter: { resolve: (r: IteratorResult<T, undefined>) => void; reject: (e: unknown) => void } | undefined;
  #done = false;
  #error: { error: unknown } | undefined;

  /** Adds a message; ignored after `end()` or `fail()`. */
  push(item: T): void {
    if (this.#done) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    this.#items.push(item);
  }

  /** Ends the stream after the queued messages. */
  end(): void {
    this.#finish(undefined);
  }

  /** Ends the stream with an error, raised after the queued messages. First call wins. */
  fail(error: unknown): void {
    this.#finish({ error });
  }

  /** Ends the stream now, dropping queued messages (the consumer stopped). */
  clear(): void {
    this.#items = [];
    this.#head = 0;
    this.#finish(undefined);
  }

  get isDone(): boolean {
    return this.#done;
  }

  /** The next message, or `done` once the stream ended; rejects with the failure, if any. */
  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#head < this.#items.length) {
      const value = this.#items[this.#head] as T;
      this.#items[this.#head] = undefined;
      this.#head += 1;
      if (this.#head === this.#items.length) {
        this.#items.length = 0;
        this.#head = 0;
      } else if (this.#head > COMPACT_AFTER_CONSUMED && this.#head * 2 > this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#done) {
      if (this.#error) {
        const { error } = this.#error;
        this.#error = undefined;
        return Promise.reject(error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  #finish(error: { error: unknown } | undefined): void {
    if (this.#done) return;
    this.#done = true;
    this.#error = error;
    const waiter = this.#waiter;
    if (!waiter) return;
    this.#waiter = undefined;
    if (error) {
      this.#error = undefined;
      waiter.reject(error.error);
    } else {
      waiter.resolve({ value: undefined, done: true });
    }
  }
}
